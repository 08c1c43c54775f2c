// Funcionalidades (002 §2.9, §7 "Extras and catalogue"): the companies the super-admin may pick and
// the feature toggles of one company, read and written with cadastros/configuracoes-extras.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { companyListSchema } from '@funil/domain/admin-api/companies';
import { extrasSchema, type ExtrasBody } from '@funil/domain/admin-api/extras';
import { apiRequest, http } from '../../../lib/http-client.ts';
import { unitDataQuery } from '../../../lib/unit-data.ts';

export const companiesQuery = queryOptions({
  queryKey: ['empresas'],
  queryFn: ({ signal }) => http.get('/cadastros/empresas', companyListSchema.shape.data, signal),
});

export function useCompanies() {
  return useQuery(companiesQuery);
}

const extrasPath = (idEmpresa: number) => `/cadastros/configuracoes-extras?idEmpresa=${idEmpresa}`;

export const extrasQuery = (idEmpresa: number) =>
  queryOptions({
    queryKey: ['configuracoes-extras', idEmpresa],
    queryFn: ({ signal }) => http.get(extrasPath(idEmpresa), extrasSchema, signal),
  });

export function useExtras(idEmpresa: number | null) {
  return useQuery({ ...extrasQuery(idEmpresa ?? 0), enabled: idEmpresa !== null });
}

/** PUT with only the flags that changed: the others keep their values on the server (and the hidden ones stay as they are). */
export function useSaveExtras(idEmpresa: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ExtrasBody) => apiRequest(extrasPath(idEmpresa), { method: 'PUT', body: changes, schema: extrasSchema }),
    onSuccess: (saved) => {
      client.setQueryData(extrasQuery(idEmpresa).queryKey, saved);
      // The super-admin's own menu follows too.
      return client.invalidateQueries({ queryKey: unitDataQuery.queryKey });
    },
  });
}
