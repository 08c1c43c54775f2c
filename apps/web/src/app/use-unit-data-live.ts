// issue 10: an administration change (feature toggles, settings, funnels, potentials, guidance)
// reaches logged-in users without a new login: on the company's unit-data event the unit data
// (menus, flags, funnels) and the home-screen texts are read again.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { unitDataEvent, type RealtimePayload } from '@funil/domain/realtime/events';

import { useSocketEvent } from '../lib/socket.ts';
import { unitDataQuery, useLoadedUnitData } from '../lib/unit-data.ts';

type UnitDataChange = RealtimePayload<ReturnType<typeof unitDataEvent>>;

export function useUnitDataLive(): void {
  const client = useQueryClient();
  const unit = useLoadedUnitData();
  const ownUnit = unit.dados_unidade.id;
  const onChange = useCallback(
    (change: UnitDataChange) => {
      // A change of another unit's settings leaves this unit as it is.
      if (change.idUnidade !== null && change.idUnidade !== ownUnit) return;
      void client.invalidateQueries({ queryKey: unitDataQuery.queryKey });
      if (change.motivo === 'orientacoes') void client.invalidateQueries({ queryKey: ['orientacoes'] });
    },
    [client, ownUnit],
  );
  useSocketEvent(unitDataEvent(unit.dados_unidade.idEmpresa), onChange);
}
