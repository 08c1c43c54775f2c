// The hot path of webhook ingestion (ref §4, §6): the messages.upsert / send.message records of a
// batch whose chat has a phone JID are written set-based, one statement per step for the whole
// batch instead of three per message: the leads of all their phones, then the messages with their
// leads' last-message fields and any ack that came first (whatsapp.repository.ts storeMessageBatch).
// Everything else (reactions, @lid-only chats, updates, calls…) goes through webhook.service.ts
// one webhook at a time. Same rules as there: a repeated event stores nothing (ref §8.3), acks only
// rise (ref §8.4), an unknown number becomes a lead (001 §7), events wait for the commit.
import type { DbOrTx, Tx } from '../../db/connection.ts';
import { ACK } from '@funil/domain/whatsapp-api/chat-message';
import { MESSAGE_STATUS_RANK, type MessageRecord } from '../../integrations/evolution/evolution-types.ts';
import { isLeadlessChat, lidOfKey, phoneJidOfKey } from '../../integrations/evolution/evolution-jid.ts';
import { parseMessageContent, previewText, type ParsedContent } from './message-content.ts';
import { chatMessageOf, ticketOf } from './message-view.ts';
import { matchChat, phoneKeyOf, phoneOfJid, rememberChatLid, type ChatAddress, type Unit } from './lead-matching.ts';
import { downloadInBackground } from './media.service.ts';
import type { LeadSummary } from '@funil/domain/whatsapp-api/realtime';
import { emitLead, emitMessage, emitTicket, type Tenant } from './whatsapp-events.ts';
import { transactionalContext, type WhatsappContext } from './whatsapp-context.ts';
import {
  findLeadInUnit,
  findTicketInUnit,
  leadSummaryOf,
  NEW_MESSAGE_BOOKKEEPING,
  storeMessageBatch,
  updateLeadLastStatus,
  updateMessage,
  type BatchMessage,
  type BatchStored,
  type InstanceRow,
  type MessageRow,
  type NewMessage,
  type TicketRow,
} from './whatsapp.repository.ts';

/** A message record as stored, before its lead is known. */
export type RecordMessage = Omit<NewMessage, 'cliCrmId' | 'idTicket'>;

/** The stored fields of a message record (ref §6; 001 §3 Chat message). */
export function recordMessageOf(instance: InstanceRow, record: MessageRecord, content: ParsedContent, phoneJid: string | null): RecordMessage {
  const key = record.key;
  const status = record.status ?? (key.fromMe ? 'PENDING' : 'DELIVERY_ACK');
  const quotedFromMe = content.quoted ? content.quoted.participant !== null && content.quoted.participant === instance.ownerJid : false;
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
      ? { messageId: content.quoted.messageId, body: content.quoted.body, fromMe: quotedFromMe, mediaType: content.quoted.mediaType, contactName: null }
      : null,
    reactionTargetId: content.reaction?.targetId ?? null,
    senderTimestamp: content.reaction?.senderTimestamp ?? null,
    pushName: key.fromMe ? null : (record.pushName ?? null),
    idUsuario: null,
    criadoEm: new Date(record.messageTimestamp * 1000),
  };
}

/** A record of the hot path: everything but its lead, worked out before the batch's transaction. */
export type RecordPlan = {
  instance: InstanceRow;
  unit: Unit;
  address: ChatAddress;
  phoneKey: string;
  /** The name of a lead created for an unknown number. */
  pushName: string | null;
  message: RecordMessage;
  preview: string;
  hasMedia: boolean;
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
  if (!phoneJid || !phone) return null;
  const content = parseMessageContent(record);
  if (!content || content.reaction) return null;
  const lid = lidOfKey(key);
  const message = recordMessageOf(instance, record, content, phoneJid);
  return {
    instance,
    unit: { idEmpresa: instance.idEmpresa, idUnidade: instance.idUnidade },
    address: { phoneJid, lid },
    phoneKey: phoneKeyOf(phone).key,
    pushName: message.pushName,
    message,
    preview: previewText(content.mediaType, content.body, message.fileName),
    hasMedia: content.media !== null,
  };
}

type PlanLead = { cliCrmId: number; idTicket: number | null; created: boolean };
type Written = { lead: PlanLead; stored: BatchStored | null };

const chatKey = (p: RecordPlan) => `${p.unit.idUnidade}:${p.phoneKey}`;

