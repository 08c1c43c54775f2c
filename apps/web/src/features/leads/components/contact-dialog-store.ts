// Which contact dialog is open: 'Cadastrar Contato' (000 §2, the top bar and the CRM's add icon) or
// the chat's 'Novo Cliente' (001 §2: Nome, Telefone, Email, 'Cadastrar'). One dialog lives with the
// top-bar action and takes either form, so an import in progress is never shown twice.
import { useSyncExternalStore } from 'react';

export type ContactDialogMode = 'contato' | 'novoCliente';

let open: ContactDialogMode | null = null;
const listeners = new Set<() => void>();

function setOpen(next: ContactDialogMode | null): void {
  open = next;
  for (const listener of listeners) listener();
}

export const openContactDialog = (): void => setOpen('contato');
/** 001 §2 lead list panel: the chat's add button opens 'Novo Cliente'. */
export const openNewClientDialog = (): void => setOpen('novoCliente');
export const closeContactDialog = (): void => setOpen(null);

/** The open dialog's form, or null when none is open. */
export function useContactDialogMode(): ContactDialogMode | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}
