import { afterAll, beforeEach, describe, expect, it } from 'vitest';

import { createEmulator, type Emulator } from './emulator.ts';

const GLOBAL = 'global-key-123';
const emu: Emulator = createEmulator({ globalApiKey: GLOBAL, autoAck: false });
afterAll(() => emu.close());

let seq = 0;
let name = '';
beforeEach(() => {
  name = `inst-${++seq}`;
});

type Json = Record<string, unknown>;

const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, apikey: string | undefined, payload?: unknown) => {
  const res = await emu.app.inject({
    method,
    url,
    headers: apikey === undefined ? {} : { apikey },
    ...(payload !== undefined ? { payload: payload as Json } : {}),
  });
  return { status: res.statusCode, body: res.json() as Json };
};

const create = (body: Json, apikey: string | undefined = GLOBAL) => call('POST', '/instance/create', apikey, body);
const createBasic = async (extra: Json = {}): Promise<string> => {
  const res = await create({ instanceName: name, integration: 'WHATSAPP-BAILEYS', ...extra });
  expect(res.status).toBe(201);
  return res.body.hash as string;
};
const scan = (n = name) =>
  emu.app.inject({
    headers: emu.controlHeaders,
    method: 'POST',
    url: `/_emulator/instances/${n}/scan`,
    payload: { number: '5511999990000', profileName: 'Loja X' },
  });

describe('§1 authentication and error envelope', () => {
  it('§1 create without the global key answers 401 with a string message', async () => {
    const res = await create({ instanceName: name, integration: 'WHATSAPP-BAILEYS' }, 'wrong');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } });
    const missing = await call('POST', '/instance/create', undefined, { instanceName: name, integration: 'WHATSAPP-BAILEYS' });
    expect(missing.status).toBe(401);
  });

  it('§1 create with an instance token is refused (create needs the global key)', async () => {
    const hash = await createBasic();
    const res = await create({ instanceName: `${name}-b`, integration: 'WHATSAPP-BAILEYS' }, hash);
    expect(res.status).toBe(401);
  });

  it('§1 guard order: unknown instance is 404 even with a wrong key', async () => {
    const res = await call('GET', '/instance/connectionState/nope', 'wrong');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 404, error: 'Not Found', response: { message: ['The "nope" instance does not exist'] } });
  });

  it('§1 guard order: duplicate name is 403 before the apikey check', async () => {
    await createBasic();
    const res = await create({ instanceName: name, integration: 'WHATSAPP-BAILEYS' }, 'wrong');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      status: 403,
      error: 'Forbidden',
      response: { message: [`This name "${name}" is already in use.`] },
    });
  });

  it('§1 instance token works on its own routes, not on another instance', async () => {
    const hash = await createBasic();
    expect((await call('GET', `/instance/connectionState/${name}`, hash)).status).toBe(200);
    const other = `${name}-other`;
    await create({ instanceName: other, integration: 'WHATSAPP-BAILEYS' });
    const res = await call('GET', `/instance/connectionState/${other}`, hash);
    expect(res.status).toBe(401);
    expect(res.body.response).toEqual({ message: 'Unauthorized' });
  });

  it('§1 the instance token works on connect, logout and delete', async () => {
    const hash = await createBasic();
    expect((await call('GET', `/instance/connect/${name}`, hash)).status).toBe(200);
    expect((await call('DELETE', `/instance/logout/${name}`, hash)).status).toBe(200);
    expect((await call('DELETE', `/instance/delete/${name}`, hash)).status).toBe(200);
  });
});

