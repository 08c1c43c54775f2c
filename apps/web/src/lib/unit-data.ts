// GET cadastros/dados-unidade, loaded at start (000 §2 "Loading screen", §3 "Unit data"). Every
// screen reads it from here. 000 §4: when the user's dataAtualizacao or dataDeslogar differs from
// the ones stored at login, the user was changed or forced out: the session ends.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { HTTP_MESSAGES } from '@funil/domain/http/errors';
import { unitDataSchema, type UnitData } from '@funil/domain/unit/unit-data';

import { ApiError } from './api-error.ts';
import { http } from './http-client.ts';
import { endSession, getAuth } from './session.ts';

async function fetchUnitData(signal: AbortSignal): Promise<UnitData> {
  const unit = await http.get('/cadastros/dados-unidade', unitDataSchema, signal);
  const auth = getAuth();
  const changed =
    auth.isLoggedIn &&
    (unit.dados_usuario.dataAtualizacao !== auth.currentUser.dataAtualizacao ||
      unit.dados_usuario.dataDeslogar !== auth.currentUser.dataDeslogar);
  if (changed) {
    endSession(HTTP_MESSAGES.unauthorized);
    throw new ApiError(401, HTTP_MESSAGES.unauthorized);
  }
  return unit;
}

export const unitDataQuery = queryOptions({
  queryKey: ['unit-data'],
  queryFn: ({ signal }) => fetchUnitData(signal),
});

export function useUnitData() {
  return useQuery(unitDataQuery);
}

/** The unit data for components under the loading gate, which renders them only once it is loaded. */
export function useLoadedUnitData(): UnitData {
  const { data } = useUnitData();
  if (!data) throw new Error('useLoadedUnitData antes de carregar os dados da unidade');
  return data;
}
