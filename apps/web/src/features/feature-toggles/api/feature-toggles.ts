// Funcionalidades (002 §2.9, §7 "Extras and catalogue"): the feature toggles of the session's
// company, read and written with cadastros/configuracoes-extras (the server scopes both to it).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { extrasSchema, type ExtrasBody } from '@funil/domain/admin-api/extras';
import { apiRequest, http } from '../../../lib/http-client.ts';
import { unitDataQuery } from '../../../lib/unit-data.ts';

const PATH = '/cadastros/configuracoes-extras';

export const extrasQuery = queryOptions({
  queryKey: ['configuracoes-extras'],
  queryFn: ({ signal }) => http.get(PATH, extrasSchema, signal),
});

export function useExtras() {
  return useQuery(extrasQuery);
}

/** PUT with only the flag that changed: the others (and the hidden ones) keep their values on the server. */
export function useSaveExtras() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ExtrasBody) => apiRequest(PATH, { method: 'PUT', body: changes, schema: extrasSchema }),
    onSuccess: (saved) => {
      client.setQueryData(extrasQuery.queryKey, saved);
      // The super-admin's own menu follows at once; the others' on the unit-data event.
      return client.invalidateQueries({ queryKey: unitDataQuery.queryKey });
    },
  });
}
