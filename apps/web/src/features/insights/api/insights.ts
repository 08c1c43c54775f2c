// Meta Insights' calls (issue 24; 002 §2.5, §7): the store's state, the rows of a level over a period with
// the CRM's side, the daily line of the selected rows, and 'Atualizar agora'. The browser never calls Meta.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import {
  insightsRefreshSchema,
  insightsRowsSchema,
  insightsSeriesSchema,
  insightsStateSchema,
  type InsightLevel,
  type InsightsRows,
} from '@funil/domain/insights/insights';
import { metaConversionsStateSchema, type MetaConversionsSettings } from '@funil/domain/meta-conversions/meta-conversions-api';

import { apiRequest } from '../../../lib/http-client.ts';

const key = ['insights'] as const;

export function useInsightsState() {
  return useQuery({
    queryKey: [...key, 'estado'],
    queryFn: ({ signal }) => apiRequest('/insights/estado', { signal, schema: insightsStateSchema, envelope: true }),
    // While a refresh runs the screen asks again, so 'Atualizado em' moves by itself.
    refetchInterval: (query) => (query.state.data?.atualizando ? 5_000 : false),
  });
}

export type RowsQuery = { conta: string; inicio: string; fim: string; pais?: readonly string[] };

export function useInsightRows(level: InsightLevel, q: RowsQuery | null, updatedAt: string | null) {
  return useQuery({
    queryKey: [...key, level, q, updatedAt],
    enabled: q !== null && (level === 'campaign' || (q.pais?.length ?? 0) > 0),
    // A new period or account keeps the level's rows in view while loading; another level never shows them.
    placeholderData: (previous: InsightsRows | undefined, previousQuery) =>
      previousQuery?.queryKey[1] === level ? keepPreviousData(previous) : undefined,
    queryFn: ({ signal }): Promise<InsightsRows> => {
      const params = new URLSearchParams({ conta: q!.conta, inicio: q!.inicio, fim: q!.fim });
      if (q!.pais && q!.pais.length > 0) params.set('pais', q!.pais.join(','));
      return apiRequest(`/insights/${level}?${params.toString()}`, { signal, schema: insightsRowsSchema, envelope: true });
    },
  });
}

export function useInsightSeries(level: InsightLevel, q: RowsQuery | null, ids: readonly string[], updatedAt: string | null) {
  return useQuery({
    queryKey: [...key, 'serie', level, q, ids, updatedAt],
    enabled: q !== null && ids.length > 0,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ conta: q!.conta, inicio: q!.inicio, fim: q!.fim, nivel: level, ids: ids.join(',') });
      return apiRequest(`/insights/serie?${params.toString()}`, { signal, schema: insightsSeriesSchema, envelope: true });
    },
  });
}

export function useRefreshInsights() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/insights/atualizar', { method: 'POST', schema: insightsRefreshSchema, envelope: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...key, 'estado'] }),
  });
}

const conversionsKey = [...key, 'conversoes'] as const;

/** The unit's Conversions API card (issue 24 'Closing the loop with Meta'). */
export function useConversionsSettings() {
  return useQuery({
    queryKey: conversionsKey,
    queryFn: ({ signal }) => apiRequest('/insights/conversoes', { signal, schema: metaConversionsStateSchema, envelope: true }),
  });
}

export function useSaveConversionsSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MetaConversionsSettings) =>
      apiRequest('/insights/conversoes', { method: 'PUT', body, schema: z.object({ message: z.string() }), envelope: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: conversionsKey }),
  });
}
