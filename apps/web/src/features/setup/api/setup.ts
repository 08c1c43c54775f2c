// GET/POST /api/setup (issue 10 "A fresh install is usable"): whether the install still needs its
// first super-admin, and the one-time call that creates them with their company and unit.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { setupCreatedSchema, setupStatusSchema, type SetupBody } from '@funil/domain/admin-api/setup';

import { apiRequest } from '../../../lib/http-client.ts';

const setupKey = ['setup'] as const;

export const setupStatusQuery = queryOptions({
  queryKey: setupKey,
  queryFn: ({ signal }) => apiRequest('/setup', { schema: setupStatusSchema, signal, public: true }),
  // Asked once per visit to the login: it changes only when someone finishes the setup.
  staleTime: Infinity,
});

export function useSetupStatus() {
  return useQuery(setupStatusQuery);
}

export function useCreateFirstAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetupBody) =>
      apiRequest('/setup', { method: 'POST', body, public: true, schema: setupCreatedSchema.shape.data }),
    onSuccess: () => queryClient.setQueryData(setupKey, { needed: false }),
  });
}
