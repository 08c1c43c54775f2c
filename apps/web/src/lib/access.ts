// The access context of 000 §6 for the logged user and their unit: the router guard, the menu and
// the features all decide with it.
import { useMemo } from 'react';
import type { AccessContext } from '@funil/domain/access/routes';
import { accessContextOf } from '@funil/domain/unit/unit-data';
import { useCurrentUser } from './session.ts';
import { useLoadedUnitData } from './unit-data.ts';

export function useAccessContext(): AccessContext {
  const user = useCurrentUser();
  const unit = useLoadedUnitData();
  return useMemo(() => accessContextOf(user, unit), [user, unit]);
}
