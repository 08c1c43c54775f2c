// Quick filter chips of the lead list (001 §2 "Quick filter chips", §4 "Quick filters").
// The state keys are the flag fields of WHATSAPP_CLIENTS_LAYOUT, so it spreads into that filter.

/** The switchable chips; 'Todos' is the absence of all of them. */
export const QUICK_FILTER_KEYS = [
  'lidos',
  'nao_lidos',
  'meus_atendimentos',
  'nao_atribuidos',
  'atendidos_por_mim',
  'nao_atendidos',
] as const;
export type QuickFilterKey = (typeof QUICK_FILTER_KEYS)[number];
export type QuickFilterChip = 'todos' | QuickFilterKey;
export type QuickFilterState = Record<QuickFilterKey, boolean>;

/** Chip labels (001 §4). */
export const QUICK_FILTER_LABELS: Record<QuickFilterChip, string> = {
  todos: 'Todos',
  lidos: 'Lidos',
  nao_lidos: 'Não lidos',
  meus_atendimentos: 'Meus atendimentos',
  nao_atribuidos: 'Não atribuídos',
  atendidos_por_mim: 'Atendidos por mim',
  nao_atendidos: 'Não atendidos',
};

/** 001 §4: the mutually exclusive pairs. */
const PAIRS: Record<QuickFilterKey, QuickFilterKey> = {
  lidos: 'nao_lidos',
  nao_lidos: 'lidos',
  meus_atendimentos: 'nao_atribuidos',
  nao_atribuidos: 'meus_atendimentos',
  atendidos_por_mim: 'nao_atendidos',
  nao_atendidos: 'atendidos_por_mim',
};

/** No chip on: the 'Todos' state. */
export const NO_QUICK_FILTERS: QuickFilterState = {
  lidos: false,
  nao_lidos: false,
  meus_atendimentos: false,
  nao_atribuidos: false,
  atendidos_por_mim: false,
  nao_atendidos: false,
};

/**
 * Clicks a chip (001 §4): 'Todos' clears the others; any other chip toggles, and turning it on
 * turns off its pair (Lidos/Não lidos, Meus atendimentos/Não atribuídos, Atendidos por mim/Não
 * atendidos).
 */
export function toggleQuickFilter(state: QuickFilterState, chip: QuickFilterChip): QuickFilterState {
  if (chip === 'todos') return { ...NO_QUICK_FILTERS };
  const on = !state[chip];
  return { ...state, [chip]: on, ...(on ? { [PAIRS[chip]]: false } : {}) };
}

/** 'Todos' shows as selected when no other chip is on. */
export function isAllQuickFilter(state: QuickFilterState): boolean {
  return QUICK_FILTER_KEYS.every((key) => !state[key]);
}

/**
 * The chips shown (001 §4): the assignment chips only with clienteAtendente, the attended chips
 * only when atendimentoHabilitado is on.
 */
export function visibleQuickFilters(settings: { clienteAtendente: boolean; atendimentoHabilitado: boolean }): QuickFilterChip[] {
  return [
    'todos',
    'lidos',
    'nao_lidos',
    ...(settings.clienteAtendente ? (['meus_atendimentos', 'nao_atribuidos'] as const) : []),
    ...(settings.atendimentoHabilitado ? (['atendidos_por_mim', 'nao_atendidos'] as const) : []),
  ];
}
