import { describe, expect, it } from 'vitest';

import { isLeadVisibleTo, seesAssignedLeads } from './visibility.ts';

describe('lead visibility (001 §5 "Opening a lead", §6 acesso_atribuidos)', () => {
  const attendant = { userId: 7, permission: 'u', acessoAtribuidos: 0 } as const;

  it('shows an attendant without acesso_atribuidos only unassigned leads and their own', () => {
    expect(isLeadVisibleTo({ idUsuario: null }, attendant)).toBe(true);
    expect(isLeadVisibleTo({ idUsuario: 7 }, attendant)).toBe(true);
    expect(isLeadVisibleTo({ idUsuario: 8 }, attendant)).toBe(false);
  });

  it('shows every lead to an attendant with acesso_atribuidos', () => {
    expect(isLeadVisibleTo({ idUsuario: 8 }, { ...attendant, acessoAtribuidos: 1 })).toBe(true);
    expect(isLeadVisibleTo({ idUsuario: 8 }, { ...attendant, acessoAtribuidos: true })).toBe(true);
  });

  it('applies the switch to attendants only: admins and managers see every lead (001 §6)', () => {
    for (const permission of ['a', 'ag', 'm', 'mg', 'sa'] as const) {
      expect(seesAssignedLeads({ userId: 7, permission, acessoAtribuidos: 0 })).toBe(true);
      expect(isLeadVisibleTo({ idUsuario: 8 }, { userId: 7, permission, acessoAtribuidos: false })).toBe(true);
    }
  });

  it('reads only the switch when the role is not known', () => {
    expect(isLeadVisibleTo({ idUsuario: 8 }, { userId: 7, acessoAtribuidos: 0 })).toBe(false);
    expect(isLeadVisibleTo({ idUsuario: 8 }, { userId: 7, acessoAtribuidos: 1 })).toBe(true);
  });
});
