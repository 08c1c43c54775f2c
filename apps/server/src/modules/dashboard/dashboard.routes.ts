// The dashboards' HTTP surface (000 §7 'Dashboard GETs', issue 14): every call is the /dashboard
// screen's (000 §6: any logged user); the CAMPANHAS and LTV tabs' role rules, the units a role may
// name and the period are the service's. Paths end in the positional segments of
// @funil/domain/dashboard (units '&', ads '@', '0' for none, -1 for an empty filter).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { DASHBOARD_RESPONSES, type DashboardCall } from '@funil/domain/dashboard/dashboard-api';

import { errorResponses } from '../../http/lead-screens.ts';
import { sessionOf } from '../auth/auth.plugin.ts';
import type { Session } from '../auth/auth.service.ts';
import * as classic from './classic-dashboard.service.ts';
import type { DashboardDeps } from './dashboard-scope.ts';
import * as service from './dashboard.service.ts';

const route = { config: { access: '/dashboard' } } as const;
const params = z.object({ '*': z.string().max(4000) });

type Handler = (deps: DashboardDeps, session: Session, tail: string) => Promise<unknown>;
const CALLS: Record<DashboardCall, Handler> = {
  crm: (d, s, t) => classic.classic(d, s, t, 'captacao'),
  crmat: (d, s, t) => classic.classic(d, s, t, 'atendimento'),
  crmdata: classic.classicDaily,
  campanhas: classic.campaigns,
  ltv: classic.ltv,
  captacao: service.capture,
  atendimento: service.attendance,
  'atendimento-conversao-valores': service.conversionValuesCall,
  'atendimento-tempo': service.times,
  'atendimento-leads': service.leadTables,
  ranking: service.ranking,
  etapas: service.stages,
};

export const dashboardRoutes: FastifyPluginAsyncZod<{ now?: () => Date }> = async (app, options) => {
  const deps: DashboardDeps = { db: app.db, ...(options.now ? { now: options.now } : {}) };
  for (const [call, handler] of Object.entries(CALLS) as [DashboardCall, Handler][]) {
    app.get(
      `/dashboard/${call}/*`,
      { ...route, schema: { params, response: { 200: DASHBOARD_RESPONSES[call] as z.ZodType, ...errorResponses } } },
      async (request) => handler(deps, sessionOf(request), request.params['*']),
    );
  }
};