describe('§3.1 instance/create', () => {
  it('§3.1 create returns 201 with hash as a string and the v2 shape', async () => {
    const res = await create({
      instanceName: name,
      integration: 'WHATSAPP-BAILEYS',
      groupsIgnore: false,
      webhook: {
        url: 'http://127.0.0.1:9/hook',
        headers: { authorization: 'Bearer x' },
        byEvents: false,
        base64: true,
        events: ['MESSAGES_UPSERT'],
      },
    });
    expect(res.status).toBe(201);
    expect(typeof res.body.hash).toBe('string');
    expect(res.body.hash).toMatch(/^[0-9A-F-]{36}$/);
    expect(res.body.instance).toMatchObject({
      instanceName: name,
      integration: 'WHATSAPP-BAILEYS',
      webhookWaBusiness: null,
      accessTokenWaBusiness: '',
      status: 'close',
    });
    expect(res.body.webhook).toEqual({
      webhookUrl: 'http://127.0.0.1:9/hook',
      webhookHeaders: { authorization: 'Bearer x' },
      webhookByEvents: false,
      webhookBase64: true,
    });
    expect(res.body.settings).toMatchObject({ rejectCall: false, groupsIgnore: false, wavoipToken: '' });
    expect(res.body).not.toHaveProperty('qrcode');
  });

  it('§3.1 a given token comes back as hash', async () => {
    const res = await create({ instanceName: name, integration: 'WHATSAPP-BAILEYS', token: 'my-own-token' });
    expect(res.body.hash).toBe('my-own-token');
  });

  it('§3.1 integration is required: 400 "Invalid integration"', async () => {
    const res = await create({ instanceName: name });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 400, error: 'Bad Request', response: { message: ['Invalid integration'] } });
  });

  it('§3.1 webhook without events fails with 400 and creates nothing', async () => {
    const res = await create({ instanceName: name, integration: 'WHATSAPP-BAILEYS', webhook: { url: 'http://x/h' } });
    expect(res.status).toBe(400);
    expect(emu.state.instances.has(name)).toBe(false);
  });

  it('§4.1 unknown webhook event names are rejected with 400', async () => {
    const res = await create({
      instanceName: name,
      integration: 'WHATSAPP-BAILEYS',
      webhook: { url: 'http://x/h', events: ['NEW_JWT_TOKEN'] },
    });
    expect(res.status).toBe(400);
  });

  it('§3.1 qrcode:true includes the QR object and leaves the instance connecting', async () => {
    const res = await create({ instanceName: name, integration: 'WHATSAPP-BAILEYS', qrcode: true });
    expect(res.body.instance).toMatchObject({ status: 'connecting' });
    const qr = res.body.qrcode as Json;
    expect(qr).toMatchObject({ pairingCode: null, count: 1 });
    expect(qr.code).toMatch(/^2@/);
    expect(qr.base64).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });
});

describe('§3.2-§3.5 connect, state, logout, delete', () => {
  it('§3.2 connect on a closed instance returns a QR and counts up on refresh', async () => {
    const hash = await createBasic();
    const first = await call('GET', `/instance/connect/${name}`, hash);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ pairingCode: null, count: 1 });
    await emu.app.inject({
      headers: emu.controlHeaders,
      method: 'POST',
      url: `/_emulator/instances/${name}/qr`,
      payload: { refresh: true },
    });
    const second = await call('GET', `/instance/connect/${name}`, hash);
    expect(second.body.count).toBe(2);
    expect(second.body.code).not.toBe(first.body.code);
  });

  it('§3.2 connect with ?number= returns a pairing code', async () => {
    const hash = await createBasic();
    const res = await call('GET', `/instance/connect/${name}?number=5511999999999`, hash);
    expect(res.body.pairingCode).toMatch(/^[0-9A-F]{8}$/);
  });

  it('§3.2 connect can answer {count:0} without a code', async () => {
    const hash = await createBasic();
    await emu.app.inject({
      headers: emu.controlHeaders,
      method: 'POST',
      url: `/_emulator/instances/${name}/qr`,
      payload: { mode: 'empty' },
    });
    const res = await call('GET', `/instance/connect/${name}`, hash);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 0 });
  });

  it('§3.2 connect errors come back with HTTP 200 and {error:true}', async () => {
    const hash = await createBasic();
    await emu.app.inject({
      headers: emu.controlHeaders,
      method: 'POST',
      url: `/_emulator/instances/${name}/qr`,
      payload: { mode: 'error' },
    });
    const res = await call('GET', `/instance/connect/${name}`, hash);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ error: true });
    expect(typeof res.body.message).toBe('string');
  });

  it('§3.2/§3.3 after a scan, connect and connectionState answer state open', async () => {
    const hash = await createBasic();
    await call('GET', `/instance/connect/${name}`, hash);
    expect((await call('GET', `/instance/connectionState/${name}`, hash)).body).toEqual({
      instance: { instanceName: name, state: 'connecting' },
    });
    expect((await scan()).statusCode).toBe(200);
    expect((await call('GET', `/instance/connect/${name}`, hash)).body).toEqual({
      instance: { instanceName: name, state: 'open' },
    });
    expect((await call('GET', `/instance/connectionState/${name}`, hash)).body).toEqual({
      instance: { instanceName: name, state: 'open' },
    });
  });

  it('§3.2 the QR limit turns the instance refused', async () => {
    const small = createEmulator({ globalApiKey: GLOBAL, autoAck: false, qrLimit: 2 });
    try {
      await small.app.inject({
        method: 'POST',
        url: '/instance/create',
        headers: { apikey: GLOBAL },
        payload: { instanceName: 'q', integration: 'WHATSAPP-BAILEYS', qrcode: true },
      });
      await small.app.inject({
        headers: small.controlHeaders,
        method: 'POST',
        url: '/_emulator/instances/q/qr',
        payload: { refresh: true },
      });
      await small.app.inject({
        headers: small.controlHeaders,
        method: 'POST',
        url: '/_emulator/instances/q/qr',
        payload: { refresh: true },
      });
      const res = await small.app.inject({ method: 'GET', url: '/instance/connectionState/q', headers: { apikey: GLOBAL } });
      expect(res.json()).toEqual({ instance: { instanceName: 'q', state: 'refused' } });
      expect(small.state.events.filter((e) => e.event === 'qrcode.updated').at(-1)?.data).toEqual({
        message: 'QR code limit reached, please login again',
        statusCode: 500,
      });
    } finally {
      await small.close();
    }
  });

  it('§3.4 logout answers SUCCESS, and 400 when already closed', async () => {
    const hash = await createBasic();
    const closed = await call('DELETE', `/instance/logout/${name}`, hash);
    expect(closed.status).toBe(400);
    expect(closed.body).toEqual({
      status: 400,
      error: 'Bad Request',
      response: { message: [`The "${name}" instance is not connected`] },
    });
    await scan();
    const res = await call('DELETE', `/instance/logout/${name}`, hash);
    expect(res).toEqual({ status: 200, body: { status: 'SUCCESS', error: false, response: { message: 'Instance logged out' } } });
    expect((await call('GET', `/instance/connectionState/${name}`, hash)).body).toEqual({
      instance: { instanceName: name, state: 'close' },
    });
  });

  it('§3.5 delete answers SUCCESS and the name is gone (404 afterwards)', async () => {
    const hash = await createBasic();
    await scan();
    const res = await call('DELETE', `/instance/delete/${name}`, GLOBAL);
    expect(res).toEqual({ status: 200, body: { status: 'SUCCESS', error: false, response: { message: 'Instance deleted' } } });
    expect((await call('GET', `/instance/connectionState/${name}`, hash)).status).toBe(404);
  });
});

