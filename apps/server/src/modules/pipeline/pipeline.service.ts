// The pipeline (002 §2.4, §4 "Pipeline", §7; 001 §7 'kanban' reads; issue 11): the board's columns
// with counts, ticket sums and pages, the table, the CSV export of a column, and the moves. The
// leads stay the leads module's (pipeline-board.service.ts); a move is the negotiation module's
// status change, so it keeps the unit's transitions, writes its history event and is announced.
import { CSV_BOM, csvLine } from '@funil/domain/csv/csv';
import { formatDateTime } from '@funil/domain/format/date';
import { LEAD_API_MESSAGES } from '@funil/domain/leads-api/messages';
import {
  FilterSegmentsError,
  parseFilterSegments,
  PIPELINE_LAYOUT,
  type PipelineFilter,
} from '@funil/domain/leads/filter-segments';
import {
  canDragInFamily,
  canUseColumnMenu,
  EMPTY_PIPELINE_FILTER,
  isBoardStatusName,
  leadCsvHeader,
  PIPELINE_COLUMN_PAGE_SIZE,
  PIPELINE_MESSAGES,
  PIPELINE_TABLE_PAGE_SIZE,
  type PipelineFamily,
} from '@funil/domain/pipeline/pipeline';
import type {
  KanbanBoardResponse,
  KanbanColumnPageResponse,
  KanbanMoveResponse,
  KanbanTableResponse,
} from '@funil/domain/pipeline/pipeline-api';

import { DomainError } from '../../http/domain-error.ts';
import type { Session } from '../auth/auth.service.ts';
import { negotiationStatuses, saleStatuses } from '../catalog/catalog.service.ts';
import { extrasOf, type LeadDeps } from '../leads/leads.service.ts';
import {
  pipelineColumnCards,
  pipelineColumnPage,
  pipelineColumnTotals,
  pipelineDropPosition,
  pipelineFirstPages,
  pipelineTablePage,
  type BoardRead,
} from '../leads/views/pipeline/pipeline-board.service.ts';
import { updateNegotiationStatus, updateSaleStatus } from '../negotiation/negotiation.service.ts';

/** The filter segments of a kanban path, read by the one shared parser (ARCHITECTURE "The API contract"). */
export function parsePipelineFilter(tail: string): PipelineFilter {
  try {
    return parseFilterSegments(PIPELINE_LAYOUT, tail);
  } catch (error) {
    if (error instanceof FilterSegmentsError) throw new DomainError('invalid', error.message);
    throw error;
  }
}

type Status = { id: number; nome: string; cor: string; idFunil: number | null; idFunilVenda: number | null; coluna: number };

/**
 * The family's statuses as columns, in funnel order. 001 §7: 'erro' and 'nenhum' are dropped when
 * the filter names no status of the family (and kept when it names one of them).
 */
async function columnsOf(deps: LeadDeps, session: Session, family: PipelineFamily, filter: PipelineFilter): Promise<Status[]> {
  const named = family === 'negociacao' ? filter.cli_status_negociacao : filter.cli_status_negociacao_venda;
  const all: Status[] =
    family === 'negociacao'
      ? (await negotiationStatuses(deps.db, session.empresaId)).map((s) => ({
          id: s.id,
          nome: s.nome,
          cor: s.cor,
          idFunil: s.idFunil,
          idFunilVenda: null,
          coluna: s.idFunil,
        }))
      : (await saleStatuses(deps.db, session.empresaId)).map((s) => ({
          id: s.id,
          nome: s.nome,
          cor: s.cor,
          idFunil: null,
          idFunilVenda: s.idFunilVenda,
          coluna: s.idFunilVenda,
        }));
  return all.filter((s) => isBoardStatusName(s.nome) || s.coluna === named);
}

/** GET /kanban/status-negociacao[-venda]/{filters}: every column head (count, sum) and its first page, in three statements at once. */
export async function board(
  deps: LeadDeps,
  session: Session,
  family: PipelineFamily,
  tail: string,
): Promise<KanbanBoardResponse> {
  const filter = parsePipelineFilter(tail);
  const read: BoardRead = { family, filter };
  const statuses = await columnsOf(deps, session, family, filter);
  const [totals, pages] = await Promise.all([
    pipelineColumnTotals(deps.db, session, read),
    pipelineFirstPages(
      deps.db,
      session,
      read,
      statuses.map((s) => s.coluna),
      PIPELINE_COLUMN_PAGE_SIZE,
    ),
  ]);
  const byColumn = new Map(totals.map((t) => [t.coluna, t]));
  const data = statuses.map((s) => ({
    id: s.id,
    nome: s.nome,
    cor: s.cor,
    idFunil: s.idFunil,
    idFunilVenda: s.idFunilVenda,
    total_oportunidades: byColumn.get(s.coluna)?.total ?? 0,
    valor_total: byColumn.get(s.coluna)?.soma ?? 0,
    leads: pages.get(s.coluna) ?? [],
  }));
  return { data, total_leads: data.reduce((sum, c) => sum + c.total_oportunidades, 0) };
}

