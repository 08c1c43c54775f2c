// The one message pipeline (issue 7 §2): "store a message, apply the events that arrived before
// it, lift the lead's status, announce it", for every way a message comes in or goes out: the
// webhook batches (direct and in a transaction), a webhook one by one, a missed call, an API send.
// The write is the set-based statement of the message store (storeMessageBatch), one per round;
// the lead moves inside it through the leads module's update. Same rules everywhere: a repeated
// event stores nothing (ref §8.3), acks only rise (ref §8.4), events wait for the commit.
import type { LeadEventInput } from '@funil/domain/lead-events/lead-events';
import { isMassSendOptOut } from '@funil/domain/mass-send/opt-out';
import type { LeadSummary } from '@funil/domain/whatsapp-api/realtime';

import type { DbOrTx } from '../../../db/handle.ts';
import { appendLeadEvents } from '../../lead-events/lead-events.service.ts';
import { recordMassSendOptOut, unitLead } from '../../leads/leads.service.ts';
import { leadSummaryOf, raiseLeadLastStatus } from '../../leads/views/chat/lead-chat.service.ts';
import { downloadInBackground } from '../chat/media.service.ts';
import {
  findMessageRow,
  listByWaIds,
  listReactions,
  NEW_MESSAGE_BOOKKEEPING,
  storeMessageBatch,
  updateMessage,
  type BatchMessage,
  type BatchResult,
  type BatchStored,
  type MessageRow,
  type RecordMessage,
} from '../chat/message-store.repository.ts';
import { chatMessageOf, ticketOf } from '../chat/message-view.ts';
import { findTicketInUnit, type TicketRow } from '../tickets/tickets.repository.ts';
import type { WhatsappContext } from '../whatsapp-context.ts';
import { emitMessage, emitTicket, type Tenant } from '../whatsapp-events.ts';
import { applyPendingEvents } from './pending-events.repository.ts';

/** The lead a message belongs to; `created` when the message made it (announced as new). */
export type PipelineLead = { cliCrmId: number; idTicket: number | null; created: boolean };

/** One message for the pipeline: its fields, its lead (or the phone key to find it by), how it shows in the list. */
export type PipelineItem = {
  unit: Tenant;
  message: RecordMessage;
  /** The lead list's preview (001 §3); null for a reaction, which moves no lead. */
  preview: string | null;
  hasMedia: boolean;
  idempotencyKey?: string | null | undefined;
  /** Known lead; otherwise the live lead of the unit with `phoneKey`, found in the same statement. */
  lead?: PipelineLead | undefined;
  phoneKey?: string | undefined;
  /** The quoted original, shown with the message when it is announced (a send). */
  quoted?: MessageRow | null | undefined;
  /** 'update' when the message was already announced (a send the gateway's webhook stored first). */
  announceAs?: 'create' | 'update' | undefined;
};

/** What the store did with an item: its lead, and its row (null when it was a repeat). */
export type Written = { lead: PipelineLead; stored: BatchStored | null };

/** Per item: written; 'no-lead' (no live lead with its phone); undefined (its round failed, `onError` 'stop'). */
export type StoreOutcome = Written | 'no-lead' | undefined;

const chatKey = (p: PipelineItem) => (p.lead ? `l${p.lead.cliCrmId}` : `c${p.unit.idUnidade}:${p.phoneKey ?? ''}`);

/** Rounds: each chat and each message id at most once per statement, a chat's messages in order. */
function roundsOf(items: readonly PipelineItem[]): number[][] {
  const rounds: number[][] = [];
  const nextRound = new Map<string, number>();
  for (const [i, p] of items.entries()) {
    const byChat = chatKey(p);
    const byMessage = `m${p.message.idInstancia}:${p.message.messageId}`;
    const round = Math.max(nextRound.get(byChat) ?? 0, nextRound.get(byMessage) ?? 0);
    nextRound.set(byChat, round + 1);
    nextRound.set(byMessage, round + 1);
    (rounds[round] ??= []).push(i);
  }
  return rounds;
}

/**
 * The lead event of a stored message (issue 22 §2): 'mensagem-recebida' or 'mensagem-enviada',
 * for the lead whose last-message fields (the lists' preview, time and status) the message moved.
 * A reaction (no preview) moves no lead and writes none. `mudancas` stays empty: the store's one
 * statement does not read the fields' old values, and the event itself says which fields moved.
 */
export function messageEventOf(p: PipelineItem, stored: BatchStored): LeadEventInput | null {
  if (p.preview === null || !stored.lead) return null;
  const audience = { idUnidade: stored.lead.unidade, idUsuario: stored.lead.idUsuario };
  const fromMe = p.message.fromMe;
  return {
    tipo: fromMe ? 'mensagem-enviada' : 'mensagem-recebida',
    cliCrmId: stored.lead.cli_crm_id,
    idEmpresa: p.unit.idEmpresa,
    idUnidade: audience.idUnidade,
    antes: audience,
    depois: audience,
    ator: fromMe ? p.message.idUsuario : null,
    mudancas: {},
    dados: { idMensagem: stored.id, tipo: p.message.mediaType },
  };
}

