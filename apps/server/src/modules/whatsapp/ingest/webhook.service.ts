// Ingestion of the gateway's webhooks (ref §4): authenticated by the per-instance secret header,
// idempotent (one row per instance + message id), order-tolerant (acks only rise; an update that
// arrives before its message waits in whatsapp_eventos_pendentes) and lean: the only gateway call,
// the media download, runs after the answer. A webhook is checked and parsed once, before its batch
// (webhook-batcher.ts); the common message records are then written set-based (webhook-records.ts).
import { timingSafeEqual } from 'node:crypto';

import { z } from 'zod';

import { ACK } from '@funil/domain/whatsapp-api/chat-message';
import { missedCallText } from '@funil/domain/whatsapp-api/messages';
import { REJECTED_WEBHOOK_REASONS } from '@funil/domain/whatsapp-api/rejected-webhooks';

import type { Tx } from '../../../db/handle.ts';
import { DomainError } from '../../../http/domain-error.ts';
import { isLeadlessChat, isLidJid, lidOfKey, phoneJidOfKey } from '../../../integrations/evolution/evolution-jid.ts';
import {
  MESSAGE_STATUS_RANK,
  parseWebhook,
  type MessageRecord,
  type WebhookEvent,
} from '../../../integrations/evolution/evolution-types.ts';
import { unitLead } from '../../leads/leads.service.ts';
import { leadSummaryOf, raiseLeadLastStatus } from '../../leads/views/chat/lead-chat.service.ts';
import { applyMessageEdit } from '../chat/message-edits.ts';
import { findMessageRow, listReactions, type RecordMessage } from '../chat/message-store.repository.ts';
import { chatMessageOf, wallTimes } from '../chat/message-view.ts';
import { updateInstance, type InstanceRow } from '../instances/instances.repository.ts';
import { applyTypebotWebhook } from '../typebot/typebot-webhook.ts';
import { transactionalContext, type WhatsappContext } from '../whatsapp-context.ts';
import { emitInstance, emitMessage } from '../whatsapp-events.ts';
import { matchChat, phoneOfJid, type ChatAddress } from './lead-matching.ts';
import { parseMessageContent, previewText } from './message-content.ts';
import { storeAndAnnounce } from './message-pipeline.ts';
import { applyPendingEvent, upsertPendingEvent, type PendingChange } from './pending-events.repository.ts';
import { checkChatPhone, checkMessageId, checkMessageRecord, WebhookRejection } from './rejected-webhooks.service.ts';
import { planRecord, recordMessageOf, storeRecords, type RecordPlan } from './webhook-records.ts';

/** The header the gateway sends back (set on create, ref §3.1 webhook.headers). */
export const WEBHOOK_SECRET_HEADER = 'x-funil-webhook-secret';

/** The events Funil subscribes to (ref §4.1 config names); CALL carries missed calls (001 §3 call_log). */
export const WEBHOOK_EVENTS = [
  'MESSAGES_UPSERT',
  'SEND_MESSAGE',
  'MESSAGES_UPDATE',
  'MESSAGES_DELETE',
  'MESSAGES_EDITED',
  'CONNECTION_UPDATE',
  'QRCODE_UPDATED',
  'CALL',
  'TYPEBOT_START',
  'TYPEBOT_CHANGE_STATUS',
] as const;

// ref §4.1: emitted names are dotted; the UPPER_SNAKE config names are accepted too.
export const normaliseEventName = (event: string): string =>
  /^[A-Z0-9_]+$/.test(event) ? event.toLowerCase().replace(/_/g, '.') : event;

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export type IngestResult = { handled: string };

/**
 * A webhook authenticated and parsed, before its batch: 'done' has nothing to store, 'record' is a
 * message of the set-based path, 'event' is written one by one by `run`.
 */
export type PreparedWebhook =
  | { kind: 'done'; result: IngestResult }
  | { kind: 'record'; result: IngestResult; instance: InstanceRow; plan: RecordPlan }
  | { kind: 'event'; result: IngestResult; instance: InstanceRow; run(ctx: WhatsappContext): Promise<void> };

