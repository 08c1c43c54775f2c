// GET /automacoes/lead/{id} (issue 25): the lead's automation runs, each step with when and its result.
import { useQuery } from '@tanstack/react-query';

import { leadRunsResponseSchema } from '@funil/domain/automations/automations';

import { http } from '../../../lib/http-client.ts';
import { leadKeys } from './lead-keys.ts';

export function useLeadAutomationRuns(id: number) {
  return useQuery({
    queryKey: leadKeys.automationRuns(id),
    queryFn: ({ signal }) => http.get(`/automacoes/lead/${id}`, leadRunsResponseSchema.shape.data, signal),
    staleTime: 30_000,
  });
}
