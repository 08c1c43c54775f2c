// Security from the first line (issue 2): headers, body limits, no internals in errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { securityHeaders } from './security-headers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('security', () => {
  it('sends a CSP that allows the app itself and the usual hardening headers', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@b.com.br', senha: 'xx' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("sends helmet's headers, computed once, on every answer: a route, a 401, a 404 and the SPA", async () => {
    // What helmet itself writes for an option set (its defaults merged in), recorded once (security-headers.ts).
    const headers = new Map(
      securityHeaders({
        contentSecurityPolicy: { directives: { imgSrc: ["'self'", 'data:'] } },
        xFrameOptions: { action: 'deny' },
      }),
    );
    expect(headers.get('content-security-policy')).toContain("img-src 'self' data:;");
    expect(headers.get('content-security-policy')).toContain("object-src 'none'");
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    const answers = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@b.com.br', senha: 'xx' } }),
      t.app.inject({ method: 'GET', url: '/api/contato/lista/0' }),
      t.app.inject({ method: 'GET', url: '/api/nada-aqui' }),
      t.app.inject({ method: 'GET', url: '/crm' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 404, expect.any(Number)]);
    for (const res of answers) {
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('refuses a 10 MB body with 413 and a Portuguese message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@b.com.br', senha: 'x'.repeat(10 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'A requisição é grande demais.', status: 413 });
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const token = await t.login(t.fixture.users.u.email);
    const res = await t.as(token, { method: 'GET', url: '/api/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Rota não encontrada.', status: 404 });
  });

  it('never leaks a stack trace or an internal message on a 500', async () => {
    const database = await import('../testing/test-app.ts').then((m) => m.openTestDatabase());
    const { buildApp } = await import('../app.ts');
    const app = await buildApp({ database, webDist: '/nonexistent' });
    app.get('/api/quebrar', { config: { public: true } }, async () => {
      throw new Error('segredo interno: senha do banco');
    });
    const res = await app.inject({ method: 'GET', url: '/api/quebrar' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Erro interno do servidor. Tente novamente mais tarde', status: 500 });
    expect(res.body).not.toContain('segredo');
    await app.close();
    await database.drop();
  });
});
