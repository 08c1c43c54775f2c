// 000 §6 enforced by the API: every /api route needs a session unless public, and a route that
// names screens answers 403 to every role the matrix keeps out of all of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canAccessRoute } from '@funil/domain/access/routes';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ROLES = ['sa', 'ag', 'a', 'u', 'm', 'mg'] as const;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) tokens[role] = await t.login(t.fixture.users[role].email);
});
afterAll(async () => {
  await t.close();
});

// A concrete URL for a route pattern: every :param becomes a number that exists nowhere.
const concrete = (url: string) => url.replace(/:[A-Za-z_]+\??/g, '999999').replace(/\*$/, 'x');

describe('every /api route', () => {
  it('is registered with its access rule', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(4);
    expect(t.app.apiRoutes.filter((r) => r.public).map((r) => r.url)).toEqual(expect.arrayContaining(['/api/login']));
  });

  it('answers 401 without a token unless it is public', async () => {
    for (const route of t.app.apiRoutes.filter((r) => !r.public)) {
      const res = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url) });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 401 });
      expect(res.json().status).toBe(401);
    }
  });

  it.each(ROLES)('follows the role matrix of 000 §6 for %s', async (role) => {
    const me = await t.as(tokens[role]!, { method: 'GET', url: '/api/cadastros/dados-unidade' });
    expect(me.statusCode).toBe(200);
    for (const route of t.app.apiRoutes.filter((r) => r.access)) {
      const ctx = {
        permission: role,
        idRamal: role === 'u' ? 201 : 0,
        habilitaMensagemWhatsapp: false,
        extras: {},
        evolutionHabilitado: false,
        gatewayInstances: 0,
      } as const;
      const allowed = route.access!.some((r) => canAccessRoute(r, ctx));
      const res = await t.as(tokens[role]!, { method: route.method as 'GET', url: concrete(route.url), payload: route.method === 'GET' ? undefined : {} });
      const label = `${role} ${route.method} ${route.url}`;
      if (allowed) expect([label, res.statusCode]).not.toEqual([label, 403]);
      else expect([label, res.statusCode]).toEqual([label, 403]);
    }
  });

  it('answers 403 on /api/cadastros/usuarios to an attendant and a manager, 200 to admins and the super-admin', async () => {
    const status = async (role: (typeof ROLES)[number]) => (await t.as(tokens[role]!, { method: 'GET', url: '/api/cadastros/usuarios' })).statusCode;
    expect(await status('u')).toBe(403);
    expect(await status('m')).toBe(403);
    expect(await status('mg')).toBe(403);
    expect(await status('a')).toBe(200);
    expect(await status('ag')).toBe(200);
    expect(await status('sa')).toBe(200);
  });
});
