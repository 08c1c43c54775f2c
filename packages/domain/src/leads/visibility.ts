// Which leads a user may see (001 §5 "Opening a lead", §6 "acesso_atribuidos"): the one rule the
// server's lead door and the web's lead screens both apply.
import type { Permission } from '../access/roles.ts';

/** The user side of the rule: id, role and the acesso_atribuidos switch (001 §3, §6). */
export type LeadViewer = {
  userId: number;
  /** Absent where the screen does not know the role: then only the switch counts. */
  permission?: Permission | undefined;
  acessoAtribuidos: boolean | 0 | 1;
};

/** What of a lead the rule reads. */
export type VisibleLeadFields = { idUsuario: number | null };

/**
 * 001 §6: acesso_atribuidos applies to attendants (permission 'u'); every other role sees every
 * lead of its unit, and an attendant with the switch on too.
 */
export function seesAssignedLeads(viewer: LeadViewer): boolean {
  if (viewer.permission !== undefined && viewer.permission !== 'u') return true;
  return viewer.acessoAtribuidos === true || viewer.acessoAtribuidos === 1;
}

/**
 * 001 §6: with acesso_atribuidos 0 an attendant sees only leads unassigned or assigned to
 * themselves; with 1 (or another role), every lead of the unit.
 */
export function isLeadVisibleTo(lead: VisibleLeadFields, viewer: LeadViewer): boolean {
  return seesAssignedLeads(viewer) || lead.idUsuario === null || lead.idUsuario === viewer.userId;
}
