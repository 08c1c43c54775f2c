// Drizzle queries of the lead module; they return rows or null and let the service decide.
import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ContactListFilter } from '@funil/domain/leads/filter-segments';
import { splitAttendants } from '@funil/domain/leads/contact-list-chips';
import type { CrmContato, HistoryItem, TagRef } from '@funil/domain/leads-api/lead-api';
import { leadListItemSchema, type LeadListItem } from '@funil/domain/leads/lead';
import { CONTACT_LIST_PAGE_SIZE, appointmentStatusLabel } from '@funil/domain/leads-api/lead-api';
import { formatSchedulePayload, endOfDayFilter, toInstant } from '@funil/domain/format/date';
import { stripPhone } from '@funil/domain/phone/phone';
import { searchWords } from '@funil/domain/leads/name-search';
import { queryRows, type Db, type DbOrTx } from '../../db/handle.ts';
import { historico, leads } from './leads.table.ts';
import { agendamentos } from './appointments.table.ts';
import { userNameSql } from '../users/users.service.ts';
import { leadHasAnyTagSql, leadTagsJsonSql } from '../tags/tags.service.ts';
import { SAO_PAULO_SQL } from '../../db/sql-rules.ts';

export type LeadRow = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;
export type NewHistory = Omit<typeof historico.$inferInsert, 'id'>;

/** Who is reading or changing leads: the session's company, unit and visibility (001 §6). */
export type LeadScope = {
  empresaId: number;
  unidadeId: number;
  userId: number;
  /** false: an attendant without acesso_atribuidos, who sees only unassigned leads and their own. */
  seesAssigned: boolean;
};

// `desativado = 0` stays a literal: it is the predicate of the partial list indexes
// (leads_lista_idx, leads_lista_status_idx), which a bound parameter would not match in a generic plan.
const inScope = (scope: LeadScope): SQL =>
  and(eq(leads.idEmpresa, scope.empresaId), eq(leads.idUnidade, scope.unidadeId), sql`${leads.desativado} = 0`)!;

