// The control routes answer only on loopback with the control key, and never answer a token or the
// app secret (as the gateway emulator's, issue 7 §6); they seed and drive Meta's side over HTTP.
import { afterAll, describe, expect, it } from 'vitest';

import { CONTROL_KEY_HEADER, createMetaEmulator } from './emulator.ts';
import { APP_ID, APP_SECRET, graph, type Json } from './testing.ts';

const emu = createMetaEmulator({ appId: APP_ID, appSecret: APP_SECRET });
afterAll(() => emu.close());

const control = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  options: { key?: string | null; remoteAddress?: string } = {},
) =>
  emu.app.inject({
    method,
    url,
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: options.key === null ? {} : { [CONTROL_KEY_HEADER]: options.key ?? emu.controlKey },
    ...(payload ? { payload } : {}),
  });

describe('control routes', () => {
  it('answer 401 without the key, 404 off loopback', async () => {
    expect((await control('POST', '/_emulator/seed/demo', {}, { key: null })).statusCode).toBe(401);
    expect((await control('POST', '/_emulator/seed/demo', {}, { key: 'errada' })).statusCode).toBe(401);
    expect((await control('GET', '/_emulator/state', undefined, { remoteAddress: '10.0.0.5' })).statusCode).toBe(404);
    expect(emu.state.nodes.size).toBe(0);
  });

  it('seed the demo clinic and build objects one by one', async () => {
    const demo = (await control('POST', '/_emulator/seed/demo', { days: 10 })).json() as Json;
    expect(demo.campaigns.map((c: Json) => c.name)).toEqual([
      'Implante Dentário - Cadastros | Nov',
      'Clareamento Dental - WhatsApp',
      'Ortodontia Invisível - Formulário',
    ]);
    const campaign = (
      await control('POST', '/_emulator/campaigns', { accountId: demo.account.id, name: 'Lentes de contato dental' })
    ).json() as Json;
    const adset = (
      await control('POST', '/_emulator/adsets', { campaignId: campaign.id, name: 'Mulheres 30-50' })
    ).json() as Json;
    const ad = (await control('POST', '/_emulator/ads', { adsetId: adset.id, name: 'Vídeo lentes' })).json() as Json;
    expect(ad).toMatchObject({ campaignId: campaign.id, adsetId: adset.id, accountId: demo.account.id });
    const set = await control('POST', '/_emulator/insights', {
      rows: [{ adId: ad.id, date: '2026-11-01', impressions: 10, reach: 9, clicks: 1, spendCents: 500, actions: { lead: 1 } }],
    });
    expect(set.json()).toEqual({ rows: 1 });
    const lead = (await control('POST', '/_emulator/leads', { formId: demo.forms[0].id, adId: ad.id })).json() as Json;
    expect(lead.lead.fieldData.map((f: Json) => f.name)).toEqual([
      'full_name',
      'phone_number',
      'email',
      'qual_o_melhor_horario_para_contato?',
    ]);
    expect(lead.delivered).toBe(false);
    expect((await control('POST', '/_emulator/ads', { adsetId: '1', name: 'x' })).statusCode).toBe(404);
    expect((await control('POST', '/_emulator/ads', { name: 'x' })).statusCode).toBe(400);
  });

  it('give the click-to-WhatsApp referral of an ad (issue 23 §3 externalAdReply)', async () => {
    const ad = [...emu.state.nodes.values()].find((n) => n.type === 'ad')!;
    const res = await control('GET', `/_emulator/ads/${ad.id}/click-to-whatsapp`);
    expect(res.json()).toMatchObject({
      sourceType: 'ad',
      sourceId: ad.id,
      ctwaClid: expect.any(String),
      title: expect.any(String),
    });
    expect((await control('GET', '/_emulator/ads/123/click-to-whatsapp')).statusCode).toBe(404);
  });

  it('seed past leads for the 90-day backfill, without delivering them', async () => {
    const other = createMetaEmulator({ appId: APP_ID, appSecret: APP_SECRET });
    try {
      const demo = other.control.seedDemo({ days: 5, pastLeads: 12 });
      const leads = [...other.state.nodes.values()].filter((n) => n.type === 'lead');
      expect(leads).toHaveLength(12);
      const now = Date.now() / 1000;
      for (const l of leads) expect(l.type === 'lead' && l.createdTime < now && l.createdTime > now - 61 * 86_400).toBe(true);
      expect(demo.forms.every((f) => leads.some((l) => l.type === 'lead' && l.formId === f.id))).toBe(true);
      expect(other.control.webhookAttempts()).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('force errors, set usage and async mode, expire tokens', async () => {
    const token = emu.control.token();
    expect(
      (await control('POST', '/_emulator/failures', { code: 17, scope: 'all', remaining: 1, regainMinutes: 3 })).statusCode,
    ).toBe(200);
    expect((await graph(emu, 'GET', '/v26.0/me', {}, { token })).body.error.code).toBe(17);
    expect((await control('POST', '/_emulator/usage', { percent: 50 })).json()).toEqual({ usagePercent: 50 });
    expect((await control('POST', '/_emulator/async-mode', { kind: 'hang' })).json()).toEqual({ kind: 'hang', polls: 2 });
    expect((await control('POST', '/_emulator/tokens/expire', {})).json().expired).toBeGreaterThan(0);
    expect((await graph(emu, 'GET', '/v26.0/me', {}, { token })).body.error).toMatchObject({ code: 190, error_subcode: 463 });
  });

  it('never answer a token or the app secret', async () => {
    const token = emu.control.token();
    for (const url of ['/_emulator/state', '/_emulator/requests', '/_emulator/webhooks', '/_emulator/conversions']) {
      await graph(emu, 'GET', '/v26.0/me', {}, { token });
      const res = await control('GET', url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect([url, res.body.includes(token), res.body.includes(APP_SECRET)]).toEqual([url, false, false]);
    }
  });
});
