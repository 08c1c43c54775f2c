// The gateway's webhooks Funil cannot store (issue 21 item 2): authenticated, but unreadable. They
// are kept whole with the reason (rejected-webhooks.table.ts) and answered 200, so the gateway does
// not redeliver them until it gives up and the message is lost; the company admin sees them on the
// Instâncias screen. What is transient (a lost connection, a lock) still answers 500 and is retried.
import { createHash } from 'node:crypto';

import { LEAD_PHONE_MAX_DIGITS } from '@funil/domain/phone/matching';
import {
  MESSAGE_ID_MAX_LENGTH,
  REJECTED_WEBHOOK_LIST_LIMIT,
  REJECTED_WEBHOOK_REASONS,
  type RejectedWebhook,
  type RejectedWebhookReason,
} from '@funil/domain/whatsapp-api/rejected-webhooks';

import { isStorableEpochSeconds, type MessageRecord } from '../../../integrations/evolution/evolution-types.ts';
import type { Session } from '../../auth/auth.service.ts';
import { unitNamesOfCompany } from '../../tenancy/tenancy.service.ts';
import type { InstanceRow } from '../instances/instances.repository.ts';
import type { WhatsappContext } from '../whatsapp-context.ts';
import { isRetryable } from './message-pipeline.ts';
import { insertRejectedWebhook, listRejectedWebhooks } from './rejected-webhooks.repository.ts';

/** Thrown while a webhook is read or written when it cannot be stored: the batcher keeps it aside. */
export class WebhookRejection extends Error {
  readonly reason: RejectedWebhookReason;
  constructor(reason: RejectedWebhookReason) {
    super(reason);
    this.reason = reason;
  }
}

/** Throws a WebhookRejection when a message id is longer than the store keeps (whatsapp_mensagens.message_id). */
export function checkMessageId(id: string): void {
  if (id.length > MESSAGE_ID_MAX_LENGTH) throw new WebhookRejection(REJECTED_WEBHOOK_REASONS.idTooLong);
}

/** The checks of a message record before it is planned (ref §6): its id and its date. */
export function checkMessageRecord(record: MessageRecord): void {
  checkMessageId(record.key.id);
  if (!isStorableEpochSeconds(record.messageTimestamp)) throw new WebhookRejection(REJECTED_WEBHOOK_REASONS.badDate);
}

/** Throws a WebhookRejection when the chat's phone (or @lid id) has more digits than a lead's phone holds. */
export function checkChatPhone(phone: string | null): void {
  if (phone && phone.replace(/\D/g, '').length > LEAD_PHONE_MAX_DIGITS)
    throw new WebhookRejection(REJECTED_WEBHOOK_REASONS.phoneTooLong);
}

const codeOf = (error: unknown): unknown =>
  (error as { code?: unknown } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;

/**
 * Why a webhook that failed is kept aside, or null when its failure may pass (answered 500, the
 * gateway retries): a WebhookRejection, a value the database refuses (SQLSTATE classes 22 and 23,
 * but not a unique violation, which a concurrent write explains), or a date JavaScript cannot read.
 */
export function rejectionOf(error: unknown): RejectedWebhookReason | null {
  if (error instanceof WebhookRejection) return error.reason;
  if (isRetryable(error)) return null;
  const code = codeOf(error);
  if (typeof code === 'string' && /^2[23]/.test(code) && code !== '23505') return REJECTED_WEBHOOK_REASONS.notStored;
  return error instanceof RangeError ? REJECTED_WEBHOOK_REASONS.notStored : null;
}

/** What failed, kept with a rejected webhook for whoever replays it (never shown in the app); null for a rejection of ours. */
export function rejectionDetailOf(error: unknown): string | null {
  if (error instanceof WebhookRejection || !(error instanceof Error)) return null;
  return `${String(codeOf(error) ?? error.name)}: ${error.message}`.slice(0, 2000);
}

type Body = { event?: unknown; data?: unknown };
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const cut = (value: string | null, max: number): string | null => (value === null ? null : value.slice(0, max));

/** The message id and the chat a webhook names, if any (ref §4.3 shapes). */
function namesOf(data: unknown): { messageId: string | null; contato: string | null } {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const key = (typeof d.key === 'object' && d.key !== null ? d.key : {}) as Record<string, unknown>;
  return {
    messageId: text(key.id) ?? text(d.keyId) ?? text(d.id),
    contato: text(key.remoteJidAlt) ?? text(key.remoteJid) ?? text(d.remoteJid) ?? text(d.from),
  };
}

// ref §4.2: the envelope may carry the gateway's API key, which is not kept.
const withoutApiKey = (body: unknown): unknown => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body ?? {};
  const { apikey: _apikey, ...kept } = body as Record<string, unknown>;
  return kept;
};

/** Keeps a webhook that cannot be stored, once per instance and content; logs why. */
export async function keepRejectedWebhook(
  ctx: WhatsappContext,
  instance: InstanceRow,
  body: unknown,
  event: string,
  reason: RejectedWebhookReason,
  error: unknown,
): Promise<void> {
  const data = (body as Body | null)?.data ?? null;
  const names = namesOf(data);
  const detail = rejectionDetailOf(error);
  ctx.log.warn(
    { instance: instance.name, event, messageId: names.messageId?.slice(0, 200), reason, detail },
    'webhook: guardado como não gravado',
  );
  await insertRejectedWebhook(ctx.db, {
    idEmpresa: instance.idEmpresa,
    idUnidade: instance.idUnidade,
    idInstancia: instance.id,
    nomeInstancia: instance.name,
    evento: event.slice(0, 60),
    messageId: cut(names.messageId, 200),
    contato: cut(names.contato, 200),
    motivo: reason,
    erro: detail,
    corpo: withoutApiKey(body),
    chave: createHash('sha256')
      .update(`${event}\n${JSON.stringify(data)}`)
      .digest('hex'),
  });
}

/** GET /api/instancias/rejeitados: the company's newest rejected webhooks (the company admin's and super-admin's). */
export async function listCompanyRejectedWebhooks(ctx: WhatsappContext, session: Session): Promise<RejectedWebhook[]> {
  const [rows, units] = await Promise.all([
    listRejectedWebhooks(ctx.db, session.empresaId, REJECTED_WEBHOOK_LIST_LIMIT),
    unitNamesOfCompany(ctx.db, session.empresaId),
  ]);
  return rows.map((r) => ({
    id: r.id,
    criadoEm: r.criadoEm.toISOString(),
    instancia: r.nomeInstancia,
    unidade: units.get(r.idUnidade) ?? '',
    evento: r.evento,
    contato: r.contato,
    messageId: r.messageId,
    motivo: r.motivo,
  }));
}
