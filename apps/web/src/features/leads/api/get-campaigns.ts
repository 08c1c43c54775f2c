// GET contato/lista-campanhas (000 §7): the campaign names of the unit, for the list filter.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { campaignsResponseSchema } from '@funil/domain/leads-api/lead-api';

import { http } from '../../../lib/http-client.ts';
import { leadKeys } from './lead-keys.ts';

export const campaignsQuery = queryOptions({
  queryKey: leadKeys.campaigns(),
  queryFn: ({ signal }) => http.get('/contato/lista-campanhas', campaignsResponseSchema.shape.data, signal),
  select: (rows) => rows.map((row) => row.cli_campanha_nome),
});

export function useCampaigns(enabled: boolean) {
  return useQuery({ ...campaignsQuery, enabled });
}
