// 'Sincronizar com o Meta' on /anuncios and /campanhas (issue 23 §5 §6): shown when the company has a
// Meta connection (GET /api/meta/estado); the sync fills the catalogue and the daily spend.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { metaSyncResultSchema, metaSyncStateSchema } from '@funil/domain/meta/meta-api';

import { apiRequest } from '../../../lib/http-client.ts';

export function useMetaSyncState() {
  return useQuery({
    queryKey: ['meta', 'estado'],
    queryFn: ({ signal }) => apiRequest('/meta/estado', { signal, schema: metaSyncStateSchema, envelope: true }),
    staleTime: 60_000,
  });
}

export function useMetaSyncNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/meta/sincronizar', { method: 'POST', body: {}, schema: metaSyncResultSchema, envelope: true }),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['meta'] }),
        client.invalidateQueries({ queryKey: ['anuncios'] }),
        client.invalidateQueries({ queryKey: ['admin', 'campanhas'] }),
      ]);
    },
  });
}
