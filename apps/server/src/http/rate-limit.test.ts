// issue 21 item 22: the public routes' rate limits (@fastify/rate-limit): every route open without a
// session — login, setup, the gateway's webhook and any other — is limited per client address,
// answers 429 in Portuguese with Retry-After past its limit, and never limits a signed-in route.
// (The same limits shared by several processes through Redis: realtime/three-processes.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HTTP_MESSAGES } from '@funil/domain/http/errors';

import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { CAPTURE_TOKEN_LIMIT, PUBLIC_RATE_LIMITS, publicRateRule, type RateLimits } from './rate-limit.ts';

const LIMITS: RateLimits = {
  'POST /api/login': { max: 3, timeWindowMs: 60_000 },
  'POST /api/webhooks/evolution': { max: 4, timeWindowMs: 60_000 },
  'POST /api/webhooks/meta': { max: 4, timeWindowMs: 60_000 },
  // Issue 23 §1: the capture URL's limit per token is checked in capture.routes.test.ts; here it is
  // out of the way so that another address is seen not limited.
  [`${CAPTURE_TOKEN_LIMIT} /api/captacao/:token`]: { max: 100, timeWindowMs: 60_000 },
  default: { max: 2, timeWindowMs: 60_000 },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: LIMITS });
});
afterAll(async () => {
  await t.close();
});

const call = (method: string, url: string, ip: string) =>
  t.app.inject({ method: method as 'GET', url, remoteAddress: ip, ...(method === 'GET' ? {} : { payload: {} }) });

describe('rate limits of the public routes (issue 21 item 22)', () => {
  it(
    'every public route has a limit: past it the address gets 429 in Portuguese with Retry-After; ' +
      'another address is not limited',
    async () => {
      const publicRoutes = t.app.apiRoutes.filter((r) => r.public);
      expect(publicRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
        'GET /api/docs',
        'GET /api/docs/json',
        // Issue 23 §2: Facebook's redirect back from the login dialog (the state is the credential).
        'GET /api/meta/retorno',
        'GET /api/setup',
        'GET /api/webhooks/meta',
        'POST /api/captacao/:token',
        'POST /api/login',
        'POST /api/setup',
        'POST /api/webhooks/evolution',
        'POST /api/webhooks/meta',
      ]);
      for (const [i, route] of publicRoutes.entries()) {
        const ip = `10.50.0.${i + 1}`;
        const { max } = publicRateRule(LIMITS, route.method, route.url);
        for (let n = 0; n < max; n += 1)
          expect((await call(route.method, route.url, ip)).statusCode, `${route.method} ${route.url}`).not.toBe(429);
        const refused = await call(route.method, route.url, ip);
        expect(refused.statusCode, `${route.method} ${route.url}`).toBe(429);
        expect(refused.json()).toEqual({ message: HTTP_MESSAGES.tooMany, status: 429 });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(
          (await call(route.method, route.url, `10.51.0.${i + 1}`)).statusCode,
          `${route.method} ${route.url} de outro endereço`,
        ).not.toBe(429);
      }
    },
  );

  it('a signed-in route is never limited', async () => {
    const token = await t.login(t.fixture.users.a.email);
    for (let n = 0; n < 10; n += 1)
      expect((await t.as(token, { method: 'GET', url: '/api/orientacoes/lista', remoteAddress: '10.52.0.1' })).statusCode).toBe(
        200,
      );
  });

  it('the shipped limits name only public routes, and leave the webhook room for a gateway burst', () => {
    const publicRoutes = new Set(t.app.apiRoutes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`));
    // A key is a public route, or the capture URL's limit per token (issue 23 §1) on a public route.
    for (const key of Object.keys(PUBLIC_RATE_LIMITS))
      if (key !== 'default') expect(publicRoutes.has(key.replace(`${CAPTURE_TOKEN_LIMIT} `, 'POST ')), key).toBe(true);
    expect(PUBLIC_RATE_LIMITS['POST /api/webhooks/evolution']!.max).toBeGreaterThanOrEqual(60_000);
    // Issue 23 §2: Meta's Lead Ads webhook, 200 a second in the bench, far below its limit.
    expect(PUBLIC_RATE_LIMITS['POST /api/webhooks/meta']!.max).toBeGreaterThanOrEqual(60_000);
  });
});