/** Whether `db` is an open transaction (a drizzle transaction can roll back; the pool cannot). */
const isTransaction = (db: DbOrTx): boolean => typeof (db as { rollback?: unknown }).rollback === 'function';

/**
 * Stores the items round by round, one statement each, on `db`, and writes their lead events
 * (messageEventOf) in the messages' transaction, one multi-row append per call (issue 22 §2):
 * - `db` a transaction: the rounds run in it and their events are appended once, after the last
 *   round (one multi-row insert for the call), or pushed to `hold`
 *   for the caller to append with the rest of its transaction's events;
 * - `db` the pool: each round is its own short transaction (its statement, then its events), so
 *   a round is still atomic and durable on its own, with its events.
 * A chat without a live lead stays 'no-lead' for the rest of its messages, to keep their order.
 * `onError` 'stop' leaves the failed round and the later ones unwritten (undefined); 'throw' throws.
 */
export async function storeRounds(
  db: DbOrTx,
  items: readonly PipelineItem[],
  onError: 'throw' | 'stop',
  hold?: LeadEventInput[],
): Promise<StoreOutcome[]> {
  const out: StoreOutcome[] = items.map(() => undefined);
  const missing = new Set<string>();
  const inTransaction = isTransaction(db);
  const held: LeadEventInput[] = hold ?? [];
  const eventsOf = (todo: readonly number[], results: readonly BatchResult[]): LeadEventInput[] =>
    results.flatMap((r, k) => {
      const e = r.stored ? messageEventOf(items[todo[k]!]!, r.stored) : null;
      return e ? [e] : [];
    });
  for (const round of roundsOf(items)) {
    const todo = round.filter((i) => {
      if (!missing.has(chatKey(items[i]!))) return true;
      out[i] = 'no-lead';
      return false;
    });
    const messages: BatchMessage[] = todo.map((i) => {
      const p = items[i]!;
      const base = { ...p.message, preview: p.preview, idempotencyKey: p.idempotencyKey ?? null };
      return p.lead ? { ...base, cliCrmId: p.lead.cliCrmId, idTicket: p.lead.idTicket } : { ...base, phoneKey: p.phoneKey ?? '' };
    });
    const write = async (): Promise<BatchResult[]> => {
      if (inTransaction) {
        const results = await storeMessageBatch(db, messages);
        held.push(...eventsOf(todo, results));
        return results;
      }
      return db.transaction(async (tx) => {
        const results = await storeMessageBatch(tx, messages);
        await appendLeadEvents(tx, eventsOf(todo, results));
        return results;
      });
    };
    let results;
    try {
      // Inside a transaction a failed statement aborts it: the batcher then writes the batch again.
      results = onError === 'throw' ? await write() : await retryOnConflict(write);
    } catch (error) {
      if (onError === 'throw') throw error;
      return out;
    }
    results.forEach((r, k) => {
      const i = todo[k]!;
      if (r.lead) out[i] = { lead: { ...r.lead, created: items[i]!.lead?.created ?? false }, stored: r.stored };
      else {
        out[i] = 'no-lead';
        missing.add(chatKey(items[i]!));
      }
    });
  }
  if (inTransaction && !hold) await appendLeadEvents(db as Parameters<typeof appendLeadEvents>[0], held);
  return out;
}

/**
 * Fixes rows whose pending event changed during the insert (`stale`); with `recheck`, applies in
 * one statement the acks and deletions that were kept while the messages were being stored (their
 * side could not see the uncommitted messages yet: ref §4.1 no ordering). Each written row then
 * holds its final state. The single-message paths always recheck; the batch paths when this
 * process kept an early event lately (earlyEventsLately), so a stream of new messages alone
 * costs no extra statement.
 */
export async function settleWritten(
  db: DbOrTx,
  items: readonly PipelineItem[],
  written: readonly StoreOutcome[],
  recheck: boolean,
): Promise<void> {
  const stored = written.flatMap((w, i) =>
    w && w !== 'no-lead' && w.stored ? [{ w: w as Written & { stored: BatchStored }, item: items[i]! }] : [],
  );
  for (const { w } of stored) {
    if (w.stored.stale)
      await updateMessage(db, w.stored.id, { ack: w.stored.ack, isError: w.stored.isError, isDeleted: w.stored.isDeleted });
  }
  if (!recheck) return;
  const keys = stored.flatMap(({ item }) =>
    item.message.idInstancia !== null && item.message.messageId
      ? [{ idInstancia: item.message.idInstancia, messageId: item.message.messageId }]
      : [],
  );
  const changed = await applyPendingEvents(db, keys);
  for (const c of changed) {
    const hit = stored.find(({ w }) => w.stored.id === c.id);
    if (!hit) continue;
    hit.w.stored.ack = c.ack;
    hit.w.stored.stale = true;
    const row = await findMessageRow(db, c.id);
    if (row) Object.assign(hit.w.stored, { isError: row.isError, isDeleted: row.isDeleted });
  }
}

