// Whether 'Cadastrar Contato' is open. One dialog lives with the top-bar action; the CRM screen's
// add icon opens the same one, so an import in progress is never shown twice.
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

function setOpen(next: boolean): void {
  open = next;
  for (const listener of listeners) listener();
}

export const openContactDialog = (): void => setOpen(true);
export const closeContactDialog = (): void => setOpen(false);

export function useContactDialogOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}
