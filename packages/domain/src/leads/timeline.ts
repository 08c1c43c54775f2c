// The contact history timeline (000 §2 "Contact history timeline", §3 "History event", §4).
import { z } from 'zod';

import { formatBRL } from '../format/currency.ts';
import { formatDateTime, formatDateTimeSeconds, toInstant } from '../format/date.ts';
import { formatPhoneDisplay } from '../phone/phone.ts';
import { CALL_STATUS_TEXT, callEndReasonText, callStatusText, shortAnsweredCallStatus } from './call-attempts.ts';
import { potentialLabel, type PotentialStatusLabels } from './negotiation.ts';

/**
 * 000 §3 timeline event types 1..12, first reading: whatsapp, mensagem (note), chamadaAtendida,
 * chamadaNaoAtendida, statusNegociacao, ligacaoAgendada, avaliada, statusNegociacaoVenda,
 * usuario, mensagemAgendadaWhatsapp, mensagemTag, mensagemAtendimento.
 */
export const TIMELINE_EVENT_TYPE = {
  whatsapp: 1,
  mensagem: 2,
  chamadaAtendida: 3,
  chamadaNaoAtendida: 4,
  statusNegociacao: 5,
  ligacaoAgendada: 6,
  avaliada: 7,
  statusNegociacaoVenda: 8,
  usuario: 9,
  mensagemAgendadaWhatsapp: 10,
  mensagemTag: 11,
  mensagemAtendimento: 12,
} as const;
export type TimelineEventType = (typeof TIMELINE_EVENT_TYPE)[keyof typeof TIMELINE_EVENT_TYPE];

/** Why the first reading of 000 §3 is used for the event type numbers. */
export const TIMELINE_EVENT_TYPE_NOTE =
  '000 §3 gives two orders for the timeline event types 5 to 8. The first reading is used ' +
  '(5 statusNegociacao, 6 ligacaoAgendada, 7 avaliada, 8 statusNegociacaoVenda): it is the one ' +
  'written with the code names, it agrees with both readings on types 1-4 and 9-12, and it keeps ' +
  '000 §4 consistent, where the ticket edit is offered on a negotiation status change (type 5) ' +
  'whose new status is 5.';

const nullableInt = z.number().int().nullable();
const nullableText = z.string().nullable();

