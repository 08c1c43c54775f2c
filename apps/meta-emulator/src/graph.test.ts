// issue 23 §2 / issue 24: the checks every Graph call goes through, in Meta's shapes
// ({error:{message,type,code,error_subcode,fbtrace_id}}).
import { afterAll, describe, expect, it } from 'vitest';

import { appsecretProof } from './emulator.ts';
import { APP_SECRET, bootEmulator, graph } from './testing.ts';

const { emu, demo, token } = bootEmulator();
afterAll(() => emu.close());

describe('versions (issue 23 §2: v20.0 is dead, one current version)', () => {
  it('answers the current version without a warning', async () => {
    const res = await graph(emu, 'GET', '/v26.0/me', {}, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: expect.any(String), name: 'Helena Magalhães' });
    expect(res.headers['x-ad-api-version-warning']).toBeUndefined();
  });

  it("answers a dead version (v20.0) with #2635 in Meta's error shape", async () => {
    const res = await graph(emu, 'GET', '/v20.0/me/adaccounts', {}, { token });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'OAuthException', code: 2635, fbtrace_id: expect.any(String) });
    expect(res.body.error.message).toContain('v26.0');
  });

  it('answers a soon-deprecated version with X-Ad-Api-Version-Warning', async () => {
    const res = await graph(emu, 'GET', '/v25.0/me', {}, { token });
    expect(res.status).toBe(200);
    expect(res.headers['x-ad-api-version-warning']).toContain('v26.0');
  });
});

describe('tokens and appsecret_proof (issue 23 §2 "appsecret_proof on every call")', () => {
  it('refuses a call without appsecret_proof and one with a wrong proof (code 100)', async () => {
    const none = await graph(emu, 'GET', '/v26.0/me', {}, { token, proof: false });
    expect(none.body.error).toMatchObject({
      code: 100,
      type: 'GraphMethodException',
      message: 'API calls from the server require an appsecret_proof argument',
    });
    const wrong = await graph(emu, 'GET', '/v26.0/me', {}, { token, proof: appsecretProof(token, 'outro-segredo') });
    expect(wrong.body.error).toMatchObject({ code: 100, message: 'Invalid appsecret_proof provided in the API argument' });
  });

  it('answers 190 for an unknown token and 104 without one', async () => {
    expect((await graph(emu, 'GET', '/v26.0/me', {}, { token: 'EAAinvalido' })).body.error).toMatchObject({
      code: 190,
      type: 'OAuthException',
    });
    expect((await graph(emu, 'GET', '/v26.0/me')).body.error.code).toBe(104);
  });

  it('answers 190/463 for an expired token', async () => {
    const short = emu.control.token({ lifetimeSeconds: 3600 });
    expect((await graph(emu, 'GET', '/v26.0/me', {}, { token: short })).status).toBe(200);
    emu.control.expireTokens({ token: short });
    const res = await graph(emu, 'GET', '/v26.0/me', {}, { token: short });
    expect(res.body.error).toMatchObject({ code: 190, error_subcode: 463 });
    expect(res.body.error.message).toMatch(/^Error validating access token: Session has expired on /);
  });

  it('reads the token from Authorization: Bearer too', async () => {
    const res = await emu.app.inject({
      method: 'GET',
      url: `/v26.0/me?appsecret_proof=${appsecretProof(token, APP_SECRET)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('rate limits (issue 23 §2: codes 4, 17, 613, 80000–80006 and estimated_time_to_regain_access)', () => {
  it('fails the chosen calls with the code and the usage headers at 100 %', async () => {
    for (const code of [4, 17, 613, 80000, 80004]) {
      emu.control.fail({ code, scope: 'ads', remaining: 1, regainMinutes: 7 });
      const res = await graph(emu, 'GET', '/v26.0/me/adaccounts', {}, { token });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code, type: 'OAuthException', is_transient: true });
      expect(JSON.parse(String(res.headers['x-app-usage']))).toMatchObject({ call_count: 100 });
    }
    // The count ran out: the next call passes.
    expect((await graph(emu, 'GET', '/v26.0/me/adaccounts', {}, { token })).status).toBe(200);
  });

  it('reports estimated_time_to_regain_access per business in X-Business-Use-Case-Usage', async () => {
    const account = demo.account.id;
    emu.control.fail({ code: 80000, scope: 'insights', remaining: 1, regainMinutes: 12 });
    const res = await graph(emu, 'GET', `/v26.0/${account}/insights`, {}, { token });
    expect(res.body.error.code).toBe(80000);
    const buc = JSON.parse(String(res.headers['x-business-use-case-usage'])) as Record<
      string,
      { type: string; estimated_time_to_regain_access: number }[]
    >;
    const [entry] = Object.values(buc)[0]!;
    expect(entry).toMatchObject({ type: 'ads_insights', call_count: 100, estimated_time_to_regain_access: 12 });
    expect(JSON.parse(String(res.headers['x-fb-ads-insights-throttle']))).toMatchObject({ acc_id_util_pct: 100 });
  });

  it('reports the usage percentage set by the control (50, 96) on normal answers', async () => {
    emu.control.setUsage(96);
    const res = await graph(emu, 'GET', '/v26.0/me/adaccounts', {}, { token });
    expect(JSON.parse(String(res.headers['x-app-usage']))).toMatchObject({ call_count: 96 });
    emu.control.setUsage(3);
  });

  it('answers code 1 "reduce the amount of data" with HTTP 500', async () => {
    emu.control.fail({ code: 1, scope: 'all' });
    const res = await graph(emu, 'GET', '/v26.0/me', {}, { token });
    expect(res.status).toBe(500);
    expect(res.body.error).toMatchObject({
      code: 1,
      message: "Please reduce the amount of data you're asking for, then retry your request",
    });
  });
});

describe('unknown objects', () => {
  it('answers code 100 subcode 33 for an id that does not exist', async () => {
    const res = await graph(emu, 'GET', '/v26.0/99999999999', {}, { token });
    expect(res.body.error).toMatchObject({ code: 100, error_subcode: 33, type: 'GraphMethodException' });
  });
});

describe('parameters in the body (form-encoded or JSON), as the Graph API takes them', () => {
  it('reads a form-encoded POST and a JSON POST alike', async () => {
    const proof = appsecretProof(token, APP_SECRET);
    const form = await emu.app.inject({
      method: 'POST',
      url: `/v26.0/${demo.dataset.id}/events`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        access_token: token,
        appsecret_proof: proof,
        data: JSON.stringify([
          {
            event_name: 'Lead',
            event_time: Math.floor(Date.now() / 1000),
            action_source: 'system_generated',
            user_data: { lead_id: 1 },
          },
        ]),
      }).toString(),
    });
    expect(form.json()).toMatchObject({ events_received: 1 });
    const json = await emu.app.inject({
      method: 'POST',
      url: `/v26.0/${demo.dataset.id}/events`,
      payload: {
        access_token: token,
        appsecret_proof: proof,
        data: [
          {
            event_name: 'Lead',
            event_time: Math.floor(Date.now() / 1000),
            action_source: 'system_generated',
            user_data: { lead_id: 2 },
          },
        ],
      },
    });
    expect(json.json()).toMatchObject({ events_received: 1 });
    const query = new URLSearchParams({ access_token: token, appsecret_proof: proof, effective_status: '["ACTIVE"]' });
    const statuses = await emu.app.inject({ method: 'GET', url: `/v26.0/${demo.account.id}/campaigns?${query}` });
    expect((statuses.json() as { data: unknown[] }).data).toHaveLength(3);
  });
});
