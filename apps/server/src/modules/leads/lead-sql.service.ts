// The core's SQL fragments of a lead list (issue 22 §1): the one WHERE of 000 §7's filter
// segments (listWhere), the one search condition (001 §5), the API's JSON of a lead written by
// PostgreSQL (CRM_CONTATO_SQL) and the statement helpers. The lead views (contact list, pipeline
// board, call queue, chat list, mass-send search) compose these instead of writing their own.
import { sql, type SQL } from 'drizzle-orm';

import { filterBound } from '@funil/domain/format/date';
import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { splitAttendants } from '@funil/domain/leads/contact-list-chips';
import type { ContactListFilter } from '@funil/domain/leads/filter-segments';
import { leadListItemSchema, type LeadListItem } from '@funil/domain/leads/lead';
import { searchWords } from '@funil/domain/leads/name-search';
import { stripPhone } from '@funil/domain/phone/phone';

import { SAO_PAULO_SQL } from '../../db/sql-rules.ts';
import { leadHasAnyTagSql, leadTagsJsonSql } from '../tags/tags.service.ts';
import { userNameSql } from '../users/users.service.ts';
import type { LeadScope } from './leads.repository.ts';

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
export function leadSearchCondition(
  term: string,
  unidadeId: number,
  alias: string,
  add: (value: unknown) => string,
): string | null {
  const parts = leadSearchParts(term, unidadeId, alias, add);
  if (parts === null) return null;
  if (parts.byName && parts.byPhone) return `(${parts.byName} or ${parts.byPhone})`;
  return parts.byName ?? parts.byPhone ?? 'false';
}

/** What a search term searches: the words of the name and, when it looks like a phone, its digits; null for an empty term. */
export function searchTerms(term: string): { words: string[]; phoneDigits: string | null } | null {
  const trimmed = term.trim();
  if (trimmed === '') return null;
  const digits = stripPhone(trimmed);
  // Only letters and digits reach the tsquery (searchWords), so no tsquery operator can.
  return { words: searchWords(trimmed), phoneDigits: digits.length >= 3 && /^[\d\s()+-]+$/.test(trimmed) ? digits : null };
}

/** The name and phone conditions of leadSearchCondition, null for an empty term. */
function leadSearchParts(
  term: string,
  unidadeId: number,
  alias: string,
  add: (value: unknown) => string,
): { byName: string | null; byPhone: string | null } | null {
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

export function searchPartsOf(
  terms: { words: string[]; phoneDigits: string | null },
  unidadeId: number,
  alias: string,
  add: (value: unknown) => string,
): { byName: string | null; byPhone: string | null } {
  const byName =
    terms.words.length === 0
      ? null
      : `${alias}.cli_nome_palavras @@ to_tsquery('simple'::regconfig, ${add(nameQueryOf(terms.words, unidadeId))})`;
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
export const isoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
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
  cli_mensagem_agendada_status:
    "case when l.cli_mensagem_agendada_status in ('pendente', 'falhou') then l.cli_mensagem_agendada_status end",
  cli_mensagem_agendada_erro: 'l.cli_mensagem_agendada_erro',
  cli_mensagem_agendada_tentativas: 'l.cli_mensagem_agendada_tentativas',
  whatsapp_ultima_mensagem_texto: 'l.whatsapp_ultima_mensagem_texto',
  whatsapp_ultima_mensagem_data_geral: isoSql('l.whatsapp_ultima_mensagem_data_geral'),
  whatsapp_ultima_mensagem_data_enviada: isoSql('l.whatsapp_ultima_mensagem_data_enviada'),
  whatsapp_ultima_mensagem_data_recebida: isoSql('l.whatsapp_ultima_mensagem_data_recebida'),
  whatsapp_ultima_mensagem_nao_lidas: 'greatest(0, l.whatsapp_ultima_mensagem_nao_lidas)',
  whatsapp_ultima_mensagem_from_me:
    'case when l.whatsapp_ultima_mensagem_from_me is null then null when l.whatsapp_ultima_mensagem_from_me = 1 then 1 else 0 end',
  whatsapp_ultima_mensagem_tipo: 'l.whatsapp_ultima_mensagem_tipo',
  whatsapp_ultima_mensagem_status:
    'case when l.whatsapp_ultima_mensagem_status in (1, 2, 3) then l.whatsapp_ultima_mensagem_status end',
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
export const LIST_PAGE_COLUMNS = Object.entries(CRM_CONTATO_SQL)
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
export function listWhere(
  scope: LeadScope,
  { filter, capturedSince }: ListOptions,
  p: Params,
  statement: 'page' | 'count' = 'page',
): string {
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
  if (filter.cli_status_negociacao_venda !== null)
    c.push(`l.cli_status_negociacao_venda = ${p.add(filter.cli_status_negociacao_venda)}`);
  if (filter.cli_contato_status !== null) c.push(`l.cli_contato_status = ${p.add(filter.cli_contato_status)}`);
  if (filter.cli_tipo_lead !== null) c.push(`l.cli_tipo_lead = ${p.add(filter.cli_tipo_lead)}`);
  if (filter.status_envio_massa !== null) c.push(`l.cli_mensagem_status = ${p.add(filter.status_envio_massa)}`);
  if (filter.cli_campanha_nome !== '') c.push(campaignOrAdSql('l', p.add(filter.cli_campanha_nome)));
  if (search)
    c.push(
      search.byName && search.byPhone ? `(${search.byName} or ${search.byPhone})` : (search.byName ?? search.byPhone ?? 'false'),
    );
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
  const start = filter.data_inicio ? filterBound(filter.data_inicio, 'start') : null;
  const end = filter.data_fim ? filterBound(filter.data_fim, 'end') : null;
  if (start) c.push(`${dateColumn} >= ${p.add(instant(start))}::timestamptz`);
  if (end) c.push(`${dateColumn} < ${p.add(instant(end))}::timestamptz`);
  if (capturedSince) c.push(`l.cli_data_captacao >= ${p.add(instant(capturedSince))}::timestamptz`);
  return c.join(' and ');
}

/**
 * The lists' campaign/'Anúncio' filter (000 §7 cli_campanha_nome, issue 23 §4): a lead whose last
 * touch names that campaign or that ad. `param` is the placeholder of the name.
 */
export const campaignOrAdSql = (alias: string, param: string): string =>
  `(${alias}.cli_campanha_nome = ${param} or ${alias}.ad_name = ${param})`;

/** The same filter as a drizzle condition on the leads table (the chat's list). */
export const campaignOrAdCondition = (name: string): SQL => sql`(leads.cli_campanha_nome = ${name} or leads.ad_name = ${name})`;

/** The list's order (leads_lista_idx): newest captured first. */
export const LIST_ORDER = 'cli_data_captacao desc, cli_crm_id desc';
/**
 * How many of the newest leads under the other conditions a name search reads before it turns to
 * the name index (docs/decisions.md "Lead name search"): a name carried by 1 lead in 60 of those
 * fills a page there; a rarer name is read from the name index, whose matches are then few.
 */
export const NAME_WALK_LIMIT = 3000;

/** A statement of the lead lists as a drizzle SQL, to run it where only a drizzle handle is at hand (a transaction, EXPLAIN). */
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
