import { describe, expect, it } from 'vitest';

import {
  allowedTargetStatuses,
  assignmentActions,
  assignmentOutcome,
  attendanceLabel,
  canOpenLead,
  CONTACT_STATUS,
  isLeadVisibleTo,
  isTransitionAllowed,
  MESSAGE_STATUS_FILTER_OPTIONS,
  POTENTIAL_LABELS,
  potentialLabel,
  randomTagColor,
  shouldDropLeadAfterAssignmentUpdate,
  showsNextAttemptDate,
  TAG_COLORS,
} from './negotiation.ts';

describe('negotiation status transitions (000 §3 crm_contato_negociacao_status_permitidos)', () => {
  const allowed = [
    { de: 1, para: 2 },
    { de: 2, para: 5 },
  ];

  it('000 §3 allows only the listed {de, para} pairs', () => {
    expect(isTransitionAllowed(1, 2, allowed)).toBe(true);
    expect(isTransitionAllowed(2, 5, allowed)).toBe(true);
    expect(isTransitionAllowed(1, 5, allowed)).toBe(false);
    expect(isTransitionAllowed(2, 1, allowed)).toBe(false);
  });

  it('de 0 allows the status from any status: the unit settings list status_negociacao_permitidos (002 §3, issue 10)', () => {
    const fromAny = [
      { de: 0, para: 4 },
      { de: 0, para: 5 },
    ];
    expect(isTransitionAllowed(1, 4, fromAny)).toBe(true);
    expect(isTransitionAllowed(7, 5, fromAny)).toBe(true);
    expect(isTransitionAllowed(1, 2, fromAny)).toBe(false);
  });

  it('an empty list allows everything, the same status is a no-op and a lead without status may take any', () => {
    expect(isTransitionAllowed(1, 5, [])).toBe(true);
    expect(isTransitionAllowed(3, 3, allowed)).toBe(true);
    expect(isTransitionAllowed(null, 4, allowed)).toBe(true);
  });

  it('offers in the selector only the reachable statuses and the current one', () => {
    const statuses = [1, 2, 5, 6].map((idFunil) => ({ idFunil, nome: `S${idFunil}` }));
    expect(allowedTargetStatuses(2, statuses, allowed).map((s) => s.idFunil)).toEqual([2, 5]);
    expect(allowedTargetStatuses(2, statuses, []).map((s) => s.idFunil)).toEqual([1, 2, 5, 6]);
  });
});

describe('potential labels (001 §3 "status labels status to status5 (defaults Nenhum, Pouco, Pouco+, Médio, Médio+, Muito)")', () => {
  it('001 §3 defaults for the levels 0..5', () => {
    expect([0, 1, 2, 3, 4, 5].map((level) => potentialLabel(level))).toEqual([...POTENTIAL_LABELS]);
    expect(POTENTIAL_LABELS).toEqual(['Nenhum', 'Pouco', 'Pouco+', 'Médio', 'Médio+', 'Muito']);
  });

  it("001 §3 a potential's own labels win over the defaults; levels outside 0..5 have none", () => {
    expect(potentialLabel(0, { status: 'Frio' })).toBe('Frio');
    expect(potentialLabel(5, { status5: 'Quente', status: 'Frio' })).toBe('Quente');
    expect(potentialLabel(3, { status3: null })).toBe('Médio');
    expect(potentialLabel(6)).toBeNull();
    expect(potentialLabel(1.5)).toBeNull();
  });
});

describe('attendance and contact status (000 §3 Queue/contact status, §4 Contact attendance)', () => {
  it('000 §3 status ids NaFila 1, NaoAtendido 2, Atendido 3, FilaAtendimento 4', () => {
    expect(CONTACT_STATUS).toEqual({ NaFila: 1, NaoAtendido: 2, Atendido: 3, FilaAtendimento: 4 });
  });

  it("000 §3 labels: queued 'Novo', not answered 'Não Atendido', answered 'Atendido'", () => {
    expect(attendanceLabel(1)).toBe('Novo');
    expect(attendanceLabel(2)).toBe('Não Atendido');
    expect(attendanceLabel(3)).toBe('Atendido');
    expect(attendanceLabel(4)).toBeNull();
    expect(attendanceLabel(null)).toBeNull();
  });

  it('001 §4 only NaoAtendido shows the next-attempt date', () => {
    expect(showsNextAttemptDate(CONTACT_STATUS.NaoAtendido)).toBe(true);
    expect(showsNextAttemptDate(CONTACT_STATUS.Atendido)).toBe(false);
  });
});