describe('§3.6 fetchInstances', () => {
  it('§3.6 answers a bare array of Prisma rows; a token sees only its instance', async () => {
    const hash = await createBasic();
    await scan();
    const all = await emu.app.inject({ method: 'GET', url: '/instance/fetchInstances', headers: { apikey: GLOBAL } });
    const rows = all.json() as Json[];
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.length).toBeGreaterThan(1);
    const mine = await emu.app.inject({ method: 'GET', url: '/instance/fetchInstances', headers: { apikey: hash } });
    const list = mine.json() as Json[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      name,
      connectionStatus: 'open',
      ownerJid: '5511999990000@s.whatsapp.net',
      profileName: 'Loja X',
      integration: 'WHATSAPP-BAILEYS',
      token: hash,
      Setting: { groupsIgnore: true },
      _count: { Message: 0 },
    });
    expect(list[0]).not.toHaveProperty('Webhook');
    expect(list[0]).not.toHaveProperty('instance');
  });

  it('§3.6 ?instanceName= of an unknown instance is 404', async () => {
    const res = await emu.app.inject({
      method: 'GET',
      url: '/instance/fetchInstances?instanceName=ghost',
      headers: { apikey: GLOBAL },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('§4.1 webhook/set and webhook/find', () => {
  it('§4.1 webhook/set takes the nested body, answers 201 with the Webhook row; find returns it', async () => {
    const hash = await createBasic();
    expect((await call('GET', `/webhook/find/${name}`, hash)).body).toBeNull();
    const body = {
      webhook: {
        enabled: true,
        url: 'http://127.0.0.1:9/h',
        headers: { 'x-t': '1' },
        byEvents: true,
        base64: false,
        events: ['SEND_MESSAGE'],
      },
    };
    const res = await call('POST', `/webhook/set/${name}`, hash, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      url: 'http://127.0.0.1:9/h',
      headers: { 'x-t': '1' },
      enabled: true,
      events: ['SEND_MESSAGE'],
      webhookByEvents: true,
      webhookBase64: false,
    });
    expect((await call('GET', `/webhook/find/${name}`, hash)).body).toEqual(res.body);
  });

  it('§4.1 enabled and url are required; enabled:false clears the events', async () => {
    const hash = await createBasic();
    expect((await call('POST', `/webhook/set/${name}`, hash, { webhook: { url: 'http://x/h' } })).status).toBe(400);
    expect((await call('POST', `/webhook/set/${name}`, hash, { webhook: { enabled: true } })).status).toBe(400);
    expect((await call('POST', `/webhook/set/${name}`, hash, { url: 'http://x/h', enabled: true })).status).toBe(400);
    const off = await call('POST', `/webhook/set/${name}`, hash, {
      webhook: { enabled: false, url: 'http://x/h', events: ['SEND_MESSAGE'] },
    });
    expect(off.body).toMatchObject({ enabled: false, events: [] });
  });
});
