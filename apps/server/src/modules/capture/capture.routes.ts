// POST /api/captacao/{token} (issue 23 §1): public (the token is the credential), JSON or
// application/x-www-form-urlencoded, Meta's URL macros as query parameters. Limited per address
// (http/rate-limit.ts, every public route) and per token (here, once the token is known): 429 in
// Portuguese. The OpenAPI document describes it from these schemas (http/openapi.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  CAPTURE_MESSAGES,
  captureBodySchema,
  captureHeadersSchema,
  captureParamsSchema,
  captureQuerySchema,
  captureResponseSchema,
} from '@funil/domain/capture/capture-api';
import { errorBodySchema } from '@funil/domain/http/errors';

import { DomainError } from '../../http/domain-error.ts';
import type { RateRule } from '../../http/rate-limit.ts';
import { captureForUnit, sweepIdempotencyKeys, unitOfToken } from './capture.service.ts';

export type CaptureRoutesOptions = {
  /** The per-token limit (null: none, when the app runs without rate limits). */
  tokenLimit: RateRule | null;
  /** How often expired idempotency keys are deleted (default hourly; 0: never, tests call the sweep). */
  sweepMs?: number | undefined;
};

type Limiter = (request: unknown) => Promise<{ isAllowed: boolean; isExceeded: boolean; ttl: number }>;

export const captureRoutes: FastifyPluginAsyncZod<CaptureRoutesOptions> = async (app, options) => {
  // Landing pages and form builders post forms; the prototype-less object keeps a field named
  // like an Object method a plain field.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const out = Object.create(null) as Record<string, string>;
    for (const [k, v] of new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))) out[k] = v;
    done(null, out);
  });
  const create = (app as unknown as { createRateLimit?: (o: object) => Limiter }).createRateLimit;
  const limiter =
    options.tokenLimit && create
      ? create({
          max: options.tokenLimit.max,
          timeWindow: options.tokenLimit.timeWindowMs,
          keyGenerator: (request: { params: { token: string } }) => `captacao-token:${request.params.token}`,
        })
      : null;

  const sweepMs = options.sweepMs ?? 3_600_000;
  if (sweepMs > 0) {
    const timer = setInterval(() => {
      sweepIdempotencyKeys(app.db).catch((err: unknown) => app.log.warn({ err }, 'limpeza das chaves de captação'));
    }, sweepMs);
    timer.unref();
    app.addHook('onClose', () => clearInterval(timer));
  }

  app.post(
    '/captacao/:token',
    {
      config: {
        public: true,
        docs: { headers: captureHeadersSchema, summary: 'Captar um lead pela URL de captação da unidade' },
      },
      schema: {
        params: captureParamsSchema,
        querystring: captureQuerySchema,
        body: captureBodySchema.optional(),
        response: {
          200: captureResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const unit = await unitOfToken(app.db, request.params.token);
      if (limiter) {
        const verdict = await limiter(request);
        if (!verdict.isAllowed && verdict.isExceeded)
          throw new DomainError('too_many', CAPTURE_MESSAGES.tooMany, {
            retryAfterSeconds: Math.max(1, Math.ceil(verdict.ttl / 1000)),
          });
      }
      const header = request.headers['idempotency-key'];
      const answer = await captureForUnit(app.db, unit, {
        query: request.query as Record<string, unknown>,
        body: (request.body ?? {}) as Record<string, unknown>,
        idempotencyKey: Array.isArray(header) ? header[0] : header,
      });
      return reply.status(answer.status as 200).send(answer.body);
    },
  );
};
