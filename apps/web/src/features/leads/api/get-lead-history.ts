// GET /negociacao/{cli_crm_id} (001 §7): the lead's history, newest first (000 §2 timeline).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { historyResponseSchema } from '@funil/domain/leads-api/lead-api';

import { http } from '../../../lib/http-client.ts';
import { leadKeys } from './lead-keys.ts';

export function leadHistoryQuery(id: number) {
  return queryOptions({
    queryKey: leadKeys.history(id),
    queryFn: ({ signal }) => http.get(`/negociacao/${id}`, historyResponseSchema.shape.data, signal),
    staleTime: 30_000,
  });
}

export function useLeadHistory(id: number) {
  return useQuery(leadHistoryQuery(id));
}
