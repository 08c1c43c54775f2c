// The company messaging backend of 001 §7 (contacts, tickets, messages) and POST /webhook/lead,
// on the one message store: a contact is a lead of the unit, a ticket links a lead's conversation.
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';
import { MESSAGE_PAGE_SIZE } from '@funil/domain/whatsapp-api/chat-message';
import type { Ticket } from '@funil/domain/whatsapp-api/tickets-api';
import { DomainError } from '../../http/domain-error.ts';
import type { Session } from '../auth/auth.service.ts';
import { findOrCreateLeadByPhone } from './lead-matching.ts';
import { leadOfUnit } from './chat.service.ts';
import { ticketOf } from './message-view.ts';
import { emitLead, emitTicket } from './whatsapp-events.ts';
import type { WhatsappContext } from './whatsapp-context.ts';
import { findInstanceById, findOpenTicketOfLead, findTicketInUnit, insertTicket, leadSummaryOf, updateLeadFields, type LeadRow, type TicketRow } from './whatsapp.repository.ts';

const tenantOf = (s: Session) => ({ idEmpresa: s.empresaId, idUnidade: s.unidadeId });

/** POST /contacts and POST /webhook/lead: the unit's lead of this phone, created when new (001 §7). */
export async function contactOf(ctx: WhatsappContext, session: Session, input: { number: string; name: string; email?: string | null; idTicket?: number | null }): Promise<LeadRow> {
  if (input.idTicket) {
    const ticket = await findTicketInUnit(ctx.db, session.unidadeId, input.idTicket);
    if (!ticket) throw new DomainError('not_found', WHATSAPP_MESSAGES.ticketNotFound);
  }
  const { lead, created } = await findOrCreateLeadByPhone(ctx, tenantOf(session), input.number, input.name, { email: input.email ?? null, idTicket: input.idTicket ?? null });
  let current = lead;
  if (!created && input.idTicket && lead.idTicket !== input.idTicket) current = (await updateLeadFields(ctx.db, lead.cliCrmId, { idTicket: input.idTicket })) ?? lead;
  if (created || current !== lead) emitLead(ctx, tenantOf(session), leadSummaryOf(current), created ? 'create' : 'update');
  return current;
}

/** POST /tickets: the lead's open ticket, or a new one; the lead points at it. */
export async function openTicket(
  ctx: WhatsappContext,
  session: Session,
  input: { contactId: number; queueId?: number | null | undefined; userId?: number | null | undefined; status: string; whatsappId?: number | null | undefined },
): Promise<{ ticket: Ticket; created: boolean }> {
  const lead = await leadOfUnit(ctx, session, input.contactId);
  if (input.whatsappId) {
    const instance = await findInstanceById(ctx.db, input.whatsappId);
    if (!instance || instance.idUnidade !== session.unidadeId) throw new DomainError('not_found', WHATSAPP_MESSAGES.instanceNotFound);
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
  const updated = lead.idTicket === row.id ? lead : ((await updateLeadFields(ctx.db, lead.cliCrmId, { idTicket: row.id })) ?? lead);
  const summary = leadSummaryOf(updated);
  const ticket = ticketOf(row, summary);
  if (created) emitTicket(ctx, tenantOf(session), ticket, 'create');
  if (updated !== lead) emitLead(ctx, tenantOf(session), summary);
  return { ticket, created };
}

export async function ticketOfUnit(ctx: WhatsappContext, session: Session, id: number): Promise<{ row: TicketRow; lead: LeadRow }> {
  const row = await findTicketInUnit(ctx.db, session.unidadeId, id);
  if (!row || row.idEmpresa !== session.empresaId) throw new DomainError('not_found', WHATSAPP_MESSAGES.ticketNotFound);
  const lead = await leadOfUnit(ctx, session, row.cliCrmId);
  return { row, lead };
}

export const TICKET_PAGE_SIZE = MESSAGE_PAGE_SIZE;
