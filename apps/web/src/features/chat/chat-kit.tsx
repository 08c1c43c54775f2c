// The CRM's lead parts the chat shows (001 §2 chat header and 'Informações do Lead'). A feature
// never imports another (docs/decisions.md "Module boundaries"), so the app composes them: it
// hands the chat the leads feature's query and components through this context
// (apps/web/src/app/chat-screens.tsx), and the chat never copies them.
import type { UseQueryResult } from '@tanstack/react-query';
import { createContext, useContext, type ComponentType } from 'react';
import type { z } from 'zod';

import type { CrmContato, fullContactResponseSchema, potentialSchema } from '@funil/domain/leads-api/lead-api';

export type FullContact = z.output<typeof fullContactResponseSchema>['data'];
export type Potential = z.output<typeof potentialSchema>;

export type ChatLeadKit = {
  /** GET contato/completo/{id} under the CRM's query key, so both screens share one cache entry. */
  useLead: (id: number | null) => UseQueryResult<FullContact>;
  /** 'Status da Negociação' and 'Status do Cliente' (001 §2 chat header). */
  StatusSelectors: ComponentType<{ lead: CrmContato; potentials: readonly Potential[] }>;
  /** The 'Atendente' section: autocomplete with listaAtendente, icon buttons otherwise. */
  AttendantSection: ComponentType<{ lead: CrmContato; onLeave: () => void }>;
  /** The message-scheduling form (001 §5 "Schedule message"). */
  ScheduleForm: ComponentType<{ lead: CrmContato }>;
  /** The side panel's blocks (001 §2 "Lead side panel"). */
  SidePanelContent: ComponentType<{ lead: CrmContato; potentials: readonly Potential[]; onLeave: () => void }>;
  /** Opens the CRM's contact dialog ('Novo Cliente', 001 §2, §5). */
  openNewClient: () => void;
  /** Whether the user changes leads (issue 21 item 6: managers only read; the header and list hide their controls). */
  useCanChangeLeads: () => boolean;
};

const ChatLeadKitContext = createContext<ChatLeadKit | null>(null);

export const ChatLeadKitProvider = ChatLeadKitContext.Provider;

export function useChatLeadKit(): ChatLeadKit {
  const kit = useContext(ChatLeadKitContext);
  if (!kit) throw new Error('useChatLeadKit outside ChatLeadKitProvider (apps/web/src/app/chat-screens.tsx).');
  return kit;
}
