// Permission codes and the role classes that the route rules of 000 §6 speak of.

/** Permission codes stored on a user. `sa` is the global super-admin (its code is not shown in 000 §1; see docs/decisions.md). */
export const PERMISSIONS = ['u', 'a', 'ag', 'm', 'mg', 'sa'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The permission name shown in the drawer under the user's name (000 §2). */
export const PERMISSION_NAME: Record<Permission, string> = {
  u: 'Atendente',
  a: 'Administrador da Unidade',
  ag: 'Administrador da Empresa',
  m: 'Gerente',
  mg: 'Gerente Multiunidade',
  sa: 'Super Administrador',
};

export type RoleClass = 'user' | 'admin' | 'manager' | 'multiManager' | 'superAdmin';

// 000 §1: the code-to-role mapping is not shown in full. ag (company-wide administrator) is read as
// an admin whose reach is the whole company (docs/decisions.md, "ag is an admin").
const ROLE_OF: Record<Permission, RoleClass> = {
  u: 'user',
  a: 'admin',
  ag: 'admin',
  m: 'manager',
  mg: 'multiManager',
  sa: 'superAdmin',
};

/** The role class a permission code takes in the route rules of 000 §6. */
export function roleOf(permission: Permission): RoleClass {
  return ROLE_OF[permission];
}

/** True when the value is one of the permission codes. */
export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

/**
 * Who may create, connect, disconnect and remove a unit's gateway instances (001 §6, issue 7 §5):
 * unit admins (a), company admins (ag) and the super-admin. Attendants and managers only see them.
 */
export function canManageInstances(permission: Permission): boolean {
  const role = roleOf(permission);
  return role === 'admin' || role === 'superAdmin';
}

/**
 * Who sees the gateway's webhooks Funil could not store (issue 21 item 2, GET instancias/rejeitados):
 * the company administrator (ag), whose reach is every unit's numbers, and the super-admin.
 */
export function canSeeRejectedWebhooks(permission: Permission): boolean {
  return permission === 'ag' || permission === 'sa';
}

/** Who may run a rejected webhook through the ingest again (POST instancias/rejeitados/{id}/reprocessar): the super-admin. */
export function canReplayRejectedWebhooks(permission: Permission): boolean {
  return permission === 'sa';
}
