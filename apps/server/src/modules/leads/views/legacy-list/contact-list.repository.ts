// The contact list's statements (000 §7, 002 §3, issue 8): one page as PostgreSQL-written JSON and
// the exact total, over the core's listWhere and CRM_CONTATO_SQL (lead-sql.service.ts).
import { CONTACT_LIST_PAGE_SIZE } from '@funil/domain/leads-api/lead-api';

import { queryRows, type Db } from '../../../../db/handle.ts';
import {
  LIST_ORDER,
  LIST_PAGE_COLUMNS,
  listWhere,
  NAME_WALK_LIMIT,
  Params,
  searchPartsOf,
  searchTerms,
  type ListOptions,
  type SqlStatement,
} from '../../lead-sql.service.ts';
import type { LeadScope } from '../../leads.service.ts';

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
    source = `with recent as materialized (select l.cli_crm_id, l.cli_data_captacao, l.cli_nome_palavras from leads l where
      ${others} order by l.${LIST_ORDER} limit ${NAME_WALK_LIMIT}),
walk as materialized (select r.cli_crm_id, r.cli_data_captacao from recent r where ${byName} limit ${need}),
found as (select w.cli_crm_id, w.cli_data_captacao from walk w where (select count(*) from walk) >= ${need} or (select count(*)
  from recent) < ${NAME_WALK_LIMIT}
  union all
  (select l.cli_crm_id, l.cli_data_captacao from leads l where ${byIndex} and (select count(*) from walk) < ${need} and (select
    count(*) from recent) >= ${NAME_WALK_LIMIT}
    order by l.${LIST_ORDER} limit ${need}))
select ${LIST_PAGE_COLUMNS} from leads l where l.cli_crm_id = any(array(select f.cli_crm_id from found f order by
  f.${LIST_ORDER} limit ${CONTACT_LIST_PAGE_SIZE} offset ${pageParams.add(offset)}))`;
  } else {
    const pageWhere = listWhere(scope, options, pageParams, 'page');
    source = `select ${LIST_PAGE_COLUMNS} from leads l where ${pageWhere} order by l.${LIST_ORDER} limit
      ${CONTACT_LIST_PAGE_SIZE} offset ${pageParams.add(offset)}`;
  }
  // The page as one JSON array text, in the list's order (the ISO texts sort as the instants do).
  const pageText = `select coalesce(json_agg(p order by p."cli_data_captacao" desc, p."cli_crm_id" desc), '[]'::json)::text as
    page from (\n${source}) p`;
  const countParams = new Params();
  const countText = `select count(*)::int as total from leads l where ${listWhere(scope, options, countParams, 'count')}`;
  return { page: { text: pageText, params: pageParams.values }, count: { text: countText, params: countParams.values } };
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
