// The lead of a conversation: GET contato/completo/{id} under the CRM's own query key
// (['leads', 'detail', id], features/leads/api/lead-keys.ts), so the CRM, the chat header and the
// conversation share one cache entry and one request. A web feature may not import another, so the
// key and the schema are repeated here rather than the hook imported.
import { useQuery } from '@tanstack/react-query';

import { fullContactResponseSchema } from '@funil/domain/leads-api/lead-api';

import { http } from '../../../lib/http-client.ts';

export const leadDetailKey = (id: number) => ['leads', 'detail', id] as const;

export function useConversationLead(id: number) {
  return useQuery({
    queryKey: leadDetailKey(id),
    queryFn: ({ signal }) => http.get(`/contato/completo/${id}`, fullContactResponseSchema.shape.data, signal),
    staleTime: 30_000,
    retry: false,
  });
}
