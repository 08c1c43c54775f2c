// The Typebot integration of the gateway emulator (issue 25 'Typebot through the gateway'): the
// v2 routes, the `typebot.start` / `typebot.change-status` webhooks to a real listener, and the
// stand-in Typebot server the gateway calls over HTTP, whose two messages reach the contact as sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEmulator, TYPEBOT_STANDIN_PREFIX, TYPEBOT_STANDIN_UNKNOWN, type Emulator } from './emulator.ts';
import { startWebhookSink, type WebhookSink } from './webhook-sink.ts';

const GLOBAL = 'global-typebot-key';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let sink: WebhookSink;
let emu: Emulator;
let url = '';
beforeAll(async () => {
  sink = await startWebhookSink();
  emu = createEmulator({
    globalApiKey: GLOBAL,
    autoAck: false,
    webhookRetry: { baseDelayMs: 10, maxDelayMs: 40, timeoutMs: 2_000 },
  });
  url = await emu.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await emu.close();
  await sink.close();
});

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

async function openInstance(name: string): Promise<void> {
  const created = await api('POST', '/instance/create', {
    instanceName: name,
    integration: 'WHATSAPP-BAILEYS',
    webhook: { enabled: true, url: sink.url, events: ['SEND_MESSAGE', 'TYPEBOT_START', 'TYPEBOT_CHANGE_STATUS'] },
  });
  expect(created.status).toBe(201);
  expect((await api('POST', `/_emulator/instances/${name}/scan`, { number: '5511900000001', profileName: 'Loja' })).status).toBe(
    200,
  );
}

const events = (name: string, event: string) =>
  sink.requests.map((r) => r.body as Json).filter((b) => b.instance === name && b.event === event);

describe('Typebot routes (Evolution API v2 typebot controller)', () => {
  it('settings, a bot created disabled, find and fetch; a duplicate bot is refused', async () => {
    await openInstance('tb-1');
    const settings = await api('POST', '/typebot/settings/tb-1', {
      expire: 0,
      stopBotFromMe: true,
      keepOpen: true,
      listeningFromMe: false,
    });
    expect(settings).toEqual({ status: 200, body: { expire: 0, stopBotFromMe: true, keepOpen: true, listeningFromMe: false } });
    expect((await api('GET', '/typebot/fetchSettings/tb-1')).body).toMatchObject({ keepOpen: true });
    const standin = `${url}${TYPEBOT_STANDIN_PREFIX}`;
    const bot = await api('POST', '/typebot/create/tb-1', {
      enabled: false,
      url: standin,
      typebot: 'requalificar',
      triggerType: 'none',
    });
    expect(bot.status).toBe(201);
    expect(bot.body).toMatchObject({ enabled: false, url: standin, typebot: 'requalificar', triggerType: 'none' });
    expect((await api('GET', '/typebot/find/tb-1')).body).toHaveLength(1);
    expect((await api('GET', `/typebot/fetch/${bot.body.id}/tb-1`)).body).toMatchObject({ id: bot.body.id });
    expect((await api('GET', '/typebot/fetch/nao-existe/tb-1')).status).toBe(404);
    const again = await api('POST', '/typebot/create/tb-1', { enabled: false, url: standin, typebot: 'requalificar' });
    expect(again.status).toBe(400);
    // The instance's key guards the routes like every other (ref §1).
    expect((await api('GET', '/typebot/find/tb-1', undefined, 'errada')).status).toBe(401);
  });

  it('start calls the stand-in over HTTP, sends its two messages, opens a session and emits typebot.start', async () => {
    await openInstance('tb-2');
    const standin = `${url}${TYPEBOT_STANDIN_PREFIX}`;
    const bot = await api('POST', '/typebot/create/tb-2', {
      enabled: false,
      url: standin,
      typebot: 'requalificar',
      triggerType: 'none',
    });
    const jid = '5511987654321@s.whatsapp.net';
    const started = await api('POST', '/typebot/start/tb-2', {
      url: standin,
      typebot: 'requalificar',
      remoteJid: jid,
      startSession: true,
      variables: [
        { name: 'idLead', value: '42' },
        { name: 'nome', value: 'Marina Souza' },
      ],
    });
    expect(started.status).toBe(200);
    expect(started.body.typebot.typebot).toMatchObject({ remoteJid: jid, typebot: 'requalificar' });
    await emu.webhooksIdle();
    const sends = events('tb-2', 'send.message');
    expect(sends.map((s) => s.data.message.conversation)).toEqual([
      'Oi, Marina! Aqui é o assistente virtual. Você ainda tem interesse no nosso atendimento?',
      'Responda SIM para falar com um especialista ou NÃO para encerrar.',
    ]);
    expect(sends.every((s) => s.data.key.fromMe === true && s.data.key.remoteJid === jid)).toBe(true);
    const [start] = events('tb-2', 'typebot.start');
    expect(start?.data).toMatchObject({ remoteJid: jid, typebot: 'requalificar', prefilledVariables: { idLead: '42' } });
    const sessions = await api('GET', `/typebot/fetchSessions/${bot.body.id}/tb-2`);
    expect(sessions.body).toMatchObject([{ remoteJid: jid, status: 'opened' }]);

    // paused, then closed: each a typebot.change-status with the session.
    expect((await api('POST', '/typebot/changeStatus/tb-2', { remoteJid: jid, status: 'paused' })).status).toBe(200);
    expect((await api('POST', '/typebot/changeStatus/tb-2', { remoteJid: jid, status: 'closed' })).status).toBe(200);
    await emu.webhooksIdle();
    expect(events('tb-2', 'typebot.change-status').map((e) => [e.data.remoteJid, e.data.status, e.data.session?.status])).toEqual(
      [
        [jid, 'paused', 'paused'],
        [jid, 'closed', 'closed'],
      ],
    );
    expect((await api('POST', '/typebot/changeStatus/tb-2', { remoteJid: jid, status: 'pausado' })).status).toBe(400);
  });

  it('a flow the Typebot server does not know is a 400 and sends nothing', async () => {
    await openInstance('tb-3');
    const res = await api('POST', '/typebot/start/tb-3', {
      url: `${url}${TYPEBOT_STANDIN_PREFIX}`,
      typebot: TYPEBOT_STANDIN_UNKNOWN,
      remoteJid: '5511911112222@s.whatsapp.net',
      startSession: true,
    });
    expect(res.status).toBe(400);
    await emu.webhooksIdle();
    expect(events('tb-3', 'send.message')).toHaveLength(0);
    expect(events('tb-3', 'typebot.start')).toHaveLength(0);
  });
});
