// The chat view's door (001 §3 §4, 001 §7 company messaging backend): the lead's chat
// bookkeeping, the list-derived fields a conversation keeps on its lead (last message and its
// status, unread marks, ticket) without a timeline event, and a lead as the chat shows it. The
// WhatsApp module reads and moves them through here; the lead itself changes through the core.
import type { LeadSummary } from '@funil/domain/whatsapp-api/realtime';
import type { Db, Tx } from '../../../../db/handle.ts';
import { assertOwnTicket, type LeadRow, type TicketOwner } from '../../leads.service.ts';
import * as chat from './lead-chat.repository.ts';

/** 001 §4 "Reading": zeroes the unread counter and the unread mark; the lead when it changed. */
export async function markLeadRead(db: Db | Tx, lead: LeadRow): Promise<LeadRow | null> {
  if (lead.whatsappUltimaMensagemNaoLidas === 0 && lead.marcadoNaoLida === 0) return null;
  return chat.updateLeadRow(db, lead.cliCrmId, { whatsappUltimaMensagemNaoLidas: 0, marcadoNaoLida: 0 });
}

/** The lead's conversation ticket (001 §7 company messaging backend): only the lead's own ticket. */
export async function setLeadTicket(db: Db | Tx, lead: LeadRow, ticket: { id: number } & TicketOwner): Promise<LeadRow> {
  assertOwnTicket(lead, ticket);
  if (lead.idTicket === ticket.id) return lead;
  return (await chat.updateLeadRow(db, lead.cliCrmId, { idTicket: ticket.id })) ?? lead;
}

/** The last-message fields (001 §3) the message store moves in its own statement; see lead-chat.repository.ts. */
export const leadLastMessageUpdate = chat.lastMessageUpdate;
export const leadsByPhoneKey = chat.leadsByPhoneKey;

/** 001 §3 _status follows an ack of the lead's last message when it is our own; the moved lead. */
export async function raiseLeadLastStatus(db: Db | Tx, cliCrmId: number, criadoEm: Date, ack: number): Promise<LeadSummary | null> {
  const row = await chat.raiseLastMessageStatus(db, cliCrmId, criadoEm, ack);
  return row ? chat.leadSummaryOf(row) : null;
}

/** The list preview follows an edit of the lead's last message (ref §4.3). */
export const setLeadLastPreview = chat.setLastMessagePreview;

/** A lead as the chat shows it, and the raw form of a RETURNING of LEAD_SUMMARY_COLUMNS. */
export const leadSummaryOf = chat.leadSummaryOf;
export const leadSummaryOfRaw = chat.summaryOfRaw;
export type RawLeadSummary = chat.RawLeadSummary;

/** The demo gateway's auto-reply numbers: the first live, unblocked leads of each unit. */
export const firstLeadPhones = chat.firstLeadPhones;

/** The legacy channel's lead list (001 §7 GET whatsapp/clientes), with the 001 §6 visibility. */
export { listWhatsappClients } from './whatsapp-clients.repository.ts';
