// The WhatsApp module's door for mass sends (issue 13): the campaign's instance, the number check
// (chat/whatsappNumbers), one send through the one send path (sendToLead: stored pending with
// the idempotency key, sent with the typing delay, recorded; in the lead's conversation and
// timeline), and what became of a send that was in flight when a process died (findMessages).
import type { FastifyInstance } from 'fastify';

import { ACK } from '@funil/domain/whatsapp-api/chat-message';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';

import type { DbOrTx } from '../../../db/handle.ts';
import { DomainError } from '../../../http/domain-error.ts';
import { EvolutionError } from '../../../integrations/evolution/evolution-error.ts';
import { phoneJidOfKey } from '../../../integrations/evolution/evolution-jid.ts';
import { MESSAGE_STATUS_RANK } from '../../../integrations/evolution/evolution-types.ts';
import type { Session } from '../../auth/auth.service.ts';
import type { LeadRow } from '../../leads/leads.service.ts';
import { resolveNumber, sendToLead, type Outgoing } from '../chat/chat.service.ts';
import {
  findByIdempotencyKey,
  findMessageRow,
  isPendingMessageId,
  recordSent,
  updateMessage,
} from '../chat/message-store.repository.ts';
import { findInstanceById, findInstanceByName, listInstances, type InstanceRow } from '../instances/instances.repository.ts';
import { requireGateway } from '../instances/instances.service.ts';
import { senderSession } from '../scheduled/scheduled-send.job.ts';
import type { WhatsappContext } from '../whatsapp-context.ts';
import { whatsappContextOf } from '../whatsapp.routes.ts';

export type { WhatsappContext, InstanceRow as CampaignInstance };

/** The WhatsApp context of a built app (the mass-send plugin and its engine use it). */
export function campaignContextOf(app: FastifyInstance): WhatsappContext {
  return whatsappContextOf(app);
}

/** The unit's instance by name, or its first open one when no name is given; null when none. */
export async function campaignInstanceOfUnit(
  ctx: WhatsappContext,
  idUnidade: number,
  name: string | null,
): Promise<InstanceRow | null> {
  if (name) {
    const row = await findInstanceByName(ctx.db, name);
    return row && row.idUnidade === idUnidade ? row : null;
  }
  return (await listInstances(ctx.db, idUnidade)).find((i) => i.connectionStatus === 'open') ?? null;
}

/** Every instance of the unit (the composer's capacity read). */
export const campaignInstancesOfUnit = (ctx: WhatsappContext, idUnidade: number): Promise<InstanceRow[]> =>
  listInstances(ctx.db, idUnidade);

export const campaignInstanceById = (ctx: WhatsappContext, id: number): Promise<InstanceRow | null> =>
  findInstanceById(ctx.db, id);

/** The campaign's creator as the sender (name for the signature, id on the message). */
export const campaignSession = (
  ctx: WhatsappContext,
  idUsuario: number | null,
  unit: { idEmpresa: number; idUnidade: number },
): Promise<Session> => senderSession(ctx, idUsuario, unit);

/** How a gateway failure weighs on a campaign (issue 13 'Automatic pause'). */
export type GatewayFailureKind = 'rate-limit' | 'refused-463' | 'disconnected' | 'no-whatsapp' | 'other';

const texts = (err: EvolutionError) => err.messages.map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join(' ');

export function classifyGatewayFailure(err: unknown): GatewayFailureKind {
  if (err instanceof DomainError) {
    if (err.message === WHATSAPP_MESSAGES.leadWithoutWhatsapp) return 'no-whatsapp';
    if (err.message === WHATSAPP_MESSAGES.disconnected) return 'disconnected';
    return 'other';
  }
  if (!(err instanceof EvolutionError)) return 'other';
  const body = texts(err);
  if (err.status === 429 || /rate-overlimit/i.test(body)) return 'rate-limit';
  if (err.status === 463 || /"status":463|\b463\b/.test(body)) return 'refused-463';
  if (/Connection Closed|not connected/i.test(body)) return 'disconnected';
  if (err.notOnWhatsapp.length > 0) return 'no-whatsapp';
  return 'other';
}

/**
 * 001 §5 / issue 13 'Before sending': the number the gateway knows for the lead (whatsappNumbers,
 * cached 30 minutes), or 'no-whatsapp' ('Lead sem WhatsApp!'). Other gateway failures throw.
 */
export async function checkCampaignNumber(
  ctx: WhatsappContext,
  instance: InstanceRow,
  lead: LeadRow,
): Promise<{ ok: true; numero: string } | { ok: false }> {
  try {
    return { ok: true, numero: await resolveNumber(ctx, instance, lead) };
  } catch (err) {
    if (err instanceof DomainError && err.message === WHATSAPP_MESSAGES.leadWithoutWhatsapp) return { ok: false };
    throw err;
  }
}

/** A send's file; `voice`: an audio sent as a WhatsApp voice message (sendWhatsAppAudio), without a caption. */
export type CampaignMedia = { base64: string; mimetype: string | null; fileName: string | null; voice?: boolean };

