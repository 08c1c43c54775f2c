// Every app screen needs a session (else back to /, 000 §4) and the unit data (the loading screen
// of 000 §2 until it arrives).
import { Navigate } from 'react-router';

import { useLogout } from '../features/auth/api/logout.ts';
import { useAuth } from '../lib/session.ts';
import { useUnitData } from '../lib/unit-data.ts';
import { AppShell } from './shell/app-shell.tsx';
import { LoadingScreen } from './shell/loading-screen.tsx';

function UnitDataGate() {
  const unit = useUnitData();
  const logout = useLogout();
  // After the first load a failed refresh keeps the data, and the shell stays.
  if (unit.data) return <AppShell />;
  return <LoadingScreen failed={unit.isError} onRetry={() => void unit.refetch()} onLogout={() => void logout()} />;
}

export function RequireSession() {
  const auth = useAuth();
  if (!auth.isLoggedIn) return <Navigate to="/" replace />;
  return <UnitDataGate />;
}
