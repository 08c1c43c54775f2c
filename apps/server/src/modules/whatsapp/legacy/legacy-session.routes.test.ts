// The legacy WhatsApp session (001 §4 "Legacy WhatsApp session", §7 "Legacy channel") against the
// gateway emulator: disconnected → restart gives a QR (status 'qrcode', image served) → the phone
// scans → CONNECTED (which the domain counts as connected); other units' instances are 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { legacySessionConnected, legacySessionStep } from '@funil/domain/whatsapp-api/legacy-session-api';

import { startKit, type Kit } from '../whatsapp-test-kit.ts';

let k: Kit;
const INST = 'legado-a1';
let id: number;

const status = async (token = k.tokens.u) => {
  const res = await k.t.as(token, { method: 'GET', url: '/api/whatsapp/sessao' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number | null; status: string; qrcode: string | null };
};

beforeAll(async () => {
  k = await startKit();
}, 180_000);
afterAll(async () => {
  await k?.close();
});

describe('legacy session (001 §4)', () => {
  it('a unit without an instance is DISCONNECTED with no id', async () => {
    expect(await status()).toEqual({ id: null, status: 'DISCONNECTED', qrcode: null });
  });

  it('restart asks the gateway for a QR: status qrcode, the PNG served at whatsapp/qrcode/image', async () => {
    const created = await k.t.as(k.tokens.a, { method: 'POST', url: '/api/instancias', payload: { name: INST } });
    expect(created.statusCode).toBe(201);
    id = (await k.instance(INST)).id;
    await k.emu$('POST', `/_emulator/instances/${INST}/disconnect`);
    await k.settle();
    const before = await status();
    expect(before.id).toBe(id);
    expect(legacySessionStep(before.status)).not.toBe('connected');
    const restarted = await k.t.as(k.tokens.u, { method: 'PUT', url: `/api/whatsappsession/${id}` });
    expect(restarted.statusCode, restarted.body).toBe(200);
    const data = restarted.json().data;
    expect(data.status).toBe('qrcode');
    expect(data.qrcode).toMatch(/^data:image\/png;base64,/);
    expect((await status()).status).toBe('qrcode');
    const image = await k.t.as(k.tokens.u, { method: 'GET', url: '/api/whatsapp/qrcode/image' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('after the scan the session is CONNECTED (counts as connected) and the image is gone', async () => {
    await k.emu$('POST', `/_emulator/instances/${INST}/scan`, { number: '5511900000088', profileName: 'Loja' });
    await k.settle();
    const now = await status();
    expect(now).toEqual({ id, status: 'CONNECTED', qrcode: null });
    expect(legacySessionConnected(now.status)).toBe(true);
    expect((await k.t.as(k.tokens.u, { method: 'GET', url: '/api/whatsapp/qrcode/image' })).statusCode).toBe(404);
    // Restarting a connected session changes nothing.
    expect((await k.t.as(k.tokens.u, { method: 'PUT', url: `/api/whatsappsession/${id}` })).json().data.status).toBe('CONNECTED');
  });

  it("another unit's instance id is 404; a user outside the legacy chats is 403", async () => {
    expect((await k.t.as(k.tokens.uA2, { method: 'PUT', url: `/api/whatsappsession/${id}` })).statusCode).toBe(404);
    expect((await k.t.as(k.tokens.uA2, { method: 'GET', url: '/api/whatsapp/sessao' })).json().data.id).toBeNull();
    expect((await k.t.as(k.tokens.a, { method: 'GET', url: '/api/whatsapp/sessao' })).statusCode).toBe(403);
  });
});

describe('the domain rule (001 §4): CONNECTED, PAIRING and TIMEOUT count as connected', () => {
  it.each([
    ['CONNECTED', 'connected'],
    ['PAIRING', 'connected'],
    ['TIMEOUT', 'connected'],
    ['qrcode', 'qrcode'],
    ['DISCONNECTED', 'reconnect'],
    ['OPENING', 'reconnect'],
  ])('%s → %s', (s, step) => expect(legacySessionStep(s)).toBe(step));
});
