// The dashboards' HTTP surface (000 §7 'Dashboard GETs', issue 14): every call is the /dashboard
// screen's (000 §6: any logged user); the CAMPANHAS and LTV tabs' role rules, the units a role may
// name and the period are the service's. Paths end in the positional segments of
// @funil/domain/dashboard (units '&', ads '@', '0' for none, -1 for an empty filter).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendanceResponseSchema,
  campaignsResponseSchema,
  captureResponseSchema,
  classicDailyResponseSchema,
  classicResponseSchema,
  conversionValuesResponseSchema,
  leadsTablesResponseSchema,
  ltvResponseSchema,
  rankingResponseSchema,
  stagesResponseSchema,
  timeResponseSchema,
  type DashboardCall,
} from '@funil/domain/dashboard/dashboard-api';
import { sessionOf } from '../auth/auth.plugin.ts';
import { errorResponses } from '../../http/lead-screens.ts';
import type { Session } from '../auth/auth.service.ts';
import * as service from './dashboard.service.ts';
import type { DashboardDeps } from './dashboard.service.ts';

const route = { config: { access: '/dashboard' } } as const;
const params = z.object({ '*': z.string().max(4000) });

type Handler = (deps: DashboardDeps, session: Session, tail: string) => Promise<unknown>;
const CALLS: readonly [DashboardCall, z.ZodType, Handler][] = [
  ['crm', classicResponseSchema, (d, s, t) => service.classic(d, s, t, 'captacao')],
  ['crmat', classicResponseSchema, (d, s, t) => service.classic(d, s, t, 'atendimento')],
  ['crmdata', classicDailyResponseSchema, service.classicDaily],
  ['campanhas', campaignsResponseSchema, service.campaigns],
  ['ltv', ltvResponseSchema, service.ltv],
  ['captacao', captureResponseSchema, service.capture],
  ['atendimento', attendanceResponseSchema, service.attendance],
  ['atendimento-conversao-valores', conversionValuesResponseSchema, service.conversionValuesCall],
  ['atendimento-tempo', timeResponseSchema, service.times],
  ['atendimento-leads', leadsTablesResponseSchema, service.leadTables],
  ['ranking', rankingResponseSchema, service.ranking],
  ['etapas', stagesResponseSchema, service.stages],
];

export const dashboardRoutes: FastifyPluginAsyncZod<{ now?: () => Date }> = async (app, options) => {
  const deps: DashboardDeps = { db: app.db, ...(options.now ? { now: options.now } : {}) };
  for (const [call, response, handler] of CALLS) {
    app.get(`/dashboard/${call}/*`, { ...route, schema: { params, response: { 200: response, ...errorResponses } } }, async (request) =>
      handler(deps, sessionOf(request), request.params['*']),
    );
  }
};
