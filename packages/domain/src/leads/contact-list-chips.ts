// The filter chips of the contact list of the webphone and CRM screens (002 §2.1 "Filter chips
// (ids): Todos 1, Novos 2, Atendidas 3, Não Atendidas 4, Na Fila 5, Meus Atendimentos 6, Não
// Atribuídos 7"; 'Meus Atendimentos' only with clienteAtendente). One chip at a time; each is a
// value of a contact-list segment (000 §7), so the list read needs no position of its own.
import { CONTACT_STATUS } from './negotiation.ts';

/**
 * In the `atendentes` segment, the id that stands for "no attendant" (no user has id 0): how
 * 'Não Atribuídos' travels in the 000 §7 positions.
 */
export const UNASSIGNED_ATTENDANT_ID = 0;

export type ContactListChip = {
  id: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  label: string;
  /** The contact status (000 §3: NaFila 1 'Novo', NaoAtendido 2, Atendido 3, FilaAtendimento 4) the chip filters. */
  contatoStatus?: number;
  /** 'Meus Atendimentos': the viewer as the attendant. */
  mine?: true;
  /** 'Não Atribuídos': leads without an attendant. */
  unassigned?: true;
};
export type ContactListChipId = ContactListChip['id'];

export const CONTACT_LIST_CHIPS: readonly ContactListChip[] = [
  { id: 1, label: 'Todos' },
  { id: 2, label: 'Novos', contatoStatus: CONTACT_STATUS.NaFila },
  { id: 3, label: 'Atendidas', contatoStatus: CONTACT_STATUS.Atendido },
  { id: 4, label: 'Não Atendidas', contatoStatus: CONTACT_STATUS.NaoAtendido },
  { id: 5, label: 'Na Fila', contatoStatus: CONTACT_STATUS.FilaAtendimento },
  { id: 6, label: 'Meus Atendimentos', mine: true },
  { id: 7, label: 'Não Atribuídos', unassigned: true },
];

/** 'Todos': no chip filter. */
export const ALL_CHIP_ID: ContactListChipId = 1;

/** The chips shown: 'Meus Atendimentos' only with the extra setting clienteAtendente (002 §2.1). */
export function visibleContactListChips(settings: { clienteAtendente: boolean }): readonly ContactListChip[] {
  return CONTACT_LIST_CHIPS.filter((chip) => !chip.mine || settings.clienteAtendente);
}

/**
 * What a chip sets in the contact-list filter, over the advanced filters: its contact status, or
 * the attendants [viewer] / [UNASSIGNED_ATTENDANT_ID]. 'Todos' (or an unknown id) sets nothing.
 */
export function contactListChipFilter(id: number, viewerId: number): { cli_contato_status?: number; atendentes?: number[] } {
  const chip = CONTACT_LIST_CHIPS.find((c) => c.id === id);
  if (!chip) return {};
  if (chip.contatoStatus !== undefined) return { cli_contato_status: chip.contatoStatus };
  if (chip.mine) return { atendentes: [viewerId] };
  if (chip.unassigned) return { atendentes: [UNASSIGNED_ATTENDANT_ID] };
  return {};
}

/** Splits an `atendentes` segment: whether it asks for unassigned leads, and the real user ids. */
export function splitAttendants(ids: readonly number[]): { unassigned: boolean; userIds: number[] } {
  return { unassigned: ids.includes(UNASSIGNED_ATTENDANT_ID), userIds: ids.filter((id) => id !== UNASSIGNED_ATTENDANT_ID) };
}
