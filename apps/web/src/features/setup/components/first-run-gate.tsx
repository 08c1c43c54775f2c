// At / without a session: the one-time setup while the install has no user, else the login.
// If the server cannot say (an older server, no network) the login shows, as before.
import type { ReactNode } from 'react';

import { useSetupStatus } from '../api/setup.ts';
import { SetupScreen } from './setup-screen.tsx';

export function FirstRunGate({ children }: { children: ReactNode }) {
  const status = useSetupStatus();
  // Until the server answers, the login shows: a page is never blank (the setup is a one-time case).
  if (status.data?.needed === true) return <SetupScreen />;
  return <>{children}</>;
}