describe('message status filter (001 §4 status_mensagem)', () => {
  it('001 §4 0 Não enviada, 1 Nunca respondeu, 2 Respondeu, 3 Respondeu a última mensagem, 4 Bloqueado', () => {
    expect(MESSAGE_STATUS_FILTER_OPTIONS.map((o) => `${o.id} ${o.label}`)).toEqual([
      '0 Não enviada',
      '1 Nunca respondeu',
      '2 Respondeu',
      '3 Respondeu a última mensagem',
      '4 Bloqueado',
    ]);
  });
});

describe('tag palette (001 §3 "The colour palette has 12 choices", 002 §5 colour names)', () => {
  it('001 §3 has the 12 MUI 500 colours with their Portuguese names, in order', () => {
    expect(TAG_COLORS.map((c) => `${c.name} ${c.hex}`)).toEqual([
      'Vermelho #f44336',
      'Rosa #e91e63',
      'Roxo #9c27b0',
      'Índigo #3f51b5',
      'Azul #2196f3',
      'Azul-claro #03a9f4',
      'Ciano #00bcd4',
      'Verde #4caf50',
      'Lima #cddc39',
      'Amarelo #ffeb3b',
      'Laranja #ff9800',
      'Cinza #9e9e9e',
    ]);
  });

  it('001 §3 a random palette colour is preselected on creation', () => {
    expect(randomTagColor(() => 0)).toBe('#f44336');
    expect(randomTagColor(() => 0.5)).toBe('#00bcd4');
    expect(randomTagColor(() => 0.9999)).toBe('#9e9e9e');
    expect(randomTagColor(() => 1)).toBe('#9e9e9e');
    const hexes = TAG_COLORS.map((c) => c.hex) as string[];
    expect(hexes).toContain(randomTagColor());
  });
});

describe('assignment rules (001 §4 Assignment, §5 Opening a lead, §6 acesso_atribuidos)', () => {
  const restricted = { userId: 7, acessoAtribuidos: 0 as const };
  const full = { userId: 7, acessoAtribuidos: 1 as const };

  it('001 §5 a lead assigned to another attendant cannot be opened without acesso_atribuidos', () => {
    expect(canOpenLead({ idUsuario: 8 }, restricted)).toEqual({
      allowed: false,
      message: 'Cliente atribuido a outro atendente.',
    });
    expect(canOpenLead({ idUsuario: 8 }, full)).toEqual({ allowed: true });
    expect(canOpenLead({ idUsuario: 7 }, restricted)).toEqual({ allowed: true });
    expect(canOpenLead({ idUsuario: null }, restricted)).toEqual({ allowed: true });
  });

  it('001 §6 with acesso_atribuidos 0 the user sees only unassigned leads and their own', () => {
    expect(isLeadVisibleTo({ idUsuario: null }, restricted)).toBe(true);
    expect(isLeadVisibleTo({ idUsuario: 7 }, restricted)).toBe(true);
    expect(isLeadVisibleTo({ idUsuario: 9 }, restricted)).toBe(false);
    expect(isLeadVisibleTo({ idUsuario: 9 }, { userId: 7, acessoAtribuidos: true })).toBe(true);
  });

  it(
    "001 §4 unassigned offers 'Atribuir cliente'; assigned offers 'Desatribuir cliente' and " +
      "'Transferir Cliente'; only with clienteAtendente",
    () => {
      expect(assignmentActions({ idUsuario: null }, true)).toEqual(['atribuir']);
      expect(assignmentActions({ idUsuario: 3 }, true)).toEqual(['desatribuir', 'transferir']);
      expect(assignmentActions({ idUsuario: 3 }, false)).toEqual([]);
    },
  );

  it('001 §4 assigning someone else clears the selection with the §8 warning; self or unassign reselects', () => {
    expect(assignmentOutcome(9, 7)).toEqual({
      kind: 'clear-selection',
      success: 'Cliente atribuído com sucesso.',
      warning: 'Cliente atribuído a outro atendente.',
    });
    expect(assignmentOutcome(7, 7)).toEqual({ kind: 'reselect', success: 'Cliente atribuído com sucesso.' });
    expect(assignmentOutcome(null, 7)).toEqual({ kind: 'reselect', success: 'Cliente desatribuído com sucesso.' });
  });

  it('001 §4 Live updates: a lead moved to another attendant leaves the list of a user without acesso_atribuidos', () => {
    expect(shouldDropLeadAfterAssignmentUpdate(9, restricted)).toBe(true);
    expect(shouldDropLeadAfterAssignmentUpdate(7, restricted)).toBe(false);
    expect(shouldDropLeadAfterAssignmentUpdate(null, restricted)).toBe(false);
    expect(shouldDropLeadAfterAssignmentUpdate(9, full)).toBe(false);
  });
});
