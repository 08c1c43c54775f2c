// The hot path of webhook ingestion (ref §4, §6): the messages.upsert / send.message records of a
// batch whose chat has a phone JID are written set-based, one statement per step for the whole
// batch instead of three per message: the leads of all their phones, then the messages with their
// leads' last-message fields and any ack that came first (whatsapp.repository.ts storeMessageBatch).
// Everything else (reactions, @lid-only chats, updates, calls…) goes through webhook.service.ts
// one webhook at a time. Same rules as there: a repeated event stores nothing (ref §8.3), acks only
// rise (ref §8.4), an unknown number becomes a lead (001 §7), events wait for the commit.
import type { Tx } from '../../db/connection.ts';
import { ACK } from '@funil/domain/whatsapp-api/chat-message';
import { MESSAGE_STATUS_RANK, type MessageRecord } from '../../integrations/evolution/evolution-types.ts';
import { isGroupJid, isLidJid, phoneJidOfKey } from '../../integrations/evolution/evolution-jid.ts';
import { parseMessageContent, previewText, type ParsedContent } from './message-content.ts';
import { chatMessageOf, ticketOf } from './message-view.ts';
import { matchChat, phoneKeyOf, phoneOfJid, rememberChatLid, type ChatAddress, type Unit } from './lead-matching.ts';
import { downloadInBackground } from './media.service.ts';
import { emitLead, emitMessage, emitTicket } from './whatsapp-events.ts';
import { transactionalContext, type WhatsappContext } from './whatsapp-context.ts';
import {
  findLeadInUnit,
  findLeadsByPhoneKeys,
  findTicketInUnit,
  leadSummaryOf,
  storeMessageBatch,
  updateLeadLastStatus,
  updateMessage,
  type BatchStored,
  type InstanceRow,
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
  if (isGroupJid(key.remoteJid) || key.remoteJid === 'status@broadcast') return null;
  const phoneJid = phoneJidOfKey(key);
  const phone = phoneJid ? phoneOfJid(phoneJid) : null;
  if (!phoneJid || !phone) return null;
  const content = parseMessageContent(record);
  if (!content || content.reaction) return null;
  const lid = isLidJid(key.remoteJid) ? key.remoteJid : key.remoteJidAlt && isLidJid(key.remoteJidAlt) ? key.remoteJidAlt : null;
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

/**
 * Writes the records of a batch inside its transaction `tx`; returns, in order, what each record
 * announces once the transaction committed (its socket events, its media download).
 */
export async function storeRecords(ctx: WhatsappContext, tx: Tx, plans: readonly RecordPlan[]): Promise<(() => void)[]> {
  const scoped = plans.map(() => transactionalContext(ctx, tx));
  const leadKey = (p: RecordPlan) => `${p.unit.idUnidade}:${p.phoneKey}`;

  // The leads of every phone of the batch, in one statement.
  const pairs = new Map(plans.map((p) => [leadKey(p), { idUnidade: p.unit.idUnidade, key: p.phoneKey }]));
  const known = new Map((await findLeadsByPhoneKeys(tx, [...pairs.values()])).map((r) => [`${r.idUnidade}:${r.key}`, { cliCrmId: r.cliCrmId, idTicket: r.idTicket }]));
  const leadsOf: (PlanLead | null)[] = [];
  for (const [i, p] of plans.entries()) {
    const found = known.get(leadKey(p));
    if (found) {
      if (p.address.lid) await rememberChatLid(scoped[i]!.ctx, p.unit, p.address.lid, found.cliCrmId);
      leadsOf.push({ ...found, created: false });
      continue;
    }
    // An unknown number: the lead is created as one by one (001 §7), its lid remembered with it.
    const matched = await matchChat(scoped[i]!.ctx, p.unit, p.address, p.pushName, p.instance.id);
    if (!matched) {
      leadsOf.push(null);
      continue;
    }
    const lead = { cliCrmId: matched.lead.cliCrmId, idTicket: matched.lead.idTicket };
    known.set(leadKey(p), lead);
    leadsOf.push({ ...lead, created: matched.created });
  }

  // Rounds: each lead and each message id at most once per statement, a chat's messages in order.
  const rounds: number[][] = [];
  const nextRound = new Map<string, number>();
  for (const [i, lead] of leadsOf.entries()) {
    if (!lead) continue;
    const byLead = `l${lead.cliCrmId}`;
    const byMessage = `m${plans[i]!.message.idInstancia}:${plans[i]!.message.messageId}`;
    const round = Math.max(nextRound.get(byLead) ?? 0, nextRound.get(byMessage) ?? 0);
    nextRound.set(byLead, round + 1);
    nextRound.set(byMessage, round + 1);
    (rounds[round] ??= []).push(i);
  }
  const stored: (BatchStored | undefined)[] = [];
  for (const round of rounds) {
    const rows = await storeMessageBatch(
      tx,
      round.map((i) => ({ ...plans[i]!.message, cliCrmId: leadsOf[i]!.cliCrmId, idTicket: leadsOf[i]!.idTicket, preview: plans[i]!.preview })),
    );
    const byId = new Map(rows.map((r) => [`${r.idInstancia}:${r.messageId}`, r]));
    for (const i of round) stored[i] = byId.get(`${plans[i]!.message.idInstancia}:${plans[i]!.message.messageId}`);
  }

  const tickets = new Map<number, TicketRow | null>();
  for (const [i, p] of plans.entries()) {
    const lead = leadsOf[i];
    const row = stored[i];
    if (!lead || !row) continue; // a repeated event (ref §8.3)
    let lifted = null;
    if (row.stale) {
      // An ack that changed while it was being applied: stored now, as applyPendingEvent would.
      await updateMessage(tx, row.id, { ack: row.ack, isError: row.isError, isDeleted: row.isDeleted });
      if (p.message.fromMe) lifted = await updateLeadLastStatus(tx, lead.cliCrmId, p.message.criadoEm, row.ack);
    }
    const moved = lifted ?? row.lead;
    const leadRow = moved ? null : await findLeadInUnit(tx, p.unit.idUnidade, lead.cliCrmId);
    const summary = moved ?? (leadRow ? leadSummaryOf(leadRow) : null);
    if (!summary) continue;
    const ctxOf = scoped[i]!.ctx;
    if (lead.created) emitLead(ctxOf, p.unit, summary, 'create');
    else if (moved) emitLead(ctxOf, p.unit, summary);
    if (lead.idTicket && !tickets.has(lead.idTicket)) tickets.set(lead.idTicket, await findTicketInUnit(tx, p.unit.idUnidade, lead.idTicket));
    const ticket = lead.idTicket ? tickets.get(lead.idTicket) : null;
    const ticketView = ticket ? ticketOf(ticket, summary) : null;
    const message = { ...p.message, cliCrmId: lead.cliCrmId, idTicket: lead.idTicket, id: row.id, ack: row.ack, isError: row.isError, isDeleted: row.isDeleted, lido: false, datacad: row.datacad };
    emitMessage(ctxOf, p.unit, 'create', chatMessageOf(message), summary, ticketView);
    if (ticketView) emitTicket(ctxOf, p.unit, ticketView);
    if (p.hasMedia) downloadInBackground(ctxOf, row.id);
  }
  return scoped.map((s) => s.commit);
}
