// Over 500 lines: the lead core's one door (issue 22 §1); its other changes are lead-changes.service.ts. Next split: creation.
// The lead rules and their transactions (000 §3 §4 §7, 001 §4 §5 §6 §7): every change is scoped to
// the session's company and unit, writes its history event and its lead event (issue 22 §2, the
// stream of modules/lead-events) in the same transaction; the stream's realtime consumer announces it.
import { sql, type SQL } from 'drizzle-orm';

import {
  fieldChanges,
  type LeadEventAudience,
  type LeadEventInput,
  type LeadEventType,
} from '@funil/domain/lead-events/lead-events';
import type { CrmContato, CsvRowBody, LeadAction, LeadChangeResponse } from '@funil/domain/leads-api/lead-api';
import { duplicatePhoneMessage, LEAD_API_MESSAGES } from '@funil/domain/leads-api/messages';
import { CONTACT_MESSAGES, type ContactCreatePayload } from '@funil/domain/leads/contact';
import { originOf, type LeadChannel, type LeadOrigin } from '@funil/domain/leads/origin';
import { TIMELINE_EVENT_TYPE } from '@funil/domain/leads/timeline';
import { isLeadVisibleTo, seesAssignedLeads, type LeadViewer } from '@funil/domain/leads/visibility';
import { classifyPhone, LEAD_PHONE_MAX_DIGITS, leadPhoneText, phoneMatchKeys } from '@funil/domain/phone/matching';
import { configuracoesExtraSchema, parseConfiguracoesUsuario, type ConfiguracoesExtra } from '@funil/domain/unit/unit-data';

