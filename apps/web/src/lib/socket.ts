// The realtime connection (Socket.IO at /socket.io, `auth: { token }`): opened when a session starts,
// closed when it ends. Features subscribe to events of the contract (@funil/domain/realtime/events)
// with useSocketEvent, which hands them only payloads that parse.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';

import { HTTP_MESSAGES } from '@funil/domain/http/errors';
import { parseRealtimePayload, type RealtimeEventName, type RealtimePayload } from '@funil/domain/realtime/events';

import { endSession, getAuth, isUserLogoutUnderway, subscribeAuth } from './session.ts';

let socket: Socket | null = null;
let socketToken: string | null = null;
const listeners = new Set<() => void>();

function sync(): void {
  const auth = getAuth();
  const token = auth.isLoggedIn ? auth.token : null;
  if (token === socketToken) return;
  socket?.disconnect();
  // WebSocket only, no HTTP long-polling: a socket is then one connection, held by one server
  // process, so several processes behind one port need no sticky sessions (issue 21 item 22).
  socket = token ? io({ path: '/socket.io', auth: { token }, transports: ['websocket'] }) : null;
  // The server ends a socket only when its session ended (logout elsewhere, deactivation, expiry).
  socket?.on('disconnect', (reason) => {
    if (reason === 'io server disconnect' && getAuth().isLoggedIn && !isUserLogoutUnderway())
      endSession(HTTP_MESSAGES.unauthorized);
  });
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

/**
 * Calls `handler` for every `event` of the contract on the current socket, with its payload parsed
 * by the event's schema (a payload of another shape is dropped); follows reconnections to a new session.
 */
export function useSocketEvent<N extends RealtimeEventName>(event: N, handler: (payload: RealtimePayload<N>) => void): void {
  const current = useSocket();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!current) return;
    const listener = (payload: unknown) => {
      const parsed = parseRealtimePayload(event, payload);
      if (parsed.ok) handlerRef.current(parsed.payload);
      else if (import.meta.env.DEV) console.warn(parsed.reason);
    };
    // The name is a plain string to socket.io-client; the contract's types live in the registry.
    const name: string = event;
    current.on(name, listener);
    return () => {
      current.off(name, listener);
    };
  }, [current, event]);
}

/** Calls `handler` each time the socket (re)connects, e.g. to read again what a dropped socket missed. */
export function useSocketConnect(handler: () => void): void {
  const current = useSocket();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!current) return;
    const listener = () => handlerRef.current();
    current.on('connect', listener);
    return () => {
      current.off('connect', listener);
    };
  }, [current]);
}