/** Rounds: each chat (unit + phone key) and each message id at most once per statement, a chat's messages in order. */
function roundsOf(plans: readonly RecordPlan[]): number[][] {
  const rounds: number[][] = [];
  const nextRound = new Map<string, number>();
  for (const [i, p] of plans.entries()) {
    const byChat = `c${chatKey(p)}`;
    const byMessage = `m${p.message.idInstancia}:${p.message.messageId}`;
    const round = Math.max(nextRound.get(byChat) ?? 0, nextRound.get(byMessage) ?? 0);
    nextRound.set(byChat, round + 1);
    nextRound.set(byMessage, round + 1);
    (rounds[round] ??= []).push(i);
  }
  return rounds;
}

/**
 * Stores the plans round by round, one statement each (storeMessageBatch), on `db`: a transaction,
 * or the pool, where each statement is atomic and durable on its own. A plan with a lead in `given`
 * uses it; the others find theirs by phone in the same statement. Per plan: what was written;
 * 'no-lead' when no active lead has its phone (nor for the rest of its chat, to keep its order);
 * undefined when a round failed (`onError` 'stop': that round and the later ones are left unwritten).
 */
async function storeRounds(
  db: DbOrTx,
  plans: readonly RecordPlan[],
  given: readonly (PlanLead | undefined)[],
  onError: 'throw' | 'stop',
): Promise<(Written | 'no-lead' | undefined)[]> {
  const out: (Written | 'no-lead' | undefined)[] = plans.map(() => undefined);
  const missing = new Set<string>();
  for (const round of roundsOf(plans)) {
    const todo = round.filter((i) => {
      if (!missing.has(chatKey(plans[i]!))) return true;
      out[i] = 'no-lead';
      return false;
    });
    const messages: BatchMessage[] = todo.map((i) => {
      const p = plans[i]!;
      const lead = given[i];
      return lead ? { ...p.message, preview: p.preview, cliCrmId: lead.cliCrmId, idTicket: lead.idTicket } : { ...p.message, preview: p.preview, phoneKey: p.phoneKey };
    });
    let results;
    try {
      // Inside a transaction a failed statement aborts it: the batcher then writes the batch again.
      results = onError === 'throw' ? await storeMessageBatch(db, messages) : await retryOnConflict(() => storeMessageBatch(db, messages));
    } catch (error) {
      if (onError === 'throw') throw error;
      return out;
    }
    results.forEach((r, k) => {
      const i = todo[k]!;
      if (r.lead) out[i] = { lead: { ...r.lead, created: given[i]?.created ?? false }, stored: r.stored };
      else {
        out[i] = 'no-lead';
        missing.add(chatKey(plans[i]!));
      }
    });
  }
  return out;
}

/**
 * What a written record announces (001 §7 "Main socket"), emitted on `ctx`: at once, or held until
 * the transaction commits when `ctx` is a transactional one. First stores an ack that changed while
 * it was being applied.
 */
async function announce(ctx: WhatsappContext, p: RecordPlan, written: Written, tickets: Map<number, TicketRow | null>): Promise<void> {
  const db = ctx.db;
  const { lead, stored: row } = written;
  if (!row) return; // a repeated event (ref §8.3)
  let lifted = null;
  if (row.stale) {
    await updateMessage(db, row.id, { ack: row.ack, isError: row.isError, isDeleted: row.isDeleted });
    if (p.message.fromMe) lifted = await updateLeadLastStatus(db, lead.cliCrmId, p.message.criadoEm, row.ack);
  }
  const moved = lifted ?? row.lead;
  const leadRow = moved ? null : await findLeadInUnit(db, p.unit.idUnidade, lead.cliCrmId);
  const summary = moved ?? (leadRow ? leadSummaryOf(leadRow) : null);
  if (!summary) return;
  if (lead.created) emitLead(ctx, p.unit, summary, 'create');
  else if (moved) emitLead(ctx, p.unit, summary);
  if (lead.idTicket && !tickets.has(lead.idTicket)) tickets.set(lead.idTicket, await findTicketInUnit(db, p.unit.idUnidade, lead.idTicket));
  const message = { ...p.message, ...NEW_MESSAGE_BOOKKEEPING, cliCrmId: lead.cliCrmId, idTicket: lead.idTicket, id: row.id, ack: row.ack, isError: row.isError, isDeleted: row.isDeleted, lido: false, datacad: row.datacad };
  announceNewMessage(ctx, p.unit, message, summary, lead.idTicket ? (tickets.get(lead.idTicket) ?? null) : null, p.hasMedia);
}

