// The hot path of webhook ingestion (ref §4, §6): the messages.upsert / send.message records of a
// batch whose chat has a phone JID are planned here and written set-based by the one message
// pipeline (message-pipeline.ts): one statement per round for the whole batch, their leads found
// by phone in the same statement. Everything else (reactions, @lid-only chats, updates, calls…)
// goes through webhook.service.ts one webhook at a time, on the same pipeline. An unknown number
// becomes a lead through the leads service (001 §7).
import type { LeadEventInput } from '@funil/domain/lead-events/lead-events';
import { ACK } from '@funil/domain/whatsapp-api/chat-message';

import type { Tx } from '../../../db/handle.ts';
import { isLeadlessChat, lidOfKey, phoneJidOfKey } from '../../../integrations/evolution/evolution-jid.ts';
import { MESSAGE_STATUS_RANK, type MessageRecord } from '../../../integrations/evolution/evolution-types.ts';
import { appendLeadEvents } from '../../lead-events/lead-events.service.ts';
import type { AdReply } from '../../leads/lead-ad-message.service.ts';
import type { RecordMessage } from '../chat/message-store.repository.ts';
import type { InstanceRow } from '../instances/instances.repository.ts';
import type { TicketRow } from '../tickets/tickets.repository.ts';
import { earlyEventsLately, transactionalContext, type WhatsappContext } from '../whatsapp-context.ts';
import { chatPhoneKey, matchChat, phoneOfJid, rememberChatLid, type ChatAddress } from './lead-matching.ts';
import { parseMessageContent, previewText, type ParsedContent } from './message-content.ts';
import {
  announceWritten,
  retryOnConflict,
  settleWritten,
  storeRounds,
  type PipelineItem,
  type PipelineLead,
  type StoreOutcome,
} from './message-pipeline.ts';

export { retryOnConflict };
export { isRetryable } from './message-pipeline.ts';

/** The stored fields of a message record (ref §6; 001 §3 Chat message). */
export function recordMessageOf(
  instance: InstanceRow,
  record: MessageRecord,
  content: ParsedContent,
  phoneJid: string | null,
): RecordMessage {
  const key = record.key;
  const status = record.status ?? (key.fromMe ? 'PENDING' : 'DELIVERY_ACK');
  const quotedFromMe = content.quoted
    ? content.quoted.participant !== null && content.quoted.participant === instance.ownerJid
    : false;
  return {
    idEmpresa: instance.idEmpresa,
    idUnidade: instance.idUnidade,
    idInstancia: instance.id,
    messageId: key.id,
    remoteJid: key.remoteJid,
    phoneJid,
    fromMe: key.fromMe,
    mediaType: content.mediaType,
    gatewayType: content.gatewayType,
    body: content.body,
    mimetype: content.media?.mimetype ?? null,
    fileName: content.media?.fileName ?? null,
    mediaStatus: content.media ? 'pending' : 'none',
    mediaPath: null,
    ack: key.fromMe ? ((MESSAGE_STATUS_RANK as Record<string, number>)[status] ?? ACK.pending) : ACK.received,
    isError: status === 'ERROR',
    quotedMessageId: content.quoted?.messageId ?? null,
    quoted: content.quoted
      ? {
          messageId: content.quoted.messageId,
          body: content.quoted.body,
          fromMe: quotedFromMe,
          mediaType: content.quoted.mediaType,
          contactName: null,
        }
      : null,
    reactionTargetId: content.reaction?.targetId ?? null,
    senderTimestamp: content.reaction?.senderTimestamp ?? null,
    pushName: key.fromMe ? null : (record.pushName ?? null),
    idUsuario: null,
    criadoEm: new Date(record.messageTimestamp * 1000),
  };
}

/** A record of the hot path: a pipeline item without its lead, worked out before the batch's transaction. */
export type RecordPlan = PipelineItem & {
  instance: InstanceRow;
  address: ChatAddress;
  phoneKey: string;
  /** The name of a lead created for an unknown number. */
  pushName: string | null;
  /** The click-to-WhatsApp ad the message came from (issue 23 §3): its lead is attributed in the transaction. */
  adReply: AdReply | null;
};

/**
 * The plan of a messages.upsert / send.message record, or null when it takes the one-by-one path:
 * groups and status broadcasts (ignored there), no content, reactions, chats without a phone JID.
 */
export function planRecord(instance: InstanceRow, record: MessageRecord): RecordPlan | null {
  const key = record.key;
  if (isLeadlessChat(key.remoteJid)) return null;
  const phoneJid = phoneJidOfKey(key);
  const phone = phoneJid ? phoneOfJid(phoneJid) : null;
  const phoneKey = phone ? chatPhoneKey(phone) : null;
  if (!phoneJid || !phoneKey) return null;
  const content = parseMessageContent(record);
  if (!content || content.reaction) return null;
  const lid = lidOfKey(key);
  const message = recordMessageOf(instance, record, content, phoneJid);
  return {
    instance,
    unit: { idEmpresa: instance.idEmpresa, idUnidade: instance.idUnidade },
    address: { phoneJid, lid },
    phoneKey,
    pushName: message.pushName,
    adReply: content.adReply,
    message,
    preview: previewText(content.mediaType, content.body, message.fileName),
    hasMedia: content.media !== null,
  };
}

