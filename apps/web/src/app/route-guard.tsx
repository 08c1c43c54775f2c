// 000 §2, §6: a route opens only when the role matrix allows it (every route has its screen:
// screens.tsx); any other path goes to /, which sends a logged user on to /inicial.
import { Navigate, Outlet, useLocation } from 'react-router';

import { canAccessRoute, routeOfPath } from '@funil/domain/access/routes';

import { useAccessContext } from '../lib/access.ts';

export function RouteGuard() {
  const access = useAccessContext();
  const route = routeOfPath(useLocation().pathname);
  if (!route || !canAccessRoute(route, access)) return <Navigate to="/" replace />;
  return <Outlet />;
}
