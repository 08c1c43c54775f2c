// Units and companies of the super-admin (002 §7 'Admin' cadastros/unidade; issue 10 companies:
// cadastros/empresas, docs/api.md).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { companyCreatedSchema, type CompanyCreate } from '@funil/domain/admin-api/companies';
import { writeResultSchema } from '@funil/domain/admin-api/fields';
import { unitListSchema, type UnitCreate, type UnitUpdate } from '@funil/domain/admin-api/units';
import { unitTokenResponseSchema } from '@funil/domain/capture/capture-api';

import { apiRequest, http } from '../../../lib/http-client.ts';

const unitsKey = (idEmpresa: number | null) => ['admin', 'unidades', idEmpresa] as const;

export function useAdminUnits(idEmpresa: number | null) {
  return useQuery({
    queryKey: unitsKey(idEmpresa),
    queryFn: ({ signal }) =>
      http.get(
        idEmpresa === null ? '/cadastros/unidade' : `/cadastros/unidade?idEmpresa=${idEmpresa}`,
        unitListSchema.shape.data,
        signal,
      ),
    staleTime: 0,
  });
}

function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  // Unit lists elsewhere (cadastros/unidades, cached 300 s) follow a change too.
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] === 'admin' || JSON.stringify(q.queryKey).includes('unidades'),
    });
}

export function useSaveUnit() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (unit: { create: UnitCreate } | { update: UnitUpdate }) =>
      'create' in unit
        ? apiRequest('/cadastros/unidade', { method: 'POST', body: unit.create, schema: writeResultSchema.shape.data })
        : apiRequest('/cadastros/unidade', { method: 'PUT', body: unit.update, schema: writeResultSchema.shape.data }),
    onSettled: invalidate,
  });
}

export function useCreateCompany() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (company: CompanyCreate) =>
      apiRequest('/cadastros/empresas', { method: 'POST', body: company, schema: companyCreatedSchema.shape.data }),
    onSettled: invalidate,
  });
}

/** 'Gerar novo token' (issue 23 §1): the unit's capture URL changes; the old token stops at once. */
export function useRegenerateUnitToken() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (idUnidade: number) =>
      apiRequest(`/cadastros/unidade/${idUnidade}/token`, { method: 'POST', schema: unitTokenResponseSchema.shape.data }),
    onSettled: invalidate,
  });
}