/** 000 §3 "History event": one row of the contact history. Dates are ISO or 'YYYY-MM-DD HH:mm:ss'. */
export const historyEventSchema = z.object({
  id: z.number().int(),
  cli_crm_id: z.number().int(),
  /** The user who acted (usuarios.id); unresolved ids show 'ERR' (000 §2). */
  atendente: nullableInt,
  data_comentario: nullableText,
  comentario: nullableText,
  datacad: nullableText,
  texto: nullableText,
  texto_antigo: nullableText,
  url_gravacao: nullableText,
  tentativas: nullableInt,
  /** Seconds. */
  duracao: z.number().nonnegative().nullable(),
  duracao_falada: z.number().nonnegative().nullable(),
  duracao_cobrada: z.number().nonnegative().nullable(),
  status_chamada: nullableText,
  motivo_desconexao: nullableText,
  tipo: z.number().int().min(1).max(12),
  id_antigo: nullableInt,
  id_novo: nullableInt,
  valor_antigo: z.union([z.number(), z.string()]).nullable(),
  valor_novo: z.union([z.number(), z.string()]).nullable(),
  descricao: nullableText,
  /** Who acted when not a person: 'Automação: {nome}' for a change an automation's step made (issue 25). */
  autor: nullableText.optional(),
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;

/** The unit lists the timeline resolves ids against (000 §3 unit data, 001 §3). */
export type TimelineLookups = {
  negotiationStatuses: readonly { idFunil: number; nome: string }[];
  saleStatuses: readonly { idFunilVenda: number; nome: string }[];
  users: readonly { id: number; nome: string }[];
  tags?: readonly { id: number; nome: string }[];
  /** With their status..status5 level labels (001 §3) when known. */
  potentials?: readonly ({ id: number; nome: string } & PotentialStatusLabels)[];
};

/** Icon keys the web maps to icons, one per kind of row. */
export type TimelineIconKey =
  | 'whatsapp'
  | 'note'
  | 'call-answered'
  | 'call-missed'
  | 'negotiation-status'
  | 'call-scheduled'
  | 'potential'
  | 'sale-status'
  | 'user'
  | 'scheduled-message'
  | 'tag-added'
  | 'tag-removed'
  | 'attendance'
  | 'ticket'
  | 'contact-edit'
  | 'unknown';

/** A timeline row ready to render (000 §2). */
export type TimelineRow = {
  icon: TimelineIconKey;
  title: string;
  details: string[];
  /** 'DD/MM/YYYY HH:mm:ss' in America/Sao_Paulo. */
  date: string;
  /** The attendant's name, or 'ERR' when it cannot be resolved (000 §2, §8). */
  attendant: string;
};

/** 000 §4: an unknown status shows 'Desconhecido'. */
export const UNKNOWN_STATUS_LABEL = 'Desconhecido';
/** 000 §2, §8: a user that cannot be resolved shows 'ERR'. */
export const UNRESOLVED_USER_LABEL = 'ERR';

/** 000 §4 scheduled WhatsApp message event, by id_novo. */
export type ScheduledMessageChange = 'agendada' | 'cancelada' | 'anterior' | 'atualizada' | 'enviada' | 'falhou';

/**
 * Issue 9: the scheduled message's sending, beyond 000 §4's values: id_novo -2 sent (texto the
 * message), -3 failed for good (texto the message, descricao the reason).
 */
export const SCHEDULED_MESSAGE_SENT = -2;
export const SCHEDULED_MESSAGE_FAILED = -3;

/**
 * 000 §4: id_novo null means scheduled, -1 cancelled, 0 the old message is shown, any other
 * value means updated.
 */
export function scheduledMessageChange(idNovo: number | null): ScheduledMessageChange {
  if (idNovo === null) return 'agendada';
  if (idNovo === -1) return 'cancelada';
  if (idNovo === SCHEDULED_MESSAGE_SENT) return 'enviada';
  if (idNovo === SCHEDULED_MESSAGE_FAILED) return 'falhou';
  if (idNovo === 0) return 'anterior';
  return 'atualizada';
}

const nonEmpty = (...values: (string | null | undefined)[]): string[] =>
  values.filter((value): value is string => typeof value === 'string' && value.trim() !== '');

function duration(seconds: number | null): string | null {
  if (seconds === null) return null;
  const total = Math.round(seconds);
  const pad = (n: number): string => String(n).padStart(2, '0');
  const hours = Math.floor(total / 3600);
  const rest = `${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}

const transition = (from: string, to: string): string => `${from} → ${to}`;

function statusName<S>(list: readonly S[], key: (s: S) => number, name: (s: S) => string, id: number | null): string {
  const found = id === null ? undefined : list.find((status) => key(status) === id);
  return found ? name(found) : UNKNOWN_STATUS_LABEL;
}

// 001 §3: a potential is rated 0..5 stars, each level with its label (the potential's own
// status..status5, else Nenhum, Pouco, Pouco+, Médio, Médio+, Muito). The row shows the levels;
// the potential's name says which potential they belong to.
function describePotential(event: HistoryEvent, lookups: TimelineLookups): string[] {
  const potentialOf = (id: number | null) => (id === null ? undefined : lookups.potentials?.find((p) => p.id === id));
  const levelOf = (value: number | string | null, potential: PotentialStatusLabels | undefined): string =>
    value === null || value === '' ? UNKNOWN_STATUS_LABEL : (potentialLabel(Number(value), potential) ?? UNKNOWN_STATUS_LABEL);
  const before = potentialOf(event.id_antigo);
  const after = potentialOf(event.id_novo);
  const oldLevel = levelOf(event.valor_antigo, before ?? after);
  const newLevel = levelOf(event.valor_novo, after ?? before);
  // Another potential chosen: each side names its own.
  if (before && after && before.id !== after.id) return [transition(`${before.nome}: ${oldLevel}`, `${after.nome}: ${newLevel}`)];
  const named = after ?? before;
  return [transition(oldLevel, newLevel), ...(named ? [`Potencial: ${named.nome}`] : [])];
}

/** 000 §4, issue 7 §6: the descricao of a ticket value change (stored as type 5 with the same status on both sides). */
export const TICKET_CHANGE_DESCRIPTION = 'Valor do ticket alterado';

function isTicketChange(event: HistoryEvent): boolean {
  return event.descricao === TICKET_CHANGE_DESCRIPTION;
}

const money = (value: number | string | null): string => {
  const n = value === null || value === '' ? NaN : Number(value);
  return Number.isFinite(n) ? formatBRL(n) : '—';
};

/** The start of the descricao of a contact edit (type 9): 'Dados do contato alterados: nome, telefone'. */
export const CONTACT_EDIT_DESCRIPTION = 'Dados do contato alterados';

/** The contact fields an edit records, in the order the timeline lists them. */
export const CONTACT_EDIT_FIELDS = ['nome', 'telefone', 'email', 'cep'] as const;
export type ContactEditField = (typeof CONTACT_EDIT_FIELDS)[number];
export type ContactSnapshot = Partial<Record<ContactEditField, string | null>>;
const CONTACT_FIELD_LABEL: Record<ContactEditField, string> = { nome: 'Nome', telefone: 'Telefone', email: 'E-mail', cep: 'CEP' };

const formatContactField = (field: ContactEditField, value: string | null | undefined): string => {
  if (value === null || value === undefined || value.trim() === '') return '—';
  if (field === 'telefone') return formatPhoneDisplay(value) || value;
  if (field === 'cep' && /^\d{8}$/.test(value)) return `${value.slice(0, 5)}-${value.slice(5)}`;
  return value;
};

/**
 * What a contact edit stores in the history (issue 7 §6): the changed fields only, old values in
 * texto_antigo and new ones in texto, each as a JSON object keyed by field; null when nothing changed.
 */
export function contactEditHistory(
  before: ContactSnapshot,
  after: ContactSnapshot,
): { descricao: string; textoAntigo: string; texto: string } | null {
  const changed = CONTACT_EDIT_FIELDS.filter((field) => field in after && (before[field] ?? '') !== (after[field] ?? ''));
  if (changed.length === 0) return null;
  const pick = (snapshot: ContactSnapshot) =>
    JSON.stringify(Object.fromEntries(changed.map((field) => [field, snapshot[field] ?? null])));
  const names = changed.map((field) => (field === 'cep' ? 'CEP' : field));
  return { descricao: `${CONTACT_EDIT_DESCRIPTION}: ${names.join(', ')}`, textoAntigo: pick(before), texto: pick(after) };
}

function readSnapshot(text: string | null): ContactSnapshot | null {
  if (!text || !text.startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const snapshot: ContactSnapshot = {};
    for (const field of CONTACT_EDIT_FIELDS) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === 'string' || value === null) snapshot[field] = value;
    }
    return snapshot;
  } catch {
    return null;
  }
}

// Events written before issue 7 stored 'nome | telefone | email' on both sides.
function readPipes(text: string | null): ContactSnapshot | null {
  if (text === null || !text.includes(' | ')) return null;
  const [nome, telefone, email] = text.split(' | ');
  return { nome: nome ?? null, telefone: telefone ?? null, email: email ?? null };
}

function describeContactEdit(event: HistoryEvent): string[] | null {
  const before = readSnapshot(event.texto_antigo) ?? readPipes(event.texto_antigo);
  const after = readSnapshot(event.texto) ?? readPipes(event.texto);
  if (!before || !after) return null;
  const lines = CONTACT_EDIT_FIELDS.filter((field) => field in after && (before[field] ?? '') !== (after[field] ?? '')).map(
    (field) =>
      `${CONTACT_FIELD_LABEL[field]}: ${transition(formatContactField(field, before[field]), formatContactField(field, after[field]))}`,
  );
  // Only the CEP changed in an old event: the pipes did not carry it, the description names it.
  return lines.length > 0 ? lines : nonEmpty(event.descricao);
}

// One word for one outcome (issue 21 item 13): under 'Chamada não atendida' a pick-up reads with the
// rule that made it not count (new events store it with the unit's seconds; older ones did not).
function callStatusLine(event: HistoryEvent): string {
  const status = callStatusText(event.status_chamada ?? '');
  return event.tipo === TIMELINE_EVENT_TYPE.chamadaNaoAtendida && status === CALL_STATUS_TEXT.answered
    ? shortAnsweredCallStatus()
    : status;
}

function callDetails(event: HistoryEvent): string[] {
  const lines: string[] = [];
  const total = duration(event.duracao);
  const spoken = duration(event.duracao_falada);
  if (total) lines.push(`Duração: ${total}`);
  if (spoken) lines.push(`Duração falada: ${spoken}`);
  if (event.tentativas !== null) lines.push(`Tentativas: ${event.tentativas}`);
  if (event.status_chamada) lines.push(`Status: ${callStatusLine(event)}`);
  if (event.motivo_desconexao) lines.push(`Motivo: ${callEndReasonText(event.motivo_desconexao)}`);
  return [...lines, ...nonEmpty(event.texto)];
}

function describeBody(event: HistoryEvent, lookups: TimelineLookups): Pick<TimelineRow, 'icon' | 'title' | 'details'> {
  switch (event.tipo) {
    case TIMELINE_EVENT_TYPE.whatsapp:
      return { icon: 'whatsapp', title: 'Mensagem de WhatsApp', details: nonEmpty(event.texto ?? event.comentario) };
    case TIMELINE_EVENT_TYPE.mensagem:
      return { icon: 'note', title: 'Anotação', details: nonEmpty(event.texto ?? event.comentario) };
    case TIMELINE_EVENT_TYPE.chamadaAtendida:
      return { icon: 'call-answered', title: 'Chamada atendida', details: callDetails(event) };
    case TIMELINE_EVENT_TYPE.chamadaNaoAtendida:
      return { icon: 'call-missed', title: 'Chamada não atendida', details: callDetails(event) };
    case TIMELINE_EVENT_TYPE.statusNegociacao: {
      // A ticket change is stored on type 5 (000 §4) but is not a status change.
      if (isTicketChange(event))
        return {
          icon: 'ticket',
          title: 'Valor do ticket alterado',
          details: [transition(money(event.valor_antigo), money(event.valor_novo))],
        };
      const name = (id: number | null): string =>
        statusName(
          lookups.negotiationStatuses,
          (s) => s.idFunil,
          (s) => s.nome,
          id,
        );
      return {
        icon: 'negotiation-status',
        title: 'Status da negociação alterado',
        details: [transition(name(event.id_antigo), name(event.id_novo)), ...nonEmpty(event.texto)],
      };
    }
    case TIMELINE_EVENT_TYPE.ligacaoAgendada: {
      const when = formatDateTime(event.valor_novo === null ? event.texto : String(event.valor_novo));
      return {
        icon: 'call-scheduled',
        title: 'Ligação agendada',
        details: when ? [`Agendada para ${when}`] : nonEmpty(event.texto),
      };
    }
    case TIMELINE_EVENT_TYPE.avaliada:
      return {
        icon: 'potential',
        title: 'Potencial alterado',
        details: describePotential(event, lookups),
      };
    case TIMELINE_EVENT_TYPE.statusNegociacaoVenda: {
      const name = (id: number | null): string =>
        statusName(
          lookups.saleStatuses,
          (s) => s.idFunilVenda,
          (s) => s.nome,
          id,
        );
      return {
        icon: 'sale-status',
        title: 'Status do cliente alterado',
        details: [transition(name(event.id_antigo), name(event.id_novo)), ...nonEmpty(event.texto)],
      };
    }
    case TIMELINE_EVENT_TYPE.usuario: {
      const contactEdit = event.descricao?.startsWith(CONTACT_EDIT_DESCRIPTION) ? describeContactEdit(event) : null;
      if (contactEdit) return { icon: 'contact-edit', title: CONTACT_EDIT_DESCRIPTION, details: contactEdit };
      // 000 §3: type 9 carries a description.
      return { icon: 'user', title: 'Alteração de usuário', details: nonEmpty(event.descricao, event.texto) };
    }
    case TIMELINE_EVENT_TYPE.mensagemAgendadaWhatsapp:
      return describeScheduledMessage(event);
    case TIMELINE_EVENT_TYPE.mensagemTag: {
      // 000 §4: 'added' when id_novo is nonzero, 'removed' when zero; the tag is id_novo or id_antigo.
      const added = event.id_novo !== null && event.id_novo !== 0;
      const tagId = added ? event.id_novo : event.id_antigo;
      const tag = tagId === null ? undefined : lookups.tags?.find((t) => t.id === tagId);
      const label = tag?.nome ?? (nonEmpty(event.descricao, event.texto)[0] || UNKNOWN_STATUS_LABEL);
      return {
        icon: added ? 'tag-added' : 'tag-removed',
        title: added ? 'Tag adicionada' : 'Tag removida',
        details: [label],
      };
    }
    case TIMELINE_EVENT_TYPE.mensagemAtendimento:
      return { icon: 'attendance', title: 'Atendimento', details: nonEmpty(event.texto ?? event.descricao) };
    default:
      return { icon: 'unknown', title: 'Evento', details: nonEmpty(event.texto ?? event.descricao) };
  }
}

function describeScheduledMessage(event: HistoryEvent): Pick<TimelineRow, 'icon' | 'title' | 'details'> {
  const when = formatDateTime(event.valor_novo === null ? null : String(event.valor_novo));
  const at = when ? [`Agendada para ${when}`] : [];
  switch (scheduledMessageChange(event.id_novo)) {
    case 'agendada':
      return { icon: 'scheduled-message', title: 'Mensagem agendada', details: [...nonEmpty(event.texto), ...at] };
    case 'cancelada':
      return {
        icon: 'scheduled-message',
        title: 'Mensagem agendada cancelada',
        details: nonEmpty(event.texto_antigo ?? event.texto),
      };
    case 'anterior':
      return { icon: 'scheduled-message', title: 'Mensagem agendada anterior', details: nonEmpty(event.texto_antigo) };
    case 'enviada':
      return { icon: 'scheduled-message', title: 'Mensagem agendada enviada', details: nonEmpty(event.texto) };
    case 'falhou':
      return {
        icon: 'scheduled-message',
        title: 'Falha no envio da mensagem agendada',
        details: [...nonEmpty(event.texto), ...nonEmpty(event.descricao).map((reason) => `Motivo: ${reason}`)],
      };
    case 'atualizada':
      return {
        icon: 'scheduled-message',
        title: 'Mensagem agendada atualizada',
        details: [
          ...nonEmpty(event.texto_antigo).map((text) => `Anterior: ${text}`),
          ...nonEmpty(event.texto).map((text) => `Nova: ${text}`),
          ...at,
        ],
      };
  }
}

/**
 * Describes one history event as a timeline row (000 §2, §4): icon key, Portuguese title,
 * detail lines, date 'DD/MM/YYYY HH:mm:ss' (America/Sao_Paulo, from data_comentario else
 * datacad) and attendant name or 'ERR'. Negotiation statuses are looked up by idFunil, sale
 * statuses by idFunilVenda, unknown ones show 'Desconhecido'; tags show 'adicionada'/'removida'
 * by id_novo; scheduled WhatsApp messages follow id_novo (null, -1, 0, other).
 */
export function describeTimelineEvent(event: HistoryEvent, lookups: TimelineLookups): TimelineRow {
  const user = event.atendente === null ? undefined : lookups.users.find((u) => u.id === event.atendente);
  const when = toInstant(event.data_comentario) ?? toInstant(event.datacad);
  return {
    ...describeBody(event, lookups),
    date: formatDateTimeSeconds(when),
    attendant: event.autor ?? user?.nome ?? UNRESOLVED_USER_LABEL,
  };
}

/** 000 §4: the negotiation status whose change offers the ticket value edit. */
export const TICKET_EDIT_STATUS = 5;
/** 000 §6, §9: the company with the ticket edit. */
export const TICKET_EDIT_COMPANY = 1;

/**
 * 000 §4: the ticket value edit on the timeline is offered only when the company id is 1, the
 * event is a negotiation status change and the new status is 5.
 */
export function canEditTicketFromTimeline(companyId: number, event: Pick<HistoryEvent, 'tipo' | 'id_novo'>): boolean {
  return (
    companyId === TICKET_EDIT_COMPANY &&
    event.tipo === TIMELINE_EVENT_TYPE.statusNegociacao &&
    event.id_novo === TICKET_EDIT_STATUS
  );
}
