// Meta Lead Ads (issue 23 §2). Public: GET /api/webhooks/meta (the verification handshake) and POST
// /api/webhooks/meta (X-Hub-Signature-256 over the raw bytes; the delivery stored, 200 at once).
// Signed in (the company admin ag and the super-admin, route /leads-meta): the failed-intake log with
// 'Reprocessar', and 'Buscar leads dos últimos 90 dias' per chosen form.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorBodySchema } from '@funil/domain/http/errors';
import { idParams } from '@funil/domain/http/ids';
import { cleanInvalidCharacters } from '@funil/domain/http/text-characters';
import {
  backfillResultSchema,
  failedIntakeListSchema,
  formParamsSchema,
  LEAD_ADS_MESSAGES,
  leadAdsOverviewSchema,
  messageSchema,
} from '@funil/domain/lead-ads/lead-ads-api';

import { DomainError } from '../../http/domain-error.ts';
import { sessionOf } from '../auth/auth.plugin.ts';
import { targetCompanyId } from '../tenancy/tenancy.service.ts';
import {
  backfillForm,
  deliveriesOf,
  failedIntakes,
  handshake,
  leadAdsOverview,
  reprocessIntake,
  signatureValid,
  storeDeliveries,
  type LeadAdsWorker,
} from './lead-ads.service.ts';

export type LeadAdsRoutesOptions = {
  /** META_APP_SECRET: the webhook's signature key; without it every POST answers 401. */
  appSecret: string | null;
  /** The verify token of the webhook subscription; without it the handshake answers 403. */
  verifyToken: string | null;
  /** The intake worker (woken by each delivery); null: deliveries wait for a worker of another process. */
  worker: LeadAdsWorker | null;
};

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const access = '/leads-meta' as const;
const companyQuery = z.object({ idEmpresa: z.coerce.number().int().positive().optional() });

/** Strings cleaned of NUL and lone surrogates (jsonb refuses them; a lead must not be lost for one). */
function cleaned(value: unknown): unknown {
  if (typeof value === 'string') return cleanInvalidCharacters(value);
  if (Array.isArray(value)) return value.map(cleaned);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [cleanInvalidCharacters(k), cleaned(v)]));
  return value;
}

export const leadAdsWebhookRoutes: FastifyPluginAsyncZod<LeadAdsRoutesOptions> = async (app, options) => {
  // This plugin's routes only: the body stays the raw bytes the signature was made over.
  app.addContentTypeParser(['application/json', 'text/plain', '*'], { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/webhooks/meta',
    {
      config: { public: true },
      schema: { querystring: z.record(z.string(), z.unknown()), response: { 200: z.string(), 403: errorBodySchema } },
    },
    async (request, reply) => {
      const challenge = handshake(request.query, options.verifyToken);
      if (challenge === null) throw new DomainError('forbidden', LEAD_ADS_MESSAGES.verifyRefused);
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  app.post(
    '/webhooks/meta',
    {
      config: { public: true },
      bodyLimit: 2_000_000,
      schema: { response: { 200: z.object({ ok: z.literal(true), recebidos: z.number().int() }), ...errors } },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-hub-signature-256'];
      if (!options.appSecret) throw new DomainError('unauthorized', LEAD_ADS_MESSAGES.notConfigured);
      if (!signatureValid(raw, Array.isArray(header) ? header[0] : header, options.appSecret))
        throw new DomainError('unauthorized', LEAD_ADS_MESSAGES.badSignature);
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new DomainError('invalid');
      }
      const rows = deliveriesOf(cleaned(body));
      await storeDeliveries(app.db, rows);
      if (rows.length > 0) options.worker?.wake();
      return { ok: true as const, recebidos: rows.length };
    },
  );
};

export const leadAdsRoutes: FastifyPluginAsyncZod<LeadAdsRoutesOptions> = async (app, options) => {
  const company = (request: { query: { idEmpresa?: number | undefined } } & Parameters<typeof sessionOf>[0]) => {
    const session = sessionOf(request);
    return targetCompanyId(app.db, { permission: session.permission, empresaId: session.empresaId }, request.query.idEmpresa);
  };

  app.get(
    '/lead-ads',
    { config: { access }, schema: { querystring: companyQuery, response: { 200: leadAdsOverviewSchema, ...errors } } },
    async (request) => ({ data: await leadAdsOverview(app.db, await company(request)) }),
  );
  app.get(
    '/lead-ads/falhas',
    { config: { access }, schema: { querystring: companyQuery, response: { 200: failedIntakeListSchema, ...errors } } },
    async (request) => ({ data: await failedIntakes(app.db, await company(request)) }),
  );
  app.post(
    '/lead-ads/falhas/:id/reprocessar',
    {
      config: { access },
      schema: { params: idParams('id'), querystring: companyQuery, response: { 200: messageSchema, ...errors } },
    },
    async (request) => {
      await reprocessIntake(app.db, await company(request), request.params.id);
      options.worker?.wake();
      return { message: LEAD_ADS_MESSAGES.reprocessed };
    },
  );
  app.post(
    '/lead-ads/formularios/:formId/buscar',
    {
      config: { access },
      schema: {
        params: formParamsSchema,
        querystring: companyQuery,
        response: { 200: backfillResultSchema, ...errors, 502: errorBodySchema },
      },
    },
    async (request) => {
      const idEmpresa = await company(request);
      if (!options.worker) throw new DomainError('gateway', LEAD_ADS_MESSAGES.notConfigured);
      let result: { encontrados: number; novos: number };
      try {
        result = await backfillForm(app.db, options.worker.graph, idEmpresa, request.params.formId);
      } catch (err) {
        if (err instanceof DomainError) throw err;
        throw new DomainError('gateway', LEAD_ADS_MESSAGES.fetchFailed(err instanceof Error ? err.message : String(err)));
      }
      if (result.novos > 0) options.worker.wake();
      return { message: LEAD_ADS_MESSAGES.backfilled(result.novos, result.encontrados), data: result };
    },
  );
};
