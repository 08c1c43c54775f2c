// Negotiation, attendance, message-status and tag rules (000 §3; 001 §3, §4, §5, §6, §8).
import { isLeadVisibleTo, type LeadViewer } from './visibility.ts';

/**
 * One allowed negotiation-status transition of crm_contato_negociacao_status_permitidos (000 §3).
 * `de` 0 allows `para` from any status: the unit settings' status_negociacao_permitidos list (002 §3).
 */
export type StatusTransition = { de: number; para: number };

/**
 * Whether a lead may move from negotiation status `from` to `to` given the unit's
 * crm_contato_negociacao_status_permitidos list (000 §3). An empty list allows everything; the
 * same status is a no-op and always allowed; a lead without a status may take any status.
 */
export function isTransitionAllowed(from: number | null, to: number, allowed: readonly StatusTransition[]): boolean {
  if (from === null || from === to || allowed.length === 0) return true;
  return allowed.some((pair) => (pair.de === from || pair.de === 0) && pair.para === to);
}

/** The statuses a selector offers from `from` (current one kept), in the given order. */
export function allowedTargetStatuses<S extends { idFunil: number }>(
  from: number | null,
  statuses: readonly S[],
  allowed: readonly StatusTransition[],
): S[] {
  return statuses.filter((status) => isTransitionAllowed(from, status.idFunil, allowed));
}

/** 001 §3 Negotiation potential: default labels of the 0..5 levels. */
export const POTENTIAL_LABELS = ['Nenhum', 'Pouco', 'Pouco+', 'Médio', 'Médio+', 'Muito'] as const;
export type PotentialLabel = (typeof POTENTIAL_LABELS)[number];

/** A potential's own labels status..status5 (001 §3); absent ones fall back to the defaults. */
export type PotentialStatusLabels = Partial<
  Record<'status' | 'status1' | 'status2' | 'status3' | 'status4' | 'status5', string | null>
>;

/**
 * The label of a potential level 0..5 (001 §3), from the potential's status..status5 labels when
 * given, else Nenhum, Pouco, Pouco+, Médio, Médio+, Muito. Null for a level outside 0..5.
 */
export function potentialLabel(level: number, labels: PotentialStatusLabels = {}): string | null {
  if (!Number.isInteger(level) || level < 0 || level > 5) return null;
  const key = level === 0 ? 'status' : (`status${level}` as const);
  return labels[key as keyof PotentialStatusLabels] || (POTENTIAL_LABELS[level] ?? null);
}

/** 000 §3 Queue/contact status ids (cli_contato_status). */
export const CONTACT_STATUS = { NaFila: 1, NaoAtendido: 2, Atendido: 3, FilaAtendimento: 4 } as const;
export type ContactStatusId = (typeof CONTACT_STATUS)[keyof typeof CONTACT_STATUS];

/** The shared contact statuses (000 §3 `status_contato`, seeded by the catalog): the 'Status do contato' trigger's list. */
export const CONTACT_STATUS_NAMES: Record<ContactStatusId, string> = {
  [CONTACT_STATUS.NaFila]: 'Novo',
  [CONTACT_STATUS.NaoAtendido]: 'Não Atendido',
  [CONTACT_STATUS.Atendido]: 'Atendido',
  [CONTACT_STATUS.FilaAtendimento]: 'Em Atendimento',
};

/** 000 §3, §4 attendance labels: queued 'Novo', not answered 'Não Atendido', answered 'Atendido'. */
export const ATTENDANCE_LABELS = {
  [CONTACT_STATUS.NaFila]: 'Novo',
  [CONTACT_STATUS.NaoAtendido]: 'Não Atendido',
  [CONTACT_STATUS.Atendido]: 'Atendido',
} as const;

/** The attendance label of a contact status (000 §4), or null for a status without one. */
export function attendanceLabel(contactStatus: number | null | undefined): string | null {
  switch (contactStatus) {
    case CONTACT_STATUS.NaFila:
      return ATTENDANCE_LABELS[CONTACT_STATUS.NaFila];
    case CONTACT_STATUS.NaoAtendido:
      return ATTENDANCE_LABELS[CONTACT_STATUS.NaoAtendido];
    case CONTACT_STATUS.Atendido:
      return ATTENDANCE_LABELS[CONTACT_STATUS.Atendido];
    default:
      return null;
  }
}

/** 001 §4 "NaoAtendido … shows the next-attempt date". */
export function showsNextAttemptDate(contactStatus: number | null | undefined): boolean {
  return contactStatus === CONTACT_STATUS.NaoAtendido;
}

/** 001 §4 negotiation status 2 means scheduled: the 'Próxima chamada' date shows. */
export const SCHEDULED_NEGOTIATION_STATUS = 2;

/** 001 §4 Message status filter (status_mensagem). */
export const MESSAGE_STATUS_FILTER = {
  NaoEnviada: 0,
  NuncaRespondeu: 1,
  Respondeu: 2,
  RespondeuUltima: 3,
  Bloqueado: 4,
} as const;
export type MessageStatusFilterId = (typeof MESSAGE_STATUS_FILTER)[keyof typeof MESSAGE_STATUS_FILTER];

/** 001 §4 labels of the message status filter, in id order. */
export const MESSAGE_STATUS_FILTER_OPTIONS: readonly { id: MessageStatusFilterId; label: string }[] = [
  { id: 0, label: 'Não enviada' },
  { id: 1, label: 'Nunca respondeu' },
  { id: 2, label: 'Respondeu' },
  { id: 3, label: 'Respondeu a última mensagem' },
  { id: 4, label: 'Bloqueado' },
];

