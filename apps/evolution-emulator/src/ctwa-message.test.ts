// Issue 23 §3: the emulator sends a message written from a click-to-WhatsApp ad as Evolution 2.3.x
// does: an extendedTextMessage whose contextInfo carries externalAdReply (sourceType 'ad',
// sourceId, ctwaClid, title, body, sourceUrl), at data.contextInfo and/or in the content itself;
// or only the opaque fields some versions send.
import { afterAll, describe, expect, it } from 'vitest';

import { CONTROL_KEY_HEADER, createEmulator } from './emulator.ts';

const GLOBAL = 'global-ctwa-test';
const emu = createEmulator({ globalApiKey: GLOBAL, autoAck: false });
afterAll(() => emu.close());

const control = (url: string, payload: object) =>
  emu.app.inject({
    method: 'POST',
    url,
    remoteAddress: '127.0.0.1',
    headers: { [CONTROL_KEY_HEADER]: emu.controlKey },
    payload,
  });

async function openInstance(name: string): Promise<void> {
  const res = await emu.app.inject({
    method: 'POST',
    url: '/instance/create',
    headers: { apikey: GLOBAL },
    payload: { instanceName: name, integration: 'WHATSAPP-BAILEYS' },
  });
  expect(res.statusCode).toBe(201);
  expect((await control(`/_emulator/instances/${name}/scan`, { number: '5511999990000' })).statusCode).toBe(200);
}

type Upsert = {
  message: Record<string, { contextInfo?: Record<string, unknown>; text?: string }>;
  contextInfo?: Record<string, unknown>;
};
const lastUpsert = (): Upsert => emu.state.events.filter((e) => e.event === 'messages.upsert').at(-1)!.data as unknown as Upsert;

describe('emulator: a message from a click-to-WhatsApp ad (issue 23 §3)', () => {
  it('carries externalAdReply at data.contextInfo and in the extendedTextMessage (placement both)', async () => {
    await openInstance('ctwa-1');
    const ad = { sourceId: '120210000000001', ctwaClid: 'ARAkLkA8rmlFeiCktEJQ', title: 'Clareamento', body: 'Agende já' };
    const res = await control('/_emulator/instances/ctwa-1/messages', { from: '5511988887777', text: 'Oi, vi o anúncio', ad });
    expect(res.statusCode).toBe(201);
    const data = lastUpsert();
    const reply = { sourceType: 'ad', ...ad, sourceUrl: 'https://fb.me/anuncio', showAdAttribution: true };
    expect(data.message.extendedTextMessage!.text).toBe('Oi, vi o anúncio');
    expect(data.message.extendedTextMessage!.contextInfo!.externalAdReply).toMatchObject(reply);
    expect(data.contextInfo!.externalAdReply).toMatchObject(reply);
    expect(data.contextInfo!.conversionSource).toBe('FB_Ads');
  });

  it('placement data / message puts the ad in one place only; opaque sends no externalAdReply', async () => {
    await control('/_emulator/instances/ctwa-1/messages', { from: '5511988887777', ad: { title: 'T', placement: 'data' } });
    let data = lastUpsert();
    expect(data.contextInfo!.externalAdReply).toMatchObject({ title: 'T', sourceType: 'ad' });
    expect(data.message.extendedTextMessage!.contextInfo).toBeUndefined();
    await control('/_emulator/instances/ctwa-1/messages', { from: '5511988887777', ad: { title: 'T', placement: 'message' } });
    data = lastUpsert();
    expect(data.contextInfo).toBeUndefined();
    expect(data.message.extendedTextMessage!.contextInfo!.externalAdReply).toMatchObject({ title: 'T' });
    await control('/_emulator/instances/ctwa-1/messages', { from: '5511988887777', ad: { opaque: true } });
    data = lastUpsert();
    expect(data.contextInfo!.externalAdReply).toBeUndefined();
    expect(data.contextInfo!.ctwaPayload).toBeDefined();
  });

  it('a text without ad stays a plain conversation', async () => {
    await control('/_emulator/instances/ctwa-1/messages', { from: '5511988887777', text: 'oi' });
    const data = lastUpsert();
    expect(data.message.conversation).toBe('oi');
    expect(data.contextInfo).toBeUndefined();
  });
});
