// 002 §7 'OAuth exchange' and issue 23 §2: the server-side login, short- and long-lived tokens,
// debug_token, the user's pages (with page tokens) and ad accounts, in Graph API shapes.
import { afterAll, describe, expect, it } from 'vitest';

import { LONG_LIVED_SECONDS } from './auth.ts';
import { APP_ID, APP_SECRET, bootEmulator, graph, type Json } from './testing.ts';

const { emu, demo, token } = bootEmulator();
afterAll(() => emu.close());

const REDIRECT = 'https://funil.example/api/meta/callback';

const login = async (redirect = REDIRECT) => {
  const res = await emu.app.inject({
    method: 'GET',
    url: `/v26.0/dialog/oauth?${new URLSearchParams({
      client_id: APP_ID,
      redirect_uri: redirect,
      state: 'xyz',
      scope: 'ads_read,leads_retrieval',
    })}`,
  });
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location));
};

describe('the OAuth exchange (002 §7)', () => {
  it('dialog → code → short-lived token → long-lived token (~60 days, expires_in)', async () => {
    const back = await login();
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('xyz');
    const code = back.searchParams.get('code')!;
    const short = await graph(emu, 'GET', '/v26.0/oauth/access_token', {
      client_id: APP_ID,
      client_secret: APP_SECRET,
      redirect_uri: REDIRECT,
      code,
    });
    expect(short.status).toBe(200);
    expect(short.body).toEqual({
      access_token: expect.stringMatching(/^EAA/),
      token_type: 'bearer',
      expires_in: expect.any(Number),
    });
    expect(short.body.expires_in).toBeLessThanOrEqual(2 * 3600);
    const long = await graph(emu, 'GET', '/v26.0/oauth/access_token', {
      grant_type: 'fb_exchange_token',
      client_id: APP_ID,
      client_secret: APP_SECRET,
      fb_exchange_token: short.body.access_token,
    });
    expect(long.body).toEqual({
      access_token: expect.stringMatching(/^EAA/),
      token_type: 'bearer',
      expires_in: LONG_LIVED_SECONDS,
    });
    expect(LONG_LIVED_SECONDS / 86_400).toBeCloseTo(60, 0);
    const me = await graph(emu, 'GET', '/v26.0/me', { fields: 'id,name,email' }, { token: long.body.access_token });
    expect(me.body).toEqual({ id: demo.user.id, name: 'Helena Magalhães', email: 'helena@clinicasorriso.com.br' });
  });

  it('refuses a code used twice (36009), another redirect_uri (36008), a wrong secret', async () => {
    const code = (await login()).searchParams.get('code')!;
    const base = { client_id: APP_ID, client_secret: APP_SECRET, redirect_uri: REDIRECT, code };
    const other = await graph(emu, 'GET', '/v26.0/oauth/access_token', { ...base, redirect_uri: 'https://outro.example/cb' });
    expect(other.body.error).toMatchObject({ code: 100, error_subcode: 36008, type: 'OAuthException' });
    const secret = await graph(emu, 'GET', '/v26.0/oauth/access_token', { ...base, client_secret: 'errado' });
    expect(secret.body.error).toMatchObject({ code: 1, message: 'Error validating client secret.' });
    expect((await graph(emu, 'GET', '/v26.0/oauth/access_token', base)).status).toBe(200);
    expect((await graph(emu, 'GET', '/v26.0/oauth/access_token', base)).body.error).toMatchObject({
      code: 100,
      error_subcode: 36009,
    });
  });

  it('sends the user back with error=access_denied when the dialog is cancelled', async () => {
    emu.control.setDialog('deny');
    const back = await login();
    emu.control.setDialog('approve');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_reason')).toBe('user_denied');
    expect(back.searchParams.get('code')).toBeNull();
  });
});

describe('debug_token', () => {
  it('describes a token with the app token: type, expiry, scopes, validity', async () => {
    const appToken = `${APP_ID}|${APP_SECRET}`;
    const res = await graph(emu, 'GET', '/debug_token', { input_token: token }, { token: appToken });
    expect(res.body.data).toMatchObject({
      app_id: APP_ID,
      type: 'USER',
      is_valid: true,
      user_id: demo.user.id,
      scopes: expect.arrayContaining(['ads_read', 'leads_retrieval']),
      expires_at: expect.any(Number),
      issued_at: expect.any(Number),
    });
    const expired = emu.control.token({ lifetimeSeconds: 10 });
    emu.control.expireTokens({ token: expired });
    const dead = await graph(emu, 'GET', '/v26.0/debug_token', { input_token: expired }, { token: appToken });
    expect(dead.body.data).toMatchObject({ is_valid: false, error: { code: 190, subcode: 463 } });
  });
});

describe('/me/accounts and /me/adaccounts', () => {
  it('lists the pages with a page access token each, and the ad accounts', async () => {
    const pages = await graph(emu, 'GET', '/v26.0/me/accounts', {}, { token });
    expect(pages.body.data).toEqual([
      expect.objectContaining({
        id: demo.page.id,
        name: 'Clínica Sorriso Paulista',
        access_token: expect.stringMatching(/^EAA/),
        tasks: expect.any(Array),
      }),
    ]);
    const pageToken = (pages.body.data as Json[])[0]!.access_token as string;
    expect(emu.state.tokens.get(pageToken)).toMatchObject({ kind: 'page', pageId: demo.page.id, expiresAt: 0 });
    const accounts = await graph(emu, 'GET', '/v26.0/me/adaccounts', { fields: 'id,name,currency,timezone_name' }, { token });
    expect(accounts.body.data).toEqual([
      { id: demo.account.id, name: 'Clínica Sorriso Paulista - Anúncios', currency: 'BRL', timezone_name: 'America/Sao_Paulo' },
    ]);
  });

  it('answers the default fields account_id and id without fields', async () => {
    const accounts = await graph(emu, 'GET', '/v26.0/me/adaccounts', {}, { token });
    expect(accounts.body.data).toEqual([{ account_id: demo.account.accountId, id: demo.account.id }]);
  });

  it('names an unknown field (#100)', async () => {
    const res = await graph(emu, 'GET', '/v26.0/me', { fields: 'id,senha' }, { token });
    expect(res.body.error).toMatchObject({
      code: 100,
      message: '(#100) Tried accessing nonexisting field (senha) on node type (User)',
    });
  });
});
