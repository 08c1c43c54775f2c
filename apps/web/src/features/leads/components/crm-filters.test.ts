// 000 §7 contact lists: the CRM filter state becomes the positional segments through buildContactListPath.
import { describe, expect, it } from 'vitest';

import { contactListPath } from '../api/get-contact-list.ts';
import { EMPTY_ADVANCED_FILTER, EMPTY_CRM_FILTER, toListFilter } from './crm-filters.ts';

describe('000 §7 CRM filter → contact list path', () => {
  it('builds page 1 with every segment empty and no date pair', () => {
    expect(contactListPath(toListFilter(EMPTY_CRM_FILTER, 7), 1)).toBe('/contato/crm/1/-1/-1/-1/-1/-1/-1/-1/-1/-1/-1/0');
  });

  it(
    'encodes the search twice, takes "Meus Atendimentos" (002 §2.1 chip 6) as the viewer over the ' +
      'advanced attendants, and the dates as whole days',
    () => {
      const state = {
        search: ' Conceição ',
        chip: 6 as const,
        advanced: {
          ...EMPTY_ADVANCED_FILTER,
          cli_status_negociacao: 4,
          cli_atendimento: 2 as const,
          tags: [1, 3],
          atendentes: [9],
          cli_campanha_nome: 'Implante Dentário',
          data_inicio: '2025-11-01',
          data_fim: '2025-11-30',
          tipo_data: 1 as const,
        },
      };
      expect(contactListPath(toListFilter(state, 7), 3)).toBe(
        '/contato/crm/3/4/-1/-1/Concei%25C3%25A7%25C3%25A3o/-1/-1/Implante%2520Dent%25C3%25A1rio/1,3/7/2/' +
          '2025-11-01%2000%3A00%3A00/2025-11-30%2023%3A59%3A59/1',
      );
    },
  );

  it("002 §2.1 chips: a status chip over the advanced contact status, 'Não Atribuídos' as attendant 0", () => {
    const advanced = { ...EMPTY_ADVANCED_FILTER, cli_contato_status: 1, atendentes: [9] };
    expect(contactListPath(toListFilter({ search: '', chip: 3, advanced }, 7), 1)).toBe(
      '/contato/crm/1/-1/-1/3/-1/-1/-1/-1/-1/9/-1/0',
    );
    expect(contactListPath(toListFilter({ search: '', chip: 7, advanced }, 7), 1)).toBe(
      '/contato/crm/1/-1/-1/1/-1/-1/-1/-1/-1/0/-1/0',
    );
    expect(contactListPath(toListFilter({ search: '', chip: 1, advanced }, 7), 1)).toBe(
      '/contato/crm/1/-1/-1/1/-1/-1/-1/-1/-1/9/-1/0',
    );
  });
});
