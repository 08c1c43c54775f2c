import { createHmac } from 'node:crypto';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createEmulator, type Emulator, type EmulatorOptions } from './emulator.ts';
import { startWebhookSink, type SinkRequest, type WebhookSink } from './webhook-sink.ts';

const GLOBAL = 'global-webhook-key';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let sink: WebhookSink;
const started: Emulator[] = [];
beforeAll(async () => {
  sink = await startWebhookSink();
});
afterAll(async () => {
  await Promise.all(started.map((e) => e.close()));
  await sink.close();
});
beforeEach(() => {
  sink.requests.length = 0;
  sink.respond(() => 200);
});

const boot = async (extra: Partial<EmulatorOptions> = {}) => {
  const emu = createEmulator({
    globalApiKey: GLOBAL,
    autoAck: false,
    webhookRetry: { baseDelayMs: 10, maxDelayMs: 40, timeoutMs: 2_000 },
    ...extra,
  });
  started.push(emu);
  const url = await emu.listen(0, '127.0.0.1');
  let n = 0;
  const api = async (method: string, path: string, body?: unknown, apikey = GLOBAL) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        apikey,
        ...(path.startsWith('/_emulator') ? emu.controlHeaders : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const makeInstance = async (webhook: Json) => {
    const name = `wh-${++n}`;
    const res = await api('POST', '/instance/create', { instanceName: name, integration: 'WHATSAPP-BAILEYS', webhook });
    expect(res.status).toBe(201);
    return { name, token: res.body.hash as string };
  };
  return { emu, url, api, makeInstance };
};

const bodyOf = (r: SinkRequest): Json => r.body as Json;
const byEvent = (event: string, instance: string) => (r: SinkRequest) =>
  bodyOf(r).event === event && bodyOf(r).instance === instance;

describe('§4 webhooks delivered to a real HTTP listener', () => {
  it('§4.2 envelope with dotted event, destination, sender, server_url, apikey and the configured headers', async () => {
    const { url, api, makeInstance } = await boot();
    const { name, token } = await makeInstance({
      url: `${sink.url}/hooks/evolution`,
      headers: { authorization: 'Bearer xyz', 'x-tenant': '42' },
      events: [],
    });
    await api('POST', `/_emulator/instances/${name}/scan`, { number: '5511999999999', profileName: 'Loja X' });
    const open = await sink.waitFor(byEvent('connection.update', name));
    expect(open.method).toBe('POST');
    expect(open.path).toBe('/hooks/evolution');
    expect(open.headers.authorization).toBe('Bearer xyz');
    expect(open.headers['x-tenant']).toBe('42');
    expect(open.headers['content-type']).toContain('application/json');
    expect(bodyOf(open)).toMatchObject({
      event: 'connection.update',
      instance: name,
      data: { instance: name, wuid: '5511999999999@s.whatsapp.net', profileName: 'Loja X', state: 'open', statusReason: 200 },
      destination: `${sink.url}/hooks/evolution`,
      sender: '5511999999999@s.whatsapp.net',
      server_url: url,
      apikey: token,
    });
    expect(bodyOf(open).date_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const sent = await api('POST', `/_emulator/instances/${name}/messages`, {
      from: '5511988887777',
      lid: true,
      text: 'Oi, quero um orçamento',
    });
    const upsert = await sink.waitFor(byEvent('messages.upsert', name));
    expect(bodyOf(upsert).data).toEqual(sent.body); // ref §4.3: data is one record, not an array
    await sink.waitFor(byEvent('contacts.upsert', name));
  });

  it('§4.2 sender is absent before the first connect; instance.create is emitted', async () => {
    const { makeInstance } = await boot();
    const { name } = await makeInstance({ url: sink.url, events: ['INSTANCE_CREATE'] });
    const created = await sink.waitFor(byEvent('instance.create', name));
    expect(bodyOf(created)).not.toHaveProperty('sender');
    expect(bodyOf(created).data).toMatchObject({ instanceName: name });
  });

  it('§4.1 only subscribed events are sent; [] means all', async () => {
    const { emu, api, makeInstance } = await boot();
    const { name } = await makeInstance({ url: sink.url, events: ['MESSAGES_UPSERT'] });
    await api('POST', `/_emulator/instances/${name}/scan`, {});
    await api('POST', `/_emulator/instances/${name}/messages`, { from: '5511988887777', text: 'oi' });
    await sink.waitFor(byEvent('messages.upsert', name));
    await emu.webhooksIdle();
    expect(sink.requests.filter((r) => bodyOf(r).instance === name).map((r) => bodyOf(r).event)).toEqual(['messages.upsert']);
  });

  it('§4.1 byEvents posts to url/<kebab-event>', async () => {
    const { emu, api, makeInstance } = await boot();
    const { name, token } = await makeInstance({
      url: `${sink.url}/h`,
      byEvents: true,
      events: ['SEND_MESSAGE', 'CONNECTION_UPDATE', 'QRCODE_UPDATED'],
    });
    await api('GET', `/instance/connect/${name}`, undefined, token);
    await api('POST', `/_emulator/instances/${name}/scan`, {});
    await api('POST', `/message/sendText/${name}`, { number: '5511988887777', text: 'oi' }, token);
    await emu.webhooksIdle();
    const paths = new Set(sink.requests.filter((r) => bodyOf(r).instance === name).map((r) => r.path));
    expect(paths).toEqual(new Set(['/h/connection-update', '/h/qrcode-updated', '/h/send-message']));
    const qr = sink.requests.find((r) => r.path === '/h/qrcode-updated')!;
    expect(bodyOf(qr).data.qrcode).toMatchObject({ instance: name, pairingCode: null });
    expect(bodyOf(qr).data.qrcode.base64).toMatch(/^data:image\/png;base64,/);
    expect(bodyOf(qr).destination).toBe(`${sink.url}/h`);
  });

  it('§4.1 a failing endpoint is retried with backoff until it answers 2xx', async () => {
    const { emu, api, makeInstance } = await boot();
    const { name } = await makeInstance({ url: sink.url, events: ['CONNECTION_UPDATE'] });
    sink.respond((_r, i) => (i < 2 ? 500 : 200));
    await api('POST', `/_emulator/instances/${name}/scan`, {});
    await emu.webhooksIdle();
    const hits = sink.requests.filter(byEvent('connection.update', name));
    expect(hits).toHaveLength(3);
    expect(hits[2]!.at - hits[0]!.at).toBeGreaterThanOrEqual(8 + 16); // 10 ms then 20 ms, ±20 %
    expect(emu.state.webhookAttempts.filter((a) => a.instance === name).map((a) => a.outcome)).toEqual([
      'retrying',
      'retrying',
      'delivered',
    ]);
    expect(bodyOf(hits[2]!)).toEqual(bodyOf(hits[0]!));
  });

  it('§4.1 retries are bounded by maxAttempts', async () => {
    const { emu, api, makeInstance } = await boot({
      webhookRetry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 10, timeoutMs: 2_000 },
    });
    const { name } = await makeInstance({ url: sink.url, events: ['CONNECTION_UPDATE'] });
    sink.respond(() => 503);
    await api('POST', `/_emulator/instances/${name}/scan`, {});
    await emu.webhooksIdle();
    expect(sink.requests.filter(byEvent('connection.update', name))).toHaveLength(3);
    expect(emu.state.webhookAttempts.filter((a) => a.instance === name).at(-1)?.outcome).toBe('failed');
  });

  it('§4.1 no retry on 400, 401, 403, 404 or 422', async () => {
    for (const status of [400, 401, 403, 404, 422]) {
      sink.requests.length = 0;
      const { emu, api, makeInstance } = await boot();
      const { name } = await makeInstance({ url: sink.url, events: ['CONNECTION_UPDATE'] });
      sink.respond(() => status);
      await api('POST', `/_emulator/instances/${name}/scan`, {});
      await emu.webhooksIdle();
      expect(sink.requests.filter(byEvent('connection.update', name))).toHaveLength(1);
    }
  });

  it('§4.1 the jwt_key header becomes Authorization: Bearer <HS256 JWT>', async () => {
    const { emu, api, makeInstance } = await boot();
    const { name } = await makeInstance({ url: sink.url, headers: { jwt_key: 's3cret' }, events: ['CONNECTION_UPDATE'] });
    await api('POST', `/_emulator/instances/${name}/scan`, {});
    await emu.webhooksIdle();
    const hit = sink.requests.find(byEvent('connection.update', name))!;
    expect(hit.headers).not.toHaveProperty('jwt_key');
    const [h, p, s] = String(hit.headers.authorization).replace('Bearer ', '').split('.');
    expect(createHmac('sha256', 's3cret').update(`${h}.${p}`).digest('base64url')).toBe(s);
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Json;
    expect(payload).toMatchObject({ app: 'evolution', action: 'webhook' });
    expect(payload.exp - payload.iat).toBe(600);
  });

  it('§4.1 base64:true adds data.message.base64 to media upserts', async () => {
    const { api, makeInstance } = await boot();
    const { name } = await makeInstance({ url: sink.url, base64: true, events: ['MESSAGES_UPSERT'] });
    await api('POST', `/_emulator/instances/${name}/scan`, {});
    await api('POST', `/_emulator/instances/${name}/messages`, { from: '5511988887777', type: 'image' });
    const hit = await sink.waitFor(byEvent('messages.upsert', name));
    expect(bodyOf(hit).data.messageType).toBe('imageMessage');
    expect(bodyOf(hit).data.message.base64).toMatch(/^iVBORw0KGgo/);
  });
});

describe('§4.3 event payloads', () => {
  it('§4.3 send.message carries the send response; acks rise PENDING→SERVER_ACK→DELIVERY_ACK→READ as flat messages.update', async () => {
    const { emu, api, makeInstance } = await boot();
    const { name, token } = await makeInstance({ url: sink.url, events: ['SEND_MESSAGE', 'MESSAGES_UPDATE'] });
    await api('POST', `/_emulator/instances/${name}/scan`, {});
    const sent = await api('POST', `/message/sendText/${name}`, { number: '5511988887777', text: 'Olá!' }, token);
    const id = sent.body.key.id as string;
    for (const status of ['SERVER_ACK', 'DELIVERY_ACK', 'READ']) {
      expect((await api('POST', `/_emulator/instances/${name}/messages/${id}/ack`, { status })).status).toBe(200);
    }
    const down = await api('POST', `/_emulator/instances/${name}/messages/${id}/ack`, { status: 'DELIVERY_ACK' });
    expect(down.status).toBe(409);
    await emu.webhooksIdle();
    const mine = sink.requests.filter((r) => bodyOf(r).instance === name).map(bodyOf);
    expect(mine[0]).toMatchObject({ event: 'send.message', data: sent.body });
    const updates = mine.filter((b) => b.event === 'messages.update').map((b) => b.data);
    expect(updates.map((d) => d.status)).toEqual(['SERVER_ACK', 'DELIVERY_ACK', 'READ']);
    expect(updates[0]).toEqual({
      keyId: id,
      remoteJid: '5511988887777@s.whatsapp.net',
      fromMe: true,
      status: 'SERVER_ACK',
      instanceId: sent.body.instanceId,
      messageId: expect.stringMatching(/^c[a-z0-9]{24}$/),
    });
  });

  it('§4.3 automatic acks arrive in order without downgrades', async () => {
    const { emu, api, makeInstance } = await boot({ autoAck: { delaysMs: [5, 15, 25] } });
    const { name, token } = await makeInstance({ url: sink.url, events: ['MESSAGES_UPDATE'] });
    await api('POST', `/_emulator/instances/${name}/scan`, {});
    const sent = await api('POST', `/message/sendText/${name}`, { number: '5511988887777', text: 'oi' }, token);
    await sink.waitFor((r) => bodyOf(r).event === 'messages.update' && bodyOf(r).data.status === 'READ');
    await emu.webhooksIdle();
    const statuses = sink.requests
      .filter((r) => bodyOf(r).instance === name && bodyOf(r).data.keyId === sent.body.key.id)
      .map((r) => bodyOf(r).data.status);
    expect(statuses).toEqual(['SERVER_ACK', 'DELIVERY_ACK', 'READ']);
  });

  it('§4.3 a revoke arrives as messages.delete with the raw key; an edit as messages.edited', async () => {
    const { emu, api, makeInstance } = await boot();
    const { name } = await makeInstance({ url: sink.url, events: ['MESSAGES_DELETE', 'MESSAGES_EDITED'] });
    await api('POST', `/_emulator/instances/${name}/scan`, {});
    const original = await api('POST', `/_emulator/instances/${name}/messages`, { from: '5511988887777', text: 'oops' });
    await api('POST', `/_emulator/instances/${name}/messages`, {
      from: '5511988887777',
      type: 'edit',
      targetId: original.body.key.id,
      text: 'fixed',
    });
    await api('POST', `/_emulator/instances/${name}/messages`, {
      from: '5511988887777',
      type: 'protocolMessage',
      targetId: original.body.key.id,
    });
    await emu.webhooksIdle();
    const edited = sink.requests.find(byEvent('messages.edited', name))!;
    expect(bodyOf(edited).data).toMatchObject({
      key: { id: original.body.key.id },
      type: 'MESSAGE_EDIT',
      editedMessage: { conversation: 'fixed' },
    });
    const deleted = sink.requests.find(byEvent('messages.delete', name))!;
    expect(bodyOf(deleted).data).toEqual({ remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: original.body.key.id });
  });

  it('§4.3 logout emits connection.update close 401 with status.instance and logout.instance', async () => {
    const { emu, api, makeInstance } = await boot();
    const { name, token } = await makeInstance({ url: sink.url, events: [] });
    await api('POST', `/_emulator/instances/${name}/scan`, {});
    await api('DELETE', `/instance/logout/${name}`, undefined, token);
    await emu.webhooksIdle();
    const events = sink.requests.filter((r) => bodyOf(r).instance === name).map(bodyOf);
    expect(events.find((b) => b.event === 'connection.update' && b.data.state === 'close')?.data).toEqual({
      instance: name,
      state: 'close',
      statusReason: 401,
    });
    expect(events.find((b) => b.event === 'status.instance')?.data).toMatchObject({
      instance: name,
      status: 'closed',
      disconnectionReasonCode: 401,
    });
    expect(events.find((b) => b.event === 'logout.instance')?.data).toBeNull();
  });

  it('§4.3 a non-closing drop reconnects (connecting then open); a missed call is a call event', async () => {
    const { emu, api, makeInstance } = await boot();
    const { name } = await makeInstance({ url: sink.url, events: ['CONNECTION_UPDATE', 'CALL'] });
    await api('POST', `/_emulator/instances/${name}/scan`, {});
    await api('POST', `/_emulator/instances/${name}/disconnect`, { statusReason: 408 });
    await api('POST', `/_emulator/instances/${name}/messages`, { from: '5511988887777', type: 'call', isVideo: true });
    await emu.webhooksIdle();
    const events = sink.requests.filter((r) => bodyOf(r).instance === name).map(bodyOf);
    expect(events.filter((b) => b.event === 'connection.update').map((b) => b.data.state)).toEqual([
      'open',
      'connecting',
      'open',
    ]);
    expect(events.filter((b) => b.event === 'call').map((b) => b.data.status)).toEqual(['offer', 'timeout']);
    expect(events.find((b) => b.event === 'call')?.data).toMatchObject({
      from: '5511988887777@s.whatsapp.net',
      isVideo: true,
      isGroup: false,
    });
  });

  it('auto reply: a known contact of an open instance writes in Portuguese', async () => {
    const { api, makeInstance } = await boot({
      autoReply: { enabled: true, intervalMs: 30, phones: ['5511977771234'], lidShare: 0 },
      random: () => 0.5,
    });
    const { name } = await makeInstance({ url: sink.url, events: ['MESSAGES_UPSERT'] });
    await api('POST', `/_emulator/instances/${name}/scan`, {});
    const hit = await sink.waitFor(byEvent('messages.upsert', name), 3_000);
    expect(bodyOf(hit).data.key).toMatchObject({ remoteJid: '5511977771234@s.whatsapp.net', fromMe: false });
    expect(typeof bodyOf(hit).data.message.conversation).toBe('string');
    expect((await api('POST', '/_emulator/auto-reply', { enabled: false })).body.enabled).toBe(false);
  });
});
