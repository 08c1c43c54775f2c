// The Graph client against the real Meta emulator over HTTP (issue 23 §2, §7).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createMetaEmulator, type MetaEmulator } from '@funil/meta-emulator/emulator';
import type { DemoWorld } from '@funil/meta-emulator/world';

import { appsecretProof, createMetaGraphClient, metaNumber, type MetaGraphClient } from './graph-client.ts';
import { classifyMetaError, MetaGraphError, regainAccessMinutes } from './meta-error.ts';

const APP_ID = '111222333444555';
const APP_SECRET = 'segredo-do-app-de-teste-0123456789';

let emu: MetaEmulator;
let url: string;
let demo: DemoWorld;
let token: string;
const warnings: { obj: object; msg: string }[] = [];
let client: MetaGraphClient;

beforeAll(async () => {
  emu = createMetaEmulator({ appId: APP_ID, appSecret: APP_SECRET });
  demo = emu.control.seedDemo({ days: 10 });
  token = emu.control.token();
  url = await emu.listen(0, '127.0.0.1');
  client = createMetaGraphClient({
    appId: APP_ID,
    appSecret: APP_SECRET,
    graphUrl: url,
    dialogUrl: url,
    logger: { warn: (obj, msg) => warnings.push({ obj, msg }) },
  });
});
afterAll(async () => {
  await emu.close();
});
beforeEach(() => {
  emu.control.clearFailures();
  emu.state.requests.length = 0;
  warnings.length = 0;
});

