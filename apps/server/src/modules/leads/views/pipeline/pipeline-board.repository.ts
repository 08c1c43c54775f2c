// The pipeline's reads and card positions on the leads table (002 §2.4, §7; issue 11). SQL text run
// straight on the driver like the lead list (leads.repository.ts), with the list's one WHERE
// (listWhere) so the board, the table and the CRM list filter and scope leads the same way.
import { sql } from 'drizzle-orm';

import type { ContactListFilter } from '@funil/domain/leads/filter-segments';
import type { PipelineFamily } from '@funil/domain/pipeline/pipeline';
import type { PipelineCard } from '@funil/domain/pipeline/pipeline-api';

import { executeRows, queryPrepared, type Db, type DbOrTx } from '../../../../db/handle.ts';
import { userNameSql } from '../../../users/users.service.ts';
import { intArray, listWhere, Params } from '../../lead-sql.service.ts';
import { type LeadScope } from '../../leads.service.ts';

// The board's statements are named prepared statements on PostgreSQL (queryPrepared): a board read
// runs the same few texts again and again, and planning them cost more than running them
// (docs/performance.md "Pipeline").

/** The status column of a family. */
const columnOf = (family: PipelineFamily) =>
  family === 'negociacao' ? 'l.cli_status_negociacao' : 'l.cli_status_negociacao_venda';

const CARD_SELECT = `select l.cli_crm_id, l.cli_nome, l.cli_telefone, l.cli_url_foto, l.id_usuario as "idUsuario",
  ${userNameSql('l.id_usuario')} as nome_atendimento, l.ad_name, l.cli_campanha_id, l.cli_campanha_nome, l.cli_data_captacao,
  l.valor_ticket, l.cli_status_negociacao, l.cli_status_negociacao_venda, l.posicao_pipeline as posicao, l.data_atualizacao as
    "dataAtualizacao"
from leads l`;
// Card order: the stored position, then the newest id (equal positions of leads created in the same second).
const CARD_ORDER = 'l.posicao_pipeline asc, l.cli_crm_id desc';

type CardRow = Omit<PipelineCard, 'cli_data_captacao' | 'dataAtualizacao' | 'valor_ticket' | 'posicao'> & {
  cli_data_captacao: Date | string;
  dataAtualizacao: Date | string;
  valor_ticket: string | number;
  posicao: number | string;
};

const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

function toCard(r: CardRow): PipelineCard {
  return {
    cli_crm_id: Number(r.cli_crm_id),
    cli_nome: r.cli_nome,
    cli_telefone: r.cli_telefone,
    cli_url_foto: r.cli_url_foto,
    idUsuario: r.idUsuario === null ? null : Number(r.idUsuario),
    nome_atendimento: r.nome_atendimento,
    ad_name: r.ad_name,
    cli_campanha_id: r.cli_campanha_id,
    cli_campanha_nome: r.cli_campanha_nome,
    cli_data_captacao: iso(r.cli_data_captacao),
    valor_ticket: Number(r.valor_ticket),
    cli_status_negociacao: Number(r.cli_status_negociacao),
    cli_status_negociacao_venda: Number(r.cli_status_negociacao_venda),
    posicao: Number(r.posicao),
    dataAtualizacao: iso(r.dataAtualizacao),
  };
}

export type ColumnTotal = { coluna: number; total: number; soma: number };

/** Count and ticket sum of every status of the family under the filter (index-only on leads_pipeline_totais_idx without a filter). */
export async function columnTotals(
  db: Db,
  scope: LeadScope,
  family: PipelineFamily,
  filter: ContactListFilter,
): Promise<ColumnTotal[]> {
  const p = new Params();
  const where = listWhere(scope, { filter }, p);
  const text = `select ${columnOf(family)} as coluna, count(*)::int as total, coalesce(sum(l.valor_ticket), 0)::float8 as soma
    from leads l where ${where} group by 1`;
  const rows = await queryPrepared<{ coluna: number; total: number; soma: number }>(db, text, p.values);
  return rows.map((r) => ({ coluna: Number(r.coluna), total: Number(r.total), soma: Number(r.soma) }));
}

