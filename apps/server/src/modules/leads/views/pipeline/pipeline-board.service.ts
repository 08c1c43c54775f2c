// The leads module's door for the pipeline (issue 11): the board's reads and the cards' positions.
// Every read is scoped to the session's unit and the viewer's visibility (001 §6) by the CRM list's
// one WHERE; a position is written only for a lead the caller may see.
import { UNASSIGNED_ATTENDANT_ID } from '@funil/domain/leads/contact-list-chips';
import type { ContactListFilter, PipelineFilter } from '@funil/domain/leads/filter-segments';
import { positionBetween, type PipelineFamily } from '@funil/domain/pipeline/pipeline';
import type { PipelineCard } from '@funil/domain/pipeline/pipeline-api';

import type { Db } from '../../../../db/handle.ts';
import type { Session } from '../../../auth/auth.service.ts';
import { leadCountCache, scopeOf } from '../../leads.service.ts';
import * as board from './pipeline-board.repository.ts';

/**
 * The pipeline's filter set (002 §3) as the CRM list's filter: 'Meus atendimentos' is the caller
 * among the attendants, 'Não Atribuídos' the unassigned attendant 0 (contact-list-chips.ts).
 */
export function pipelineListFilter(filter: PipelineFilter, session: Pick<Session, 'userId'>): ContactListFilter {
  const atendentes = new Set(filter.ids_atendentes);
  if (filter.meus_atendimentos) atendentes.add(session.userId);
  if (filter.nao_atribuidos) atendentes.add(UNASSIGNED_ATTENDANT_ID);
  return {
    page: 1,
    cli_status_negociacao: filter.cli_status_negociacao,
    cli_status_negociacao_venda: filter.cli_status_negociacao_venda,
    cli_contato_status: filter.cli_contato_status,
    texto_busca: filter.texto_busca,
    cli_tipo_lead: filter.cli_tipo_lead,
    status_envio_massa: null,
    cli_campanha_nome: filter.cli_campanha_nome,
    tags: filter.cli_tags,
    atendentes: [...atendentes],
    cli_atendimento: filter.cli_atendimento,
    data_inicio: filter.cli_data_inicial,
    data_fim: filter.cli_data_final,
    tipo_data: 0,
  };
}

export type BoardRead = { family: PipelineFamily; filter: PipelineFilter };

/**
 * The cache key of a board's counts: the family, the filter and who is looking when the conditions
 * use it (001 §6 visibility, 'Atendidos por mim'). The counts and sums share the CRM list's short
 * cache (lead-count-cache.ts): every committed lead change of the unit drops them.
 */
function totalsKey(session: Session, read: BoardRead, filter: ContactListFilter, coluna: number | null): string {
  const scope = scopeOf(session);
  const viewer = !scope.seesAssigned || filter.cli_atendimento === 1 ? scope.userId : 0;
  return JSON.stringify(['pipeline', read.family, coluna, session.empresaId, viewer, scope.seesAssigned, filter]);
}

export function pipelineColumnTotals(db: Db, session: Session, read: BoardRead) {
  const filter = pipelineListFilter(read.filter, session);
  return leadCountCache(db).get(session.unidadeId, totalsKey(session, read, filter, null), () => ({
    capturedSince: undefined,
    total: board.columnTotals(db, scopeOf(session), read.family, filter),
  })).total;
}

export function pipelineFirstPages(db: Db, session: Session, read: BoardRead, columns: readonly number[], limit: number) {
  return board.firstPages(db, scopeOf(session), read.family, pipelineListFilter(read.filter, session), columns, limit);
}

/** One page of a column with the column's count and ticket sum (cached like the board's). */
export async function pipelineColumnPage(db: Db, session: Session, read: BoardRead, coluna: number, page: number, limit: number) {
  const filter = pipelineListFilter(read.filter, session);
  const totals = leadCountCache(db).get(session.unidadeId, totalsKey(session, read, filter, coluna), () => ({
    capturedSince: undefined,
    total: board.columnTotal(db, scopeOf(session), read.family, filter, coluna),
  })).total;
  const [cards, { total, soma }] = await Promise.all([
    board.columnPage(db, scopeOf(session), read.family, filter, coluna, page, limit),
    totals,
  ]);
  return { cards, total, soma };
}

export function pipelineTablePage(db: Db, session: Session, filter: PipelineFilter, page: number, limit: number) {
  return board.tablePage(db, scopeOf(session), pipelineListFilter(filter, session), page, limit);
}

export function pipelineColumnCards(db: Db, session: Session, read: BoardRead, coluna: number): AsyncGenerator<PipelineCard[]> {
  return board.columnCards(db, scopeOf(session), read.family, pipelineListFilter(read.filter, session), coluna);
}

export type Drop = {
  family: PipelineFamily;
  cliCrmId: number;
  para: number;
  acima?: number | null | undefined;
  abaixo?: number | null | undefined;
};

/**
 * Where a dropped card goes (issue 11 card order): between the cards above and below it in the
 * target column; a neighbour that is no longer there (moved meanwhile by someone else) is ignored,
 * and with neither the card goes on top. Opens a gap first when the two are too close.
 */
export async function pipelineDropPosition(db: Db, session: Session, drop: Drop): Promise<number> {
  const neighbours = [drop.acima, drop.abaixo].filter((id): id is number => typeof id === 'number' && id !== drop.cliCrmId);
  const rows = await board.positionsOf(db, session.unidadeId, drop.family, neighbours);
  const inColumn = (id: number | null | undefined) => rows.find((r) => r.cli_crm_id === id && r.coluna === drop.para) ?? null;
  const above = inColumn(drop.acima);
  const below = inColumn(drop.abaixo);
  if (!above && !below) {
    const top = await board.topPosition(db, session.unidadeId, drop.family, drop.para);
    return top === null ? -Date.now() / 1000 : top - 1;
  }
  const position = positionBetween(above?.posicao ?? null, below?.posicao ?? null);
  if (position !== null) return position;
  await board.spreadBelow(db, session.unidadeId, drop.family, drop.para, { posicao: above!.posicao, id: above!.cli_crm_id });
  return above!.posicao + 0.5;
}
