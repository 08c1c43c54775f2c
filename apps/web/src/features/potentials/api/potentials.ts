// Negotiation potentials (002 §2.10, §3 "Potential", §7 "Admin"): GET, POST, PUT (with id) and
// DELETE cadastros/potencial. The lead's potential picker (001 §3) reads the active ones.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { potentialDeletedSchema, potentialRowSchema, type PotentialBody } from '@funil/domain/admin-api/potentials';
import { apiRequest, http } from '../../../lib/http-client.ts';

const PATH = '/cadastros/potencial';

export const potentialsQuery = queryOptions({
  queryKey: ['potenciais'],
  queryFn: ({ signal }) => http.get(PATH, z.array(potentialRowSchema), signal),
});

export function usePotentials() {
  return useQuery(potentialsQuery);
}

function usePotentialMutation<T, R>(fn: (arg: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: potentialsQuery.queryKey }) });
}

export function useSavePotential() {
  return usePotentialMutation(({ id, body }: { id: number | null; body: PotentialBody }) =>
    apiRequest(PATH, { method: id === null ? 'POST' : 'PUT', body: id === null ? body : { ...body, id }, schema: potentialRowSchema }),
  );
}

/** A potential leads are rated with is refused (409) with how many: the admin deactivates it instead. */
export function useDeletePotential() {
  return usePotentialMutation((id: number) => apiRequest(`${PATH}/${id}`, { method: 'DELETE', schema: potentialDeletedSchema }));
}