/** A lead of the scope's unit (not deleted), or null; `lock` takes FOR UPDATE. */
export async function findLead(db: DbOrTx, scope: LeadScope, id: number, lock = false): Promise<LeadRow | null> {
  const query = db.select().from(leads).where(and(eq(leads.cliCrmId, id), inScope(scope)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The live leads of a unit whose telefone_chave is one of `keys` (ninth-digit tolerant). */
export async function findLeadsByPhoneKeys(db: DbOrTx, idUnidade: number, keys: readonly string[], exceptId?: number) {
  if (keys.length === 0) return [];
  return db
    .select({ cliCrmId: leads.cliCrmId, cliNome: leads.cliNome, telefoneChave: leads.telefoneChave })
    .from(leads)
    .where(and(eq(leads.idUnidade, idUnidade), eq(leads.desativado, 0), inArray(leads.telefoneChave, [...keys]), exceptId === undefined ? undefined : ne(leads.cliCrmId, exceptId)))
    .orderBy(asc(leads.cliCrmId));
}

export async function insertLeads(db: DbOrTx, values: NewLead[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db.insert(leads).values(values).returning({ id: leads.cliCrmId });
  return rows.map((r) => r.id);
}

/** One CSV row ready to insert (000 §4): only the columns the file fills, the rest keep their defaults. */
export type ImportedLead = {
  line: number;
  nome: string;
  telefone: string;
  chave: string;
  email: string | null;
  adName: string | null;
  adId: string | null;
  /** The history event's descricao and texto (000 §3 "History event"). */
  descricao: string;
  texto: string | null;
};

/**
 * Inserts a batch of imported leads and their history events in one statement, the rows
 * travelling as one JSON parameter instead of one placeholder per value; the tags module links
 * their tags (csv-import.service.ts). Leads get their ids in line order; the batch's phone keys
 * are distinct (the caller drops duplicates). Returns the new lead id of each line.
 */
export async function insertImportedLeads(
  db: DbOrTx,
  target: { empresaId: number; unidadeId: number; atendente: number | null; tipo: number },
  rows: readonly ImportedLead[],
): Promise<{ line: number; id: number }[]> {
  if (rows.length === 0) return [];
  // The statement matches rows back by phone key; duplicates in the file are reported before this.
  if (new Set(rows.map((r) => r.chave)).size !== rows.length) throw new Error('telefone repetido no lote de importação');
  const records = JSON.stringify(rows.map((r) => ({ n: r.line, nome: r.nome, telefone: r.telefone, chave: r.chave, email: r.email, ad_name: r.adName, ad_id: r.adId, descricao: r.descricao, texto: r.texto })));
  const result = (await db.execute(sql`
    with r as (
      select * from json_to_recordset(${records}::json)
        as r(n int, nome text, telefone text, chave text, email text, ad_name text, ad_id text, descricao text, texto text)
    ), novos as (
      insert into ${leads} (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave, cli_email, ad_name, ad_id, cli_campanha_nome)
      select ${target.empresaId}::int, ${target.unidadeId}::int, r.nome, r.telefone, r.chave, r.email, r.ad_name, r.ad_id, r.ad_name
      from r order by r.n
      returning cli_crm_id, telefone_chave
    ), eventos as (
      insert into ${historico} (cli_crm_id, id_unidade, atendente, tipo, descricao, texto)
      select novos.cli_crm_id, ${target.unidadeId}::int, ${target.atendente}::int, ${target.tipo}::int, r.descricao, r.texto
      from novos join r on r.chave = novos.telefone_chave
      order by novos.cli_crm_id
    )
    select r.n as line, novos.cli_crm_id as id from novos join r on r.chave = novos.telefone_chave order by r.n`)) as unknown as { rows: { line: number; id: number }[] };
  return result.rows.map((r) => ({ line: Number(r.line), id: Number(r.id) }));
}

export async function updateLead(db: DbOrTx, id: number, set: Partial<NewLead>): Promise<void> {
  await db.update(leads).set(set).where(eq(leads.cliCrmId, id));
}

export async function insertHistory(db: DbOrTx, rows: NewHistory[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(historico).values(rows).returning({ id: historico.id });
  return inserted.map((r) => r.id);
}

export async function findHistoryItem(db: DbOrTx, leadId: number, itemId: number) {
  const [row] = await db
    .select()
    .from(historico)
    .where(and(eq(historico.id, itemId), eq(historico.cliCrmId, leadId)));
  return row ?? null;
}

/** The lead of a history item, for routes addressed by the item's id. */
export async function findHistoryItemById(db: DbOrTx, itemId: number) {
  const [row] = await db.select().from(historico).where(eq(historico.id, itemId));
  return row ?? null;
}

export async function deleteHistoryItem(db: DbOrTx, itemId: number): Promise<void> {
  await db.delete(historico).where(eq(historico.id, itemId));
}

export async function clearHistoryComment(db: DbOrTx, itemId: number): Promise<void> {
  await db.update(historico).set({ comentario: null }).where(eq(historico.id, itemId));
}

// The lead's tags and its attendant's name come from their modules' fragments (issue 7 §1), so
// a lead is still read in one statement.
const tagsOfLead = sql<TagRef[]>`${sql.raw(leadTagsJsonSql('"leads"."cli_crm_id"'))}`;
export const attendantName = sql<string | null>`${sql.raw(userNameSql('"leads"."id_usuario"'))}`;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const zeroOne = (n: number): 0 | 1 => (n === 1 ? 1 : 0);

/** A lead row as the API answers it (001 §3 with list-derived fields, 002 §3 crm_contato). */
/** The columns of a lead that the API shows (toCrmContato), as the list reads them. */
type ListedField =
  | 'cliCrmId'
  | 'cliId'
  | 'cliNome'
  | 'cliTelefone'
  | 'cliEmail'
  | 'cliContatoStatus'
  | 'cliMensagemStatus'
  | 'cliTipoLead'
  | 'cliDataCaptacao'
  | 'cliContatoAgendado'
  | 'cliDataProximaTentativa'
  | 'cliStatusNegociacao'
  | 'cliStatusNegociacaoVenda'
  | 'cliCampanhaInteresse'
  | 'cliCampanhaNome'
  | 'cliUrlFoto'
  | 'cliIdAtendimento'
  | 'idUnidade'
  | 'idEmpresa'
  | 'idUsuario'
  | 'valorTicket'
  | 'adName'
  | 'informacoesExtra'
  | 'utmCampaign'
  | 'utmMedium'
  | 'utmSource'
  | 'utmContent'
  | 'utmTerm'
  | 'whatsappBlocked'
  | 'idTicket'
  | 'idInstanciaEvolution'
  | 'isGroup'
  | 'marcadoNaoLida'
  | 'desativado'
  | 'cliMensagemAgendada'
  | 'cliDataMensagemAgendada'
  | 'cliMensagemAgendadaStatus'
  | 'cliMensagemAgendadaErro'
  | 'cliMensagemAgendadaTentativas'
  | 'whatsappUltimaMensagemTexto'
  | 'whatsappUltimaMensagemDataGeral'
  | 'whatsappUltimaMensagemDataEnviada'
  | 'whatsappUltimaMensagemDataRecebida'
  | 'whatsappUltimaMensagemNaoLidas'
  | 'whatsappUltimaMensagemFromMe'
  | 'whatsappUltimaMensagemTipo'
  | 'whatsappUltimaMensagemStatus'
  | 'idPotencial'
  | 'valorPotencial'
  | 'cliDataAtendimento'
  | 'cliCampanhaId'
  | 'adId'
  | 'cliTentativas'
  | 'cliTentativasDiarias'
  | 'dataAtualizacao';
export type ListedLead = Pick<LeadRow, ListedField>;

export function toCrmContato(lead: ListedLead, nomeAtendimento: string | null, tagList: TagRef[]): CrmContato {
  const status = lead.whatsappUltimaMensagemStatus;
  const fromMe = lead.whatsappUltimaMensagemFromMe;
  return {
    cli_crm_id: lead.cliCrmId,
    cli_id: lead.cliId,
    cli_nome: lead.cliNome,
    cli_telefone: lead.cliTelefone,
    cli_email: lead.cliEmail,
    cli_contato_status: lead.cliContatoStatus,
    cli_mensagem_status: lead.cliMensagemStatus,
    cli_tipo_lead: lead.cliTipoLead,
    cli_data_captacao: iso(lead.cliDataCaptacao),
    cli_contato_agendado: iso(lead.cliContatoAgendado),
    cli_data_proxima_tentativa: iso(lead.cliDataProximaTentativa),
    cli_status_negociacao: lead.cliStatusNegociacao,
    cli_status_negociacao_venda: lead.cliStatusNegociacaoVenda,
    cli_campanha_interesse: lead.cliCampanhaInteresse,
    cli_campanha_nome: lead.cliCampanhaNome,
    cli_url_foto: lead.cliUrlFoto,
    cli_id_atendimento: lead.cliIdAtendimento,
    unidade: lead.idUnidade,
    idEmpresa: lead.idEmpresa,
    idUsuario: lead.idUsuario,
    nome_atendimento: nomeAtendimento,
    valor_ticket: Number(lead.valorTicket),
    ad_name: lead.adName,
    informacoesExtra: lead.informacoesExtra,
    utm_campaign: lead.utmCampaign,
    utm_medium: lead.utmMedium,
    utm_source: lead.utmSource,
    utm_content: lead.utmContent,
    utm_term: lead.utmTerm,
    whatsapp_blocked: zeroOne(lead.whatsappBlocked),
    idTicket: lead.idTicket,
    idInstanciaEvolution: lead.idInstanciaEvolution,
    isGroup: lead.isGroup === 1,
    marcado_nao_lida: zeroOne(lead.marcadoNaoLida),
    desativado: zeroOne(lead.desativado),
    cli_mensagem_agendada: lead.cliMensagemAgendada,
    cli_data_mensagem_agendada: lead.cliDataMensagemAgendada ? formatSchedulePayload(lead.cliDataMensagemAgendada) : null,
    cli_mensagem_agendada_status: lead.cliMensagemAgendadaStatus === 'pendente' || lead.cliMensagemAgendadaStatus === 'falhou' ? lead.cliMensagemAgendadaStatus : null,
    cli_mensagem_agendada_erro: lead.cliMensagemAgendadaErro,
    cli_mensagem_agendada_tentativas: lead.cliMensagemAgendadaTentativas,
    whatsapp_ultima_mensagem_texto: lead.whatsappUltimaMensagemTexto,
    whatsapp_ultima_mensagem_data_geral: iso(lead.whatsappUltimaMensagemDataGeral),
    whatsapp_ultima_mensagem_data_enviada: iso(lead.whatsappUltimaMensagemDataEnviada),
    whatsapp_ultima_mensagem_data_recebida: iso(lead.whatsappUltimaMensagemDataRecebida),
    whatsapp_ultima_mensagem_nao_lidas: Math.max(0, lead.whatsappUltimaMensagemNaoLidas),
    whatsapp_ultima_mensagem_from_me: fromMe === null ? null : zeroOne(fromMe),
    whatsapp_ultima_mensagem_tipo: lead.whatsappUltimaMensagemTipo,
    whatsapp_ultima_mensagem_status: status === 1 || status === 2 || status === 3 ? status : null,
    tags: tagList,
    id_potencial: lead.idPotencial,
    valor_potencial: lead.valorPotencial,
    cli_data_atendimento: iso(lead.cliDataAtendimento),
    cli_campanha_id: lead.cliCampanhaId,
    ad_id: lead.adId,
    cli_tentativas: lead.cliTentativas,
    cli_tentativas_diarias: lead.cliTentativasDiarias,
    dataAtualizacao: lead.dataAtualizacao.toISOString(),
  };
}

const viewColumns = { lead: leads, nomeAtendimento: attendantName, tags: tagsOfLead };

/** One lead as the API shows it (any state), or null. */
export async function leadView(db: DbOrTx, id: number): Promise<CrmContato | null> {
  const [row] = await db.select(viewColumns).from(leads).where(eq(leads.cliCrmId, id));
  return row ? toCrmContato(row.lead, row.nomeAtendimento, row.tags) : null;
}

/**
 * 001 §5 Search and the lead half of 001 §2 'Busque por contatos e mensagens': the one condition
 * of a search term over the leads of `alias` in unit `unidadeId` (the CRM list and the chat's lead
 * list both use it). The name: every typed word is the start of a word of the normalised name
 * (packages/domain leads/name-search.ts), through leads_unidade_nome_palavras_idx: the name's
 * words are indexed qualified by the unit (`12ujoao`), so `12ujoa:*` reads only unit 12's entries. A term that
 * looks like a phone (digits, spaces, ()+-, at least 3 digits) also matches the phone digits,
 * through leads_unidade_telefone_trgm_idx. `add` binds a parameter and returns its placeholder.
 * Null for an empty term; `false` for a term with neither words nor digits. The caller keeps its
 * own `id_unidade = unidadeId` condition (the unit in the tokens is not a scope check).
 */
export function leadSearchCondition(term: string, unidadeId: number, alias: string, add: (value: unknown) => string): string | null {
  const parts = leadSearchParts(term, unidadeId, alias, add);
  if (parts === null) return null;
  if (parts.byName && parts.byPhone) return `(${parts.byName} or ${parts.byPhone})`;
  return parts.byName ?? parts.byPhone ?? 'false';
}

/** What a search term searches: the words of the name and, when it looks like a phone, its digits; null for an empty term. */
function searchTerms(term: string): { words: string[]; phoneDigits: string | null } | null {
  const trimmed = term.trim();
  if (trimmed === '') return null;
  const digits = stripPhone(trimmed);
  // Only letters and digits reach the tsquery (searchWords), so no tsquery operator can.
  return { words: searchWords(trimmed), phoneDigits: digits.length >= 3 && /^[\d\s()+-]+$/.test(trimmed) ? digits : null };
}

/** The name and phone conditions of leadSearchCondition, null for an empty term. */
function leadSearchParts(term: string, unidadeId: number, alias: string, add: (value: unknown) => string): { byName: string | null; byPhone: string | null } | null {
  const terms = searchTerms(term);
  return terms && searchPartsOf(terms, unidadeId, alias, add);
}

/** The tsquery text of a search's words in unit `unidadeId` (`12ujoa:* & 12umag:*`). */
const nameQueryOf = (words: readonly string[], unidadeId: number): string => {
  const unit = Math.trunc(Number(unidadeId));
  return words.map((w) => `${unit}u${w}:*`).join(' & ');
};

/**
 * The tsquery text of a term that searches names only (words, no phone digits), for a statement
 * that tests `cli_nome_palavras @@ to_tsquery('simple', …)` itself (the chat list's name walk);
 * null for any other term.
 */
export function leadNameOnlyQuery(term: string, unidadeId: number): string | null {
  const terms = searchTerms(term);
  return terms && terms.words.length > 0 && terms.phoneDigits === null ? nameQueryOf(terms.words, unidadeId) : null;
}

function searchPartsOf(terms: { words: string[]; phoneDigits: string | null }, unidadeId: number, alias: string, add: (value: unknown) => string): { byName: string | null; byPhone: string | null } {
  const byName = terms.words.length === 0 ? null : `${alias}.cli_nome_palavras @@ to_tsquery('simple'::regconfig, ${add(nameQueryOf(terms.words, unidadeId))})`;
  const byPhone = terms.phoneDigits === null ? null : `${alias}.cli_telefone like ${add(`%${terms.phoneDigits}%`)}`;
  return { byName, byPhone };
}

export type ListOptions = {
  filter: ContactListFilter;
  /** contato/crm: only leads captured since this instant (intervalo_dias_crm). */
  capturedSince?: Date;
};

/** A statement as PostgreSQL receives it: text with $n placeholders and its parameters. */
export type SqlStatement = { text: string; params: unknown[] };

/** Collects parameters and hands out their placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

// toCrmContato in SQL, for the list page (issue 8): PostgreSQL writes each lead of the page as
// the API's JSON, so the app neither parses 50 rows of ~55 columns nor serialises them again (the
// CPU of a list request). Typed by CrmContato's keys, so a field cannot be missed; the formats are
// toCrmContato's (ISO instants in UTC with milliseconds, 0/1 flags, São Paulo wall time for the
// scheduled message), and leads-list.routes.test.ts checks a page row equals leadView's.
const isoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const zeroOneSql = (column: string) => `case when ${column} = 1 then 1 else 0 end`;
const CRM_CONTATO_SQL: Record<keyof CrmContato, string> = {
  cli_crm_id: 'l.cli_crm_id',
  cli_id: 'l.cli_id',
  cli_nome: 'l.cli_nome',
  cli_telefone: 'l.cli_telefone',
  cli_email: 'l.cli_email',
  cli_contato_status: 'l.cli_contato_status',
  cli_mensagem_status: 'l.cli_mensagem_status',
  cli_tipo_lead: 'l.cli_tipo_lead',
  cli_data_captacao: isoSql('l.cli_data_captacao'),
  cli_contato_agendado: isoSql('l.cli_contato_agendado'),
  cli_data_proxima_tentativa: isoSql('l.cli_data_proxima_tentativa'),
  cli_status_negociacao: 'l.cli_status_negociacao',
  cli_status_negociacao_venda: 'l.cli_status_negociacao_venda',
  cli_campanha_interesse: 'l.cli_campanha_interesse',
  cli_campanha_nome: 'l.cli_campanha_nome',
  cli_url_foto: 'l.cli_url_foto',
  cli_id_atendimento: 'l.cli_id_atendimento',
  unidade: 'l.id_unidade',
  idEmpresa: 'l.id_empresa',
  idUsuario: 'l.id_usuario',
  nome_atendimento: userNameSql('l.id_usuario'),
  valor_ticket: 'l.valor_ticket::float8',
  ad_name: 'l.ad_name',
  informacoesExtra: 'l.informacoes_extra',
  utm_campaign: 'l.utm_campaign',
  utm_medium: 'l.utm_medium',
  utm_source: 'l.utm_source',
  utm_content: 'l.utm_content',
  utm_term: 'l.utm_term',
  whatsapp_blocked: zeroOneSql('l.whatsapp_blocked'),
  idTicket: 'l.id_ticket',
  idInstanciaEvolution: 'l.id_instancia_evolution',
  isGroup: '(l.is_group = 1)',
  marcado_nao_lida: zeroOneSql('l.marcado_nao_lida'),
  desativado: zeroOneSql('l.desativado'),
  cli_mensagem_agendada: 'l.cli_mensagem_agendada',
  cli_data_mensagem_agendada: `to_char(l.cli_data_mensagem_agendada at time zone ${SAO_PAULO_SQL}, 'YYYY-MM-DD HH24:MI:SS')`,
  cli_mensagem_agendada_status: "case when l.cli_mensagem_agendada_status in ('pendente', 'falhou') then l.cli_mensagem_agendada_status end",
  cli_mensagem_agendada_erro: 'l.cli_mensagem_agendada_erro',
  cli_mensagem_agendada_tentativas: 'l.cli_mensagem_agendada_tentativas',
  whatsapp_ultima_mensagem_texto: 'l.whatsapp_ultima_mensagem_texto',
  whatsapp_ultima_mensagem_data_geral: isoSql('l.whatsapp_ultima_mensagem_data_geral'),
  whatsapp_ultima_mensagem_data_enviada: isoSql('l.whatsapp_ultima_mensagem_data_enviada'),
  whatsapp_ultima_mensagem_data_recebida: isoSql('l.whatsapp_ultima_mensagem_data_recebida'),
  whatsapp_ultima_mensagem_nao_lidas: 'greatest(0, l.whatsapp_ultima_mensagem_nao_lidas)',
  whatsapp_ultima_mensagem_from_me: 'case when l.whatsapp_ultima_mensagem_from_me is null then null when l.whatsapp_ultima_mensagem_from_me = 1 then 1 else 0 end',
  whatsapp_ultima_mensagem_tipo: 'l.whatsapp_ultima_mensagem_tipo',
  whatsapp_ultima_mensagem_status: 'case when l.whatsapp_ultima_mensagem_status in (1, 2, 3) then l.whatsapp_ultima_mensagem_status end',
  tags: leadTagsJsonSql('l.cli_crm_id'),
  id_potencial: 'l.id_potencial',
  valor_potencial: 'l.valor_potencial',
  cli_data_atendimento: isoSql('l.cli_data_atendimento'),
  cli_campanha_id: 'l.cli_campanha_id',
  ad_id: 'l.ad_id',
  cli_tentativas: 'l.cli_tentativas',
  cli_tentativas_diarias: 'l.cli_tentativas_diarias',
  dataAtualizacao: isoSql('l.data_atualizacao'),
};
const LIST_PAGE_COLUMNS = Object.entries(CRM_CONTATO_SQL)
  .map(([field, expression]) => `${expression} as "${field}"`)
  .join(', ');

/**
 * The chat's lead list row (001 §3 Lead with its list-derived fields, whatsappClientSchema without
 * mensagem_encontrada): CRM_CONTATO_SQL's columns of leadListItemSchema's fields, so both lists
 * write a field the same way and the chat's page is JSON from PostgreSQL too (issue 8).
 */
const LEAD_LIST_ITEM_COLUMNS = (Object.keys(leadListItemSchema.shape) as (keyof LeadListItem)[])
  .map((field) => `${CRM_CONTATO_SQL[field]} as "${field}"`)
  .join(', ');

/**
 * The leads whose ids `pageIds` gives (an int[] expression, already scoped and in the page's
 * order) as rows of { id, json }: each lead's list item as one JSON object text, in that order.
 */
export function leadListItemsJson(pageIds: SQL): SQL {
  return sql`select o.id, row_to_json(c)::text as json from unnest(${pageIds}) with ordinality as o(id, n)
  join leads l on l.cli_crm_id = o.id
  cross join lateral (select ${sql.raw(LEAD_LIST_ITEM_COLUMNS)}) c
  order by o.n`;
}

/** A list of integer ids as one array parameter (`{1,2,3}`), the same on both engines. */
export const intArray = (ids: readonly number[]): string => `{${ids.map((id) => Math.trunc(Number(id))).join(',')}}`;
const instant = (d: Date): string => d.toISOString();

/**
 * The WHERE of 000 §7's filter segments, scoped to the unit and the viewer. Written as SQL text
 * (no query builder per request); `desativado = 0` stays a literal: it is the predicate of the
 * partial list indexes (leads_lista_idx, leads_lista_status_idx).
 */
export function listWhere(scope: LeadScope, { filter, capturedSince }: ListOptions, p: Params, statement: 'page' | 'count' = 'page'): string {
  const search = leadSearchParts(filter.texto_busca, scope.unidadeId, 'l', (v) => p.add(v));
  // A name-only count reads the unit's matches from leads_unidade_nome_palavras_idx, whose words
  // already carry the unit; the planner, not knowing that, would AND them with a bitmap of the
  // unit's 200,000 entries of another index (10–25 ms for nothing). `+ 0` keeps the unit as an
  // exact filter that no index offers (docs/decisions.md "Lead name search").
  const unitOnlyFiltered = statement === 'count' && search?.byName && !search.byPhone;
  const unit = `${unitOnlyFiltered ? 'l.id_unidade + 0' : 'l.id_unidade'} = ${p.add(scope.unidadeId)}`;
  const c = [`l.id_empresa = ${p.add(scope.empresaId)}`, unit, 'l.desativado = 0'];
  if (!scope.seesAssigned) c.push(`(l.id_usuario is null or l.id_usuario = ${p.add(scope.userId)})`);
  if (filter.cli_status_negociacao !== null) c.push(`l.cli_status_negociacao = ${p.add(filter.cli_status_negociacao)}`);
  if (filter.cli_status_negociacao_venda !== null) c.push(`l.cli_status_negociacao_venda = ${p.add(filter.cli_status_negociacao_venda)}`);
  if (filter.cli_contato_status !== null) c.push(`l.cli_contato_status = ${p.add(filter.cli_contato_status)}`);
  if (filter.cli_tipo_lead !== null) c.push(`l.cli_tipo_lead = ${p.add(filter.cli_tipo_lead)}`);
  if (filter.status_envio_massa !== null) c.push(`l.cli_mensagem_status = ${p.add(filter.status_envio_massa)}`);
  if (filter.cli_campanha_nome !== '') c.push(`l.cli_campanha_nome = ${p.add(filter.cli_campanha_nome)}`);
  if (search) c.push(search.byName && search.byPhone ? `(${search.byName} or ${search.byPhone})` : (search.byName ?? search.byPhone ?? 'false'));
  // Any of the tags (000 §7: the comma list).
  if (filter.tags.length > 0) c.push(leadHasAnyTagSql('l.cli_crm_id', p.add(intArray(filter.tags))));
  if (filter.atendentes.length > 0) {
    // 002 §2.1 'Não Atribuídos' travels as attendant 0 (contact-list-chips.ts).
    const { unassigned, userIds } = splitAttendants(filter.atendentes);
    const own = userIds.length > 0 ? `l.id_usuario = any(${p.add(intArray(userIds))}::int[])` : null;
    c.push(unassigned ? (own ? `(l.id_usuario is null or ${own})` : 'l.id_usuario is null') : own!);
  }
  // 002 §3 cli_atendimento: 1 attended by me, 2 not attended.
  if (filter.cli_atendimento === 1) c.push(`(l.id_usuario = ${p.add(scope.userId)} and l.cli_contato_status = 3)`);
  if (filter.cli_atendimento === 2) c.push('l.cli_contato_status <> 3');
  const dateColumn = filter.tipo_data === 1 ? 'l.cli_data_atendimento' : 'l.cli_data_captacao';
  const start = filter.data_inicio ? toInstant(filter.data_inicio) : null;
  const end = filter.data_fim ? toInstant(filter.data_fim.length === 10 ? endOfDayFilter(filter.data_fim) : filter.data_fim) : null;
  if (start) c.push(`${dateColumn} >= ${p.add(instant(start))}::timestamptz`);
  if (end) c.push(`${dateColumn} <= ${p.add(instant(end))}::timestamptz`);
  if (capturedSince) c.push(`l.cli_data_captacao >= ${p.add(instant(capturedSince))}::timestamptz`);
  return c.join(' and ');
}

/** The list's order (leads_lista_idx): newest captured first. */
const LIST_ORDER = 'cli_data_captacao desc, cli_crm_id desc';
/**
 * How many of the newest leads under the other conditions a name search reads before it turns to
 * the name index (docs/decisions.md "Lead name search"): a name carried by 1 lead in 60 of those
 * fills a page there; a rarer name is read from the name index, whose matches are then few.
 */
export const NAME_WALK_LIMIT = 3000;

/**
 * The two statements of a list read: one page, newest captured first (the order of
 * leads_lista_idx, so the scan stops after the page), and the exact total (an index-only count).
 *
 * A search by name alone (no phone digits) reads its page in two ways, in one statement, so the cost
 * never depends on the planner guessing how common a name is (it cannot: the words carry the unit):
 * first the newest NAME_WALK_LIMIT leads of the other conditions, index-only on leads_lista_idx
 * (which includes the name's words), stopping as soon as the page is filled: a common name
 * ("silva", "maria") is done there after a few hundred entries. Only when those leads hold fewer
 * matches than the page needs, and there are more leads than that, is the name index read (the
 * rare name, whose matches are few). Both branches answer the same rows.
 */
export function leadListStatements(scope: LeadScope, options: ListOptions): { page: SqlStatement; count: SqlStatement } {
  const pageParams = new Params();
  const offset = (Math.max(1, Math.trunc(options.filter.page)) - 1) * CONTACT_LIST_PAGE_SIZE;
  const terms = searchTerms(options.filter.texto_busca);
  let source: string;
  if (terms && terms.words.length > 0 && terms.phoneDigits === null) {
    const byName = searchPartsOf(terms, scope.unidadeId, 'r', (v) => pageParams.add(v)).byName!;
    const others = listWhere(scope, { ...options, filter: { ...options.filter, texto_busca: '' } }, pageParams, 'page');
    const need = pageParams.add(offset + CONTACT_LIST_PAGE_SIZE);
    const byIndex = listWhere(scope, options, pageParams, 'count');
    // `recent` and `walk` are materialized, so `walk` reads `recent` in its (index) order and stops at `need` matches.
    source = `with recent as materialized (select l.cli_crm_id, l.cli_data_captacao, l.cli_nome_palavras from leads l where ${others} order by l.${LIST_ORDER} limit ${NAME_WALK_LIMIT}),
walk as materialized (select r.cli_crm_id, r.cli_data_captacao from recent r where ${byName} limit ${need}),
found as (select w.cli_crm_id, w.cli_data_captacao from walk w where (select count(*) from walk) >= ${need} or (select count(*) from recent) < ${NAME_WALK_LIMIT}
  union all
  (select l.cli_crm_id, l.cli_data_captacao from leads l where ${byIndex} and (select count(*) from walk) < ${need} and (select count(*) from recent) >= ${NAME_WALK_LIMIT}
    order by l.${LIST_ORDER} limit ${need}))
select ${LIST_PAGE_COLUMNS} from leads l where l.cli_crm_id = any(array(select f.cli_crm_id from found f order by f.${LIST_ORDER} limit ${CONTACT_LIST_PAGE_SIZE} offset ${pageParams.add(offset)}))`;
  } else {
    const pageWhere = listWhere(scope, options, pageParams, 'page');
    source = `select ${LIST_PAGE_COLUMNS} from leads l where ${pageWhere} order by l.${LIST_ORDER} limit ${CONTACT_LIST_PAGE_SIZE} offset ${pageParams.add(offset)}`;
  }
  // The page as one JSON array text, in the list's order (the ISO texts sort as the instants do).
  const pageText = `select coalesce(json_agg(p order by p."cli_data_captacao" desc, p."cli_crm_id" desc), '[]'::json)::text as page from (\n${source}) p`;
  const countParams = new Params();
  const countText = `select count(*)::int as total from leads l where ${listWhere(scope, options, countParams, 'count')}`;
  return { page: { text: pageText, params: pageParams.values }, count: { text: countText, params: countParams.values } };
}

/** A statement of this module as a drizzle SQL, to run it where only a drizzle handle is at hand (a transaction, EXPLAIN). */
export function asDrizzleSql(statement: SqlStatement): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of statement.text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(statement.text.slice(last, match.index)), sql`${statement.params[Number(match[1]) - 1]}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(statement.text.slice(last)));
  return sql.join(chunks);
}

/** One page of leads as the API shows them (000 §7, 002 §3): a JSON array text of CrmContato, written by PostgreSQL. */
export async function listLeadsPageJson(db: Db, scope: LeadScope, options: ListOptions): Promise<string> {
  const { page } = leadListStatements(scope, options);
  const [row] = await queryRows<{ page: string }>(db, page.text, page.params);
  return row?.page ?? '[]';
}

/** The exact number of leads of the filter (crm_contato_total). */
export async function countLeads(db: Db, scope: LeadScope, options: ListOptions): Promise<number> {
  const { count } = leadListStatements(scope, options);
  const [row] = await queryRows<{ total: number }>(db, count.text, count.params);
  return Number(row?.total ?? 0);
}

export async function listCampaigns(db: DbOrTx, scope: LeadScope): Promise<{ cli_campanha_nome: string }[]> {
  const rows = await db
    .selectDistinct({ nome: leads.cliCampanhaNome })
    .from(leads)
    .where(and(inScope(scope), sql`${leads.cliCampanhaNome} is not null and ${leads.cliCampanhaNome} <> ''`))
    .orderBy(asc(leads.cliCampanhaNome));
  return rows.flatMap((r) => (r.nome ? [{ cli_campanha_nome: r.nome }] : []));
}

/** The history of a lead, newest first, with the attendant's name (000 §3 "History event"). */
export async function listHistory(db: DbOrTx, leadId: number): Promise<HistoryItem[]> {
  const rows = await db
    .select({ h: historico, nome: sql<string | null>`${sql.raw(userNameSql('"historico"."atendente"'))}` })
    .from(historico)
    .where(eq(historico.cliCrmId, leadId))
    .orderBy(desc(historico.datacad), desc(historico.id));
  const num = (v: string | null) => (v === null ? null : Number(v));
  return rows.map(({ h, nome }) => ({
    id: h.id,
    cli_crm_id: h.cliCrmId,
    atendente: h.atendente,
    data_comentario: iso(h.dataComentario),
    comentario: h.comentario,
    datacad: iso(h.datacad),
    texto: h.texto,
    texto_antigo: h.textoAntigo,
    url_gravacao: h.urlGravacao,
    tentativas: h.tentativas,
    duracao: h.duracao,
    duracao_falada: h.duracaoFalada,
    duracao_cobrada: h.duracaoCobrada,
    status_chamada: h.statusChamada,
    motivo_desconexao: h.motivoDesconexao,
    tipo: h.tipo,
    id_antigo: h.idAntigo,
    id_novo: h.idNovo,
    valor_antigo: num(h.valorAntigo),
    valor_novo: num(h.valorNovo),
    descricao: h.descricao,
    nome_atendente: nome,
  }));
}

export async function listAppointments(db: DbOrTx, leadId: number) {
  const rows = await db.select().from(agendamentos).where(eq(agendamentos.cliCrmId, leadId)).orderBy(desc(agendamentos.atendData), desc(agendamentos.atendHora));
  return rows.map((a) => ({
    id: a.id,
    atend_data: a.atendData,
    atend_hora: a.atendHora,
    atend_valor: Number(a.atendValor),
    proced_nome: a.procedNome,
    proced_valor: Number(a.procedValor),
    atend_status: a.atendStatus,
    atend_status_texto: appointmentStatusLabel(a.atendStatus),
  }));
}

/** Moves a lead's history with it when it changes unit. */
export async function moveHistoryToUnit(db: DbOrTx, leadId: number, idUnidade: number): Promise<void> {
  await db.update(historico).set({ idUnidade }).where(eq(historico.cliCrmId, leadId));
}

/** Issue 13: the most leads the mass-send search answers (the admin variant's maximum, 002 §9). */
export const MASS_SEND_SEARCH_LIMIT = 1000;

export type MassSendLeadRow = {
  cli_crm_id: number;
  cli_nome: string;
  cli_telefone: string;
  ticketId: number | null;
  cli_status_negociacao: number | null;
  cli_status_negociacao_venda: number | null;
  cli_contato_status: number | null;
  cli_tipo_lead: number | null;
  cli_campanha_nome: string | null;
  cli_data_captacao: string | null;
  whatsapp_blocked: boolean;
  optout: boolean;
};

/**
 * 002 §7 GET /envioemmassa/clientes/{…}: the leads of a filter for the composer, newest captured
 * first, through the contact list's one WHERE (listWhere), at most MASS_SEND_SEARCH_LIMIT rows,
 * and their exact total.
 */
export async function listMassSendLeads(db: Db, scope: LeadScope, filter: ContactListFilter): Promise<{ rows: MassSendLeadRow[]; total: number }> {
  const p = new Params();
  const where = listWhere(scope, { filter }, p, 'page');
  const text = `select l.cli_crm_id, coalesce(l.cli_nome, '') as cli_nome, coalesce(l.cli_telefone, '') as cli_telefone, l.id_ticket as "ticketId",
l.cli_status_negociacao, l.cli_status_negociacao_venda, l.cli_contato_status, l.cli_tipo_lead, l.cli_campanha_nome,
${isoSql('l.cli_data_captacao')} as cli_data_captacao, (l.whatsapp_blocked = 1) as whatsapp_blocked, (l.optout_envio_massa is not null) as optout
from leads l where ${where} order by l.cli_data_captacao desc, l.cli_crm_id desc limit ${MASS_SEND_SEARCH_LIMIT}`;
  const rows = await queryRows<MassSendLeadRow>(db, text, p.values);
  const c = new Params();
  const [count] = await queryRows<{ total: number }>(db, `select count(*)::int as total from leads l where ${listWhere(scope, { filter }, c, 'count')}`, c.values);
  return { rows, total: Number(count?.total ?? 0) };
}

/** The live leads of the unit among `ids` the scope may see (a campaign's recipients). */
export async function findMassSendLeads(db: DbOrTx, scope: LeadScope, ids: readonly number[]): Promise<LeadRow[]> {
  if (ids.length === 0) return [];
  const conditions = [inArray(leads.cliCrmId, [...ids]), eq(leads.idUnidade, scope.unidadeId), eq(leads.idEmpresa, scope.empresaId), eq(leads.desativado, 0)];
  if (!scope.seesAssigned) conditions.push(or(isNull(leads.idUsuario), eq(leads.idUsuario, scope.userId))!);
  return db.select().from(leads).where(and(...conditions));
}

/** Issue 13 opt-out: marks the lead once (null → now); true when this call marked it. */
export async function markMassSendOptOut(db: DbOrTx, cliCrmId: number, at: Date): Promise<boolean> {
  const rows = await db.update(leads).set({ optoutEnvioMassa: at }).where(and(eq(leads.cliCrmId, cliCrmId), isNull(leads.optoutEnvioMassa))).returning({ id: leads.cliCrmId });
  return rows.length > 0;
}
