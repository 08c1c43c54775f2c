import { describe, expect, it } from 'vitest';

import { emptyFilter, WHATSAPP_CLIENTS_LAYOUT } from './filter-segments.ts';
import {
  isAllQuickFilter,
  NO_QUICK_FILTERS,
  QUICK_FILTER_KEYS,
  toggleQuickFilter,
  visibleQuickFilters,
} from './quick-filters.ts';

describe('quick filters (001 §4 "Quick filters")', () => {
  it("001 §4 'Todos' clears the others", () => {
    const state = toggleQuickFilter(toggleQuickFilter(NO_QUICK_FILTERS, 'lidos'), 'meus_atendimentos');
    expect(isAllQuickFilter(state)).toBe(false);
    expect(toggleQuickFilter(state, 'todos')).toEqual(NO_QUICK_FILTERS);
    expect(isAllQuickFilter(NO_QUICK_FILTERS)).toBe(true);
  });

  it('001 §4 Lidos vs Não lidos, Meus atendimentos vs Não atribuídos, Atendidos por mim vs Não atendidos are exclusive pairs', () => {
    const lidos = toggleQuickFilter(NO_QUICK_FILTERS, 'lidos');
    expect(toggleQuickFilter(lidos, 'nao_lidos')).toMatchObject({ lidos: false, nao_lidos: true });
    const mine = toggleQuickFilter(toggleQuickFilter(NO_QUICK_FILTERS, 'nao_atribuidos'), 'meus_atendimentos');
    expect(mine).toMatchObject({ meus_atendimentos: true, nao_atribuidos: false });
    const attended = toggleQuickFilter(toggleQuickFilter(NO_QUICK_FILTERS, 'atendidos_por_mim'), 'nao_atendidos');
    expect(attended).toMatchObject({ atendidos_por_mim: false, nao_atendidos: true });
  });

  it('chips of different pairs combine and a second click turns a chip off', () => {
    const both = toggleQuickFilter(toggleQuickFilter(NO_QUICK_FILTERS, 'lidos'), 'nao_atribuidos');
    expect(both).toMatchObject({ lidos: true, nao_atribuidos: true });
    expect(toggleQuickFilter(both, 'lidos')).toMatchObject({ lidos: false, nao_atribuidos: true });
  });

  it('001 §4 assignment chips only with clienteAtendente, attended chips only with atendimentoHabilitado', () => {
    expect(visibleQuickFilters({ clienteAtendente: false, atendimentoHabilitado: false })).toEqual([
      'todos',
      'lidos',
      'nao_lidos',
    ]);
    expect(visibleQuickFilters({ clienteAtendente: true, atendimentoHabilitado: true })).toEqual([
      'todos',
      'lidos',
      'nao_lidos',
      'meus_atendimentos',
      'nao_atribuidos',
      'atendidos_por_mim',
      'nao_atendidos',
    ]);
  });

  it('001 §7 the chip state keys are the flag segments of whatsapp/clientes', () => {
    const filter = emptyFilter(WHATSAPP_CLIENTS_LAYOUT);
    for (const key of QUICK_FILTER_KEYS) expect(filter[key]).toBe(false);
  });
});
