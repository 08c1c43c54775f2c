// The access context of 000 §6 for the logged user and their unit: the router guard, the menu and
// the features all decide with it.
import { useMemo } from 'react';

import { canChangeLeads, type AccessContext } from '@funil/domain/access/routes';
import { accessContextOf } from '@funil/domain/unit/unit-data';

import { useCurrentUser } from './session.ts';
import { useLoadedUnitData } from './unit-data.ts';

export function useAccessContext(): AccessContext {
  const user = useCurrentUser();
  const unit = useLoadedUnitData();
  return useMemo(() => accessContextOf(user, unit), [user, unit]);
}

/** Whether the logged user may change leads and send messages (issue 21 item 6: not the managers). */
export function useCanChangeLeads(): boolean {
  return canChangeLeads(useCurrentUser().permissao);
}