/** 001 §3, 002 §5: the 12-colour tag palette (MUI 500 shades) with Portuguese names. */
export const TAG_COLORS = [
  { key: 'red', name: 'Vermelho', hex: '#f44336' },
  { key: 'pink', name: 'Rosa', hex: '#e91e63' },
  { key: 'purple', name: 'Roxo', hex: '#9c27b0' },
  { key: 'indigo', name: 'Índigo', hex: '#3f51b5' },
  { key: 'blue', name: 'Azul', hex: '#2196f3' },
  { key: 'lightBlue', name: 'Azul-claro', hex: '#03a9f4' },
  { key: 'cyan', name: 'Ciano', hex: '#00bcd4' },
  { key: 'green', name: 'Verde', hex: '#4caf50' },
  { key: 'lime', name: 'Lima', hex: '#cddc39' },
  { key: 'yellow', name: 'Amarelo', hex: '#ffeb3b' },
  { key: 'orange', name: 'Laranja', hex: '#ff9800' },
  { key: 'grey', name: 'Cinza', hex: '#9e9e9e' },
] as const;
export type TagColor = (typeof TAG_COLORS)[number];
export type TagColorHex = TagColor['hex'];

/**
 * 001 §3: a random palette colour preselected when a tag is created. `random` returns a number
 * in [0, 1) like Math.random; inject a seeded one in tests.
 */
export function randomTagColor(random: () => number = Math.random): TagColorHex {
  const index = Math.min(TAG_COLORS.length - 1, Math.max(0, Math.floor(random() * TAG_COLORS.length)));
  return (TAG_COLORS[index] ?? TAG_COLORS[0]).hex;
}

/** 001 §5 message when opening a lead of another attendant (spelled as the spec has it). */
export const ASSIGNED_TO_OTHER_OPEN_MESSAGE = 'Cliente atribuido a outro atendente.';
/** 001 §8 warning after assigning a lead to someone other than the current user. */
export const ASSIGNED_TO_OTHER_WARNING = 'Cliente atribuído a outro atendente.';

export const ASSIGNMENT_MESSAGES = {
  error: 'Erro ao atribuir cliente.',
  assigned: 'Cliente atribuído com sucesso.',
  unassigned: 'Cliente desatribuído com sucesso.',
} as const;

/** The user side of the assignment rules: id, role and the acesso_atribuidos switch (001 §3, §6). */
export type AssignmentViewer = LeadViewer;

// The visibility rule itself lives once in ./visibility.ts (server door and web screens).
export { isLeadVisibleTo };

/** Outcome of trying to open a lead. */
export type OpenLeadDecision = { allowed: true } | { allowed: false; message: typeof ASSIGNED_TO_OTHER_OPEN_MESSAGE };

/**
 * 001 §5 "Opening a lead": a lead assigned to another attendant cannot be opened by a user
 * without acesso_atribuidos ('Cliente atribuido a outro atendente.').
 */
export function canOpenLead(lead: { idUsuario: number | null }, viewer: AssignmentViewer): OpenLeadDecision {
  return isLeadVisibleTo(lead, viewer) ? { allowed: true } : { allowed: false, message: ASSIGNED_TO_OTHER_OPEN_MESSAGE };
}

/** The assignment buttons of the chat header (001 §2, §4). */
export type AssignmentAction = 'atribuir' | 'desatribuir' | 'transferir';

/**
 * 001 §4 Assignment: only with clienteAtendente; an unassigned lead offers 'Atribuir cliente',
 * an assigned one 'Desatribuir cliente' and 'Transferir Cliente'.
 */
export function assignmentActions(lead: { idUsuario: number | null }, clienteAtendente: boolean): AssignmentAction[] {
  if (!clienteAtendente) return [];
  return lead.idUsuario === null ? ['atribuir'] : ['desatribuir', 'transferir'];
}

/** What the chat does after an assignment succeeds (001 §4, §8). */
export type AssignmentOutcome =
  { kind: 'reselect'; success: string } | { kind: 'clear-selection'; success: string; warning: typeof ASSIGNED_TO_OTHER_WARNING };

/**
 * 001 §4 "After an assignment to another user, the selection is cleared unless the new attendant
 * is the current user; otherwise the chat list reloads and the client is reselected"; 001 §8
 * warns 'Cliente atribuído a outro atendente.' when assigning someone else. Null unassigns.
 */
export function assignmentOutcome(newAttendantId: number | null, currentUserId: number): AssignmentOutcome {
  if (newAttendantId === null) return { kind: 'reselect', success: ASSIGNMENT_MESSAGES.unassigned };
  if (newAttendantId === currentUserId) return { kind: 'reselect', success: ASSIGNMENT_MESSAGES.assigned };
  return { kind: 'clear-selection', success: ASSIGNMENT_MESSAGES.assigned, warning: ASSIGNED_TO_OTHER_WARNING };
}

/**
 * 001 §4 Live updates: a lead whose assignment moves to another attendant is removed from the
 * list of a user without acesso_atribuidos.
 */
export function shouldDropLeadAfterAssignmentUpdate(newAttendantId: number | null, viewer: AssignmentViewer): boolean {
  return !isLeadVisibleTo({ idUsuario: newAttendantId }, viewer);
}
