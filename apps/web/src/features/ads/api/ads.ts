// The ads catalogue's calls (002 §7 'Extras and catalogue': anuncios/…) and the campaign costs' (002 §7
// 'Admin': cadastros/campanha, cadastros/campanha_custo).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { writeResultSchema } from '@funil/domain/admin-api/fields';
import { adsCsvResultSchema, type AdsCsvRow } from '@funil/domain/ads/ads-csv';
import {
  adListSchema,
  adSetListSchema,
  adTagListSchema,
  adTagsWriteSchema,
  campaignListSchema,
  catalogueWriteSchema,
  type AdCreate,
  type AdSetCreate,
  type CampaignCreate,
} from '@funil/domain/ads/catalogue';
import { costListSchema, type CostCreate, type CostUpdate } from '@funil/domain/ads/costs';
import { unitsListSchema } from '@funil/domain/unit/unit-data';

import { apiRequest, http } from '../../../lib/http-client.ts';

export type CatalogueLevelKey = 'campanhas' | 'ads-sets' | 'ads' | 'ads-tags';
const catalogueKey = ['anuncios'] as const;

export function useCampaignsCatalogue() {
  return useQuery({
    queryKey: [...catalogueKey, 'campanhas'],
    queryFn: ({ signal }) => http.get('/anuncios/campanhas', campaignListSchema.shape.data, signal),
    staleTime: 0,
  });
}

export function useAdSets(idCampanha: number | null) {
  return useQuery({
    queryKey: [...catalogueKey, 'ads-sets', idCampanha],
    queryFn: ({ signal }) => http.get(`/anuncios/ads-sets/${idCampanha}`, adSetListSchema.shape.data, signal),
    enabled: idCampanha !== null,
    staleTime: 0,
  });
}

export function useAds(idAdSet: number | null) {
  return useQuery({
    queryKey: [...catalogueKey, 'ads', idAdSet],
    queryFn: ({ signal }) => http.get(`/anuncios/ads/${idAdSet}`, adListSchema.shape.data, signal),
    enabled: idAdSet !== null,
    staleTime: 0,
  });
}

export function useAdTags(idAd: number | null) {
  return useQuery({
    queryKey: [...catalogueKey, 'ads-tags', idAd],
    queryFn: ({ signal }) => http.get(`/anuncios/ads-tags/${idAd}`, adTagListSchema.shape.data, signal),
    enabled: idAd !== null,
    staleTime: 0,
  });
}

export type CatalogueCreate =
  | { level: 'campanhas'; body: CampaignCreate }
  | { level: 'ads-sets'; body: AdSetCreate }
  | { level: 'ads'; body: AdCreate }
  | { level: 'ads-tags'; body: { idAd: number; idsTags: number[] } };

/** POST anuncios/{level}; the level's list is read again after. */
export function useCreateCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (create: CatalogueCreate): Promise<unknown> =>
      create.level === 'ads-tags'
        ? apiRequest('/anuncios/ads-tags', { method: 'POST', body: create.body, schema: adTagsWriteSchema.shape.data })
        : apiRequest(`/anuncios/${create.level}`, { method: 'POST', body: create.body, schema: catalogueWriteSchema.shape.data }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKey }),
  });
}

/** PUT anuncios/{level}/{id}: {name} from the edit dialog or {ativo} from the row action (002 §7). */
export function useUpdateCatalogue() {
  return useMutation({
    mutationFn: ({ level, id, body }: { level: CatalogueLevelKey; id: number; body: { name?: string; ativo?: 0 | 1 } }) =>
      apiRequest(`/anuncios/${level}/${id}`, { method: 'PUT', body, schema: catalogueWriteSchema.shape.data }),
  });
}

/** POST /anuncios/csv: one batch of up to 1000 rows (002 §7). */
export function sendAdsCsvBatch(rows: readonly AdsCsvRow[], signal?: AbortSignal) {
  return apiRequest('/anuncios/csv', { method: 'POST', body: rows, schema: adsCsvResultSchema.shape.data, signal });
}

const costsKey = ['admin', 'campanhas'] as const;

export function useCampaignCosts() {
  return useQuery({
    queryKey: costsKey,
    queryFn: ({ signal }) => http.get('/cadastros/campanha', costListSchema.shape.data, signal),
    staleTime: 0,
  });
}

export function useSaveCampaignCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cost: { create: CostCreate } | { update: CostUpdate }) =>
      'create' in cost
        ? apiRequest('/cadastros/campanha', { method: 'POST', body: cost.create, schema: writeResultSchema.shape.data })
        : apiRequest('/cadastros/campanha_custo', { method: 'PUT', body: cost.update, schema: writeResultSchema.shape.data }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: costsKey }),
  });
}

/** GET cadastros/unidades (000 §7): the units of the cost dialog's select. */
export function useCostUnits() {
  return useQuery({
    queryKey: ['admin', 'unidades-da-empresa'],
    queryFn: ({ signal }) => http.get('/cadastros/unidades', unitsListSchema.shape.data, signal),
    staleTime: 0,
  });
}
