// Meta Insights' API (issue 24; 002 §2.5, §7 'A helper requests conversion data (conversao, leads,
// ticket) by ids and dates per level'): unit admins with the `metaInsights` flag (000 §6 '/insights').
// Meta's side comes from the store (never fetched per view), the CRM's from the dashboards' read model.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorBodySchema } from '@funil/domain/http/errors';
import {
  INSIGHTS_MESSAGES,
  insightsLevelParamsSchema,
  insightsQuerySchema,
  insightsRefreshSchema,
  insightsRowsSchema,
  insightsSeriesQuerySchema,
  insightsSeriesSchema,
  insightsStateSchema,
} from '@funil/domain/insights/insights';

import { DomainError } from '../../http/domain-error.ts';
import { sessionOf } from '../auth/auth.plugin.ts';
import { metaAccessFor } from '../meta/meta.service.ts';
import { insightsRows, insightsSeries, insightsState, requestRefresh, startInsightsRefresh } from './insights.service.ts';

export type InsightsRoutesOptions = {
  /** The refresh job's idle wait between passes (default 60 s; 0: off, tests call refreshPass). */
  refreshMs?: number | undefined;
};

const access = '/insights' as const;
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const insightsRoutes: FastifyPluginAsyncZod<InsightsRoutesOptions> = async (app, options) => {
  const runtime = app.metaRuntime;
  const refreshMs = options.refreshMs ?? 60_000;
  const ticker = runtime && refreshMs > 0 ? startInsightsRefresh(app.db, runtime, app.log, refreshMs) : null;
  if (ticker) app.addHook('onClose', () => ticker.stop());

  /** The account must be one of the company's connection; else 404 (another company's account reads nothing). */
  const checkAccount = async (idEmpresa: number, conta: string): Promise<void> => {
    const meta = await metaAccessFor(app.db, idEmpresa, runtime);
    if (!meta) throw new DomainError('conflict', INSIGHTS_MESSAGES.notConnected);
    if (!meta.adAccountIds.includes(conta)) throw new DomainError('not_found', INSIGHTS_MESSAGES.accountUnknown);
  };

  app.get(
    '/insights/estado',
    { config: { access }, schema: { response: { 200: insightsStateSchema, ...errors } } },
    async (request) => insightsState(app.db, runtime, sessionOf(request).empresaId),
  );

  app.post(
    '/insights/atualizar',
    { config: { access }, schema: { response: { 200: insightsRefreshSchema, ...errors } } },
    async (request) => {
      const session = sessionOf(request);
      if (!(await metaAccessFor(app.db, session.empresaId, runtime)))
        throw new DomainError('conflict', INSIGHTS_MESSAGES.notConnected);
      await requestRefresh(app.db, session.empresaId);
      ticker?.wake();
      return { message: INSIGHTS_MESSAGES.refreshQueued };
    },
  );

  app.get(
    '/insights/serie',
    {
      config: { access },
      schema: { querystring: insightsSeriesQuerySchema, response: { 200: insightsSeriesSchema, ...errors } },
    },
    async (request) => {
      const session = sessionOf(request);
      await checkAccount(session.empresaId, request.query.conta);
      return insightsSeries(app.db, { idEmpresa: session.empresaId, idUnidade: session.unidadeId, runtime }, request.query);
    },
  );

  app.get(
    '/insights/:nivel',
    {
      config: { access },
      schema: {
        params: insightsLevelParamsSchema,
        querystring: insightsQuerySchema,
        response: { 200: insightsRowsSchema, ...errors },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      await checkAccount(session.empresaId, request.query.conta);
      return insightsRows(
        app.db,
        { idEmpresa: session.empresaId, idUnidade: session.unidadeId, runtime },
        request.params.nivel,
        request.query,
      );
    },
  );
};
