// Auth state of 000 §3 (isLoggedIn, token, currentUser) and the session rules of 000 §4: kept in
// the encrypted cache; a remembered session outlives the browser for expiresIn seconds, any other
// ends with the browser. A browser-session cookie (no secret in it) tells the two apart: when it is
// missing at start, the browser was closed and the session is over.
import { useSyncExternalStore } from 'react';
import { z } from 'zod';

import { currentUserSchema, type CurrentUser, type LoginResponse } from '@funil/domain/auth/login';

import { queryClient } from './query-client.ts';
import { secureCache } from './secure-cache.ts';

export type AuthState =
  { isLoggedIn: false; token: null; currentUser: null } | { isLoggedIn: true; token: string; currentUser: CurrentUser };

const LOGGED_OUT: AuthState = { isLoggedIn: false, token: null, currentUser: null };
const CACHE_ENTRY = 'sessao';
const MARKER_COOKIE = 'funil_sessao';

const storedSessionSchema = z.object({
  isLoggedIn: z.literal(true),
  token: z.string().min(1),
  /** Epoch milliseconds after which the session is over. */
  expiresAt: z.number(),
  lembrar: z.boolean(),
  currentUser: currentUserSchema,
});
type StoredSession = z.infer<typeof storedSessionSchema>;

let state: AuthState = LOGGED_OUT;
// Why the last session ended, when the user did not choose to (e.g. a 401); the login screen says it.
let endNotice: string | null = null;
const listeners = new Set<() => void>();

function setState(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getAuth(): AuthState {
  return state;
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The message of a session that ended on its own, until the next login. */
export function getEndNotice(): string | null {
  return endNotice;
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuth, getAuth);
}

/** The logged user; only for components under the session guard. */
export function useCurrentUser(): CurrentUser {
  const auth = useAuth();
  if (!auth.isLoggedIn) throw new Error('useCurrentUser fora de uma sessão');
  return auth.currentUser;
}

function hasMarker(): boolean {
  return document.cookie.split('; ').some((part) => part.startsWith(`${MARKER_COOKIE}=`));
}

function writeMarker(maxAgeSeconds: number | null): void {
  const lifetime = maxAgeSeconds === null ? '' : `; max-age=${maxAgeSeconds}`;
  document.cookie = `${MARKER_COOKIE}=1; path=/; SameSite=Strict${lifetime}`;
}

// An expiry in the past removes the cookie at once everywhere (happy-dom, the web tests' DOM, keeps a
// `max-age=0` cookie until the millisecond has passed).
function dropMarker(): void {
  document.cookie = `${MARKER_COOKIE}=; path=/; SameSite=Strict; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

async function readStoredSession(): Promise<StoredSession | null> {
  try {
    const parsed = storedSessionSchema.safeParse(await secureCache().get(CACHE_ENTRY));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Reads the session from the encrypted cache: at start, when the page comes back from the back-forward
 * cache, and when another tab logs in or out. Anything expired, closed or unreadable logs out.
 */
export async function restoreSession(now: number = Date.now()): Promise<void> {
  const stored = await readStoredSession();
  if (!stored || stored.expiresAt <= now || !hasMarker()) {
    endSession();
    return;
  }
  // Another user logged in elsewhere: nothing of the previous one may stay on screen.
  if (state.isLoggedIn && state.token !== stored.token) queryClient.clear();
  if (state.token !== stored.token) setState({ isLoggedIn: true, token: stored.token, currentUser: stored.currentUser });
}

/** Keeps this page in step with the stored session; call once at start. */
export function watchStoredSession(): void {
  // 000 §2 'Sair': Back after logout may restore a frozen page from the back-forward cache.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) void restoreSession();
  });
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.endsWith(CACHE_ENTRY)) void restoreSession();
  });
}

/** Starts the session of a successful POST /login (000 §4 lifetime). */
export async function startSession(data: LoginResponse['data'], now: number = Date.now()): Promise<void> {
  const stored: StoredSession = {
    isLoggedIn: true,
    token: data.token,
    expiresAt: now + data.expiresIn * 1000,
    lembrar: data.lembrar,
    currentUser: data.currentUser,
  };
  endNotice = null;
  writeMarker(data.lembrar ? data.expiresIn : null);
  try {
    await secureCache().set(CACHE_ENTRY, stored);
  } catch {
    // Without a usable key store the session still works until the page is reloaded.
  }
  setState({ isLoggedIn: true, token: stored.token, currentUser: stored.currentUser });
}

function clearStoredSession(): void {
  secureCache().clear();
  dropMarker();
}

/**
 * Ends the session in this browser (000 §4 "Logout clears cached storage"): the encrypted cache,
 * the marker, the query cache and the state. The router then sends every screen back to /, where
 * `notice` (if any) tells the user why.
 */
export function endSession(notice: string | null = null): void {
  const wasLoggedIn = state.isLoggedIn;
  endNotice = notice;
  userLogout = false;
  clearStoredSession();
  // A second end (the socket closed by the server, then the logout's answer) must not clear the
  // query cache again: the login screen's queries are already running by then.
  if (!wasLoggedIn) return;
  setState(LOGGED_OUT);
  queryClient.clear();
}

let userLogout = false;

/** 'Sair' is under way: the server closing this session's socket is expected, not an expiry. */
export function beginUserLogout(): void {
  userLogout = true;
}

export function isUserLogoutUnderway(): boolean {
  return userLogout;
}