async function assertColumn(deps: LeadDeps, session: Session, family: PipelineFamily, coluna: number): Promise<Status> {
  const all =
    family === 'negociacao'
      ? await negotiationStatuses(deps.db, session.empresaId)
      : await saleStatuses(deps.db, session.empresaId);
  const found = all.find((s) => ('idFunil' in s ? s.idFunil : s.idFunilVenda) === coluna);
  if (!found) throw new DomainError('not_found', PIPELINE_MESSAGES.columnNotFound);
  return {
    id: found.id,
    nome: found.nome,
    cor: found.cor,
    idFunil: 'idFunil' in found ? found.idFunil : null,
    idFunilVenda: 'idFunilVenda' in found ? found.idFunilVenda : null,
    coluna,
  };
}

/** GET /kanban/novos-leads[-venda]/{column}/{page}/{filters}: the next page of one column and its count. */
export async function columnPage(
  deps: LeadDeps,
  session: Session,
  family: PipelineFamily,
  coluna: number,
  page: number,
  tail: string,
): Promise<KanbanColumnPageResponse> {
  const filter = parsePipelineFilter(tail);
  await assertColumn(deps, session, family, coluna);
  const { cards, total, soma } = await pipelineColumnPage(
    deps.db,
    session,
    { family, filter },
    coluna,
    page,
    PIPELINE_COLUMN_PAGE_SIZE,
  );
  return { data: { id: coluna, pagina: page, total_oportunidades: total, valor_total: soma, leads: cards } };
}

/** GET kanban/tabela/{page}/{filters}: 20 per page (002 §9), newest captured first. */
export async function table(deps: LeadDeps, session: Session, page: number, tail: string): Promise<KanbanTableResponse> {
  const filter = parsePipelineFilter(tail);
  const { cards, total } = await pipelineTablePage(deps.db, session, filter, page, PIPELINE_TABLE_PAGE_SIZE);
  return { data: { status_negociacao: cards, total_clientes: total, pagina: page, por_pagina: PIPELINE_TABLE_PAGE_SIZE } };
}

export type CsvOptions = {
  family: PipelineFamily;
  coluna: number;
  withFunnelStage: boolean;
  campaignId: boolean;
  campaignName: boolean;
  tail: string;
};

/**
 * GET /kanban/dados-arquivo-csv/…: leads.csv of one column (002 §9: cli_crm_id, nome, telefone,
 * dataCaptura, and optionally the funnel stage, campaign id and name), streamed in batches so a
 * column of any size never sits in memory. Permission a or ag only (002 §6).
 */
export async function columnCsv(deps: LeadDeps, session: Session, options: CsvOptions): Promise<AsyncGenerator<string>> {
  if (!canUseColumnMenu(session.permission)) throw new DomainError('forbidden', PIPELINE_MESSAGES.exportForbidden);
  // 002 §7 gives the path without filter segments: the tail is optional (issue 21 item 17).
  const filter = options.tail.replace(/^\/+|\/+$/g, '') === '' ? EMPTY_PIPELINE_FILTER : parsePipelineFilter(options.tail);
  const status = await assertColumn(deps, session, options.family, options.coluna);
  const cards = pipelineColumnCards(deps.db, session, { family: options.family, filter }, options.coluna);
  async function* lines(): AsyncGenerator<string> {
    // The one CSV writer (packages/domain leads/csv.ts): ';', a UTF-8 BOM, CRLF.
    yield `${CSV_BOM}${csvLine(leadCsvHeader(options))}`;
    for await (const batch of cards) {
      yield batch
        .map((c) =>
          csvLine([
            c.cli_crm_id,
            c.cli_nome,
            c.cli_telefone,
            formatDateTime(c.cli_data_captacao),
            ...(options.withFunnelStage ? [status.nome] : []),
            ...(options.campaignId ? [c.cli_campanha_id] : []),
            ...(options.campaignName ? [c.cli_campanha_nome] : []),
          ]),
        )
        .join('');
    }
  }
  return lines();
}

export type Move = {
  family: PipelineFamily;
  cliCrmId: number;
  para: number;
  acima?: number | null | undefined;
  abaixo?: number | null | undefined;
};

/**
 * PUT kanban/status-negociacao[-venda] (002 §4 §7): to another column it is the lead's status change
 * (the unit's transitions; the sale status only with edicao_status_cliente; a history event); in
 * the same column only the card's place changes. Either way it is one change of the lead: the lead
 * is read once (locked, in the change's transaction), and its one lead event is announced once, on
 * the board's event, to the users who may see the lead (issue 22 §2).
 */
export async function move(deps: LeadDeps, session: Session, m: Move): Promise<KanbanMoveResponse> {
  // 002 §4 §6: the sale-status view is read-only without edicao_status_cliente, reorders included.
  if (!canDragInFamily(m.family, extrasOf(session).edicao_status_cliente === true))
    throw new DomainError('forbidden', LEAD_API_MESSAGES.saleStatusForbidden);
  await assertColumn(deps, session, m.family, m.para);
  const posicao = await pipelineDropPosition(deps.db, session, m);
  const outcome =
    m.family === 'negociacao'
      ? await updateNegotiationStatus(deps, session, m.cliCrmId, m.para, { posicao })
      : await updateSaleStatus(deps, session, m.cliCrmId, m.para, { posicao });
  return {
    message: outcome.response.message ?? LEAD_API_MESSAGES.statusUpdated,
    data: { cli_crm_id: m.cliCrmId, coluna: m.para, posicao },
  };
}
