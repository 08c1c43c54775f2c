// issue 23 §2 and §7: leadgen webhooks as Meta sends them — object 'page', entry[].changes[].value,
// signed X-Hub-Signature-256 over the raw bytes, non-ASCII escaped as \u00e3, duplicates, out of
// order, a bad signature, retries — and the verification handshake (hub.mode, hub.verify_token, hub.challenge).
import { createHmac } from 'node:crypto';

import { afterAll, beforeEach, describe, expect, it } from 'vitest';

import { startRawSink, type RawSink } from './raw-sink.ts';
import { APP_ID, APP_SECRET, bootEmulator, graph, type Json } from './testing.ts';
import { metaJson } from './webhooks.ts';

const { emu, demo, token } = bootEmulator();
const sink: RawSink = await startRawSink();
afterAll(async () => {
  await emu.close();
  await sink.close();
});
beforeEach(() => {
  sink.requests.length = 0;
});

const hmac = (raw: Buffer) => `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;

describe('the verification handshake', () => {
  it('GETs the callback with hub.mode=subscribe, hub.verify_token and hub.challenge, and accepts the echo', async () => {
    const r = await emu.control.setWebhook({ url: `${sink.url}/api/webhooks/meta`, verifyToken: 'token-de-verificacao' });
    expect(r.ok).toBe(true);
    const [get] = sink.requests;
    const q = new URL(get!.url, 'http://x').searchParams;
    expect(get!.method).toBe('GET');
    expect(q.get('hub.mode')).toBe('subscribe');
    expect(q.get('hub.verify_token')).toBe('token-de-verificacao');
    expect(q.get('hub.challenge')).toMatch(/^\d+$/);
  });

  it('refuses a callback that does not echo the challenge (also through POST /{app-id}/subscriptions)', async () => {
    sink.respond((req) => (req.method === 'GET' ? { status: 403, body: 'Forbidden' } : { status: 200 }));
    const r = await emu.control.setWebhook({ url: `${sink.url}/outro`, verifyToken: 'x' });
    expect(r.ok).toBe(false);
    const res = await graph(
      emu,
      'POST',
      `/v26.0/${APP_ID}/subscriptions`,
      { object: 'page', callback_url: `${sink.url}/outro`, verify_token: 'x', fields: 'leadgen' },
      { token: `${APP_ID}|${APP_SECRET}` },
    );
    expect(res.body.error.code).toBe(2200);
    expect(emu.state.webhook!.url).toBe(`${sink.url}/api/webhooks/meta`);
    sink.respond((req) =>
      req.method === 'GET'
        ? { status: 200, body: new URL(req.url, 'http://x').searchParams.get('hub.challenge')! }
        : { status: 200 },
    );
  });
});

describe('leadgen deliveries', () => {
  it("posts Meta's body with unicode escapes, signed over the raw bytes", async () => {
    emu.control.subscribePage(demo.page.id, APP_ID);
    const { lead, delivered } = emu.control.lead({
      formId: demo.forms[0]!.id,
      adId: demo.ads[1]!.id,
      person: { name: 'Conceição Araújo' },
    });
    expect(delivered).toBe(true);
    const [post] = await sink.waitFor(1);
    expect(post!.method).toBe('POST');
    expect(post!.headers['x-hub-signature-256']).toBe(hmac(post!.raw));
    expect(post!.headers['x-hub-signature']).toBe(`sha1=${createHmac('sha1', APP_SECRET).update(post!.raw).digest('hex')}`);
    const body = JSON.parse(post!.raw.toString('utf8')) as Json;
    expect(body).toEqual({
      object: 'page',
      entry: [
        {
          id: demo.page.id,
          time: expect.any(Number),
          changes: [
            {
              field: 'leadgen',
              value: {
                ad_id: demo.ads[1]!.id,
                adgroup_id: demo.ads[1]!.id,
                form_id: demo.forms[0]!.id,
                leadgen_id: lead.id,
                created_time: lead.createdTime,
                page_id: demo.page.id,
              },
            },
          ],
        },
      ],
    });
    // A re-serialised body would not match the signature when it holds non-ASCII: Meta sends \u00e3.
    expect(metaJson({ nome: 'Conceição/SP' })).toBe('{"nome":"Concei\\u00e7\\u00e3o\\/SP"}');
  });

  it('sends duplicates, out of order, and with a bad signature when asked', async () => {
    const leads = [0, 1, 2].map(() => emu.control.lead({ formId: demo.forms[1]!.id, deliver: false }).lead.id);
    emu.control.deliver(leads, { order: 'reverse', duplicates: 1 });
    await sink.waitFor(6);
    await emu.webhooksIdle();
    const order = sink.requests.map((r) => (JSON.parse(r.raw.toString()) as Json).entry[0].changes[0].value.leadgen_id as string);
    expect(new Set(order)).toEqual(new Set(leads));
    expect(order.filter((id) => id === leads[0])).toHaveLength(2);
    expect(order.indexOf(leads[2]!)).toBeLessThan(order.indexOf(leads[0]!));
    sink.requests.length = 0;
    emu.control.deliver([leads[0]!], { badSignature: true });
    const [bad] = await sink.waitFor(1);
    expect(bad!.headers['x-hub-signature-256']).not.toBe(hmac(bad!.raw));
  });

  it('delivers late when asked: a later lead arrives before an earlier one', async () => {
    const [early, late] = [0, 1].map(() => emu.control.lead({ formId: demo.forms[0]!.id, deliver: false }).lead.id);
    emu.control.deliver([early!], { delayMs: 300 });
    emu.control.deliver([late!]);
    await sink.waitFor(2);
    const ids = sink.requests.map((r) => (JSON.parse(r.raw.toString()) as Json).entry[0].changes[0].value.leadgen_id as string);
    expect(ids).toEqual([late, early]);
  });

  it('batches several leads of a page into one entry', async () => {
    const leads = [0, 1].map(() => emu.control.lead({ formId: demo.forms[0]!.id, deliver: false }).lead.id);
    emu.control.deliver(leads, { batch: true });
    const [post] = await sink.waitFor(1);
    const body = JSON.parse(post!.raw.toString()) as Json;
    expect(body.entry).toHaveLength(1);
    expect((body.entry[0].changes as Json[]).map((c) => c.value.leadgen_id)).toEqual(leads);
  });

  it('retries a delivery the callback refused', async () => {
    sink.respond((_req, i) => ({ status: i === 0 ? 500 : 200 }));
    emu.control.lead({ formId: demo.forms[0]!.id });
    await sink.waitFor(2);
    await emu.webhooksIdle();
    const attempts = emu.control.webhookAttempts().slice(-2);
    expect(attempts.map((a) => [a.attempt, a.outcome])).toEqual([
      [1, 'retrying'],
      [2, 'delivered'],
    ]);
    expect(sink.requests[0]!.raw.equals(sink.requests[1]!.raw)).toBe(true);
    sink.respond(() => ({ status: 200 }));
  });

  it('does not deliver a page that is not subscribed to leadgen', async () => {
    const other = emu.control.page({ name: 'Página sem assinatura' });
    const form = emu.control.form({ pageId: other.id, name: 'Sem webhook' });
    expect(emu.control.lead({ formId: form.id }).delivered).toBe(false);
  });

  it('the live generator creates leads and delivers them (demo, issue 23 §7)', async () => {
    emu.control.startLive({ intervalMs: 60 });
    await sink.waitFor(2, 5_000);
    emu.control.stopLive();
    const id = (JSON.parse(sink.requests[0]!.raw.toString()) as Json).entry[0].changes[0].value.leadgen_id as string;
    const lead = await graph(emu, 'GET', `/v26.0/${id}`, { fields: 'id,field_data,campaign_name' }, { token });
    expect(lead.body.field_data.map((f: Json) => f.name)).toContain('phone_number');
  });
});
