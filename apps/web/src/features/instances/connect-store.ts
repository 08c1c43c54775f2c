// Which instance has a QR being fetched right now (001 §4), shared by the Instâncias table and the
// top-bar chip menu, which live in different parts of the shell.
import { useSyncExternalStore } from 'react';

let fetching: string | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function setFetchingInstance(name: string | null): void {
  if (fetching === name) return;
  fetching = name;
  notify();
}

/** Clears the mark only if it is still this instance's (a newer fetch keeps its own). */
export function clearFetchingInstance(name: string): void {
  if (fetching === name) setFetchingInstance(null);
}

export function useFetchingInstance(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => fetching,
  );
}