import { executeRows, type Db, type Tx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import type { EnqueueInput } from '../../jobs/job-runner.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { Session } from '../auth/auth.service.ts';
import { activePotentials } from '../catalog/catalog.service.ts';
import { appendLeadEvents, sameAudienceEvent } from '../lead-events/lead-events.service.ts';
import { findOrCreateTagsByName, linkTagsToLeads } from '../tags/tags.service.ts';
import { activeUnitOfCompany, crmIntervalDays } from '../tenancy/tenancy.service.ts';
import { invalidateLeadCounts } from './lead-count-cache.ts';
import { firstTouchColumns, originsOf } from './lead-origin.ts';
// `chat`: the row reads and inserts of the lead-by-phone and creation paths (the name their bodies
// have used since issue 7; the chat view's own queries are in views/chat/).
import * as chat from './lead-rows.repository.ts';
import {
  findLead,
  findLeadsByPhoneKeys,
  insertHistory,
  insertLeads,
  leadView,
  listAppointments,
  listCampaigns,
  listHistory,
  markMassSendOptOut,
  updateLead,
  type LeadRow,
  type LeadScope,
  type NewHistory,
  type NewLead,
} from './leads.repository.ts';
import { phoneKey } from './phone-key.ts';

/** What the lead services need from the app. */
export type LeadDeps = {
  db: Db;
  realtime: Pick<Realtime, 'toUnit' | 'toUsersWhoSee'>;
  now?: () => Date;
  /** The unit and the lead of a conversation ticket (the WhatsApp module's, given by the app); null when none. */
  ticketOwnerOf?: ((db: Db | Tx, idTicket: number) => Promise<TicketOwner | null>) | undefined;
  /** The app's durable jobs (app.jobs.enqueue): a scheduled message becomes a job in the schedule's transaction. */
  enqueueJob?: ((input: EnqueueInput, tx: Tx) => Promise<unknown>) | undefined;
};

export function scopeOf(session: Session): LeadScope {
  // 001 §6: acesso_atribuidos applies to attendants; other roles see every lead of the unit.
  return {
    empresaId: session.empresaId,
    unidadeId: session.unidadeId,
    userId: session.userId,
    seesAssigned: seesAssignedLeads(viewerOf(session)),
  };
}

export const viewerOf = (session: Session): LeadViewer => ({
  userId: session.userId,
  permission: session.permission,
  acessoAtribuidos: session.acessoAtribuidos,
});

export function extrasOf(session: Session): ConfiguracoesExtra {
  const parsed = configuracoesExtraSchema.safeParse(session.access.extras);
  return parsed.success ? parsed.data : {};
}

/** The services' clock: the app's when given (tests), else the wall clock. */
export const nowOf = (deps: LeadDeps) => (deps.now ? deps.now() : new Date());

/** The lead of the caller's unit, visible to the caller; 404 otherwise (another unit's id is never revealed). */
export async function loadVisibleLead(db: Db | Tx, scope: LeadScope, id: number, lock = false): Promise<LeadRow> {
  const lead = await findLead(db, scope, id, lock);
  if (!lead) throw new DomainError('not_found', LEAD_API_MESSAGES.notFound);
  assertLeadVisible(scope, lead);
  return lead;
}

// 001 §5 "Opening a lead": another attendant's lead is closed to a user without acesso_atribuidos.
function assertLeadVisible(scope: LeadScope, lead: LeadRow): void {
  if (!isLeadVisibleTo(lead, { userId: scope.userId, acessoAtribuidos: scope.seesAssigned }))
    throw new DomainError('forbidden', LEAD_API_MESSAGES.assignedToOther);
}

/** A history event of a change; cli_crm_id, unit and attendant are filled in by applyLeadChange. */
export type HistoryInput = Omit<NewHistory, 'cliCrmId' | 'idUnidade' | 'atendente'>;

/** What a change does: the lead's new values, the events it writes, and how it is announced. */
export type LeadChange = {
  action: LeadAction;
  message: string;
  set?: Partial<NewLead>;
  history: HistoryInput[];
  /** Other writes of the change, inside its transaction. */
  also?: (tx: Tx) => Promise<void>;
  /** Chat bookkeeping (unread counter, ticket id): list-derived fields kept without a history event. */
  bookkeeping?: true;
  /** What the lead event carries besides the changed columns (@funil/domain/lead-events LEAD_EVENT_DATA). */
  dados?: Record<string, unknown>;
  /** The lead event's kind when it is not the action's (a card's new place on the board). */
  tipo?: LeadEventType;
};

export type ChangeOutcome = { response: LeadChangeResponse; historyIds: number[] };

/**
 * Runs one change of a lead in one transaction: locks the lead (scoped and visible), lets
 * `decide` compute the change (or null when nothing changes), updates the lead and writes its
 * history events and its one lead event; the stream's realtime consumer announces it
 * (`lead-{id}-update`, `company-{empresaId}-contact`) to the users who may see the lead.
 */
export async function applyLeadChange(
  deps: LeadDeps,
  session: Session,
  id: number,
  decide: (lead: LeadRow, tx: Tx) => Promise<LeadChange | { unchanged: string }>,
  /** view false: the answer's data is null, the lead is not read again (a drag on the pipeline, issue 22 §2). */
  options: { view?: boolean } = {},
): Promise<ChangeOutcome> {
  const scope = scopeOf(session);
  const result = await deps.db.transaction(async (tx) => {
    const lead = await loadVisibleLead(tx, scope, id, true);
    const change = await decide(lead, tx);
    if ('unchanged' in change) return { change: null, message: change.unchanged, historyIds: [], audiences: [] };
    // Nothing changes without its event (000 §3 "History event").
    if (change.history.length === 0 && !change.bookkeeping) throw new Error(`mudança sem evento de histórico: ${change.action}`);
    await updateLead(tx, lead.cliCrmId, { ...change.set, dataAtualizacao: nowOf(deps) });
    await change.also?.(tx);
    const unit = change.set?.idUnidade ?? lead.idUnidade;
    const historyIds = await insertHistory(
      tx,
      change.history.map((h) => ({ ...h, cliCrmId: lead.cliCrmId, idUnidade: unit, atendente: session.userId })),
    );
    // Issue 21: who saw the lead before the change and who sees it after (an assignment, a transfer).
    const before: LeadEventAudience = { idUnidade: lead.idUnidade, idUsuario: lead.idUsuario };
    const after: LeadEventAudience = {
      idUnidade: unit,
      idUsuario: change.set && 'idUsuario' in change.set ? (change.set.idUsuario ?? null) : lead.idUsuario,
    };
    const same = before.idUnidade === after.idUnidade && before.idUsuario === after.idUsuario;
    // The lead event, after the lead's row is locked: its id then follows this lead's changes (issue 22 §2).
    await appendLeadEvents(tx, [
      {
        tipo: change.tipo ?? change.action,
        cliCrmId: lead.cliCrmId,
        idEmpresa: lead.idEmpresa,
        idUnidade: unit,
        antes: before,
        depois: after,
        ator: session.userId,
        mudancas: fieldChanges(lead, change.set ?? {}),
        dados: change.dados ?? {},
      },
    ]);
    return { change, message: change.message, historyIds, audiences: same ? [after] : [before, after] };
  });
  // This process's cached list totals drop at once; the stream's realtime consumer announces it.
  if (result.change) invalidateLeadCounts(deps.db, new Set(result.audiences.map((a) => a.idUnidade)));
  if (options.view === false) return { response: { message: result.message, data: null }, historyIds: result.historyIds };
  const view = await leadView(deps.db, id);
  const visible = view && view.unidade === session.unidadeId && view.desativado === 0 ? view : null;
  return { response: { message: result.message, data: visible }, historyIds: result.historyIds };
}

// ---- Registration (000 §3 "Contact create payload", §7) ---------------------------------------

export type NewContact = {
  cli_nome: string;
  cli_telefone: string;
  cli_email?: string | undefined;
  ad_name?: string | undefined;
  ad_id?: string | undefined;
  informacoesExtra?: Record<string, unknown> | undefined;
};

export function newLeadValues(session: Pick<Session, 'empresaId' | 'unidadeId'>, contact: NewContact): NewLead {
  return {
    idEmpresa: session.empresaId,
    idUnidade: session.unidadeId,
    cliNome: contact.cli_nome,
    cliTelefone: contact.cli_telefone,
    telefoneChave: phoneKey(contact.cli_telefone),
    cliEmail: contact.cli_email ?? null,
    adName: contact.ad_name ?? null,
    adId: contact.ad_id ?? null,
    cliCampanhaNome: contact.ad_name ?? null,
    informacoesExtra: contact.informacoesExtra ?? {},
  };
}

const UNIT_LEADS_LOCK = 7_310_000;

/**
 * The whole unit's creation lock (the CSV import's batch, which checks many numbers at once):
 * exclusive, so it waits for every one-number creation of the unit and holds them off.
 */
export async function lockUnitLeads(tx: Tx, idUnidade: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${UNIT_LEADS_LOCK + idUnidade})`);
}

/**
 * One number's creation lock (issue 23 §1): the unit's lock shared (so an import batch still
 * excludes it) and an exclusive lock on (unit, hash of the phone key), so two creations of one
 * number make one lead while different numbers of the unit do not wait on each other. `key` is
 * the lead's `telefone_chave` (phoneKey: both ninth-digit forms give the same key). A hash
 * collision only makes two numbers wait on each other, never two leads of one number.
 *
 * `claim`: an insert of the caller's that returns a row when it claims (the capture URL's
 * idempotency key), run first in the same statement: one round trip for both on the capture's hot
 * path. Answers whether it claimed (true without one); the locks are taken either way.
 */
export async function lockLeadPhone(tx: Tx, idUnidade: number, key: string, claim?: SQL): Promise<boolean> {
  const locks = sql`pg_advisory_xact_lock_shared(${UNIT_LEADS_LOCK + idUnidade}::bigint),
      pg_advisory_xact_lock(${idUnidade}::int, hashtext(${key}))`;
  if (claim === undefined) {
    await tx.execute(sql`select ${locks}`);
    return true;
  }
  // The locks are evaluated on the count's one row, so after the claim has run (and waited, if it had to).
  const [row] = await executeRows<{ claimed: number }>(
    tx,
    sql`with claim as (${claim}), claimed as (select count(*)::int as n from claim) select n as claimed, ${locks} from claimed`,
  );
  return (row?.claimed ?? 0) > 0;
}

/** 409 when the phone already belongs to a live lead of the unit (ninth-digit tolerant). */
export async function assertPhoneFree(db: Db | Tx, idUnidade: number, phone: string, exceptId?: number): Promise<void> {
  const [existing] = await findLeadsByPhoneKeys(
    db,
    idUnidade,
    phoneMatchKeys(phone).map((k) => phoneKey(k)),
    exceptId,
  );
  if (existing)
    throw new DomainError('conflict', duplicatePhoneMessage({ cli_crm_id: existing.cliCrmId, cli_nome: existing.cliNome }));
}

async function createOne(
  deps: LeadDeps,
  session: Session,
  contact: NewContact,
  tagNames: readonly string[],
  origem: string,
  canal: 'manual' | 'csv',
): Promise<number> {
  // Issue 23 §4: typed by hand or imported; an ad named in the form is a manual attribution.
  const origin = originOf({ canal, ad_id: contact.ad_id, ad_name: contact.ad_name }, nowOf(deps));
  const id = await deps.db.transaction(async (tx) => {
    // Serialises creations of this number in the unit so two requests cannot both pass the duplicate check.
    await lockLeadPhone(tx, session.unidadeId, phoneKey(contact.cli_telefone));
    await assertPhoneFree(tx, session.unidadeId, contact.cli_telefone);
    const [leadId] = await insertLeads(tx, [{ ...newLeadValues(session, contact), ...firstTouchColumns(origin) }]);
    if (leadId === undefined) throw new Error('lead não inserido');
    const { tags: tagRows } = await findOrCreateTagsByName(tx, session.unidadeId, tagNames);
    await linkTagsToLeads(
      tx,
      tagRows.map((t) => ({ cliCrmId: leadId, idTag: t.id })),
    );
    await insertHistory(tx, [
      {
        cliCrmId: leadId,
        idUnidade: session.unidadeId,
        atendente: session.userId,
        tipo: TIMELINE_EVENT_TYPE.usuario,
        descricao: origem,
        texto: tagRows.length > 0 ? `Tags: ${tagRows.map((t) => t.nome).join(', ')}` : null,
      },
    ]);
    // A new lead is unassigned (newLeadValues): every user of the unit sees it.
    await appendLeadEvents(tx, [
      createdEvent(
        { cliCrmId: leadId, idEmpresa: session.empresaId, idUnidade: session.unidadeId, idUsuario: null },
        session.userId,
        { origem: canal, descricao: origem, tags: tagRows.map((t) => t.id), toque: origin },
      ),
    ]);
    return leadId;
  });
  invalidateLeadCounts(deps.db, [session.unidadeId]);
  return id;
}

/** The lead event of a new lead (issue 22 §2): no audience before, its unit and attendant after. */
export function createdEvent(
  lead: { cliCrmId: number; idEmpresa: number; idUnidade: number; idUsuario: number | null },
  ator: number | null,
  dados: {
    origem: 'manual' | 'csv' | 'whatsapp' | 'captura';
    descricao: string;
    tags?: number[];
    lote?: 'importacao-csv';
    /** The origin the lead arrived with (issue 23 §4). */
    toque?: LeadOrigin;
  },
): LeadEventInput {
  return {
    tipo: 'criado',
    cliCrmId: lead.cliCrmId,
    idEmpresa: lead.idEmpresa,
    idUnidade: lead.idUnidade,
    antes: null,
    depois: { idUnidade: lead.idUnidade, idUsuario: lead.idUsuario },
    ator,
    mudancas: {},
    dados,
  };
}

export function createManualContact(deps: LeadDeps, session: Session, body: ContactCreatePayload): Promise<number> {
  return createOne(deps, session, body, [], 'Lead cadastrado manualmente', 'manual');
}

export function createCsvContact(deps: LeadDeps, session: Session, body: CsvRowBody): Promise<number> {
  return createOne(deps, session, body, body.cli_tags, 'Lead cadastrado por CSV', 'csv');
}

// ---- Reads of one lead (000 §7, 001 §7) ----------------------------------------------------------

/**
 * The unit a company admin (ag) chose in /webphone's 'Unidades' dropdown (issue 12; 002 §2.1 "For
 * the permission value ag, a unit dropdown … replaces the call controller and contacts are loaded
 * by unit"), as a read scope: an active unit of the session's company, else 404 (another company's
 * unit is never revealed). Null when the session's own unit applies: no unit named, the own unit,
 * or a role other than ag, whose parameter is ignored as targetCompanyId ignores ?idEmpresa=. Only
 * the contact list and the full contact read through it; every change keeps the session's unit.
 */
export async function chosenUnitScope(
  db: Db | Tx,
  session: Session,
  idUnidade: number | undefined,
): Promise<{ scope: LeadScope; crmIntervalDays: number } | null> {
  if (session.permission !== 'ag' || idUnidade === undefined || idUnidade === session.unidadeId) return null;
  const unit = await activeUnitOfCompany(db, session.empresaId, idUnidade);
  if (!unit) throw new DomainError('not_found', LEAD_API_MESSAGES.unitNotFound);
  return { scope: { ...scopeOf(session), unidadeId: unit.id }, crmIntervalDays: await crmIntervalDays(db, unit.id) };
}

export async function fullContact(deps: LeadDeps, session: Session, id: number, idUnidade?: number) {
  const chosen = await chosenUnitScope(deps.db, session, idUnidade);
  const lead = await loadVisibleLead(deps.db, chosen?.scope ?? scopeOf(session), id);
  const [view, potentials] = await Promise.all([leadView(deps.db, lead.cliCrmId), activePotentials(deps.db, session.empresaId)]);
  return {
    data: {
      // Issue 23 §4: where the lead came from, first and last touch.
      crm_contato_completo: { ...(view as CrmContato), origem: originsOf(lead) },
      crm_potencial_negociacao: potentials.map((p) => ({
        id: p.id,
        nome: p.nome,
        descricao: p.descricao,
        status: p.status,
        status1: p.status1,
        status2: p.status2,
        status3: p.status3,
        status4: p.status4,
        status5: p.status5,
      })),
    },
  };
}

export async function leadHistory(deps: LeadDeps, session: Session, id: number) {
  const lead = await loadVisibleLead(deps.db, scopeOf(session), id);
  return { data: await listHistory(deps.db, lead.cliCrmId) };
}

export async function leadAppointments(deps: LeadDeps, session: Session, id: number) {
  const lead = await loadVisibleLead(deps.db, scopeOf(session), id);
  return { data: await listAppointments(deps.db, lead.cliCrmId) };
}

export async function campaigns(deps: LeadDeps, session: Session) {
  return { data: await listCampaigns(deps.db, scopeOf(session)) };
}

// ---- Deletion and the chat's flags (001 §7 PUT /webhook/lead) --------------------------------------
// The other changes of a lead (edit, schedule, assign, transfer, convert, ticket, call outcome)
// are in lead-changes.service.ts and the views; each goes through applyLeadChange above.

export type LeadWebhookBody = {
  desativado?: 1 | '1' | undefined;
  marcado_nao_lida?: 0 | 1 | undefined;
  whatsapp_ultima_mensagem_nao_lidas?: number | undefined;
  idTicket?: number | undefined;
};

/**
 * PUT /webhook/lead/cli_crm_id/{id} (001 §7): {desativado:1} soft-deletes (needs excluir_leads),
 * {marcado_nao_lida} marks unread/read; the chat's bookkeeping fields (unread count, ticket) ride along.
 */
export function updateLeadFromChat(deps: LeadDeps, session: Session, id: number, body: LeadWebhookBody) {
  if (body.desativado !== undefined && parseConfiguracoesUsuario(session.configuracoes).excluir_leads !== true) {
    throw new DomainError('forbidden', LEAD_API_MESSAGES.deleteForbidden);
  }
  return applyLeadChange(deps, session, id, async (lead, tx) => {
    const set: Partial<NewLead> = {};
    const history: HistoryInput[] = [];
    let message: string = LEAD_API_MESSAGES.leadUpdated;
    let action: LeadAction = 'atualizado';
    if (
      body.whatsapp_ultima_mensagem_nao_lidas !== undefined &&
      body.whatsapp_ultima_mensagem_nao_lidas !== lead.whatsappUltimaMensagemNaoLidas
    ) {
      set.whatsappUltimaMensagemNaoLidas = body.whatsapp_ultima_mensagem_nao_lidas;
    }
    if (body.idTicket !== undefined && body.idTicket !== lead.idTicket) {
      // Only the lead's own ticket (issue 7 §4, issue 21 item 5): a foreign, negative or unknown id,
      // or another lead's, is not found.
      const owner = body.idTicket > 0 && deps.ticketOwnerOf ? await deps.ticketOwnerOf(tx, body.idTicket) : null;
      assertOwnTicket(lead, owner && { id: body.idTicket, ...owner });
      set.idTicket = body.idTicket;
    }
    if (body.marcado_nao_lida !== undefined && body.marcado_nao_lida !== lead.marcadoNaoLida) {
      set.marcadoNaoLida = body.marcado_nao_lida;
      message = body.marcado_nao_lida === 1 ? LEAD_API_MESSAGES.markedUnread : LEAD_API_MESSAGES.markedRead;
      action = 'nao-lida';
      history.push({
        tipo: TIMELINE_EVENT_TYPE.usuario,
        idAntigo: lead.marcadoNaoLida,
        idNovo: body.marcado_nao_lida,
        descricao: body.marcado_nao_lida === 1 ? 'Lead marcado como não lido' : 'Lead marcado como lido',
      });
    } else if (body.marcado_nao_lida !== undefined) {
      message = body.marcado_nao_lida === 1 ? LEAD_API_MESSAGES.markedUnread : LEAD_API_MESSAGES.markedRead;
    }
    if (body.desativado !== undefined) {
      set.desativado = 1;
      message = LEAD_API_MESSAGES.deleted;
      action = 'apagado';
      history.push({ tipo: TIMELINE_EVENT_TYPE.usuario, idAntigo: 0, idNovo: 1, descricao: 'Lead apagado' });
    }
    if (Object.keys(set).length === 0) return { unchanged: message };
    // The unread counter and the ticket id are list-derived chat bookkeeping (001 §3), like the
    // last message: they change without a timeline event.
    if (history.length === 0) return { action, message, set, history, bookkeeping: true };
    return { action, message, set, history };
  });
}

// ---- The door (issue 7 §1) ---------------------------------------------------------------------
// Every other module reads and writes a lead through the functions below, never through the
// leads table: the session's visible lead, find-or-create by phone, the chat's bookkeeping.

export type { LeadRow };

export const LEAD_DOOR_MESSAGES = {
  // The WhatsApp module's text for a ticket it does not know (001 §7 company messaging backend).
  ticketOfOtherUnit: 'Ticket não encontrado.',
} as const;

/** Where a conversation ticket belongs: its unit and its one lead (whatsapp_tickets.cli_crm_id). */
export type TicketOwner = { idUnidade: number; cliCrmId: number };

/**
 * A ticket belongs to one lead (issue 21 item 5): a lead points only at a ticket of its own, never at
 * another lead's of the unit (one its attendant may not see), whose conversation it would then join.
 * Anything else answers as an unknown ticket.
 */
export function assertOwnTicket(
  lead: Pick<LeadRow, 'cliCrmId' | 'idUnidade'>,
  ticket: ({ id: number } & TicketOwner) | null,
): void {
  if (!ticket || ticket.id <= 0 || ticket.idUnidade !== lead.idUnidade || ticket.cliCrmId !== lead.cliCrmId)
    throw new DomainError('not_found', LEAD_DOOR_MESSAGES.ticketOfOtherUnit);
}

export type UnitRef = { idEmpresa: number; idUnidade: number };

/**
 * The lead this session may see: of its company and unit, not deleted (404 'Lead não encontrado.'),
 * not another attendant's for an attendant without acesso_atribuidos (403, 001 §5 "Opening a
 * lead", §6). The same answers as GET contato/completo/{id}.
 */
export function leadForSession(db: Db | Tx, session: Session, id: number): Promise<LeadRow> {
  return loadVisibleLead(db, scopeOf(session), id);
}

/** The session's visible lead with this phone (digits, ninth digit and 55 tolerated, 001 §5); 404 when the unit has none. */
export async function leadForSessionByPhone(db: Db | Tx, session: Session, phone: string): Promise<LeadRow> {
  const parsed = leadPhoneOf(phone);
  const lead = parsed ? await chat.findLeadByPhoneKey(db, session.unidadeId, parsed.key) : null;
  if (!lead || lead.idEmpresa !== session.empresaId) throw new DomainError('not_found', LEAD_API_MESSAGES.notFound);
  assertLeadVisible(scopeOf(session), lead);
  return lead;
}

/**
 * A phone as a lead stores it (001 §5): the national digits, or the id of an @lid; and the
 * telefone_chave it is matched by. Null for text that is not a phone ('', '11', letters) or is
 * longer than a lead's phone holds (issue 21 item 2: an id of more than 20 digits).
 */
export function leadPhoneOf(text: string): { telefone: string; key: string } | null {
  if (!leadPhoneText(text)) return null;
  const identity = classifyPhone(text);
  if (identity.kind === 'invalid') return null;
  const telefone = identity.kind === 'national' ? identity.digits : identity.id;
  if (telefone.length > LEAD_PHONE_MAX_DIGITS) return null;
  return { telefone, key: phoneKey(telefone) };
}

/** A lead of the unit by id, deleted or not, without a session (webhooks, after a store). */
export const unitLead = (db: Db | Tx, idUnidade: number, cliCrmId: number): Promise<LeadRow | null> =>
  chat.findUnitLead(db, idUnidade, cliCrmId);

/** Where a lead is created outside a request of this module: `db` may be an open transaction. */
export type LeadCreation = {
  db: Db | Tx;
  /** The app's database, whose cached list totals learn of a new lead. */
  cacheDb: Db;
  /** Runs after the surrounding transaction commits (a webhook batch); at once when absent. */
  afterCommit?: ((fn: () => void) => void) | undefined;
};

export type FindOrCreateInput = {
  phone: string;
  name: string;
  email?: string | null | undefined;
  idInstancia?: number | null | undefined;
  /** A ticket the lead points at (the caller has loaded it): only the found lead's own (issue 21 item 5). */
  ticket?: ({ id: number } & TicketOwner) | null | undefined;
  /** Who created it (null: a message from the number). */
  atendente?: number | null | undefined;
  /** The history event's text (000 §3). */
  origem: string;
  /**
   * A session's request (POST /contacts, /webhook/lead): a number whose lead was deleted is closed
   * as the deleted lead is (404), instead of becoming a new lead; a message from the number (no
   * session) still makes a new one.
   */
  deletedIsClosed?: boolean | undefined;
};

/** plataformas.id of WhatsApp (seeded reference list): the origin of a lead created by a message. */
export const PLATFORM_WHATSAPP = 4;

/**
 * The unit's live lead of a phone (any ninth-digit form, with or without 55), created when new
 * (001 §7 POST /contacts, /webhook/lead, a message from an unknown number): 400 'Celular
 * inválido' for text that is not a phone (001 §5). Creation takes the number's creation lock
 * (lockLeadPhone), writes its history event and drops the unit's cached list totals
 * once committed.
 */
export async function findOrCreateLeadByPhone(
  c: LeadCreation,
  unit: UnitRef,
  input: FindOrCreateInput,
): Promise<{ lead: LeadRow; created: boolean }> {
  const parsed = leadPhoneOf(input.phone);
  if (!parsed) throw new DomainError('invalid', CONTACT_MESSAGES.phoneInvalid);
  if (input.ticket && input.ticket.idUnidade !== unit.idUnidade)
    throw new DomainError('not_found', LEAD_DOOR_MESSAGES.ticketOfOtherUnit);
  const found = await chat.findLeadByPhoneKey(c.db, unit.idUnidade, parsed.key);
  if (found && input.ticket) assertOwnTicket(found, input.ticket);
  if (found) return { lead: found, created: false };
  // Every ticket already belongs to a lead: a new lead can own none of them (issue 21 item 5).
  if (input.ticket) throw new DomainError('not_found', LEAD_DOOR_MESSAGES.ticketOfOtherUnit);
  // Issue 23 §4: a message from an unknown number is WhatsApp organic (a message from a
  // click-to-WhatsApp ad goes through lead-ad-message.service.ts instead); POST /contacts and
  // /webhook/lead are a capture by API.
  const canal: LeadChannel = input.deletedIsClosed ? 'captura' : 'whatsapp-organico';
  const origin = originOf({ canal, plataforma: PLATFORM_WHATSAPP }, new Date());
  const result = await c.db.transaction(async (tx) => {
    await lockLeadPhone(tx, unit.idUnidade, parsed.key);
    const again = await chat.findLeadByPhoneKey(tx, unit.idUnidade, parsed.key);
    if (again && input.ticket) assertOwnTicket(again, input.ticket);
    if (again) return { lead: again, created: false };
    if (input.deletedIsClosed && (await chat.hasDeletedLeadWithPhoneKey(tx, unit.idUnidade, parsed.key)))
      throw new DomainError('not_found', LEAD_API_MESSAGES.notFound);
    const lead = await chat.insertLeadRow(tx, {
      ...firstTouchColumns(origin),
      idEmpresa: unit.idEmpresa,
      idUnidade: unit.idUnidade,
      cliNome: (input.name.trim() || parsed.telefone).slice(0, 200),
      cliTelefone: parsed.telefone,
      telefoneChave: parsed.key,
      cliEmail: input.email ?? null,
      cliTipoLead: PLATFORM_WHATSAPP,
      idInstanciaEvolution: input.idInstancia ?? null,
    });
    await insertHistory(tx, [
      {
        cliCrmId: lead.cliCrmId,
        idUnidade: unit.idUnidade,
        atendente: input.atendente ?? null,
        tipo: TIMELINE_EVENT_TYPE.usuario,
        descricao: input.origem,
      },
    ]);
    await appendLeadEvents(tx, [
      createdEvent(lead, input.atendente ?? null, {
        origem: input.deletedIsClosed ? 'captura' : 'whatsapp',
        descricao: input.origem,
        toque: origin,
      }),
    ]);
    return { lead, created: true };
  });
  if (result.created) {
    const invalidate = () => invalidateLeadCounts(c.cacheDb, [unit.idUnidade]);
    if (c.afterCommit) c.afterCommit(invalidate);
    else invalidate();
  }
  return result;
}

/**
 * Issue 13 'Opt-out': the lead answered SAIR/PARAR; campaigns skip it from now on (the
 * attendant's chat does not), with its history event and its lead event 'optout-envio-massa'
 * (issue 22 §2), in one transaction (`db`'s, as a savepoint, when it is one). Nothing happens the
 * second time.
 */
export async function recordMassSendOptOut(
  db: Db | Tx,
  lead: { cliCrmId: number; idUnidade: number },
  at: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await markMassSendOptOut(tx, lead.cliCrmId, at);
    if (!marked) return false;
    await insertHistory(tx, [
      {
        cliCrmId: lead.cliCrmId,
        idUnidade: marked.idUnidade,
        atendente: null,
        tipo: TIMELINE_EVENT_TYPE.usuario,
        descricao: MASS_SEND_OPT_OUT_HISTORY,
        datacad: at,
      },
    ]);
    await appendLeadEvents(tx, [
      sameAudienceEvent(marked, {
        tipo: 'optout-envio-massa',
        ator: null,
        mudancas: fieldChanges({ optoutEnvioMassa: null }, { optoutEnvioMassa: at }),
        dados: {},
      }),
    ]);
    return true;
  });
}

/** The timeline text of an opt-out (issue 13). */
export const MASS_SEND_OPT_OUT_HISTORY = 'Lead pediu para sair dos envios em massa';

// ---- For the core's views (issue 22 §1) ----------------------------------------------------------
// The views in views/<name>/ (README.md) read through these and lead-sql.service.ts; they never
// import the core's repositories. The row types, one lead as the API shows it, the phone key, the
// unit's cached list totals, and the CSV import's batch reads and insert (a creation path).
export type { LeadScope, NewLead };
export { leadView, findLeadsByPhoneKeys, insertImportedLeads, type ImportedLead } from './leads.repository.ts';
export { phoneKey } from './phone-key.ts';
export { invalidateLeadCounts, leadCountCache } from './lead-count-cache.ts';