/** The first `limit` cards of each of `columns`, in one statement (a LATERAL per column on leads_pipeline_idx). */
export async function firstPages(
  db: Db,
  scope: LeadScope,
  family: PipelineFamily,
  filter: ContactListFilter,
  columns: readonly number[],
  limit: number,
): Promise<Map<number, PipelineCard[]>> {
  const p = new Params();
  const where = listWhere(scope, { filter }, p);
  const ids = p.add(`{${columns.map((c) => Math.trunc(c)).join(',')}}`);
  const text = `select c.id as coluna, x.* from unnest(${ids}::int[]) as c(id)
    cross join lateral (${CARD_SELECT} where ${where} and ${columnOf(family)} = c.id order by ${CARD_ORDER} limit ${Math.trunc(limit)}) x`;
  const rows = await queryPrepared<CardRow & { coluna: number }>(db, text, p.values);
  const pages = new Map<number, PipelineCard[]>(columns.map((c) => [c, []]));
  for (const row of rows) pages.get(Number(row.coluna))?.push(toCard(row));
  return pages;
}

/**
 * A page of cards: the rows skipped by OFFSET are read from the index only; the card's columns
 * (and the attendant's name) are computed for the page's rows alone.
 */
const pagedCards = (where: string, order: string, limit: number, offset: number) =>
  `select x.* from (select l.cli_crm_id from leads l where ${where} order by ${order} limit ${Math.trunc(limit)} offset
    ${Math.trunc(offset)}) k
   cross join lateral (${CARD_SELECT} where l.cli_crm_id = k.cli_crm_id) x order by
     ${order.replace(/\bl\./g, 'x.').replace('x.posicao_pipeline', 'x.posicao')}`;

/** One page of a column. */
export async function columnPage(
  db: Db,
  scope: LeadScope,
  family: PipelineFamily,
  filter: ContactListFilter,
  coluna: number,
  page: number,
  limit: number,
): Promise<PipelineCard[]> {
  const p = new Params();
  const where = `${listWhere(scope, { filter }, p)} and ${columnOf(family)} = ${p.add(coluna)}`;
  const offset = (Math.max(1, page) - 1) * limit;
  const rows = await queryPrepared<CardRow>(db, pagedCards(where, CARD_ORDER, limit, offset), p.values);
  return rows.map(toCard);
}

/** Count and ticket sum of one column under the filter. */
export async function columnTotal(
  db: Db,
  scope: LeadScope,
  family: PipelineFamily,
  filter: ContactListFilter,
  coluna: number,
): Promise<{ total: number; soma: number }> {
  const p = new Params();
  const where = `${listWhere(scope, { filter }, p)} and ${columnOf(family)} = ${p.add(coluna)}`;
  const [row] = await queryPrepared<{ total: number; soma: number }>(
    db,
    `select count(*)::int as total, coalesce(sum(l.valor_ticket), 0)::float8 as soma from leads l where ${where}`,
    p.values,
  );
  return { total: Number(row?.total ?? 0), soma: Number(row?.soma ?? 0) };
}

/** One page of the table view (002 §2.4), newest captured first (the order of leads_lista_idx), and the total. */
export async function tablePage(
  db: Db,
  scope: LeadScope,
  filter: ContactListFilter,
  page: number,
  limit: number,
): Promise<{ cards: PipelineCard[]; total: number }> {
  const p = new Params();
  const where = listWhere(scope, { filter }, p);
  const offset = (Math.max(1, page) - 1) * limit;
  const pageText = pagedCards(where, 'l.cli_data_captacao desc, l.cli_crm_id desc', limit, offset);
  const countText = `select count(*)::int as total from leads l where ${where}`;
  const [rows, count] = await Promise.all([
    queryPrepared<CardRow>(db, pageText, p.values),
    queryPrepared<{ total: number }>(db, countText, p.values),
  ]);
  return { cards: rows.map(toCard), total: Number(count[0]?.total ?? 0) };
}

