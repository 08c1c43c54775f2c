// GET cadastros/unidades (000 §7, cached 300 s): the company's units, for 'Transferir Contato'.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { unitsListSchema } from '@funil/domain/unit/unit-data';

import { http } from '../../../lib/http-client.ts';
import { unitsKey } from './lead-keys.ts';

export const unitsQuery = queryOptions({
  queryKey: unitsKey,
  queryFn: ({ signal }) => http.get('/cadastros/unidades', unitsListSchema.shape.data, signal),
});

export function useUnits(enabled: boolean) {
  return useQuery({ ...unitsQuery, enabled });
}