describe('the Graph client (issue 23 §2)', () => {
  it('uses v26.0 by default and signs a call with appsecret_proof = HMAC-SHA256(token, secret)', async () => {
    expect(client.version).toBe('v26.0');
    const me = await client.session(token).get<{ id: string; name: string }>('me', { fields: 'id,name' });
    expect(me.id).toBe(demo.user.id);
    expect(appsecretProof('abc', 'k')).toMatch(/^[0-9a-f]{64}$/);
    expect(emu.state.requests.every((r) => r.proof)).toBe(true);
  });

  it('signs every paging.next page too (issue 23 §2: "appsecret_proof on every call, including every page")', async () => {
    const ads = await client
      .session(token)
      .getAll<{ id: string; name: string }>(`${demo.account.id}/ads`, { fields: 'id,name', limit: 2 });
    expect(ads.length).toBe(demo.ads.length);
    expect(new Set(ads.map((a) => a.id))).toEqual(new Set(demo.ads.map((a) => a.id)));
    const calls = emu.state.requests.filter((r) => r.path.endsWith('/ads'));
    expect(calls.length).toBeGreaterThan(2);
    expect(calls.every((r) => r.proof)).toBe(true);
  });

  it('numbers arrive as strings and metaNumber reads them', async () => {
    const rows = await client.session(token).getAll<{ spend?: string; impressions?: string }>(`${demo.account.id}/insights`, {
      level: 'campaign',
      fields: 'spend,impressions',
      time_increment: 1,
      date_preset: 'last_7d',
    });
    expect(rows.length).toBeGreaterThan(0);
    expect(typeof rows[0]!.spend).toBe('string');
    expect(metaNumber(rows[0]!.spend)).toBeGreaterThan(0);
    expect(metaNumber(undefined)).toBeNull();
    expect(metaNumber('x')).toBeNull();
  });

  it('warns in the log on X-Ad-Api-Version-Warning (a deprecated version still answering)', async () => {
    const old = createMetaGraphClient({
      appId: APP_ID,
      appSecret: APP_SECRET,
      graphUrl: url,
      dialogUrl: url,
      version: 'v25.0',
      logger: { warn: (obj, msg) => warnings.push({ obj, msg }) },
    });
    await old.session(token).get('me');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.obj).toMatchObject({ metaApiVersion: 'v25.0' });
    expect(JSON.stringify(warnings[0]!.obj)).not.toContain(token);
  });

  it('a dead version is a typed error, not a crash', async () => {
    const dead = createMetaGraphClient({ appId: APP_ID, appSecret: APP_SECRET, graphUrl: url, dialogUrl: url, version: 'v20.0' });
    const err = await dead
      .session(token)
      .get('me')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MetaGraphError);
    expect((err as MetaGraphError).retryable).toBe(false);
  });

  for (const code of [4, 17, 613, 80000, 80004, 80006]) {
    it(`classifies rate-limit code ${code} with estimated_time_to_regain_access (issue 23 §2)`, async () => {
      emu.control.fail({ code, regainMinutes: 7, scope: 'all', remaining: 1 });
      const err = (await client
        .session(token)
        .get(`${demo.account.id}/campaigns`)
        .catch((e: unknown) => e)) as MetaGraphError;
      expect(err).toBeInstanceOf(MetaGraphError);
      expect(err.kind).toBe('rate-limit');
      expect(err.code).toBe(code);
      expect(err.retryable).toBe(true);
      expect(err.regainAccessMinutes).toBe(7);
      expect(err.retryAfterMs).toBe(7 * 60_000);
      // the next call goes through
      await expect(client.session(token).get(`${demo.account.id}/campaigns`)).resolves.toBeTruthy();
    });
  }

  it('classifies token errors (190) and transient ones (2)', async () => {
    emu.control.fail({ code: 190, subcode: 463, remaining: 1 });
    const expired = (await client
      .session(token)
      .get('me')
      .catch((e: unknown) => e)) as MetaGraphError;
    expect(expired.kind).toBe('token');
    expect(expired.subcode).toBe(463);
    expect(expired.retryable).toBe(false);
    const unknown = (await client
      .session('token-que-nao-existe')
      .get('me')
      .catch((e: unknown) => e)) as MetaGraphError;
    expect(unknown.kind).toBe('token');
    emu.control.fail({ code: 2, subcode: 1504043, remaining: 1 });
    const transient = (await client
      .session(token)
      .get('me')
      .catch((e: unknown) => e)) as MetaGraphError;
    expect(transient.kind).toBe('transient');
    expect(transient.retryable).toBe(true);
    expect(classifyMetaError({ code: 100, message: 'x' })).toBe('invalid');
    expect(classifyMetaError({ code: 200, message: 'x' })).toBe('permission');
    expect(regainAccessMinutes('{"1":[{"estimated_time_to_regain_access":3},{"estimated_time_to_regain_access":9}]}')).toBe(9);
    expect(regainAccessMinutes('lixo')).toBeNull();
  });

  it('a network failure is a retryable typed error', async () => {
    const down = createMetaGraphClient({ appId: APP_ID, appSecret: APP_SECRET, graphUrl: 'http://127.0.0.1:1', dialogUrl: url });
    const err = (await down
      .session(token)
      .get('me')
      .catch((e: unknown) => e)) as MetaGraphError;
    expect(err.kind).toBe('network');
    expect(err.retryable).toBe(true);
  });

  it('the OAuth exchange of 002 §7: dialog → code → short token → long-lived token', async () => {
    const redirectUri = 'http://funil.test/api/meta/retorno';
    const dialog = client.dialogUrl({ redirectUri, state: 'estado-123', scope: ['pages_show_list', 'leads_retrieval'] });
    expect(dialog.startsWith(`${url}/v26.0/dialog/oauth?`)).toBe(true);
    expect(dialog).not.toContain(APP_SECRET);
    const res = await fetch(dialog, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('estado-123');
    const short = await client.exchangeCode({ code: back.searchParams.get('code')!, redirectUri });
    expect(short.expiresIn).toBeGreaterThan(0);
    const long = await client.exchangeLongLived(short.accessToken);
    expect(long.expiresIn).toBeGreaterThan(50 * 86_400);
    const me = await client.session(long.accessToken).get<{ id: string }>('me');
    expect(me.id).toBe(demo.user.id);
  });
});
