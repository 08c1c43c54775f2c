// Which lead's 'Atendimento Whatsapp' is open (001 §2 "Negotiation detail screen": the CRM's
// 'Whatsapp' button opens the conversation full screen). Any feature may open it; the app mounts
// the one dialog (apps/web/src/app/chat-screens.tsx), so features need not import the chat.
import { useSyncExternalStore } from 'react';

let leadId: number | null = null;
const listeners = new Set<() => void>();

function set(next: number | null): void {
  leadId = next;
  for (const listener of listeners) listener();
}

export const openWhatsappDialog = (id: number): void => set(id);
export const closeWhatsappDialog = (): void => set(null);

export function useWhatsappDialogLead(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => leadId,
  );
}
