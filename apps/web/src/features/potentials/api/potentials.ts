// Negotiation potentials (002 §2.10, §3 "Potential", §7 "Admin"): GET, POST, PUT (with id) and
// DELETE cadastros/potencial. The lead's potential picker (001 §3) reads the active ones.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { potentialDeletedSchema, potentialRowSchema, type PotentialBody } from '@funil/domain/admin-api/potentials';

import { withCompany } from '../../../lib/companies.ts';
import { apiRequest, http } from '../../../lib/http-client.ts';

const PATH = '/cadastros/potencial';

/** `idEmpresa`: the company the super-admin picked, null for the session's own (issue 10). */
export const potentialsQuery = (idEmpresa: number | null = null) =>
  queryOptions({
    queryKey: ['potenciais', idEmpresa],
    queryFn: ({ signal }) => http.get(withCompany(PATH, idEmpresa), z.array(potentialRowSchema), signal),
  });

export function usePotentials(idEmpresa: number | null = null) {
  return useQuery(potentialsQuery(idEmpresa));
}

function usePotentialMutation<T, R>(fn: (arg: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['potenciais'] }) });
}

export function useSavePotential(idEmpresa: number | null = null) {
  return usePotentialMutation(({ id, body }: { id: number | null; body: PotentialBody }) =>
    apiRequest(withCompany(PATH, idEmpresa), {
      method: id === null ? 'POST' : 'PUT',
      body: id === null ? body : { ...body, id },
      schema: potentialRowSchema,
    }),
  );
}

/** A potential leads are rated with is refused (409) with how many: the admin deactivates it instead. */
export function useDeletePotential(idEmpresa: number | null = null) {
  return usePotentialMutation((id: number) =>
    apiRequest(withCompany(`${PATH}/${id}`, idEmpresa), { method: 'DELETE', schema: potentialDeletedSchema }),
  );
}
