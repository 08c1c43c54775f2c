// The chat view's door (001 §3 §4, 001 §7 company messaging backend): the lead's chat
// bookkeeping, the list-derived fields a conversation keeps on its lead (last message and its
// status, unread marks, ticket) without a timeline event, and a lead as the chat shows it. The
// WhatsApp module reads and moves them through here; the lead itself changes through the core.
import { fieldChanges } from '@funil/domain/lead-events/lead-events';
import type { LeadSummary } from '@funil/domain/whatsapp-api/realtime';

import type { Db, Tx } from '../../../../db/handle.ts';
import { appendLeadEvents, sameAudienceEvent } from '../../../lead-events/lead-events.service.ts';
import { assertOwnTicket, type LeadRow, type TicketOwner } from '../../leads.service.ts';
import * as chat from './lead-chat.repository.ts';

/**
 * Runs a change of the lead's chat fields and writes its lead event ('whatsapp', or `kind`'s) in
 * the same transaction (issue 22 §2): `db`'s own when it is one, or a new one. The stream announces it.
 */
async function changeWithEvent(
  db: Db | Tx,
  ator: number | null,
  change: (tx: Tx) => Promise<{ before: LeadRow | null; after: LeadRow } | null>,
  kind: { tipo: 'whatsapp' | 'mensagem-editada'; dados: Record<string, unknown> } = { tipo: 'whatsapp', dados: {} },
): Promise<LeadRow | null> {
  const run = async (tx: Tx): Promise<LeadRow | null> => {
    const done = await change(tx);
    if (!done) return null;
    const { before, after } = done;
    await appendLeadEvents(tx, [
      sameAudienceEvent(after, { tipo: kind.tipo, ator, mudancas: before ? fieldChanges(before, after) : {}, dados: kind.dados }),
    ]);
    return after;
  };
  return typeof (db as { rollback?: unknown }).rollback === 'function' ? run(db as Tx) : db.transaction(run);
}

/** 001 §4 "Reading": zeroes the unread counter and the unread mark; the lead when it changed (its 'whatsapp' event written). */
export async function markLeadRead(db: Db | Tx, lead: LeadRow, ator: number | null = null): Promise<LeadRow | null> {
  if (lead.whatsappUltimaMensagemNaoLidas === 0 && lead.marcadoNaoLida === 0) return null;
  return changeWithEvent(db, ator, async (tx) => {
    const after = await chat.updateLeadRow(tx, lead.cliCrmId, { whatsappUltimaMensagemNaoLidas: 0, marcadoNaoLida: 0 });
    return after ? { before: lead, after } : null;
  });
}

/** The lead's conversation ticket (001 §7 company messaging backend): only the lead's own ticket (its 'whatsapp' event written). */
export async function setLeadTicket(
  db: Db | Tx,
  lead: LeadRow,
  ticket: { id: number } & TicketOwner,
  ator: number | null = null,
): Promise<LeadRow> {
  assertOwnTicket(lead, ticket);
  if (lead.idTicket === ticket.id) return lead;
  const changed = await changeWithEvent(db, ator, async (tx) => {
    const after = await chat.updateLeadRow(tx, lead.cliCrmId, { idTicket: ticket.id });
    return after ? { before: lead, after } : null;
  });
  return changed ?? lead;
}

/** The last-message fields (001 §3) the message store moves in its own statement; see lead-chat.repository.ts. */
export const leadLastMessageUpdate = chat.lastMessageUpdate;
export const leadsByPhoneKey = chat.leadsByPhoneKey;

/** 001 §3 _status follows an ack of the lead's last message when it is our own; the moved lead. */
export async function raiseLeadLastStatus(
  db: Db | Tx,
  cliCrmId: number,
  criadoEm: Date,
  ack: number,
): Promise<LeadSummary | null> {
  // The status's old value is not read (one statement): the event says the chat fields moved.
  const row = await changeWithEvent(db, null, async (tx) => {
    const after = await chat.raiseLastMessageStatus(tx, cliCrmId, criadoEm, ack);
    return after ? { before: null, after } : null;
  });
  return row ? chat.leadSummaryOf(row) : null;
}

/**
 * The list preview follows an edit of the lead's last message (ref §4.3), with its lead event
 * 'mensagem-editada' (the preview's old and new text in `mudancas`) in the edit's transaction; the
 * moved lead, or null (not its last message, or the same text: no event).
 */
export function setLeadLastPreview(
  db: Db | Tx,
  edit: { cliCrmId: number; criadoEm: Date; preview: string; idMensagem: number; tipo: string },
): Promise<LeadRow | null> {
  return changeWithEvent(db, null, (tx) => chat.setLastMessagePreview(tx, edit.cliCrmId, edit.criadoEm, edit.preview), {
    tipo: 'mensagem-editada',
    dados: { idMensagem: edit.idMensagem, tipo: edit.tipo },
  });
}

/** A lead as the chat shows it, and the raw form of a RETURNING of LEAD_SUMMARY_COLUMNS. */
export const leadSummaryOf = chat.leadSummaryOf;
export const leadSummaryOfRaw = chat.summaryOfRaw;
export type RawLeadSummary = chat.RawLeadSummary;

/** The demo gateway's auto-reply numbers: the first live, unblocked leads of each unit. */
export const firstLeadPhones = chat.firstLeadPhones;

/** The legacy channel's lead list (001 §7 GET whatsapp/clientes), with the 001 §6 visibility. */
export { listWhatsappClients } from './whatsapp-clients.repository.ts';
