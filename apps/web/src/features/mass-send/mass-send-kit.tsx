// What the mass-send screens show from other features (002 §2.2, §2.3): the leads feature's filter
// panel, the chat's connection chips and the instances feature's list. A feature never imports
// another (docs/decisions.md "Module boundaries"), so the app composes them and hands them in
// through this context (apps/web/src/app/mass-send-screens.tsx).
import { createContext, useContext, type ComponentType } from 'react';

import type { MassSendClientsFilter } from '@funil/domain/leads/filter-segments';

export type MassSendFilterPanelProps = {
  /** The filter as applied ('Aplicar'); the panel keeps its draft until then. */
  applied: MassSendClientsFilter;
  onApply: (filter: MassSendClientsFilter) => void;
};

/** A gateway instance the campaign may send from. */
export type SendingInstance = { name: string; connected: boolean; label: string };

export type MassSendKit = {
  /** 002 §2.2 "Left: filter panel": the CRM's advanced filters, mapped to the segments of 002 §7. */
  FilterPanel: ComponentType<MassSendFilterPanelProps>;
  /**
   * 002 §2.2/§2.3 chips 'WhatsApp Conectado/Desconectado' and 'Servidor Conectado/Desconectado' (with
   * the gateway the WhatsApp chip reads the unit's numbers). The composer shows them without the
   * gateway only (there the shell's instances panel replaces them, 002 §2.2); the monitor always.
   */
  ConnectionChips: ComponentType;
  /** The unit's gateway instances, live, for the choice of the sending one. */
  useSendingInstances: () => { instances: readonly SendingInstance[]; loading: boolean };
};

const MassSendKitContext = createContext<MassSendKit | null>(null);

export const MassSendKitProvider = MassSendKitContext.Provider;

export function useMassSendKit(): MassSendKit {
  const kit = useContext(MassSendKitContext);
  if (!kit) throw new Error('useMassSendKit outside MassSendKitProvider (apps/web/src/app/mass-send-screens.tsx).');
  return kit;
}
