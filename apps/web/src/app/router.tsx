// The routes: / is the login (a logged user goes on to /inicial); every screen of the registry sits
// behind the session gate and the route guard; anything else goes to /.
import { Navigate, type RouteObject } from 'react-router';

import { LoginScreen } from '../features/auth/components/login-screen.tsx';
import { FirstRunGate } from '../features/setup/components/first-run-gate.tsx';
import { useAuth } from '../lib/session.ts';
import { RouteGuard } from './route-guard.tsx';
import { RouteErrorScreen } from './screen-error-boundary.tsx';
import { SCREENS } from './screens.tsx';
import { RequireSession } from './session-gate.tsx';

function LoginRoute() {
  const auth = useAuth();
  if (auth.isLoggedIn) return <Navigate to="/inicial" replace />;
  // Issue 10: a fresh install first creates its super-admin here.
  return (
    <FirstRunGate>
      <LoginScreen />
    </FirstRunGate>
  );
}

const screenRoutes: RouteObject[] = Object.entries(SCREENS).flatMap(([route, entry]) =>
  (entry.paths ?? [route]).map((path) => ({ path, Component: entry.component })),
);

// A crash the shell's boundary cannot catch (the shell itself, the login) still gets a Portuguese
// page with a way back instead of the router's default one (issue 7 §5).
export const routes: RouteObject[] = [
  { path: '/', Component: LoginRoute, ErrorBoundary: RouteErrorScreen },
  { Component: RequireSession, ErrorBoundary: RouteErrorScreen, children: [{ Component: RouteGuard, children: screenRoutes }] },
  { path: '*', element: <Navigate to="/" replace /> },
];