/** An authenticated webhook that cannot be stored (issue 21 item 2): the batcher keeps it aside and answers 200. */
export class RejectedWebhookError extends Error {
  readonly instance: InstanceRow;
  readonly event: string;
  readonly rejection: WebhookRejection;
  constructor(instance: InstanceRow, event: string, rejection: WebhookRejection) {
    super(rejection.reason);
    this.instance = instance;
    this.event = event;
    this.rejection = rejection;
  }
}

type Envelope = { event: string; instance: string; data?: unknown };
const isEnvelope = (body: unknown): body is Envelope =>
  typeof body === 'object' &&
  body !== null &&
  !Array.isArray(body) &&
  typeof (body as Envelope).event === 'string' &&
  typeof (body as Envelope).instance === 'string';

/**
 * Checks the secret and parses the webhook; throws 401 before anything is stored when it does not
 * match, 400 when it is not an envelope, and a RejectedWebhookError when it is authenticated but
 * cannot be stored (a known event of another shape, an id or a date Funil cannot keep).
 */
export async function prepareWebhook(ctx: WhatsappContext, body: unknown, secret: string | undefined): Promise<PreparedWebhook> {
  if (!isEnvelope(body)) throw new DomainError('invalid');
  const instance = await ctx.instances.byName(body.instance, ctx.db);
  if (!instance || !secret || !sameSecret(secret, instance.webhookSecret))
    throw new DomainError('unauthorized', 'Webhook não autorizado.');
  const name = normaliseEventName(body.event);
  try {
    return prepareEvent(instance, body, name);
  } catch (error) {
    if (error instanceof WebhookRejection) throw new RejectedWebhookError(instance, name, error);
    throw error;
  }
}

function prepareEvent(instance: InstanceRow, body: Envelope, name: string): PreparedWebhook {
  const result = { handled: name };
  if (name === 'call') return { kind: 'event', result, instance, run: (c) => handleCall(c, instance, body.data) };
  // Issue 25: the gateway's word on a Typebot session (typebot/typebot.service.ts).
  if (name === 'typebot.start' || name === 'typebot.change-status')
    return { kind: 'event', result, instance, run: (c) => applyTypebotWebhook(c, instance, name, body.data) };
  const parsed = parseWebhook({ ...body, event: name });
  if (parsed.kind === 'invalid') throw new WebhookRejection(REJECTED_WEBHOOK_REASONS.shape);
  if (parsed.kind === 'other') return { kind: 'done', result: { handled: 'ignored' } };
  const event = parsed.event;
  checkEventIds(event);
  if (event.event === 'messages.upsert' || event.event === 'send.message') {
    const plan = planRecord(instance, event.data);
    if (plan) return { kind: 'record', result, instance, plan };
  }
  return { kind: 'event', result, instance, run: (c) => handleEvent(c, instance, event) };
}

/** The message ids and dates an event would store, checked before anything is written (issue 21 item 2). */
function checkEventIds(event: WebhookEvent): void {
  switch (event.event) {
    case 'messages.upsert':
    case 'send.message':
      checkMessageRecord(event.data);
      return;
    case 'messages.update':
      checkMessageId(event.data.keyId);
      return;
    case 'messages.delete':
      checkMessageId(event.data.id);
      return;
    case 'messages.edited':
      checkMessageId(event.data.key.id);
      return;
    default:
      return;
  }
}

/**
 * Writes prepared webhooks in order inside the transaction `tx` (runs of records set-based);
 * returns, in order, what each announces once `tx` committed. Throws when any of them fails.
 */
export async function ingestPrepared(
  ctx: WhatsappContext,
  tx: Tx,
  items: readonly Exclude<PreparedWebhook, { kind: 'done' }>[],
): Promise<(() => void)[]> {
  const commits: (() => void)[] = [];
  for (let i = 0; i < items.length;) {
    const plans: RecordPlan[] = [];
    for (let item = items[i]; item?.kind === 'record'; item = items[++i]) plans.push(item.plan);
    if (plans.length > 0) {
      commits.push(...(await storeRecords(ctx, tx, plans)));
      continue;
    }
    const item = items[i++]!;
    if (item.kind !== 'event') continue;
    const scoped = transactionalContext(ctx, tx);
    await item.run(scoped.ctx);
    commits.push(scoped.commit);
  }
  return commits;
}

