// 000 §4 session, §5 login validation, §7 POST /login, §8 messages.
// @pglite-too (vitest.config.ts): the session cache is on by default on PGlite only (test-app.ts), so logins and revocations go
// through it there.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LOGIN_MESSAGES } from '@funil/domain/auth/login';
import { buildContactListPath, CONTACT_LIST_LAYOUT, emptyFilter } from '@funil/domain/leads/filter-segments';

import { parseTrustProxy } from '../../env.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app.ts';
import { unidades } from '../tenancy/tenancy.table.ts';
import { usuarios } from '../users/users.table.ts';
import { sessoes } from './sessions.table.ts';

let t: TestApp;
let clock = Date.now();
// The login slowdown's waits, taken on the test clock instead of real time.
const slept: number[] = [];
beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    loginSleep: async (ms) => {
      slept.push(ms);
      clock += ms;
    },
  });
});
afterAll(async () => {
  await t.close();
});

const login = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: payload as object, remoteAddress: ip });

describe('POST /api/login (000 §7, §8)', () => {
  it('answers data.token and data.currentUser with the fields of 000 §7 and "Login com sucesso."', async () => {
    const res = await login({ email: t.fixture.users.a.email, senha: TEST_PASSWORD, lembrar: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Login com sucesso.');
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.expiresIn).toBe(43_200);
    expect(body.data.currentUser).toEqual({
      idUser: t.fixture.users.a.id,
      name: 'Usuário a',
      permissao: 'a',
      nomePermissao: 'Administrador da Unidade',
      webphone: false,
      idUnidade: t.fixture.unitA1,
      idEmpresa: t.fixture.companyA,
      habilita_mensagem_whatsapp: false,
      idAtendente: t.fixture.users.a.id,
      dataAtualizacao: expect.any(String),
      dataDeslogar: null,
    });
    expect(JSON.stringify(body)).not.toMatch(/senha|hash|argon/i);
  });

  it('accepts the email in any case', async () => {
    const res = await login({ email: t.fixture.users.u.email.toUpperCase(), senha: TEST_PASSWORD }, '10.0.0.2');
    expect(res.statusCode).toBe(200);
  });

  it("answers 401 'Usuário ou senha inválidos.' for a wrong password and for an unknown email alike", async () => {
    const wrong = await login({ email: t.fixture.users.a.email, senha: 'errada' }, '10.0.1.1');
    const unknown = await login({ email: 'ninguem@teste.com.br', senha: 'errada' }, '10.0.1.2');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Usuário ou senha inválidos.', status: 401 });
    }
  });

  it('refuses a deactivated user with the same message', async () => {
    await t.database.db.update(usuarios).set({ ativo: -1 }).where(eq(usuarios.id, t.fixture.users.m.id));
    const res = await login({ email: t.fixture.users.m.email, senha: TEST_PASSWORD }, '10.0.1.3');
    expect(res.json()).toEqual({ message: 'Usuário ou senha inválidos.', status: 401 });
    await t.database.db.update(usuarios).set({ ativo: 1 }).where(eq(usuarios.id, t.fixture.users.m.id));
  });

  it.each([
    [{ email: '', senha: 'abc' }, LOGIN_MESSAGES.emailRequired],
    [{ email: 'nao-e-email', senha: 'abc' }, LOGIN_MESSAGES.emailInvalid],
    [{ email: 'a@b.com.br', senha: '' }, LOGIN_MESSAGES.passwordRequired],
    [{ email: 'a@b.com.br', senha: 'x' }, LOGIN_MESSAGES.passwordShort],
    [{ email: 42, senha: 'abc' }, LOGIN_MESSAGES.emailRequired],
  ])('000 §5: %j answers 400 "%s" and creates no session', async (payload, message) => {
    const before = await t.database.db.$count(sessoes);
    const res = await login(payload, '10.0.2.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.database.db.$count(sessoes)).toBe(before);
  });

  it('answers malformed JSON with a Portuguese 400, never a stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Dados inválidos.', status: 400 });
  });

  it('issue 7 §5: five failures for one email from one address answer 429 there, with a Retry-After that runs out', async () => {
    const email = t.fixture.users.mg.email;
    for (let i = 0; i < 5; i++) expect((await login({ email, senha: 'errada' }, '10.1.0.1')).statusCode).toBe(401);
    const blocked = await login({ email, senha: TEST_PASSWORD }, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: LOGIN_MESSAGES.tooMany, status: 429 });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    clock += 31_000;
    const after = await login({ email, senha: TEST_PASSWORD }, '10.1.0.1');
    expect(after.statusCode).toBe(200);
  });

  it(
    'issue 7 §5: failures for an email from other addresses never lock its owner out; they only slow ' +
      'the answer, more with each failure',
    async () => {
      const email = t.fixture.users.aB1.email;
      slept.length = 0;
      // An attacker spread over many addresses, each under its own limits.
      for (let i = 0; i < 8; i++) expect((await login({ email, senha: 'errada' }, `10.2.0.${i}`)).statusCode).toBe(401);
      // The first five are free; then 1 s, 2 s, 4 s before each answer.
      expect(slept).toEqual([1_000, 2_000, 4_000]);
      slept.length = 0;
      const owner = await login({ email, senha: TEST_PASSWORD }, '10.2.1.1');
      expect(owner.statusCode).toBe(200);
      expect(slept).toEqual([8_000]);
      // A successful login forgives the email.
      slept.length = 0;
      expect((await login({ email, senha: TEST_PASSWORD }, '10.2.1.1')).statusCode).toBe(200);
      expect(slept).toEqual([]);
    },
  );

  it('issue 7 §5: the slowdown of one email is capped at 10 s and is never a 429', async () => {
    const email = 'alvo@teste.com.br';
    slept.length = 0;
    for (let i = 0; i < 12; i++) expect((await login({ email, senha: 'errada' }, `10.3.0.${i}`)).statusCode).toBe(401);
    expect(Math.max(...slept)).toBe(10_000);
  });

  it('slows repeated failures from one address across emails', async () => {
    for (let i = 0; i < 20; i++) await login({ email: `x${i}@teste.com.br`, senha: 'errada' }, '10.9.9.9');
    const res = await login({ email: t.fixture.users.sa.email, senha: TEST_PASSWORD }, '10.9.9.9');
    expect(res.statusCode).toBe(429);
    const elsewhere = await login({ email: t.fixture.users.sa.email, senha: TEST_PASSWORD }, '10.9.9.10');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('issue 7 §5: without TRUST_PROXY a rotating X-Forwarded-For does not get past the per-address limit', async () => {
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `y${i}@teste.com.br`, senha: 'errada' },
        remoteAddress: '10.8.8.8',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
    for (let i = 0; i < 20; i++) expect((await attempt(i)).statusCode).toBe(401);
    expect((await attempt(99)).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY (issue 7 §5)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ trustProxy: ['10.7.0.1'] });
  });
  afterAll(async () => {
    await proxied.close();
  });
  const attempt = (remoteAddress: string, forwardedFor: string, email = 'z@teste.com.br') =>
    proxied.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, senha: 'errada' },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('takes the client address from X-Forwarded-For only when the peer is a configured proxy', async () => {
    // Through the proxy: each forwarded client has its own limit.
    for (let i = 0; i < 20; i++) await attempt('10.7.0.1', '198.51.100.1', `p${i}@teste.com.br`);
    expect((await attempt('10.7.0.1', '198.51.100.1')).statusCode).toBe(429);
    expect((await attempt('10.7.0.1', '198.51.100.2')).statusCode).toBe(401);
    // From anyone else the header is ignored: the peer's address is the one limited.
    for (let i = 0; i < 20; i++) await attempt('10.7.0.9', `198.51.100.${100 + i}`, `q${i}@teste.com.br`);
    expect((await attempt('10.7.0.9', '198.51.100.250')).statusCode).toBe(429);
  });

  it.each([
    ['', false],
    ['false', false],
    ['1', 1],
    ['127.0.0.1, 10.0.0.0/8,loopback', ['127.0.0.1', '10.0.0.0/8', 'loopback']],
    ['::1', ['::1']],
    ['true', null],
    ['10.0.0.0/33', null],
    ['qualquer', null],
  ])('reads TRUST_PROXY=%j as %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });
});

