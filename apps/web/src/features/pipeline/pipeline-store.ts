// The pipeline view state of 002 §4 (dadosKanban, modoTabelaAtivo, statusNegociacaoVendaAtivo,
// filtroEstaAplicado, clienteEditado, colunaSelecionada, pagina): one store outside React, so it
// survives navigation; 000 §2 'Sair' (logout) clears it.
import { useSyncExternalStore } from 'react';

import type { PipelineFilter } from '@funil/domain/leads/filter-segments';
import { EMPTY_PIPELINE_FILTER, isPipelineFilterApplied, type PipelineFamily } from '@funil/domain/pipeline/pipeline';
import type { KanbanColumn, PipelineCard } from '@funil/domain/pipeline/pipeline-api';

import { getAuth, subscribeAuth } from '../../lib/session.ts';

/** One column on the board: its head, the cards loaded so far and the next page to ask for. */
export type ColumnState = Omit<KanbanColumn, 'leads' | 'total_oportunidades' | 'valor_total'> & {
  coluna: number;
  total: number;
  soma: number;
  leads: PipelineCard[];
  nextPage: number;
  loadingMore: boolean;
};

export type BoardData = { key: string; columns: ColumnState[] };

export type PipelineView = {
  modoTabelaAtivo: boolean;
  statusNegociacaoVendaAtivo: boolean;
  filtro: PipelineFilter;
  filtroEstaAplicado: boolean;
  /** Hidden columns ('Colunas'), per family: `${family}:${coluna}`. */
  colunasOcultas: string[];
  dadosKanban: BoardData | null;
  /** The lead open in the card dialog; clienteEditado: it was changed there, so the board is read again on close. */
  clienteAberto: number | null;
  clienteEditado: boolean;
  colunaSelecionada: number | null;
  /** The table's page (from 1). */
  pagina: number;
};

const INITIAL: PipelineView = {
  modoTabelaAtivo: false,
  statusNegociacaoVendaAtivo: false,
  filtro: EMPTY_PIPELINE_FILTER,
  filtroEstaAplicado: false,
  colunasOcultas: [],
  dadosKanban: null,
  clienteAberto: null,
  clienteEditado: false,
  colunaSelecionada: null,
  pagina: 1,
};

let state: PipelineView = INITIAL;
const listeners = new Set<() => void>();

export function getPipelineView(): PipelineView {
  return state;
}

export function updatePipelineView(change: Partial<PipelineView> | ((current: PipelineView) => Partial<PipelineView>)): void {
  const patch = typeof change === 'function' ? change(state) : change;
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

/** Replaces the board's columns (a functional update keeps concurrent changes apart). */
export function updateBoard(key: string, change: (columns: ColumnState[]) => ColumnState[]): void {
  const board = state.dadosKanban;
  if (!board || board.key !== key) return;
  updatePipelineView({ dadosKanban: { key, columns: change(board.columns) } });
}

export function resetPipelineView(): void {
  state = INITIAL;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePipelineView<T>(select: (view: PipelineView) => T): T {
  return useSyncExternalStore(subscribe, () => select(state));
}

/** The board's key: a board read for another family or filter is another board (002 §4: switching resets it). */
export const boardKeyOf = (family: PipelineFamily, filter: PipelineFilter) => `${family}|${JSON.stringify(filter)}`;

export const familyOf = (view: Pick<PipelineView, 'statusNegociacaoVendaAtivo'>): PipelineFamily =>
  view.statusNegociacaoVendaAtivo ? 'venda' : 'negociacao';

export function applyFilter(filtro: PipelineFilter): void {
  updatePipelineView({ filtro, filtroEstaAplicado: isPipelineFilterApplied(filtro), pagina: 1, dadosKanban: null });
}

// 000 §2 'Sair': the logout clears the kanban state.
subscribeAuth(() => {
  if (!getAuth().isLoggedIn && state !== INITIAL) resetPipelineView();
});
