// The legacy channel's lead list (001 §7 GET whatsapp/clientes): the unit's leads with their last
// WhatsApp message, filtered by the positional segments of WHATSAPP_CLIENTS_LAYOUT, 50 a page.
// A lead list, so it lives with the leads (issue 7 §1); the WhatsApp module's route calls it.
import { and, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';

import { filterBound } from '@funil/domain/format/date';
import type { WhatsappClientsFilter } from '@funil/domain/leads/filter-segments';
import { WHATSAPP_CLIENTS_PAGE_SIZE, type MessageMatch } from '@funil/domain/whatsapp-api/legacy-api';

import { executeRows, type DbOrTx } from '../../../../db/handle.ts';
import type { Session } from '../../../auth/auth.service.ts';
import { leadHasAnyTag } from '../../../tags/tags.service.ts';
import {
  asDrizzleSql,
  campaignOrAdCondition,
  intArray,
  leadListItemsJson,
  leadNameOnlyQuery,
  leadSearchCondition,
  NAME_WALK_LIMIT,
  Params,
} from '../../lead-sql.service.ts';
import { leadCountCache, scopeOf } from '../../leads.service.ts';
import { leads } from '../../leads.table.ts';

// 'YYYY-MM-DD[ HH:mm:ss]' is São Paulo wall time, read by the one filter rule (filterBound: start
// inclusive, end exclusive; docs/decisions.md "Issue 22 §3: one date-filter rule"). The segment
// parser has checked the values, so a bound naming no date cannot reach here; it would add no condition.
function dateBound(
  column: typeof leads.cliDataCaptacao | typeof leads.whatsappUltimaMensagemDataRecebida,
  value: string,
  side: 'start' | 'end',
): SQL[] {
  const at = filterBound(value, side);
  if (!at) return [];
  const instant = sql`${at.toISOString()}::timestamptz`;
  return [side === 'start' ? gte(column, instant) : lt(column, instant)];
}

/** leadSearchCondition over `leads` as a drizzle condition, or undefined for an empty term. */
function searchCondition(term: string, unidadeId: number): SQL | undefined {
  const params = new Params();
  const text = leadSearchCondition(term, unidadeId, 'leads', (v) => params.add(v));
  return text === null ? undefined : asDrizzleSql({ text, params: params.values });
}

/**
 * The message-text half of the chat search (issue 9), given by the WhatsApp module (its service
 * owns the messages): which leads it finds, as conditions over the list's lead id (one for the
 * page, one for the total), and each listed lead's newest match.
 */
export type MessageTextSearch = {
  leadCondition(db: DbOrTx, idUnidade: number, text: string, leadId: SQL): Promise<ByMessage>;
  latest(db: DbOrTx, idUnidade: number, cliCrmIds: readonly number[], text: string): Promise<Map<number, MessageMatch>>;
};

type ByMessage = { ids: number[] } | { page: SQL; count: SQL } | null;

/**
 * The whole search as one set of lead ids, read once: the leads whose name (or phone) matches,
 * through the name index, and the rare word's leads. The list then reads its page by id. Written
 * as `= any(array(…))` because PostgreSQL, misjudging how many names a word prefix matches, would
 * otherwise walk the unit's whole list in order to fill a page (22.8 ms for 20 leads of 40,000,
 * 0.35 ms this way; docs/decisions.md "Chat search over message text").
 */
function nameOrIds(term: string, unidadeId: number, ids: readonly number[]): SQL {
  const params = new Params();
  const byName = leadSearchCondition(term, unidadeId, 's', (v) => params.add(v));
  const idList = sql`select unnest(${idArray(ids)})`;
  const names =
    byName === null
      ? null
      : sql`select s.cli_crm_id from leads s where s.id_unidade = ${unidadeId} and s.desativado = 0 and
        ${asDrizzleSql({ text: byName, params: params.values })}`;
  return sql`${leads.cliCrmId} = any(array(${names ? sql`${names} union ` : sql``}${idList}))`;
}

/** Lead ids as one int[] parameter. */
const idArray = (ids: readonly number[]) => sql`${intArray(ids)}::int[]`;

/** The chat list's order (leads_chat_lista_idx): the last message, else the capture, newest first. */
const chatOrder = sql`coalesce(${leads.whatsappUltimaMensagemDataGeral}, ${leads.cliDataCaptacao})`;

/**
 * The page's candidates for a search by name alone (no phone digits) plus the leads a rare message
 * word found, as the CRM's name walk reads them (docs/decisions.md "Lead name search"): first the
 * newest NAME_WALK_LIMIT leads of the other conditions in the chat's order, testing the name there
 * and stopping when the page is full (a common name: "silva", one lead in thirteen, is done after a
 * few hundred); only when those hold too few matches is the name index read (a rare name, whose
 * matches are few), with `id_unidade + 0` so no bitmap of the whole unit is ANDed in. Gathering
 * every match of a common name first cost 45–110 ms on a unit of 200,000 (15,000 "silva").
 */
function nameWalkOrIds(nameQuery: string, session: Session, others: SQL | undefined, ids: readonly number[], need: number): SQL {
  const query = sql`to_tsquery('simple'::regconfig, ${nameQuery})`;
  const limit = sql.raw(String(NAME_WALK_LIMIT));
  const needed = sql.raw(String(Math.trunc(need)));
  return sql`${leads.cliCrmId} = any(array(
    with recent as materialized (select ${leads.cliCrmId} as id, ${leads.cliNomePalavras} as palavras from ${leads} where
      ${others} order by ${chatOrder} desc, ${leads.cliCrmId} desc limit ${limit}),
    walk as materialized (select r.id from recent r where r.palavras @@ ${query} limit ${needed})
    select w.id from walk w where (select count(*) from walk) >= ${needed} or (select count(*) from recent) < ${limit}
    union all
    select s.cli_crm_id from leads s where s.id_unidade + 0 = ${session.unidadeId} and s.desativado = 0 and s.cli_nome_palavras @@ ${query}
      and (select count(*) from walk) < ${needed} and (select count(*) from recent) >= ${limit}
    union all
    select unnest(${idArray(ids)})))`;
}

/** `searchWalked`: the page's search is nameWalkOrIds, added once the other conditions are known. */
function conditions(
  session: Session,
  f: WhatsappClientsFilter,
  byMessage: ByMessage,
  statement: 'page' | 'count',
  searchWalked = false,
): SQL[] {
  const c: (SQL | undefined)[] = [
    eq(leads.idUnidade, session.unidadeId),
    eq(leads.idEmpresa, session.empresaId),
    eq(leads.desativado, 0),
  ];
  // 001 §6 (packages/domain leads/visibility.ts): an attendant without acesso_atribuidos sees only unassigned leads or their own.
  if (!scopeOf(session).seesAssigned) c.push(or(isNull(leads.idUsuario), eq(leads.idUsuario, session.userId)));
  if (f.cli_status_negociacao !== null) c.push(eq(leads.cliStatusNegociacao, f.cli_status_negociacao));
  if (f.cli_status_negociacao_venda !== null) c.push(eq(leads.cliStatusNegociacaoVenda, f.cli_status_negociacao_venda));
  if (f.cli_contato_status !== null) c.push(eq(leads.cliContatoStatus, f.cli_contato_status));
  if (f.texto_busca !== '') {
    // 001 §5 Search / 001 §2 'Busque por contatos e mensagens': the lead half is the CRM list's
    // condition (name word prefixes, phone digits); issue 9 adds the text of the lead's messages.
    const search = searchWalked
      ? undefined
      : byMessage && 'ids' in byMessage
        ? nameOrIds(f.texto_busca, session.unidadeId, byMessage.ids)
        : or(searchCondition(f.texto_busca, session.unidadeId), byMessage?.[statement]);
    if (search) c.push(search);
  }
  if (f.cli_tipo_lead !== null) c.push(eq(leads.cliTipoLead, f.cli_tipo_lead));
  if (f.cli_mensagem_status !== null) c.push(eq(leads.cliMensagemStatus, f.cli_mensagem_status));
  if (f.status_mensagem !== null)
    c.push(f.status_mensagem === 4 ? eq(leads.whatsappBlocked, 1) : eq(leads.cliMensagemStatus, f.status_mensagem));
  if (f.cli_campanha_nome !== '') c.push(campaignOrAdCondition(f.cli_campanha_nome));
  if (f.cli_data_inicio) c.push(...dateBound(leads.cliDataCaptacao, f.cli_data_inicio, 'start'));
  if (f.cli_data_fim) c.push(...dateBound(leads.cliDataCaptacao, f.cli_data_fim, 'end'));
  if (f.cli_data_inicio_ultima_mensagem_recebida)
    c.push(...dateBound(leads.whatsappUltimaMensagemDataRecebida, f.cli_data_inicio_ultima_mensagem_recebida, 'start'));
  if (f.cli_data_fim_ultima_mensagem_recebida)
    c.push(...dateBound(leads.whatsappUltimaMensagemDataRecebida, f.cli_data_fim_ultima_mensagem_recebida, 'end'));
  if (f.tag.length > 0) c.push(leadHasAnyTag(leads.cliCrmId, f.tag));
  if (f.atendentes.length > 0) c.push(inArray(leads.idUsuario, [...f.atendentes]));
  if (f.lidos) c.push(and(eq(leads.whatsappUltimaMensagemNaoLidas, 0), eq(leads.marcadoNaoLida, 0)));
  if (f.nao_lidos) c.push(or(gt(leads.whatsappUltimaMensagemNaoLidas, 0), eq(leads.marcadoNaoLida, 1)));
  if (f.meus_atendimentos) c.push(eq(leads.idUsuario, session.userId));
  if (f.nao_atribuidos) c.push(isNull(leads.idUsuario));
  if (f.atendidos_por_mim) c.push(and(eq(leads.idUsuario, session.userId), eq(leads.cliContatoStatus, 3)));
  if (f.nao_atendidos) c.push(ne(leads.cliContatoStatus, 3));
  return c.filter((x): x is SQL => x !== undefined);
}

/**
 * The body of GET whatsapp/clientes (WhatsappClientsResponse) as JSON text. The page's rows are
 * written by PostgreSQL (leadListItemsJson: the CRM list's field expressions), so the app neither
 * maps 50 lead rows nor serialises them again; only the found message is added here.
 */
export async function listWhatsappClients(
  db: DbOrTx,
  session: Session,
  f: WhatsappClientsFilter,
  messages?: MessageTextSearch,
): Promise<string> {
  const page = Math.max(1, f.page);
  const byMessage: ByMessage =
    messages && f.texto_busca !== ''
      ? await messages.leadCondition(db, session.unidadeId, f.texto_busca, sql`${leads.cliCrmId}`)
      : null;
  // A name-only search whose message half is a list of ids (a rare word, or none): the page walks
  // the chat's order first (nameWalkOrIds); the count and every other search read as conditions() says.
  const idsByMessage = byMessage === null ? [] : 'ids' in byMessage ? byMessage.ids : null;
  const nameQuery = idsByMessage === null ? null : leadNameOnlyQuery(f.texto_busca, session.unidadeId);
  const pageConditions = conditions(session, f, byMessage, 'page', nameQuery !== null);
  if (nameQuery !== null && idsByMessage !== null)
    pageConditions.push(
      nameWalkOrIds(nameQuery, session, and(...pageConditions), idsByMessage, page * WHATSAPP_CLIENTS_PAGE_SIZE),
    );
  const where = and(...pageConditions);
  // The total counts every match (never the page's walked candidates).
  const countWhere =
    (byMessage && 'count' in byMessage) || nameQuery !== null ? and(...conditions(session, f, byMessage, 'count')) : where;
  // The exact total, cached a few seconds per unit, viewer and filter as the CRM's list does
  // (lead-count-cache.ts); the page itself is read from leads_chat_lista_idx.
  const { page: _page, ...countFilter } = f;
  const key = `whatsapp-clientes:${scopeOf(session).seesAssigned ? 'todos' : `u${session.userId}`}:${JSON.stringify(countFilter)}`;
  const counted = leadCountCache(db).get(session.unidadeId, key, () => ({
    capturedSince: undefined,
    total: db
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .where(countWhere)
      .then((r) => Number(r[0]?.n ?? 0)),
  }));
  const pageIds = db
    .select({ id: leads.cliCrmId })
    .from(leads)
    .where(where)
    .orderBy(desc(chatOrder), desc(leads.cliCrmId))
    .limit(WHATSAPP_CLIENTS_PAGE_SIZE)
    .offset((page - 1) * WHATSAPP_CLIENTS_PAGE_SIZE);
  const [rows, total] = await Promise.all([
    executeRows<{ id: number; json: string }>(db, leadListItemsJson(sql`array(${pageIds})`)),
    counted.total,
  ]);
  // Each row's newest matching message (issue 9). Only a lead the message half found can have one:
  // with a rare word's ids, only those of the page are asked (none at all for a name no message holds).
  const pageLeadIds = rows.map((r) => Number(r.id));
  const rare = byMessage !== null && 'ids' in byMessage ? new Set(byMessage.ids) : null;
  const asked = byMessage === null ? [] : rare ? pageLeadIds.filter((id) => rare.has(id)) : pageLeadIds;
  const found =
    messages && asked.length > 0
      ? await messages.latest(db, session.unidadeId, asked, f.texto_busca)
      : new Map<number, MessageMatch>();
  const clientes = rows.map(
    (r) => `${r.json.slice(0, -1)},"mensagem_encontrada":${JSON.stringify(found.get(Number(r.id)) ?? null)}}`,
  );
  return `{"clientes":[${clientes.join(',')}],"total":${total},"pagina":${page},"por_pagina":${WHATSAPP_CLIENTS_PAGE_SIZE}}`;
}