describe('the bearer token (000 §4 "Session")', () => {
  const unitData = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/cadastros/dados-unidade',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('401 in status and body without a token, with a malformed one and with an unknown one', async () => {
    for (const res of [await unitData(), await unitData('x'.repeat(300)), await unitData('desconhecido')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Sessão expirada. Faça login novamente.', status: 401 });
    }
  });

  it('works until logout revokes it', async () => {
    const token = await t.login(t.fixture.users.u.email);
    expect((await unitData(token)).statusCode).toBe(200);
    expect((await t.as(token, { method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    expect((await unitData(token)).statusCode).toBe(401);
  });

  it('401 once the session has expired', async () => {
    const token = await t.login(t.fixture.users.u.email, false);
    await t.database.db
      .update(sessoes)
      .set({ expiraEm: new Date(Date.now() - 1000) })
      .where(eq(sessoes.idUsuario, t.fixture.users.u.id));
    expect((await unitData(token)).statusCode).toBe(401);
  });

  it.each([
    ['dataAtualizacao changed', { dataAtualizacao: new Date(Date.now() + 5000) }],
    ['dataDeslogar set', { dataDeslogar: new Date() }],
    ['deactivated', { ativo: -1 }],
  ])('logs the user out on the next call when %s', async (_label, change) => {
    const token = await t.login(t.fixture.users.ag.email);
    expect((await unitData(token)).statusCode).toBe(200);
    await t.database.db.update(usuarios).set(change).where(eq(usuarios.id, t.fixture.users.ag.id));
    expect((await unitData(token)).statusCode).toBe(401);
    await t.database.db.update(usuarios).set({ ativo: 1, dataDeslogar: null }).where(eq(usuarios.id, t.fixture.users.ag.id));
    // Revoked for good: restoring the user does not bring the old token back.
    expect((await unitData(token)).statusCode).toBe(401);
  });

  it('keeps a session whose user had dataDeslogar at login, until either date moves (compared on the stored values)', async () => {
    const userId = t.fixture.users.ag.id;
    await t.database.db
      .update(usuarios)
      .set({ dataDeslogar: new Date(Date.now() - 60_000) })
      .where(eq(usuarios.id, userId));
    const token = await t.login(t.fixture.users.ag.email);
    for (let call = 0; call < 3; call += 1) expect((await unitData(token)).statusCode).toBe(200);
    // The contact list (the hottest read) checks the session the same way on every call.
    const list = () =>
      t.as(token, { method: 'GET', url: `/api/${buildContactListPath('crm', emptyFilter(CONTACT_LIST_LAYOUT))}` });
    expect((await list()).statusCode).toBe(200);
    await t.database.db.update(usuarios).set({ dataDeslogar: new Date() }).where(eq(usuarios.id, userId));
    expect((await list()).statusCode).toBe(401);
    expect((await unitData(token)).statusCode).toBe(401);
    await t.database.db.update(usuarios).set({ dataDeslogar: null }).where(eq(usuarios.id, userId));
  });

  it("401 at the next call once the session's unit is deactivated, or the session revoked in the database", async () => {
    const token = await t.login(t.fixture.users.a.email);
    expect((await unitData(token)).statusCode).toBe(200);
    await t.database.db.update(sessoes).set({ revogadaEm: new Date() }).where(eq(sessoes.idUsuario, t.fixture.users.a.id));
    expect((await unitData(token)).statusCode).toBe(401);
    const other = await t.login(t.fixture.users.a.email);
    expect((await unitData(other)).statusCode).toBe(200);
    await t.database.db.update(unidades).set({ ativo: 0 }).where(eq(unidades.id, t.fixture.unitA1));
    try {
      expect((await unitData(other)).statusCode).toBe(401);
    } finally {
      await t.database.db.update(unidades).set({ ativo: 1 }).where(eq(unidades.id, t.fixture.unitA1));
    }
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login(t.fixture.users.a.email);
    const rows = await t.database.db.select({ h: sessoes.tokenHash }).from(sessoes);
    expect(rows.some((r) => r.h === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.h))).toBe(true);
  });
});
