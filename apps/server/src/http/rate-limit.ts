// The public routes' rate limits (issue 21 item 22): every route open without a session (login,
// the one-time setup, the gateway's webhook, and any public route added later) counts its calls per
// client address (request.ip: TRUST_PROXY decides who that is) in a fixed window with
// @fastify/rate-limit, in Redis when REDIS_URL is set (so the limit holds across every server
// process) and in this process's memory otherwise. Over the limit: 429 with the Portuguese text
// and Retry-After. Redis unreachable: the call goes through (skipOnError) rather than refusing
// every login; the login throttle still holds. docs/decisions.md "Issue 21: Funil on several processes".
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, RouteOptions } from 'fastify';

import { HTTP_MESSAGES } from '@funil/domain/http/errors';

import type { SharedRedis } from '../shared/redis.ts';
import { DomainError } from './domain-error.ts';

export type RateRule = { max: number; timeWindowMs: number };
/** Limits by "METHOD /url" of a public route; `default` for any other public route. */
export type RateLimits = Record<string, RateRule> & { default: RateRule };

const MINUTE = 60_000;
export const PUBLIC_RATE_LIMITS: RateLimits = {
  // One login a second from one address on average: more than an office behind one address needs
  // at 8 o'clock, and far fewer password hashes than a flood would cost. Failures have their own
  // slower throttle (login-throttle.ts).
  'POST /api/login': { max: 60, timeWindowMs: MINUTE },
  // The one-time setup screen: asked on every visit to the login page before the first user.
  'GET /api/setup': { max: 120, timeWindowMs: MINUTE },
  'POST /api/setup': { max: 10, timeWindowMs: MINUTE },
  // The gateway posts one call per message and never sends one again (a 429 loses the message):
  // only a flood far past any gateway's burst is refused.
  'POST /api/webhooks/evolution': { max: 120_000, timeWindowMs: MINUTE },
  // Issue 23 §1, the capture URL: per address, what a form builder's few servers (Zapier, Make, RD
  // Station) post for all their customers; per token (CAPTURE_TOKEN_LIMIT), what one unit's forms
  // can bring in a burst (20 leads a second for a minute), far past a clinic's busiest campaign.
  'POST /api/captacao/:token': { max: 600, timeWindowMs: MINUTE },
  'TOKEN /api/captacao/:token': { max: 1200, timeWindowMs: MINUTE },
  // Issue 23 §2: Meta's Lead Ads webhook comes from Meta's few servers for every page of the app and
  // a 429 is only retried for 36 hours: a limit far past a burst (the bench posts 200 a second).
  'POST /api/webhooks/meta': { max: 120_000, timeWindowMs: MINUTE },
  // The verification handshake: once per subscription change.
  'GET /api/webhooks/meta': { max: 120, timeWindowMs: MINUTE },
  default: { max: 120, timeWindowMs: MINUTE },
};

/** The "method" of the capture URL's per-token rule in RateLimits. */
export const CAPTURE_TOKEN_LIMIT = 'TOKEN';

/** The rule of a public route. */
export function publicRateRule(limits: RateLimits, method: string, url: string): RateRule {
  return limits[`${method} ${url}`] ?? limits.default;
}

type Callback = (err: Error | null, result?: unknown) => void;

/**
 * The few calls @fastify/rate-limit's Redis store makes on its client (ioredis' defineCommand), on
 * the node-redis client the rest of the server uses: each defined script runs with EVAL.
 */
function scriptRunner(redis: SharedRedis): Record<string, unknown> {
  const runner: Record<string, unknown> = {
    defineCommand(name: string, command: { numberOfKeys: number; lua: string }) {
      runner[name] = (...args: unknown[]) => {
        const callback = args.pop() as Callback;
        const keys = args.slice(0, command.numberOfKeys).map(String);
        const values = args.slice(command.numberOfKeys).map(String);
        redis.client.eval(command.lua, { keys, arguments: values }).then(
          (result) => callback(null, result),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
      };
    },
  };
  return runner;
}

/** Puts each public route's rule on it; call before the routes are added (an onRoute hook). */
export function limitPublicRoutes(app: FastifyInstance, limits: RateLimits): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || route.config?.public !== true) return;
    const method = [route.method].flat()[0] ?? 'GET';
    const rule = publicRateRule(limits, method, route.url);
    route.config.rateLimit = { max: rule.max, timeWindow: rule.timeWindowMs };
  });
}

export async function registerRateLimit(app: FastifyInstance, redis: SharedRedis | undefined): Promise<void> {
  const options: RateLimitPluginOptions = {
    global: false,
    skipOnError: true,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new DomainError('too_many', HTTP_MESSAGES.tooMany, { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
    ...(redis
      ? { redis: scriptRunner(redis) as unknown as RateLimitPluginOptions['redis'], nameSpace: `${redis.prefix}:limite:` }
      : {}),
  };
  await app.register(rateLimit, options);
}
