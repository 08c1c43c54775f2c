// The screens this build ships, one entry per route of 000 §2. The router opens only these and the
// drawer lists only these (menuFor's `available`), so a screen appears in both by adding it here.
import { lazy, type ComponentType } from 'react';
import type { AppRoute } from '@funil/domain/access/routes';
import { HomeScreen } from '../features/home/components/home-screen.tsx';
import { InstancesScreen } from '../features/instances/components/instances-screen.tsx';

export type ScreenEntry = {
  component: ComponentType;
  /** React Router patterns under the route, for screens with optional segments (e.g. '/whatsapp-v3/:cliCrmId?'). Defaults to the route itself. */
  paths?: readonly string[];
};

export const SCREENS: Partial<Record<AppRoute, ScreenEntry>> = {
  '/inicial': { component: HomeScreen },
  '/crm': { component: lazy(() => import('../features/leads/components/crm-screen.tsx').then((m) => ({ default: m.CrmScreen }))) },
  '/instancias': { component: InstancesScreen },
  '/usuarios': { component: lazy(() => import('../features/users/components/users-screen.tsx').then((m) => ({ default: m.UsersScreen }))) },
  '/parceiros': { component: lazy(() => import('../features/partners/components/partners-screen.tsx').then((m) => ({ default: m.PartnersScreen }))) },
  '/auditoria': { component: lazy(() => import('../features/audit/components/audit-screen.tsx').then((m) => ({ default: m.AuditScreen }))) },
  '/unidades': { component: lazy(() => import('../features/units/components/units-screen.tsx').then((m) => ({ default: m.UnitsScreen }))) },
};

export function isScreenAvailable(route: AppRoute): boolean {
  return SCREENS[route] !== undefined;
}