const chatOf = (p: RecordPlan) => `${p.unit.idUnidade}:${p.phoneKey}`;

/**
 * Writes the records of a batch without a transaction: one statement per round, each atomic and
 * durable on its own (ref §4: answered only after it). Returns per record true when it is written
 * and announced, false when it is left for a transaction (an unknown number, whose lead is created
 * there, or a failed statement: that round and the later ones).
 */
export async function storeRecordsDirect(ctx: WhatsappContext, plans: readonly RecordPlan[]): Promise<boolean[]> {
  // A message from an ad attributes its lead (a creation or a re-entry): the batch goes to a transaction.
  if (plans.some((p) => p.adReply)) return plans.map(() => false);
  const written = await storeRounds(ctx.db, plans, 'stop');
  // Stored for good already: a failure to settle or announce must not make the gateway send it again.
  await settleWritten(ctx.db, plans, written, earlyEventsLately(ctx)).catch((err: unknown) =>
    ctx.log.warn({ err }, 'webhook: eventos pendentes após gravar'),
  );
  const tickets = new Map<number, TicketRow | null>();
  const done: boolean[] = [];
  for (const [i, w] of written.entries()) {
    if (w === undefined || w === 'no-lead') {
      done.push(false);
      continue;
    }
    const p = plans[i]!;
    await announceWritten(ctx, p, w, tickets).catch((err: unknown) => ctx.log.warn({ err }, 'webhook: aviso após gravar'));
    // ref §7: the chat's lid; if it cannot be stored, the webhook goes on to a transaction, where
    // its message is a repeat (nothing announced twice) and the lid is stored.
    const remembered = p.address.lid
      ? await rememberChatLid(ctx, p.unit, p.address.lid, w.lead.cliCrmId).then(
          () => true,
          () => false,
        )
      : true;
    done.push(remembered);
  }
  return done;
}

/**
 * Issue 23 §3: the messages that came from a click-to-WhatsApp ad create or re-enter their lead
 * with the ad's origin before the batch is stored (once per chat of the batch); the plan then
 * carries its lead.
 */
async function attributeAdMessages(
  scoped: readonly { ctx: WhatsappContext }[],
  plans: readonly RecordPlan[],
): Promise<RecordPlan[]> {
  const done = new Map<string, PipelineLead | null>();
  const out: RecordPlan[] = [];
  for (const [i, p] of plans.entries()) {
    if (!p.adReply) {
      out.push(p);
      continue;
    }
    let lead = done.get(chatOf(p));
    if (lead === undefined) {
      const matched = await matchChat(scoped[i]!.ctx, p.unit, p.address, p.pushName, p.instance.id, p.adReply);
      lead = matched ? { cliCrmId: matched.lead.cliCrmId, idTicket: matched.lead.idTicket, created: matched.created } : null;
      done.set(chatOf(p), lead ? { ...lead, created: false } : null);
    }
    out.push(lead ? { ...p, lead } : p);
  }
  return out;
}

/**
 * Writes the records of a batch inside its transaction `tx`; returns, in order, what each record
 * announces once the transaction committed (its socket events, its media download).
 */
export async function storeRecords(ctx: WhatsappContext, tx: Tx, given: readonly RecordPlan[]): Promise<(() => void)[]> {
  const scoped = given.map(() => transactionalContext(ctx, tx));
  const plans = await attributeAdMessages(scoped, given);
  // The messages' lead events are appended once for the batch, after its last round (issue 22 §2).
  const events: LeadEventInput[] = [];
  const written: StoreOutcome[] = await storeRounds(tx, plans, 'throw', events);
  // Unknown numbers: the lead is created through the leads service (001 §7), then their messages stored.
  const created = new Map<string, PipelineLead | null>();
  const late: RecordPlan[] = [];
  const lateIndex: number[] = [];
  for (const [i, w] of written.entries()) {
    if (w !== 'no-lead') continue;
    const p = plans[i]!;
    if (!created.has(chatOf(p))) {
      const matched = await matchChat(scoped[i]!.ctx, p.unit, p.address, p.pushName, p.instance.id);
      created.set(
        chatOf(p),
        matched ? { cliCrmId: matched.lead.cliCrmId, idTicket: matched.lead.idTicket, created: matched.created } : null,
      );
    } else {
      const first = created.get(chatOf(p));
      if (first) created.set(chatOf(p), { ...first, created: false });
    }
    const lead = created.get(chatOf(p));
    if (!lead) continue;
    late.push({ ...p, lead });
    lateIndex.push(i);
  }
  if (late.length > 0) {
    const more = await storeRounds(tx, late, 'throw', events);
    more.forEach((w, k) => (written[lateIndex[k]!] = w));
  }
  await settleWritten(tx, plans, written, earlyEventsLately(ctx));
  await appendLeadEvents(tx, events);
  const tickets = new Map<number, TicketRow | null>();
  for (const [i, w] of written.entries()) {
    if (!w || w === 'no-lead') continue;
    const p = plans[i]!;
    if (p.address.lid) await rememberChatLid(scoped[i]!.ctx, p.unit, p.address.lid, w.lead.cliCrmId);
    await announceWritten(scoped[i]!.ctx, p, w, tickets);
  }
  return scoped.map((s) => s.commit);
}
