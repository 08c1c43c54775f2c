// Funcionalidades (002 §2.9, §7 "Extras and catalogue"): the feature toggles of the session's
// company (or the one the super-admin picked, ?idEmpresa=), read and written with
// cadastros/configuracoes-extras.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { extrasSchema, type ExtrasBody } from '@funil/domain/admin-api/extras';

import { withCompany } from '../../../lib/companies.ts';
import { apiRequest, http } from '../../../lib/http-client.ts';
import { unitDataQuery } from '../../../lib/unit-data.ts';

const PATH = '/cadastros/configuracoes-extras';

/** `idEmpresa`: the company the super-admin picked, null for the session's own (issue 10). */
export const extrasQuery = (idEmpresa: number | null = null) =>
  queryOptions({
    queryKey: ['configuracoes-extras', idEmpresa],
    queryFn: ({ signal }) => http.get(withCompany(PATH, idEmpresa), extrasSchema, signal),
  });

export function useExtras(idEmpresa: number | null = null) {
  return useQuery(extrasQuery(idEmpresa));
}

/** PUT with only the flag that changed: the others (and the hidden ones) keep their values on the server. */
export function useSaveExtras(idEmpresa: number | null = null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ExtrasBody) =>
      apiRequest(withCompany(PATH, idEmpresa), { method: 'PUT', body: changes, schema: extrasSchema }),
    onSuccess: (saved) => {
      client.setQueryData(extrasQuery(idEmpresa).queryKey, saved);
      // The super-admin's own menu follows at once; the others' on the unit-data event.
      return client.invalidateQueries({ queryKey: unitDataQuery.queryKey });
    },
  });
}