/** A stored incoming or outgoing message to its unit (001 §7 "Main socket"): appMessage, its ticket, then its media download. */
export function announceNewMessage(ctx: WhatsappContext, unit: Tenant, row: MessageRow, summary: LeadSummary, ticket: TicketRow | null, hasMedia: boolean): void {
  const ticketView = ticket ? ticketOf(ticket, summary) : null;
  emitMessage(ctx, unit, 'create', chatMessageOf(row), summary, ticketView);
  if (ticketView) emitTicket(ctx, unit, ticketView);
  if (hasMedia) downloadInBackground(ctx, row.id);
}

/**
 * Writes the records of a batch without a transaction: one statement per round, each atomic and
 * durable on its own (ref §4: answered only after it). Returns per record true when it is written
 * and announced, false when it is left for a transaction (an unknown number, whose lead is created
 * there, or a failed statement: that round and the later ones).
 */
export async function storeRecordsDirect(ctx: WhatsappContext, plans: readonly RecordPlan[]): Promise<boolean[]> {
  const written = await storeRounds(ctx.db, plans, [], 'stop');
  const tickets = new Map<number, TicketRow | null>();
  const done: boolean[] = [];
  for (const [i, w] of written.entries()) {
    if (w === undefined || w === 'no-lead') {
      done.push(false);
      continue;
    }
    const p = plans[i]!;
    // Stored for good already: a failure to announce must not make the gateway send it again.
    await announce(ctx, p, w, tickets).catch((err: unknown) => ctx.log.warn({ err }, 'webhook: aviso após gravar'));
    // ref §7: the chat's lid; if it cannot be stored, the webhook goes on to a transaction, where
    // its message is a repeat (nothing announced twice) and the lid is stored.
    const remembered = p.address.lid ? await rememberChatLid(ctx, p.unit, p.address.lid, w.lead.cliCrmId).then(() => true, () => false) : true;
    done.push(remembered);
  }
  return done;
}

/**
 * Writes the records of a batch inside its transaction `tx`; returns, in order, what each record
 * announces once the transaction committed (its socket events, its media download).
 */
export async function storeRecords(ctx: WhatsappContext, tx: Tx, plans: readonly RecordPlan[]): Promise<(() => void)[]> {
  const scoped = plans.map(() => transactionalContext(ctx, tx));
  const written = await storeRounds(tx, plans, [], 'throw');
  // Unknown numbers: the lead is created as one by one (001 §7), then their messages stored.
  const created = new Map<string, PlanLead | null>();
  const given: (PlanLead | undefined)[] = [];
  const late: number[] = [];
  for (const [i, w] of written.entries()) {
    if (w !== 'no-lead') continue;
    const p = plans[i]!;
    if (!created.has(chatKey(p))) {
      const matched = await matchChat(scoped[i]!.ctx, p.unit, p.address, p.pushName, p.instance.id);
      created.set(chatKey(p), matched ? { cliCrmId: matched.lead.cliCrmId, idTicket: matched.lead.idTicket, created: matched.created } : null);
    } else {
      const first = created.get(chatKey(p));
      if (first) created.set(chatKey(p), { ...first, created: false });
    }
    const lead = created.get(chatKey(p));
    if (!lead) continue;
    given[late.length] = lead;
    late.push(i);
  }
  if (late.length > 0) {
    const more = await storeRounds(tx, late.map((i) => plans[i]!), given, 'throw');
    more.forEach((w, k) => (written[late[k]!] = w));
  }
  const tickets = new Map<number, TicketRow | null>();
  for (const [i, w] of written.entries()) {
    if (!w || w === 'no-lead') continue;
    const p = plans[i]!;
    if (p.address.lid) await rememberChatLid(scoped[i]!.ctx, p.unit, p.address.lid, w.lead.cliCrmId);
    await announce(scoped[i]!.ctx, p, w, tickets);
  }
  return scoped.map((s) => s.commit);
}

// Two lanes touching the same lead (a chat seen once by phone and once by @lid) can deadlock; the
// database then aborts the statement, and it is safe to run it again.
const RETRYABLE = new Set(['40P01', '40001']);

export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

export async function retryOnConflict<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= tries || !isRetryable(error)) throw error;
    }
  }
}