/**
 * What a written message announces (001 §7 "Main socket"), emitted on `ctx`: at once, or held
 * until the transaction commits when `ctx` is a transactional one. Lifts the lead's status when
 * an applied ack changed it; a new lead is announced as created; a reaction updates its original.
 */
export async function announceWritten(
  ctx: WhatsappContext,
  p: PipelineItem,
  written: Written,
  tickets: Map<number, TicketRow | null>,
): Promise<void> {
  const db = ctx.db;
  const { lead, stored: row } = written;
  if (!row) return; // a repeated event (ref §8.3)
  // Issue 13 'Opt-out': a lead answering SAIR/PARAR alone leaves the campaigns (not the chat).
  if (!p.message.fromMe && p.message.reactionTargetId === null && isMassSendOptOut(p.message.body)) {
    await recordMassSendOptOut(db, { cliCrmId: lead.cliCrmId, idUnidade: p.unit.idUnidade }, p.message.criadoEm);
  }
  const lifted =
    row.stale && p.message.fromMe && p.preview !== null
      ? await raiseLeadLastStatus(db, lead.cliCrmId, p.message.criadoEm, row.ack)
      : null;
  const moved = lifted ?? row.lead;
  const leadRow = moved ? null : await unitLead(db, p.unit.idUnidade, lead.cliCrmId);
  const summary = moved ?? (leadRow ? leadSummaryOf(leadRow) : null);
  if (!summary) return;
  // The lead's own announcement (its creation, its last-message fields, a lifted status) is the
  // lead event stream's (issue 22 §2): the message's event was written with it, in storeRounds.
  const reactionTarget = p.message.reactionTargetId;
  if (reactionTarget !== null) {
    // 001 §3 Reaction: the original message is updated with its reactions.
    const [original] = await listByWaIds(db, lead.cliCrmId, [reactionTarget]);
    if (original)
      emitMessage(
        ctx,
        p.unit,
        'update',
        chatMessageOf(original, await listReactions(db, lead.cliCrmId, [reactionTarget])),
        summary,
        null,
      );
    return;
  }
  if (lead.idTicket && !tickets.has(lead.idTicket))
    tickets.set(lead.idTicket, await findTicketInUnit(db, p.unit.idUnidade, lead.idTicket));
  const message = {
    ...p.message,
    ...NEW_MESSAGE_BOOKKEEPING,
    cliCrmId: lead.cliCrmId,
    idTicket: lead.idTicket,
    id: row.id,
    ack: row.ack,
    isError: row.isError,
    isDeleted: row.isDeleted,
    lido: false,
    datacad: row.datacad,
  };
  announceNewMessage(
    ctx,
    p.unit,
    message,
    summary,
    lead.idTicket ? (tickets.get(lead.idTicket) ?? null) : null,
    p.hasMedia,
    p.announceAs ?? 'create',
    p.quoted ?? null,
  );
}

/** A stored incoming or outgoing message to its unit (001 §7 "Main socket"): appMessage, its ticket, then its media download. */
export function announceNewMessage(
  ctx: WhatsappContext,
  unit: Tenant,
  row: MessageRow,
  summary: LeadSummary,
  ticket: TicketRow | null,
  hasMedia: boolean,
  action: 'create' | 'update' = 'create',
  quoted: MessageRow | null = null,
): void {
  const ticketView = ticket ? ticketOf(ticket, summary) : null;
  emitMessage(ctx, unit, action, chatMessageOf(row, [], quoted), summary, ticketView);
  if (ticketView) emitTicket(ctx, unit, ticketView, summary);
  if (hasMedia) downloadInBackground(ctx, row.id);
}

/** The whole pipeline for messages whose leads are known (one webhook, a missed call): store, settle, announce. */
export async function storeAndAnnounce(ctx: WhatsappContext, items: readonly PipelineItem[]): Promise<StoreOutcome[]> {
  const written = await storeRounds(ctx.db, items, 'throw');
  await settleWritten(ctx.db, items, written, true);
  const tickets = new Map<number, TicketRow | null>();
  for (const [i, w] of written.entries()) if (w && w !== 'no-lead') await announceWritten(ctx, items[i]!, w, tickets);
  return written;
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