async function handleEvent(ctx: WhatsappContext, instance: InstanceRow, event: WebhookEvent): Promise<void> {
  switch (event.event) {
    case 'messages.upsert':
    case 'send.message':
      await handleRecord(ctx, instance, event.data);
      return;
    case 'messages.update': {
      // ref §4.3: the gateway says DELETED for a status code it does not know, so an update
      // never deletes (only messages.delete or a REVOKE do); DELETED is "no ack change".
      await applyChange(ctx, instance, event.data.keyId, changeOfStatus(event.data.status));
      return;
    }
    case 'messages.delete':
      await applyChange(ctx, instance, event.data.id, { ack: 0, isError: false, isDeleted: true });
      return;
    case 'messages.edited':
      await applyMessageEdit(ctx, instance, event.data);
      return;
    case 'connection.update': {
      const d = event.data;
      const row = await updateInstance(ctx.db, instance.id, {
        // ref §4.3: 'refused' ends a QR session that nobody scanned; the instance is then simply
        // closed, so the screen offers 'Conectar' again (001 §2) instead of 'Desconhecido'.
        connectionStatus: d.state === 'refused' ? 'close' : d.state,
        ...(d.wuid ? { ownerJid: d.wuid.replace(/:\d+@/, '@') } : {}),
        ...(d.profileName ? { profileName: d.profileName } : {}),
        ...(d.profilePictureUrl ? { profilePictureUrl: d.profilePictureUrl } : {}),
        ...(d.state === 'open' || d.state === 'close' ? { qrcode: null } : {}),
      });
      if (row) {
        ctx.instances.set(row);
        emitInstance(ctx, row, d.state === 'open' ? null : undefined);
      }
      return;
    }
    case 'qrcode.updated': {
      const d = event.data;
      const qrcode =
        'qrcode' in d &&
        typeof d.qrcode === 'object' &&
        d.qrcode !== null &&
        'base64' in d.qrcode &&
        typeof d.qrcode.base64 === 'string'
          ? d.qrcode.base64
          : null;
      const row = await updateInstance(
        ctx.db,
        instance.id,
        qrcode ? { qrcode, connectionStatus: 'connecting' } : { qrcode: null, connectionStatus: 'close' },
      );
      if (row) {
        ctx.instances.set(row);
        emitInstance(ctx, row, qrcode);
      }
      return;
    }
    default:
      return;
  }
}

/** What a messages.update status changes (ref §4.3, §8.4): a rank, an error, or nothing (DELETED, unknown). */
export function changeOfStatus(status: string): PendingChange {
  return { ack: (MESSAGE_STATUS_RANK as Record<string, number>)[status] ?? 0, isError: status === 'ERROR', isDeleted: false };
}

const tenantOf = (i: InstanceRow) => ({ idEmpresa: i.idEmpresa, idUnidade: i.idUnidade });

/** messages.upsert / send.message: one message record (ref §6) on the one pipeline. */
export async function handleRecord(ctx: WhatsappContext, instance: InstanceRow, record: MessageRecord): Promise<void> {
  const key = record.key;
  // Groups and status broadcasts are not leads: ignored (docs/api.md).
  if (isLeadlessChat(key.remoteJid)) return;
  const content = parseMessageContent(record);
  if (!content) return;
  const phoneJid = phoneJidOfKey(key);
  const address: ChatAddress = { phoneJid, lid: lidOfKey(key) };
  const matched = await matchChat(
    ctx,
    tenantOf(instance),
    address,
    key.fromMe ? null : (record.pushName ?? null),
    instance.id,
    content.adReply,
  );
  if (!matched) {
    // A number no lead can hold is kept aside with its reason, not dropped (issue 21 item 2).
    checkChatPhone(phoneJid ? phoneOfJid(phoneJid) : (address.lid?.split('@')[0] ?? null));
    return;
  }
  const message = recordMessageOf(instance, record, content, phoneJid);
  await storeAndAnnounce(ctx, [
    {
      unit: tenantOf(instance),
      message,
      preview: content.reaction ? null : previewText(content.mediaType, content.body, message.fileName),
      hasMedia: content.media !== null,
      lead: { cliCrmId: matched.lead.cliCrmId, idTicket: matched.lead.idTicket, created: matched.created },
    },
  ]);
}

