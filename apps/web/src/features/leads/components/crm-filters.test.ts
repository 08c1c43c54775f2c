// 000 §7 contact lists: the CRM filter state becomes the positional segments through buildContactListPath.
import { describe, expect, it } from 'vitest';
import { NO_QUICK_FILTERS, toggleQuickFilter } from '@funil/domain/leads/quick-filters';
import { contactListPath } from '../api/get-contact-list.ts';
import { crmQuickFilters, EMPTY_ADVANCED_FILTER, EMPTY_CRM_FILTER, toListFilter } from './crm-filters.ts';

describe('000 §7 CRM filter → contact list path', () => {
  it('builds page 1 with every segment empty and no date pair', () => {
    expect(contactListPath(toListFilter(EMPTY_CRM_FILTER, 7), 1)).toBe('/contato/crm/1/-1/-1/-1/-1/-1/-1/-1/-1/-1/-1/0');
  });

  it('encodes the search twice, takes "Meus atendimentos" as the viewer and the dates as whole days', () => {
    const state = {
      search: ' Conceição ',
      quick: toggleQuickFilter(toggleQuickFilter(NO_QUICK_FILTERS, 'meus_atendimentos'), 'nao_atendidos'),
      advanced: { ...EMPTY_ADVANCED_FILTER, cli_status_negociacao: 4, tags: [1, 3], atendentes: [9], cli_campanha_nome: 'Implante Dentário', data_inicio: '2025-11-01', data_fim: '2025-11-30', tipo_data: 1 as const },
    };
    expect(contactListPath(toListFilter(state, 7), 3)).toBe(
      '/contato/crm/3/4/-1/-1/Concei%25C3%25A7%25C3%25A3o/-1/-1/Implante%2520Dent%25C3%25A1rio/1,3/7/2/2025-11-01%2000%3A00%3A00/2025-11-30%2023%3A59%3A59/1',
    );
  });

  it('offers only the chips the list read can filter, by the unit settings of 001 §4', () => {
    expect(crmQuickFilters({ clienteAtendente: true, atendimentoHabilitado: true })).toEqual(['todos', 'meus_atendimentos', 'atendidos_por_mim', 'nao_atendidos']);
    expect(crmQuickFilters({ clienteAtendente: false, atendimentoHabilitado: false })).toEqual(['todos']);
  });
});