const mediaKind = (mimetype: string | null): 'image' | 'video' | 'document' =>
  mimetype?.startsWith('image/') ? 'image' : mimetype?.startsWith('video/') ? 'video' : 'document';

/**
 * One campaign send through the one send path. Throws the gateway's error (EvolutionError) or a
 * DomainError; the message row is stored with `key` before the gateway is called.
 */
export async function sendCampaignMessage(
  ctx: WhatsappContext,
  session: Session,
  input: {
    lead: LeadRow;
    instance: InstanceRow;
    text: string;
    media: CampaignMedia | null;
    key: string;
    delayMs: number;
    /** The campaign: on the send's lead event (issue 22 §2 `dados.idCampanha`); none for an automation's send (issue 25). */
    idCampanha?: number | undefined;
  },
): Promise<{ messageId: number }> {
  const outgoing: Outgoing = input.media?.voice
    ? { kind: 'audio', audio: input.media.base64 }
    : input.media
      ? {
          kind: 'media',
          mediatype: mediaKind(input.media.mimetype),
          media: input.media.base64,
          ...(input.media.mimetype ? { mimetype: input.media.mimetype } : {}),
          ...(input.text ? { caption: input.text } : {}),
          ...(input.media.fileName ? { fileName: input.media.fileName } : {}),
        }
      : { kind: 'text', text: input.text };
  const sent = await sendToLead(ctx, session, {
    lead: input.lead,
    instance: input.instance,
    outgoing,
    idempotencyKey: input.key,
    delayMs: input.delayMs,
    rawGatewayErrors: true,
    ...(input.idCampanha === undefined ? {} : { idCampanha: input.idCampanha }),
  });
  return { messageId: sent.id };
}

const textOf = (message: Record<string, unknown> | null | undefined): string | null => {
  if (!message) return null;
  const m = message as Record<string, { text?: unknown; caption?: unknown } | string | undefined>;
  if (typeof m['conversation'] === 'string') return m['conversation'];
  for (const k of ['extendedTextMessage', 'imageMessage', 'videoMessage', 'documentMessage']) {
    const inner = m[k];
    if (inner && typeof inner === 'object') {
      const t = inner.text ?? inner.caption;
      if (typeof t === 'string') return t;
    }
  }
  return null;
};

/**
 * What became of the send with this key (issue 13 'Exactly once'): 'none' (never stored: safe
 * to send), 'sent' (the gateway has it), 'failed' (not on the phone). A send stored without the
 * gateway's id was in flight when its process died, or failed without an answer (a timeout): the
 * gateway's messages to the number since it was stored are read (findMessages, fromMe) and
 * matched by its text; found, it is recorded as sent with the gateway's key id; not found, failed.
 */
export async function campaignSendOutcome(
  ctx: WhatsappContext,
  idUsuario: number,
  key: string,
  where: { instance: InstanceRow; numero: string | null; now: Date },
): Promise<{ kind: 'none' } | { kind: 'failed' } | { kind: 'sent'; messageId: number }> {
  const row = await findByIdempotencyKey(ctx.db, idUsuario, key);
  if (!row) return { kind: 'none' };
  if (!isPendingMessageId(row.messageId)) return row.isError ? { kind: 'failed' } : { kind: 'sent', messageId: row.id };
  // Still a temp_ id: in flight at a crash, or failed without an answer (a timeout may hide a send
  // the gateway made): the gateway is asked either way.
  if (!where.numero) {
    await updateMessage(ctx.db, row.id, { isError: true });
    return { kind: 'failed' };
  }
  const remoteJid = where.numero.includes('@') ? where.numero : `${where.numero}@s.whatsapp.net`;
  const page = await requireGateway(ctx).client.findMessages(
    { instanceName: where.instance.name, token: where.instance.token },
    {
      remoteJid,
      fromMe: true,
      timestamp: {
        gte: new Date(row.criadoEm.getTime() - 5_000),
        lte: new Date(Math.max(where.now.getTime(), Date.now()) + 60_000),
      },
      offset: 50,
    },
  );
  const hit = page.records.find(
    (r) => textOf(r.message as Record<string, unknown> | undefined) === row.body || (row.body === '' && r.key.fromMe),
  );
  if (!hit) {
    if (!row.isError) await updateMessage(ctx.db, row.id, { isError: true });
    return { kind: 'failed' };
  }
  if (row.isError) await updateMessage(ctx.db, row.id, { isError: false });
  const status = (hit as { status?: string }).status ?? 'SERVER_ACK';
  const sent = await recordSent(ctx.db, row.id, {
    messageId: hit.key.id,
    remoteJid: hit.key.remoteJid ?? null,
    phoneJid: phoneJidOfKey(hit.key),
    gatewayType: hit.messageType ?? null,
    ack: (MESSAGE_STATUS_RANK as Record<string, number>)[status] ?? ACK.pending,
  });
  return { kind: 'sent', messageId: sent.id };
}

/** A stored message's text (issue 25: the keyword of an automation's 'message received' trigger). */
export async function messageTextById(db: DbOrTx, id: number): Promise<string | null> {
  return (await findMessageRow(db, id))?.body ?? null;
}
