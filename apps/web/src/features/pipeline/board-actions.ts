// What the board does with its data (002 §4 "Pipeline"; issue 11): the first load, the next page of
// a column, the optimistic move with rollback, and the live refresh of columns another user changed.
import type { PipelineFilter } from '@funil/domain/leads/filter-segments';
import type { PipelineFamily } from '@funil/domain/pipeline/pipeline';
import type { KanbanColumn, PipelineCard } from '@funil/domain/pipeline/pipeline-api';

import { fetchBoard, fetchColumnPage, moveCard } from './api/pipeline-api.ts';
import { boardKeyOf, getPipelineView, updateBoard, updatePipelineView, type ColumnState } from './pipeline-store.ts';

export const columnKeyOf = (c: Pick<KanbanColumn, 'idFunil' | 'idFunilVenda'>) => c.idFunil ?? c.idFunilVenda ?? 0;

function toState(c: KanbanColumn): ColumnState {
  const { leads, total_oportunidades, valor_total, ...head } = c;
  return {
    ...head,
    coluna: columnKeyOf(c),
    total: total_oportunidades,
    soma: valor_total,
    leads,
    nextPage: 2,
    loadingMore: false,
  };
}

/** Reads the board (heads, counts, sums, first pages). The previous board stays on screen until the answer when it is the same board. */
export async function loadBoard(family: PipelineFamily, filter: PipelineFilter, signal?: AbortSignal): Promise<void> {
  const key = boardKeyOf(family, filter);
  if (getPipelineView().dadosKanban?.key !== key) updatePipelineView({ dadosKanban: null });
  const board = await fetchBoard(family, filter, signal);
  updatePipelineView({ dadosKanban: { key, columns: board.data.map(toState) } });
}

const patchColumn = (columns: ColumnState[], coluna: number, change: (c: ColumnState) => ColumnState) =>
  columns.map((c) => (c.coluna === coluna ? change(c) : c));

/** 002 §4: the next page of a column while loaded < total_oportunidades. */
export async function loadMore(family: PipelineFamily, filter: PipelineFilter, coluna: number): Promise<void> {
  const key = boardKeyOf(family, filter);
  const column = getPipelineView().dadosKanban?.columns.find((c) => c.coluna === coluna);
  if (!column || column.loadingMore || column.leads.length >= column.total) return;
  const page = column.nextPage;
  updateBoard(key, (cs) => patchColumn(cs, coluna, (c) => ({ ...c, loadingMore: true })));
  try {
    const answer = await fetchColumnPage(family, coluna, page, filter);
    updateBoard(key, (cs) =>
      patchColumn(cs, coluna, (c) => {
        // A card moved meanwhile may be on both sides of a page boundary: keep one.
        const known = new Set(c.leads.map((l) => l.cli_crm_id));
        return {
          ...c,
          leads: [...c.leads, ...answer.leads.filter((l) => !known.has(l.cli_crm_id))],
          total: answer.total_oportunidades,
          soma: answer.valor_total,
          nextPage: page + 1,
          loadingMore: false,
        };
      }),
    );
  } catch {
    updateBoard(key, (cs) => patchColumn(cs, coluna, (c) => ({ ...c, loadingMore: false })));
  }
}

/** Reads the first page of columns again (another user moved a card between them). */
export async function refreshColumns(family: PipelineFamily, filter: PipelineFilter, colunas: readonly number[]): Promise<void> {
  const key = boardKeyOf(family, filter);
  const answers = await Promise.all(colunas.map((coluna) => fetchColumnPage(family, coluna, 1, filter).catch(() => null)));
  updateBoard(key, (cs) =>
    cs.map((c) => {
      const answer = answers.find((a) => a?.id === c.coluna);
      return answer
        ? {
            ...c,
            leads: answer.leads,
            total: answer.total_oportunidades,
            soma: answer.valor_total,
            nextPage: 2,
            loadingMore: false,
          }
        : c;
    }),
  );
}

export type DropTarget = { coluna: number; index: number };

/** The columns after a card moves to `target` (002 §4: both counts by one, both sums by its ticket). */
export function moveLocally(
  columns: ColumnState[],
  family: PipelineFamily,
  cardId: number,
  from: number,
  target: DropTarget,
): ColumnState[] {
  const source = columns.find((c) => c.coluna === from);
  const card = source?.leads.find((l) => l.cli_crm_id === cardId);
  if (!source || !card) return columns;
  const moved: PipelineCard =
    family === 'negociacao'
      ? { ...card, cli_status_negociacao: target.coluna }
      : { ...card, cli_status_negociacao_venda: target.coluna };
  return columns.map((c) => {
    let next = c;
    if (c.coluna === from)
      next = {
        ...next,
        leads: next.leads.filter((l) => l.cli_crm_id !== cardId),
        total: next.total - 1,
        soma: next.soma - card.valor_ticket,
      };
    if (c.coluna === target.coluna) {
      const leads = [...next.leads];
      leads.splice(Math.max(0, Math.min(target.index, leads.length)), 0, moved);
      next = { ...next, leads, total: next.total + 1, soma: next.soma + card.valor_ticket };
    }
    return next;
  });
}

/** Moves of this browser waiting for their own live echo (which is then not read again). */
const ownMoves = new Set<number>();
export const isOwnMove = (cliCrmId: number) => ownMoves.delete(cliCrmId);

/**
 * The optimistic move (issue 11): the board changes at once; the server's refusal (the unit's
 * transitions, the sale status without edicao_status_cliente) restores both columns and is
 * returned for the message. The card's neighbours travel so it keeps its place for every user.
 */
export async function moveOptimistic(
  family: PipelineFamily,
  filter: PipelineFilter,
  cardId: number,
  from: number,
  target: DropTarget,
): Promise<string | null> {
  const key = boardKeyOf(family, filter);
  const before = getPipelineView().dadosKanban;
  if (!before || before.key !== key) return null;
  const after = moveLocally(before.columns, family, cardId, from, target);
  const list = after.find((c) => c.coluna === target.coluna)?.leads ?? [];
  const at = list.findIndex((l) => l.cli_crm_id === cardId);
  const acima = at > 0 ? list[at - 1]!.cli_crm_id : null;
  const abaixo = at >= 0 && at < list.length - 1 ? list[at + 1]!.cli_crm_id : null;
  updatePipelineView({ dadosKanban: { key, columns: after } });
  ownMoves.add(cardId);
  try {
    const body =
      family === 'negociacao'
        ? { cli_crm_id: cardId, idFunil: target.coluna, acima, abaixo }
        : { cli_crm_id: cardId, idFunilVenda: target.coluna, acima, abaixo };
    const answer = await moveCard(family, body);
    updateBoard(key, (cs) =>
      patchColumn(cs, target.coluna, (c) => ({
        ...c,
        leads: c.leads.map((l) => (l.cli_crm_id === cardId ? { ...l, posicao: answer.data.posicao } : l)),
      })),
    );
    return null;
  } catch (error) {
    ownMoves.delete(cardId);
    // Rollback: the two columns as they were (other columns keep what happened meanwhile).
    updateBoard(key, (cs) =>
      cs.map((c) =>
        c.coluna === from || c.coluna === target.coluna ? (before.columns.find((b) => b.coluna === c.coluna) ?? c) : c,
      ),
    );
    return error instanceof Error && error.message ? error.message : 'Não foi possível mover o lead.';
  }
}
