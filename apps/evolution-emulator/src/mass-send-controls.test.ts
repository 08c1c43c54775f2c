// issue 13: the controls the mass-send tests need: sends answering 429 rate-overlimit or 463 for
// an instance or a number, a disconnect, and findMessages by a message's key id.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';

import { createEmulator, type Emulator } from './emulator.ts';

const GLOBAL = 'global-key-mass';
const emu: Emulator = createEmulator({ globalApiKey: GLOBAL, autoAck: false });
afterAll(() => emu.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let seq = 0;
let name = '';
let token = '';
const post = async (url: string, payload: unknown) => {
  const res = await emu.app.inject({ method: 'POST', url, headers: { apikey: token }, payload: payload as Json });
  return { status: res.statusCode, body: res.json() as Json };
};
const control = async (method: 'POST' | 'DELETE', url: string, payload?: unknown) => {
  const res = await emu.app.inject({
    headers: emu.controlHeaders,
    method,
    url,
    ...(payload ? { payload: payload as Json } : {}),
  });
  return { status: res.statusCode, body: res.json() as Json };
};

beforeEach(async () => {
  name = `mass-${++seq}`;
  const res = await emu.app.inject({
    method: 'POST',
    url: '/instance/create',
    headers: { apikey: GLOBAL },
    payload: { instanceName: name, integration: 'WHATSAPP-BAILEYS' },
  });
  token = (res.json() as Json).hash as string;
  await control('POST', `/_emulator/instances/${name}/scan`, { number: '5511999990000' });
  await control('DELETE', '/_emulator/send-failures');
});

describe('send failures (issue 13 "the emulator gains controls to answer 429/463")', () => {
  it('answers 429 rate-overlimit for the instance the given number of times, then sends again', async () => {
    expect((await control('POST', '/_emulator/send-failures', { instance: name, kind: 429, count: 2 })).status).toBe(200);
    const first = await post(`/message/sendText/${name}`, { number: '5511988887777', text: 'a' });
    expect(first).toEqual({
      status: 429,
      body: { status: 429, error: 'Too Many Requests', response: { message: ['rate-overlimit'] } },
    });
    expect((await post(`/message/sendText/${name}`, { number: '5511988887777', text: 'b' })).status).toBe(429);
    expect((await post(`/message/sendText/${name}`, { number: '5511988887777', text: 'c' })).status).toBe(201);
    // Nothing was stored for the refused sends.
    const found = await post(`/chat/findMessages/${name}`, {
      where: { key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: true } },
    });
    expect(found.body.messages.records.map((r: Json) => r.message.conversation)).toEqual(['c']);
  });

  it('answers 463 for one number only, on any instance', async () => {
    await control('POST', '/_emulator/send-failures', { number: '+55 11 97777-6666', kind: 463 });
    const refused = await post(`/message/sendText/${name}`, { number: '5511977776666', text: 'oi' });
    expect(refused.status).toBe(400);
    expect(refused.body.response.message[0]).toMatchObject({ status: 463 });
    expect(
      (
        await post(`/message/sendMedia/${name}`, {
          number: '5511977776666',
          mediatype: 'image',
          media: 'https://example.invalid/a.png',
        })
      ).status,
    ).toBe(400);
    expect((await post(`/message/sendText/${name}`, { number: '5511966665555', text: 'oi' })).status).toBe(201);
  });

  it('a disconnected instance refuses sends; findMessages finds a send by its key id', async () => {
    const sent = await post(`/message/sendText/${name}`, { number: '5511955554444', text: 'olá', delay: 1500 });
    const byId = await post(`/chat/findMessages/${name}`, { where: { key: { id: sent.body.key.id } } });
    expect(byId.body.messages.records).toHaveLength(1);
    expect(byId.body.messages.records[0].key.id).toBe(sent.body.key.id);
    await control('POST', `/_emulator/instances/${name}/disconnect`, { statusReason: 401 });
    expect((await post(`/message/sendText/${name}`, { number: '5511955554444', text: 'de novo' })).status).toBe(400);
  });

  it('refuses a bad control body', async () => {
    expect((await control('POST', '/_emulator/send-failures', { kind: 500 })).status).toBe(400);
  });
});
