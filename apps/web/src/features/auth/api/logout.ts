// 'Sair' (000 §2 "Shell"): POST /logout revokes the session on the server, then the browser forgets it.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { http } from '../../../lib/http-client.ts';
import { endSession } from '../../../lib/session.ts';

async function logout(): Promise<void> {
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
