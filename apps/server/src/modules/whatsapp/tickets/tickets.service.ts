// The company messaging backend of 001 §7 (contacts, tickets, messages) and POST /webhook/lead,
// on the one message store: a contact is a lead of the unit, a ticket links a lead's conversation.
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';
import type { Ticket } from '@funil/domain/whatsapp-api/tickets-api';

import type { DbOrTx } from '../../../db/handle.ts';
import { DomainError } from '../../../http/domain-error.ts';
import type { Session } from '../../auth/auth.service.ts';
import { findOrCreateLeadByPhone, leadForSession, type LeadRow, type TicketOwner } from '../../leads/leads.service.ts';
import { leadSummaryOf, setLeadTicket } from '../../leads/views/chat/lead-chat.service.ts';
import { ticketOf } from '../chat/message-view.ts';
import { findInstanceById } from '../instances/instances.repository.ts';
import type { WhatsappContext } from '../whatsapp-context.ts';
import { emitTicket } from '../whatsapp-events.ts';
import { findOpenTicketOfLead, findTicketById, findTicketInUnit, insertTicket, type TicketRow } from './tickets.repository.ts';

const tenantOf = (s: Session) => ({ idEmpresa: s.empresaId, idUnidade: s.unidadeId });

/** The history event of a lead created by POST /contacts or /webhook/lead (000 §3). */
export const CREATED_BY_CHAT_API = 'Lead cadastrado pelo chat';

/**
 * POST /contacts and POST /webhook/lead: the unit's lead of this phone, created when new (001 §7),
 * through the leads service (001 §5 phone rules: 400 for text that is not a phone). A lead the
 * session may not see answers as GET contato/completo does (403); a ticket must be the lead's own.
 */
export async function contactOf(
  ctx: WhatsappContext,
  session: Session,
  input: { number: string; name: string; email?: string | null; idTicket?: number | null },
): Promise<LeadRow> {
  const ticket =
    input.idTicket === undefined || input.idTicket === null
      ? null
      : await findTicketInUnit(ctx.db, session.unidadeId, input.idTicket);
  if (input.idTicket !== undefined && input.idTicket !== null && !ticket)
    throw new DomainError('not_found', WHATSAPP_MESSAGES.ticketNotFound);
  const { lead, created } = await findOrCreateLeadByPhone({ db: ctx.db, cacheDb: ctx.db }, tenantOf(session), {
    phone: input.number,
    name: input.name,
    email: input.email ?? null,
    ticket,
    atendente: session.userId,
    origem: CREATED_BY_CHAT_API,
    deletedIsClosed: true,
  });
  // An existing lead is opened as any lead is (001 §5 "Opening a lead").
  const visible = created ? lead : await leadForSession(ctx.db, session, lead.cliCrmId);
  // Its creation and its ticket change are announced by the lead event stream (issue 22 §2).
  const current = ticket && !created ? await setLeadTicket(ctx.db, visible, ticket, session.userId) : visible;
  return current;
}

/** POST /tickets: the lead's open ticket, or a new one; the lead points at it. */
export async function openTicket(
  ctx: WhatsappContext,
  session: Session,
  input: {
    contactId: number;
    queueId?: number | null | undefined;
    userId?: number | null | undefined;
    status: string;
    whatsappId?: number | null | undefined;
  },
): Promise<{ ticket: Ticket; created: boolean }> {
  const lead = await leadForSession(ctx.db, session, input.contactId);
  if (input.whatsappId) {
    const instance = await findInstanceById(ctx.db, input.whatsappId);
    if (!instance || instance.idUnidade !== session.unidadeId)
      throw new DomainError('not_found', WHATSAPP_MESSAGES.instanceNotFound);
  }
  const existing = await findOpenTicketOfLead(ctx.db, lead.cliCrmId);
  let row: TicketRow;
  let created = false;
  if (existing) row = existing;
  else {
    row = await insertTicket(ctx.db, {
      idEmpresa: session.empresaId,
      idUnidade: session.unidadeId,
      cliCrmId: lead.cliCrmId,
      queueId: input.queueId ?? null,
      idUsuario: input.userId ?? session.userId,
      status: input.status,
      idInstancia: input.whatsappId ?? null,
    });
    created = true;
  }
  const updated = await setLeadTicket(ctx.db, lead, row, session.userId);
  const summary = leadSummaryOf(updated);
  const ticket = ticketOf(row, summary);
  if (created) emitTicket(ctx, tenantOf(session), ticket, summary, 'create');
  return { ticket, created };
}

export async function ticketOfUnit(
  ctx: WhatsappContext,
  session: Session,
  id: number,
): Promise<{ row: TicketRow; lead: LeadRow }> {
  const row = await findTicketInUnit(ctx.db, session.unidadeId, id);
  if (!row || row.idEmpresa !== session.empresaId) throw new DomainError('not_found', WHATSAPP_MESSAGES.ticketNotFound);
  // The ticket's lead must be one the session may see (issue 7 §1).
  const lead = await leadForSession(ctx.db, session, row.cliCrmId);
  return { row, lead };
}

/** The unit and the lead of a ticket, null when there is none (the leads module checks a lead's idTicket with it). */
export async function ticketOwnerOf(db: DbOrTx, idTicket: number): Promise<TicketOwner | null> {
  const row = await findTicketById(db, idTicket);
  return row ? { idUnidade: row.idUnidade, cliCrmId: row.cliCrmId } : null;
}
