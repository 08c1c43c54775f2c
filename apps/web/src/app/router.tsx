// The routes: / is the login (a logged user goes on to /inicial); every screen of the registry sits
// behind the session gate and the route guard; anything else goes to /.
import { Navigate, type RouteObject } from 'react-router';
import { useAuth } from '../lib/session.ts';
import { LoginScreen } from '../features/auth/components/login-screen.tsx';
import { RequireSession } from './session-gate.tsx';
import { RouteGuard } from './route-guard.tsx';
import { SCREENS } from './screens.tsx';

function LoginRoute() {
  const auth = useAuth();
  return auth.isLoggedIn ? <Navigate to="/inicial" replace /> : <LoginScreen />;
}

const screenRoutes: RouteObject[] = Object.entries(SCREENS).flatMap(([route, entry]) =>
  (entry.paths ?? [route]).map((path) => ({ path, Component: entry.component })),
);

export const routes: RouteObject[] = [
  { path: '/', Component: LoginRoute },
  { Component: RequireSession, children: [{ Component: RouteGuard, children: screenRoutes }] },
  { path: '*', element: <Navigate to="/" replace /> },
];
