// The lead's changes of 001 §4 §7 and 000 §7 (edit, schedule a call or a message, assign,
// transfer, block, convert, ticket): each decides its change and its history events and hands them
// to the core's one way to change a lead, applyLeadChange (leads.service.ts), which scopes, locks,
// writes, and announces it. Deletion and the chat's flags stay in leads.service.ts.
import { sql } from 'drizzle-orm';

import { formatBRL } from '@funil/domain/format/currency';
import { formatDateTime, formatSchedulePayload, toInstant } from '@funil/domain/format/date';
import { LEAD_API_MESSAGES } from '@funil/domain/leads-api/messages';
import type { ContactEditPayload } from '@funil/domain/leads/contact';
import { canConvertLead } from '@funil/domain/leads/lead';
import {
  canEditTicketFromTimeline,
  CONTACT_EDIT_DESCRIPTION,
  contactEditHistory,
  TICKET_CHANGE_DESCRIPTION,
  TIMELINE_EVENT_TYPE,
} from '@funil/domain/leads/timeline';

import type { Tx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import type { Session } from '../auth/auth.service.ts';
import { unlinkAllTagsOfLead } from '../tags/tags.service.ts';
import { activeUnitOfCompany } from '../tenancy/tenancy.service.ts';
import { activeUserOfUnit, userName } from '../users/users.service.ts';
import { sistemaIrmaoClienteSeq } from './appointments.table.ts';
import { findHistoryItem, moveHistoryToUnit, type LeadRow } from './leads.repository.ts';
import { applyLeadChange, assertPhoneFree, extrasOf, nowOf, type LeadDeps } from './leads.service.ts';
import { phoneKey } from './phone-key.ts';
import { SCHEDULED_MESSAGE_JOB, type ScheduledMessageJobItem } from './scheduled-message.service.ts';

const changedFields = (lead: LeadRow, body: ContactEditPayload): string[] => {
  const names: string[] = [];
  if (lead.cliNome !== body.cli_nome) names.push('nome');
  if (lead.cliTelefone !== body.cli_telefone) names.push('telefone');
  if ((lead.cliEmail ?? undefined) !== body.cli_email) names.push('email');
  if (
    body.informacoesExtra !== undefined &&
    JSON.stringify(lead.informacoesExtra) !== JSON.stringify({ ...lead.informacoesExtra, ...body.informacoesExtra })
  )
    names.push('CEP');
  return names;
};

function contactEditEvent(lead: LeadRow, body: ContactEditPayload, fields: string[]) {
  const before = {
    nome: lead.cliNome,
    telefone: lead.cliTelefone,
    email: lead.cliEmail ?? null,
    cep: cepOf(lead.informacoesExtra),
  };
  const after = {
    nome: body.cli_nome,
    telefone: body.cli_telefone,
    email: body.cli_email ?? null,
    cep: body.informacoesExtra?.cep ?? before.cep,
  };
  return contactEditHistory(before, after) ?? { descricao: `${CONTACT_EDIT_DESCRIPTION}: ${fields.join(', ')}` };
}

const cepOf = (extra: unknown): string | null =>
  typeof extra === 'object' && extra !== null && typeof (extra as { cep?: unknown }).cep === 'string'
    ? (extra as { cep: string }).cep
    : null;

/** POST contato/atualizarcontato/{id}: name, phone, email and the CEP in informacoesExtra (001 §7). */
export function editContact(deps: LeadDeps, session: Session, id: number, body: ContactEditPayload) {
  return applyLeadChange(deps, session, id, async (lead, tx) => {
    const fields = changedFields(lead, body);
    if (fields.length === 0) return { unchanged: LEAD_API_MESSAGES.updated };
    if (lead.cliTelefone !== body.cli_telefone) await assertPhoneFree(tx, lead.idUnidade, body.cli_telefone, lead.cliCrmId);
    return {
      action: 'atualizado',
      message: LEAD_API_MESSAGES.updated,
      set: {
        cliNome: body.cli_nome,
        cliTelefone: body.cli_telefone,
        telefoneChave: phoneKey(body.cli_telefone),
        cliEmail: body.cli_email ?? null,
        ...(body.informacoesExtra !== undefined
          ? { informacoesExtra: { ...lead.informacoesExtra, ...body.informacoesExtra } }
          : {}),
      },
      // issue 7 §6: the changed fields, old and new, for the timeline to show 'field: old → new'.
      history: [{ tipo: TIMELINE_EVENT_TYPE.usuario, ...contactEditEvent(lead, body, fields) }],
    };
  });
}

/** A 'YYYY-MM-DD HH:mm:ss' Sao Paulo date not in the past (001 §5 "Schedule contact or call", "Schedule message"). */
function futureDate(deps: LeadDeps, text: string): Date {
  const date = toInstant(text.replace('T', ' '));
  if (!date) throw new DomainError('invalid', LEAD_API_MESSAGES.dateInvalid);
  const startOfMinute = Math.floor(nowOf(deps).getTime() / 60_000) * 60_000;
  if (date.getTime() < startOfMinute) throw new DomainError('invalid', LEAD_API_MESSAGES.datePast);
  return date;
}

/** POST contato/agendarcontato/{id} {cli_contato_agendado}. */
export function scheduleCall(deps: LeadDeps, session: Session, id: number, when: string) {
  const date = futureDate(deps, when);
  return applyLeadChange(deps, session, id, async (lead) => ({
    action: 'ligacao-agendada',
    message: LEAD_API_MESSAGES.callScheduled,
    set: { cliContatoAgendado: date },
    history: [
      {
        tipo: TIMELINE_EVENT_TYPE.ligacaoAgendada,
        texto: formatSchedulePayload(date),
        textoAntigo: lead.cliContatoAgendado ? formatSchedulePayload(lead.cliContatoAgendado) : null,
        dataComentario: null,
      },
    ],
  }));
}

/** POST /contato/agendar-mensagem/{id}: 000 §4 id_novo null scheduled, other updated. */
export function scheduleMessage(deps: LeadDeps, session: Session, id: number, text: string, when: string) {
  const date = futureDate(deps, when);
  return applyLeadChange(deps, session, id, async (lead) => ({
    action: 'mensagem-agendada',
    message: LEAD_API_MESSAGES.messageScheduled,
    // Issue 9: a new version, so the job of an earlier schedule sends nothing; the send is a durable job due at `date`.
    set: {
      cliMensagemAgendada: text,
      cliDataMensagemAgendada: date,
      cliMensagemAgendadaStatus: 'pendente',
      cliMensagemAgendadaErro: null,
      cliMensagemAgendadaTentativas: 0,
      cliMensagemAgendadaVersao: lead.cliMensagemAgendadaVersao + 1,
    },
    also: async (tx) => {
      if (!deps.enqueueJob) return;
      const item: ScheduledMessageJobItem = { cliCrmId: lead.cliCrmId, versao: lead.cliMensagemAgendadaVersao + 1, tentativa: 1 };
      await deps.enqueueJob(
        {
          kind: SCHEDULED_MESSAGE_JOB,
          idEmpresa: lead.idEmpresa,
          idUnidade: lead.idUnidade,
          idUsuario: session.userId,
          params: item,
          items: [item],
          notBefore: date,
        },
        tx,
      );
    },
    history: [
      {
        tipo: TIMELINE_EVENT_TYPE.mensagemAgendadaWhatsapp,
        idNovo: lead.cliMensagemAgendada ? 1 : null,
        texto: text,
        textoAntigo: lead.cliMensagemAgendada,
        descricao: `Agendada para ${formatDateTime(date)}`,
      },
    ],
  }));
}

/** PUT contato/atualiza-mensagem-agendada/{id}: empty fields clear it (000 §4 id_novo -1). */
export function clearScheduledMessage(deps: LeadDeps, session: Session, id: number) {
  return applyLeadChange(deps, session, id, async (lead) => {
    if (!lead.cliMensagemAgendada && !lead.cliDataMensagemAgendada)
      throw new DomainError('invalid', LEAD_API_MESSAGES.noScheduledMessage);
    return {
      action: 'mensagem-agendada',
      message: LEAD_API_MESSAGES.scheduledMessageCleared,
      set: {
        cliMensagemAgendada: null,
        cliDataMensagemAgendada: null,
        cliMensagemAgendadaStatus: null,
        cliMensagemAgendadaErro: null,
        cliMensagemAgendadaTentativas: 0,
        cliMensagemAgendadaVersao: lead.cliMensagemAgendadaVersao + 1,
      },
      history: [{ tipo: TIMELINE_EVENT_TYPE.mensagemAgendadaWhatsapp, idNovo: -1, textoAntigo: lead.cliMensagemAgendada }],
    };
  });
}

function requireClienteAtendente(session: Session): void {
  // 001 §6: assign, unassign and transfer need the unit setting clienteAtendente. A unit setting
  // that is off answers 400 (the request does not fit this unit); 403 stays the role matrix's.
  if (extrasOf(session).clienteAtendente !== true) throw new DomainError('invalid', LEAD_API_MESSAGES.assignmentDisabled);
}

/** PUT contato/atribuiratendente/{id} and POST contato/transferircontatoatendente/{id}/{idAtendente} (001 §4 Assignment). */
export async function assignAttendant(deps: LeadDeps, session: Session, id: number, attendantId: number) {
  requireClienteAtendente(session);
  const target = await activeUserOfUnit(deps.db, session.unidadeId, attendantId);
  if (!target) throw new DomainError('invalid', LEAD_API_MESSAGES.assignError);
  return applyLeadChange(deps, session, id, async (lead, tx) => {
    if (lead.idUsuario === target.id) return { unchanged: LEAD_API_MESSAGES.assigned };
    const previous = lead.idUsuario === null ? null : await activeUserName(tx, lead.idUsuario);
    return {
      action: 'atribuido',
      message: LEAD_API_MESSAGES.assigned,
      set: { idUsuario: target.id },
      history: [
        {
          tipo: TIMELINE_EVENT_TYPE.usuario,
          idAntigo: lead.idUsuario,
          idNovo: target.id,
          descricao: previous ? `Cliente transferido de ${previous} para ${target.nome}` : `Cliente atribuído a ${target.nome}`,
        },
      ],
    };
  });
}

const activeUserName = (tx: Tx, userId: number): Promise<string | null> => userName(tx, userId);

/** PUT contato/removeratendente/{id}: idUsuario becomes null (001 §4). */
export function unassignAttendant(deps: LeadDeps, session: Session, id: number) {
  requireClienteAtendente(session);
  return applyLeadChange(deps, session, id, async (lead, tx) => {
    if (lead.idUsuario === null) return { unchanged: LEAD_API_MESSAGES.unassigned };
    const previous = await activeUserName(tx, lead.idUsuario);
    return {
      action: 'desatribuido',
      message: LEAD_API_MESSAGES.unassigned,
      set: { idUsuario: null },
      history: [
        {
          tipo: TIMELINE_EVENT_TYPE.usuario,
          idAntigo: lead.idUsuario,
          idNovo: null,
          descricao: `Cliente desatribuído de ${previous ?? 'atendente'}`,
        },
      ],
    };
  });
}

/** POST contato/transferircontato/{id} {idUnidade}: to another unit of the same company (001 §7). */
export async function transferToUnit(deps: LeadDeps, session: Session, id: number, idUnidade: number) {
  const target = idUnidade === session.unidadeId ? null : await activeUnitOfCompany(deps.db, session.empresaId, idUnidade);
  if (!target) throw new DomainError('invalid', LEAD_API_MESSAGES.transferUnitInvalid);
  return applyLeadChange(deps, session, id, async (lead, tx) => {
    await assertPhoneFree(tx, target.id, lead.cliTelefone);
    return {
      action: 'transferido',
      message: LEAD_API_MESSAGES.transferred,
      // The attendant and the tags belong to the old unit.
      set: { idUnidade: target.id, idUsuario: null },
      also: async (t) => {
        await unlinkAllTagsOfLead(t, lead.cliCrmId);
        await moveHistoryToUnit(t, lead.cliCrmId, target.id);
      },
      history: [
        {
          tipo: TIMELINE_EVENT_TYPE.usuario,
          idAntigo: lead.idUnidade,
          idNovo: target.id,
          descricao: `Contato transferido para a unidade ${target.nome}`,
        },
      ],
    };
  });
}

/** PUT contato/whatsapp-bloqueado/{id}: Desbloqueado 0 / Bloqueado 1, toggled when no value is sent (001 §4). */
export function setWhatsappBlocked(deps: LeadDeps, session: Session, id: number, value: 0 | 1 | undefined) {
  return applyLeadChange(deps, session, id, async (lead) => {
    const next = value ?? (lead.whatsappBlocked === 1 ? 0 : 1);
    const message = next === 1 ? LEAD_API_MESSAGES.blocked : LEAD_API_MESSAGES.unblocked;
    if (next === lead.whatsappBlocked) return { unchanged: message };
    return {
      action: 'whatsapp-bloqueado',
      message,
      set: { whatsappBlocked: next },
      history: [
        {
          tipo: TIMELINE_EVENT_TYPE.usuario,
          idAntigo: lead.whatsappBlocked,
          idNovo: next,
          descricao: next === 1 ? 'WhatsApp bloqueado' : 'WhatsApp desbloqueado',
        },
      ],
    };
  });
}

/** POST contato/convertercliente/{id} and converterclienteglobal/{id}: company 1 only (001 §4 Conversion). */
export async function convertLead(deps: LeadDeps, session: Session, id: number, idUnidade: number | undefined, global: boolean) {
  if (session.empresaId !== 1) throw new DomainError('forbidden', LEAD_API_MESSAGES.conversionNotAllowed);
  const unit = idUnidade === undefined ? null : await activeUnitOfCompany(deps.db, session.empresaId, idUnidade);
  if (idUnidade !== undefined && !unit) throw new DomainError('invalid', LEAD_API_MESSAGES.transferUnitInvalid);
  return applyLeadChange(deps, session, id, async (lead, tx) => {
    if (!canConvertLead({ cli_id: lead.cliId }, session.empresaId))
      throw new DomainError('conflict', LEAD_API_MESSAGES.alreadyConverted);
    if (lead.cliTelefone.trim() === '') throw new DomainError('invalid', LEAD_API_MESSAGES.noPhone);
    const [next] = await tx
      .select({ id: sql<number>`nextval(${sistemaIrmaoClienteSeq.seqName}::regclass)::int` })
      .from(sql`(select 1) as um`);
    const cliId = Number(next?.id);
    return {
      action: 'convertido',
      message: LEAD_API_MESSAGES.converted,
      set: { cliId },
      history: [
        {
          tipo: TIMELINE_EVENT_TYPE.usuario,
          idAntigo: lead.cliId,
          idNovo: cliId,
          descricao:
            `Cliente convertido para o sistema irmão (id ` +
            `${cliId}${global ? ', global' : ''}${unit ? `, unidade ${unit.nome}` : ''})`,
        },
      ],
    };
  });
}

/** POST contato/valorticket/{id} {valor_ticket, id_negociacao}: BRL ≥ 0 (000 §4 §5). */
export function updateTicket(deps: LeadDeps, session: Session, id: number, valor: number, idNegociacao: number | undefined) {
  return applyLeadChange(deps, session, id, async (lead, tx) => {
    if (idNegociacao !== undefined) {
      // 000 §4: from the timeline only for company 1, on a change to negotiation status 5.
      const event = await findHistoryItem(tx, lead.cliCrmId, idNegociacao);
      if (!event || !canEditTicketFromTimeline(session.empresaId, { tipo: event.tipo, id_novo: event.idNovo }))
        throw new DomainError('invalid', LEAD_API_MESSAGES.ticketEditNotAllowed);
    }
    const old = Number(lead.valorTicket);
    if (old === valor) return { unchanged: LEAD_API_MESSAGES.ticketUpdated };
    return {
      action: 'valor-ticket',
      message: LEAD_API_MESSAGES.ticketUpdated,
      set: { valorTicket: valor.toFixed(2) },
      history: [
        {
          tipo: TIMELINE_EVENT_TYPE.statusNegociacao,
          idAntigo: lead.cliStatusNegociacao,
          idNovo: lead.cliStatusNegociacao,
          valorAntigo: old.toFixed(2),
          valorNovo: valor.toFixed(2),
          descricao: TICKET_CHANGE_DESCRIPTION,
          texto: `Valor do ticket: ${formatBRL(old)} → ${formatBRL(valor)}`,
        },
      ],
    };
  });
}