/** messages.update / messages.delete: applied now, or kept until the message lands. */
async function applyChange(ctx: WhatsappContext, instance: InstanceRow, messageId: string, change: PendingChange): Promise<void> {
  if (change.ack === 0 && !change.isError && !change.isDeleted) return;
  // The batches that store messages meanwhile look for it again (message-pipeline.ts settleWritten).
  ctx.earlyEvents.at = Date.now();
  await upsertPendingEvent(ctx.db, instance.id, messageId, change);
  const changed = await applyPendingEvent(ctx.db, instance.id, messageId);
  if (!changed) return;
  const row = await findMessageRow(ctx.db, changed.id);
  if (!row) return;
  let summary = null;
  // A lifted status is announced by the lead event stream (raiseLeadLastStatus writes its event, issue 22 §2).
  if (changed.fromMe) summary = await raiseLeadLastStatus(ctx.db, changed.cliCrmId, changed.criadoEm, changed.ack);
  if (!summary) {
    const lead = await unitLead(ctx.db, instance.idUnidade, changed.cliCrmId);
    if (!lead) return;
    summary = leadSummaryOf(lead);
  }
  const reactions = row.messageId ? await listReactions(ctx.db, row.cliCrmId, [row.messageId]) : [];
  emitMessage(ctx, tenantOf(instance), 'update', chatMessageOf(row, reactions), summary, null);
}

// ref §4.1 CALL (Baileys call packets): an offer then a timeout is a missed call.
const callSchema = z.looseObject({
  id: z.string(),
  from: z.string(),
  status: z.string(),
  date: z.string().optional(),
  isVideo: z.boolean().optional(),
  isGroup: z.boolean().optional(),
});

async function handleCall(ctx: WhatsappContext, instance: InstanceRow, data: unknown): Promise<void> {
  const call = callSchema.safeParse(data);
  if (!call.success || call.data.isGroup || call.data.status !== 'timeout') return;
  const at = call.data.date ? new Date(call.data.date) : new Date();
  const when = Number.isNaN(at.getTime()) ? new Date() : at;
  await storeCall(ctx, instance, call.data.from, `call-${call.data.id}`, missedCallText(wallTimes(when).horaEnvio), when);
}

async function storeCall(
  ctx: WhatsappContext,
  instance: InstanceRow,
  from: string,
  messageId: string,
  body: string,
  when: Date,
): Promise<void> {
  const phoneJid = phoneJidOfKey({ remoteJid: from });
  const matched = await matchChat(ctx, tenantOf(instance), { phoneJid, lid: isLidJid(from) ? from : null }, null, instance.id);
  if (!matched) return;
  const message: RecordMessage = {
    idEmpresa: instance.idEmpresa,
    idUnidade: instance.idUnidade,
    idInstancia: instance.id,
    messageId,
    remoteJid: from,
    phoneJid,
    fromMe: false,
    mediaType: 'call_log',
    gatewayType: 'call',
    body,
    mimetype: null,
    fileName: null,
    mediaStatus: 'none',
    mediaPath: null,
    ack: ACK.received,
    isError: false,
    quotedMessageId: null,
    quoted: null,
    reactionTargetId: null,
    senderTimestamp: null,
    pushName: null,
    idUsuario: null,
    criadoEm: when,
  };
  await storeAndAnnounce(ctx, [
    {
      unit: tenantOf(instance),
      message,
      preview: body,
      hasMedia: false,
      lead: { cliCrmId: matched.lead.cliCrmId, idTicket: matched.lead.idTicket, created: matched.created },
    },
  ]);
}
