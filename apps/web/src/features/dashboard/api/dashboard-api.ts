// The dashboard GETs of 000 §7 (paths by buildDashboardPath, payloads by the schemas of
// packages/domain/src/dashboard/dashboard-api.ts), as TanStack queries. A new filter keeps the
// numbers on screen until the new ones arrive, so Atualizar never flashes an empty page.
import { keepPreviousData, queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import {
  buildDashboardPath,
  DASHBOARD_RESPONSES,
  type DashboardCall,
  type DashboardFilterOf,
} from '@funil/domain/dashboard/dashboard-api';
import { campaignsResponseSchema as campaignNamesSchema } from '@funil/domain/leads-api/lead-api';
import { unitsListSchema } from '@funil/domain/unit/unit-data';

import { http } from '../../../lib/http-client.ts';

const SCHEMAS = Object.fromEntries(Object.entries(DASHBOARD_RESPONSES).map(([call, schema]) => [call, schema.shape.data])) as {
  [C in DashboardCall]: (typeof DASHBOARD_RESPONSES)[C]['shape']['data'];
};

export type DashboardData<C extends DashboardCall> = z.output<(typeof SCHEMAS)[C]>;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  call: <C extends DashboardCall>(call: C, filter: DashboardFilterOf<C>) => ['dashboard', call, filter] as const,
};

export function dashboardQuery<C extends DashboardCall>(call: C, filter: DashboardFilterOf<C>) {
  return queryOptions({
    queryKey: dashboardKeys.call(call, filter),
    queryFn: ({ signal }) => http.get(`/${buildDashboardPath(call, filter)}`, SCHEMAS[call], signal) as Promise<DashboardData<C>>,
    placeholderData: keepPreviousData,
    // The numbers move all day: a minute old at most when the screen opens again.
    staleTime: 60_000,
  });
}

/** Atualizar: the numbers of every dashboard call are read again, even for the same filter. */
export function useRefreshDashboard() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: dashboardKeys.all });
}

export function useDashboard<C extends DashboardCall>(call: C, filter: DashboardFilterOf<C>, enabled = true) {
  return useQuery({ ...dashboardQuery(call, filter), enabled });
}

/**
 * The lead tables of v2 (000 §2): the server pages (25 rows each) asked for so far, for both tables
 * at once, as dashboard/atendimento-leads/{pageCaptacao}/{pageAtendimento}/… takes them.
 */
export function useLeadsPages(filter: DashboardFilterOf<'captacao'>, pagesCaptacao: number, pagesAtendimento: number) {
  const pages = Math.max(pagesCaptacao, pagesAtendimento);
  return useQueries({
    queries: Array.from({ length: pages }, (_, i) =>
      dashboardQuery('atendimento-leads', {
        ...filter,
        pagina_captacao: Math.min(i + 1, pagesCaptacao),
        pagina_atendimento: Math.min(i + 1, pagesAtendimento),
      }),
    ),
  });
}

/** GET contato/lista-campanhas (000 §7): the campaign names for the v2 campaign filter. */
export function useCampaignNames() {
  return useQuery({
    queryKey: ['dashboard-opcoes', 'campanhas'],
    queryFn: ({ signal }) => http.get('/contato/lista-campanhas', campaignNamesSchema.shape.data, signal),
    select: (rows) => rows.map((row) => row.cli_campanha_nome),
    staleTime: 300_000,
  });
}

/** GET cadastros/unidades (000 §7, cached 300 s): the units of the classic unit multi-select. */
export function useUnitsList(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard-opcoes', 'unidades'],
    queryFn: ({ signal }) => http.get('/cadastros/unidades', unitsListSchema.shape.data, signal),
    staleTime: 300_000,
    enabled,
  });
}
