// issue 7 §6: the control routes (/_emulator/...) answer only on loopback and only with the control
// key, and never return an instance token, an apikey or a webhook secret.
import { afterAll, describe, expect, it } from 'vitest';

import { CONTROL_KEY_HEADER, createEmulator } from './emulator.ts';

const GLOBAL = 'global-control-key-test';
const SECRET = 'segredo-do-webhook-0123456789';
const emu = createEmulator({
  globalApiKey: GLOBAL,
  autoAck: false,
  webhookRetry: { maxAttempts: 1, baseDelayMs: 10, maxDelayMs: 10, timeoutMs: 500 },
});
afterAll(() => emu.close());

type Method = 'GET' | 'POST' | 'DELETE';
const control = (method: Method, url: string, options: { key?: string | null; remoteAddress?: string; payload?: object } = {}) =>
  emu.app.inject({
    method,
    url,
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: options.key === null ? {} : { [CONTROL_KEY_HEADER]: options.key ?? emu.controlKey },
    ...(options.payload ? { payload: options.payload } : {}),
  });

async function createInstance(name: string): Promise<string> {
  const res = await emu.app.inject({
    method: 'POST',
    url: '/instance/create',
    headers: { apikey: GLOBAL },
    payload: {
      instanceName: name,
      integration: 'WHATSAPP-BAILEYS',
      webhook: { url: 'http://127.0.0.1:9/webhook', headers: { 'x-funil-webhook-secret': SECRET }, events: ['MESSAGES_UPSERT'] },
    },
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { hash: string }).hash;
}

describe('control routes (issue 7 §6)', () => {
  it('answer 401 without the control key or with a wrong one, and do nothing', async () => {
    await createInstance('ctl-1');
    for (const key of [null, '', 'chave-errada', `${emu.controlKey}x`]) {
      const res = await control('POST', '/_emulator/instances/ctl-1/scan', { key, payload: { number: '5511999990000' } });
      expect(res.statusCode).toBe(401);
    }
    expect(emu.state.instances.get('ctl-1')!.state).not.toBe('open');
    expect((await control('GET', '/_emulator/state', { key: null })).statusCode).toBe(401);
  });

  it('work on loopback with the key (IPv4, IPv6 and IPv4-mapped)', async () => {
    expect((await control('POST', '/_emulator/instances/ctl-1/scan', { payload: { number: '5511999990000' } })).statusCode).toBe(
      200,
    );
    expect(emu.state.instances.get('ctl-1')!.state).toBe('open');
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect((await control('GET', '/_emulator/state', { remoteAddress })).statusCode).toBe(200);
  });

  it('do not exist off loopback, even with the key', async () => {
    for (const remoteAddress of ['10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1']) {
      const res = await control('GET', '/_emulator/state', { remoteAddress });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('ctl-1');
    }
  });

  it('never answer a token, an apikey or a webhook secret', async () => {
    const token = await createInstance('ctl-2');
    await control('POST', '/_emulator/instances/ctl-2/scan', { payload: { number: '5511999990001' } });
    await control('POST', '/_emulator/instances/ctl-2/messages', { payload: { from: '5511988887777', text: 'oi' } });
    await emu.app.inject({
      method: 'POST',
      url: '/message/sendText/ctl-2',
      headers: { apikey: token },
      payload: { number: '5511988887777', text: 'olá' },
    });
    await emu.webhooksIdle();
    const urls = [
      '/_emulator/state',
      '/_emulator/requests',
      '/_emulator/events',
      '/_emulator/webhooks',
      '/_emulator/instances/ctl-2/messages',
      '/_emulator/instances/ctl-2/sent',
    ];
    for (const url of urls) {
      const res = await control('GET', url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      for (const secret of [token, SECRET, GLOBAL, emu.controlKey])
        expect([url, res.body.includes(secret)]).toEqual([url, false]);
    }
    // What they still tell: the webhook's header names, and that a request had an apikey.
    const state = (await control('GET', '/_emulator/state')).json() as {
      instances: { name: string; webhook: { headers: Record<string, string> } }[];
    };
    expect(state.instances.find((i) => i.name === 'ctl-2')!.webhook.headers).toEqual({ 'x-funil-webhook-secret': '***' });
    // In process the emulator still knows everything (tests may read emu.state).
    expect(emu.state.instances.get('ctl-2')!.token).toBe(token);
  });

  it('leave the avatar image open: browsers load it as profilePictureUrl', async () => {
    const res = await emu.app.inject({ method: 'GET', url: '/_emulator/avatar/ctl-1.png', remoteAddress: '10.0.0.5' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/png');
  });

  it('take a new random key for every emulator unless one is given', async () => {
    const other = createEmulator({ globalApiKey: GLOBAL });
    const given = createEmulator({ globalApiKey: GLOBAL, controlKey: 'chave-de-controle-fixa' });
    try {
      expect(other.controlKey).toMatch(/^[0-9a-f]{48}$/);
      expect(other.controlKey).not.toBe(emu.controlKey);
      expect(given.controlKey).toBe('chave-de-controle-fixa');
      expect(given.controlHeaders).toEqual({ [CONTROL_KEY_HEADER]: 'chave-de-controle-fixa' });
    } finally {
      await other.close();
      await given.close();
    }
  });
});
