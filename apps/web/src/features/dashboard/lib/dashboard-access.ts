// 000 §6 'Dashboard': who sees which part of the classic dashboard. The server answers the same
// calls only for the units a role may read; this decides what the screen offers.
import { roleOf, type Permission } from '@funil/domain/access/roles';

export type ClassicTab = 'ATENDIMENTOS' | 'CAMPANHAS' | 'LTV';

/** The tabs of the classic dashboard for a permission, in the order of 000 §2. */
export function classicTabsFor(permission: Permission): ClassicTab[] {
  const role = roleOf(permission);
  const tabs: ClassicTab[] = ['ATENDIMENTOS'];
  // 000 §6: CAMPANHAS for super-admin, admin, multi-manager and manager.
  if (role === 'superAdmin' || role === 'admin' || role === 'multiManager' || role === 'manager') tabs.push('CAMPANHAS');
  // 000 §6: LTV for super-admin and multi-manager.
  if (role === 'superAdmin' || role === 'multiManager') tabs.push('LTV');
  return tabs;
}

/** 000 §2, §6: the unit multi-select is for the super-admin and the multi-unit manager. */
export function picksUnits(permission: Permission): boolean {
  const role = roleOf(permission);
  return role === 'superAdmin' || role === 'multiManager';
}

export type DashboardVariant = 'externo' | 'v2' | 'classico';

/**
 * 000 §2: which of the three dashboards a unit shows. A unit with url_dashboard shows its external
 * dashboard; otherwise dash_v2 picks the v2; otherwise the classic one.
 */
export function dashboardVariantOf(unit: { url_dashboard: string | null; dash_v2: boolean }): DashboardVariant {
  if (unit.url_dashboard !== null && unit.url_dashboard.trim() !== '') return 'externo';
  return unit.dash_v2 ? 'v2' : 'classico';
}
