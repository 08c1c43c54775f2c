// 002 §2.1 "Filter chips (ids): Todos 1, Novos 2, Atendidas 3, Não Atendidas 4, Na Fila 5, Meus
// Atendimentos 6, Não Atribuídos 7. 'Meus Atendimentos' appears only when … clienteAtendente".
import { describe, expect, it } from 'vitest';

import { CONTACT_LIST_CHIPS, contactListChipFilter, splitAttendants, visibleContactListChips } from './contact-list-chips.ts';

describe('002 §2.1 contact list chips', () => {
  it('has the seven chips with their ids and labels, in order', () => {
    expect(CONTACT_LIST_CHIPS.map((c) => [c.id, c.label])).toEqual([
      [1, 'Todos'],
      [2, 'Novos'],
      [3, 'Atendidas'],
      [4, 'Não Atendidas'],
      [5, 'Na Fila'],
      [6, 'Meus Atendimentos'],
      [7, 'Não Atribuídos'],
    ]);
  });

  it("shows 'Meus Atendimentos' only with clienteAtendente", () => {
    expect(visibleContactListChips({ clienteAtendente: false }).map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 7]);
    expect(visibleContactListChips({ clienteAtendente: true }).map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('000 §3: Novos is NaFila (1), Atendidas 3, Não Atendidas 2, Na Fila is FilaAtendimento (4)', () => {
    expect([2, 3, 4, 5].map((id) => contactListChipFilter(id, 9))).toEqual([
      { cli_contato_status: 1 },
      { cli_contato_status: 3 },
      { cli_contato_status: 2 },
      { cli_contato_status: 4 },
    ]);
  });

  it("'Meus Atendimentos' is the viewer, 'Não Atribuídos' the unassigned id 0, 'Todos' nothing", () => {
    expect(contactListChipFilter(6, 9)).toEqual({ atendentes: [9] });
    expect(contactListChipFilter(7, 9)).toEqual({ atendentes: [0] });
    expect(contactListChipFilter(1, 9)).toEqual({});
    expect(contactListChipFilter(99, 9)).toEqual({});
  });

  it('splits an atendentes segment into unassigned and user ids', () => {
    expect(splitAttendants([0, 4, 5])).toEqual({ unassigned: true, userIds: [4, 5] });
    expect(splitAttendants([4])).toEqual({ unassigned: false, userIds: [4] });
  });
});