/** Every card of a column in card order, `batch` at a time (keyset paging: each batch is one short index range). */
export async function* columnCards(
  db: Db,
  scope: LeadScope,
  family: PipelineFamily,
  filter: ContactListFilter,
  coluna: number,
  batch = 2000,
): AsyncGenerator<PipelineCard[]> {
  let after: { posicao: number; id: number } | null = null;
  for (;;) {
    const p = new Params();
    let where = `${listWhere(scope, { filter }, p)} and ${columnOf(family)} = ${p.add(coluna)}`;
    if (after) {
      const pos = p.add(after.posicao);
      where += ` and (l.posicao_pipeline > ${pos}::float8 or (l.posicao_pipeline = ${pos}::float8 and l.cli_crm_id < ${p.add(after.id)}))`;
    }
    const rows = await queryPrepared<CardRow>(
      db,
      `${CARD_SELECT} where ${where} order by ${CARD_ORDER} limit ${Math.trunc(batch)}`,
      p.values,
    );
    const cards = rows.map(toCard);
    if (cards.length > 0) yield cards;
    if (cards.length < batch) return;
    const last = cards[cards.length - 1]!;
    after = { posicao: last.posicao, id: last.cli_crm_id };
  }
}

type PositionRow = { cli_crm_id: number; posicao: number; coluna: number };

/** The positions of the given leads of the unit (live ones), with their column in the family. */
export async function positionsOf(
  db: DbOrTx,
  idUnidade: number,
  family: PipelineFamily,
  ids: readonly number[],
): Promise<PositionRow[]> {
  if (ids.length === 0) return [];
  const col = family === 'negociacao' ? sql.raw('cli_status_negociacao') : sql.raw('cli_status_negociacao_venda');
  const rows = await executeRows<PositionRow>(
    db,
    sql`select cli_crm_id, posicao_pipeline as posicao, ${col} as coluna from leads
    where id_unidade = ${idUnidade} and desativado = 0 and cli_crm_id = any(${intArray(ids)}::int[])`,
  );
  return rows.map((r) => ({ cli_crm_id: Number(r.cli_crm_id), posicao: Number(r.posicao), coluna: Number(r.coluna) }));
}

/** The smallest position of a column (the top card), or null when it is empty. */
export async function topPosition(db: DbOrTx, idUnidade: number, family: PipelineFamily, coluna: number): Promise<number | null> {
  const col = family === 'negociacao' ? sql.raw('cli_status_negociacao') : sql.raw('cli_status_negociacao_venda');
  const result = (await db.execute(
    sql`select min(posicao_pipeline) as posicao from leads where id_unidade = ${idUnidade} and ${col} = ${coluna} and desativado = 0`,
  )) as unknown as {
    rows: { posicao: number | string | null }[];
  };
  const value = result.rows[0]?.posicao;
  return value === null || value === undefined ? null : Number(value);
}

/**
 * Opens a gap of at least 1 below a card whose neighbour is too close for a number between them:
 * every card of the column after `above` moves down by 1 (rare: after ~20 drops into one gap).
 */
export async function spreadBelow(
  db: DbOrTx,
  idUnidade: number,
  family: PipelineFamily,
  coluna: number,
  above: { posicao: number; id: number },
): Promise<void> {
  const col = family === 'negociacao' ? sql.raw('cli_status_negociacao') : sql.raw('cli_status_negociacao_venda');
  await db.execute(sql`update leads set posicao_pipeline = posicao_pipeline + 1
    where id_unidade = ${idUnidade} and ${col} = ${coluna} and desativado = 0
      and (posicao_pipeline > ${above.posicao}::float8 or (posicao_pipeline = ${above.posicao}::float8 and cli_crm_id < ${above.id}))`);
}
