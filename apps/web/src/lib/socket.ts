// The realtime connection (Socket.IO at /socket.io, `auth: { token }`): opened when a session starts,
// closed when it ends. Features subscribe to events with useSocketEvent.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { getAuth, subscribeAuth } from './session.ts';

let socket: Socket | null = null;
let socketToken: string | null = null;
const listeners = new Set<() => void>();

function sync(): void {
  const auth = getAuth();
  const token = auth.isLoggedIn ? auth.token : null;
  if (token === socketToken) return;
  socket?.disconnect();
  socket = token ? io({ path: '/socket.io', auth: { token } }) : null;
  socketToken = token;
  for (const listener of listeners) listener();
}

/** Keeps the socket in step with the session; call once at start. */
export function startRealtime(): () => void {
  sync();
  return subscribeAuth(sync);
}

/** The current socket, or null when logged out. */
export function useSocket(): Socket | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => socket,
  );
}

/** Calls `handler` for every `event` on the current socket; follows reconnections to a new session. */
export function useSocketEvent<T>(event: string, handler: (payload: T) => void): void {
  const current = useSocket();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!current) return;
    const listener = (payload: T) => handlerRef.current(payload);
    current.on(event, listener);
    return () => {
      current.off(event, listener);
    };
  }, [current, event]);
}
