// 'Sair' (000 §2 "Shell"): POST /logout revokes the session on the server, then the browser forgets it.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { http } from '../../../lib/http-client.ts';
import { beginUserLogout, endSession } from '../../../lib/session.ts';

async function logout(): Promise<void> {
  // The server closes this session's socket as it revokes it; that is this logout, not an expiry.
  beginUserLogout();
  try {
    await http.post('/logout');
  } catch {
    // Already expired or offline: the local session ends all the same.
  }
  endSession();
}

/** Logs out and replaces the current history entry, so Back does not return to the app. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    await navigate('/', { replace: true });
  }, [navigate]);
}
