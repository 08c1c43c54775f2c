// The administration of the home-screen guidance texts (000 §2 /inicial, 002 §3 "Guidance text"):
// cadastros/orientacoes list, create, edit, delete and order (docs/api.md). The server sanitises the HTML.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { guidanceRowSchema, type GuidanceBody, type GuidanceRow } from '@funil/domain/admin-api/guidance';
import { unitsListSchema } from '@funil/domain/unit/unit-data';

import { apiRequest, http } from '../../../lib/http-client.ts';

export const guidanceAdminQuery = queryOptions({
  queryKey: ['orientacoes-admin'],
  queryFn: ({ signal }) => http.get('/cadastros/orientacoes', z.array(guidanceRowSchema), signal),
});

export function useGuidanceAdmin() {
  return useQuery(guidanceAdminQuery);
}

export const unitsQuery = queryOptions({
  queryKey: ['unidades-lista'],
  queryFn: ({ signal }) => http.get('/cadastros/unidades', unitsListSchema.shape.data, signal),
  staleTime: 300_000,
});

export function useUnits() {
  return useQuery(unitsQuery);
}

const messageSchema = z.object({ message: z.string() });

function useRefreshAfter<T>(fn: (arg: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The home screen of whoever edits reads its texts again too.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: guidanceAdminQuery.queryKey }),
        client.invalidateQueries({ queryKey: ['orientacoes'] }),
      ]),
  });
}

export function useSaveGuidance() {
  return useRefreshAfter(({ id, body }: { id: number | null; body: GuidanceBody }) =>
    id === null
      ? http.post('/cadastros/orientacoes', body, guidanceRowSchema)
      : apiRequest(`/cadastros/orientacoes/${id}`, { method: 'PUT', body, schema: guidanceRowSchema }),
  );
}

export function useDeleteGuidance() {
  return useRefreshAfter((id: number) => apiRequest(`/cadastros/orientacoes/${id}`, { method: 'DELETE', schema: messageSchema }));
}

/** PUT cadastros/orientacoes/ordem: the new order, first shown first. */
export function useReorderGuidance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rows: GuidanceRow[]) =>
      apiRequest('/cadastros/orientacoes/ordem', { method: 'PUT', body: { ids: rows.map((r) => r.id) } }),
    // Shown at once; the answer (or a failure) brings the server's order back.
    onMutate: (rows) =>
      client.setQueryData(
        guidanceAdminQuery.queryKey,
        rows.map((r, index) => ({ ...r, ordem: index })),
      ),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: guidanceAdminQuery.queryKey }),
        client.invalidateQueries({ queryKey: ['orientacoes'] }),
      ]),
  });
}
