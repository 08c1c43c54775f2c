// Actions a feature adds to the top bar (000 §2 "Shell": e.g. 'Novo Contato'). Each component renders
// its own button (and dialog), and returns null when the user or unit should not see it.
import type { ComponentType } from 'react';

import { AccountMenuAction } from '../features/account/components/account-menu-action.tsx';
import { InstancesChipAction } from '../features/instances/components/instances-chip.tsx';
import { NewContactAction } from '../features/leads/components/new-contact-action.tsx';

export type TopBarAction = { key: string; component: ComponentType<{ compact: boolean }> };

export const TOP_BAR_ACTIONS: readonly TopBarAction[] = [
  { key: 'novo-contato', component: NewContactAction },
  { key: 'whatsapps-conectados', component: InstancesChipAction },
  { key: 'minha-conta', component: AccountMenuAction },
];
