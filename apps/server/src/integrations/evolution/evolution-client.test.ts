import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createEmulator, type Emulator } from '@funil/evolution-emulator/emulator';
import { startWebhookSink, type WebhookSink } from '@funil/evolution-emulator/webhook-sink';

import { EvolutionClient, NUMBER_CACHE_TTL_MS, toGatewayMedia, type InstanceRef } from './evolution-client.ts';
import { EvolutionError } from './evolution-error.ts';
import { parseWebhook } from './evolution-types.ts';

// The real client over real HTTP against the emulator on 127.0.0.1 (random port), no fetch mocks.

const GLOBAL = 'client-test-global-key';
let emu: Emulator;
let sink: WebhookSink;
let client: EvolutionClient;
let clock = 1_000_000;
let seq = 0;
let ref: InstanceRef;

beforeAll(async () => {
  emu = createEmulator({
    globalApiKey: GLOBAL,
    autoAck: false,
    webhookRetry: { baseDelayMs: 10, maxDelayMs: 20, maxAttempts: 2 },
  });
  const baseUrl = await emu.listen(0, '127.0.0.1');
  sink = await startWebhookSink();
  client = new EvolutionClient({ baseUrl, globalApiKey: GLOBAL, now: () => clock });
});
afterAll(async () => {
  await emu.close();
  await sink.close();
});

const lastRequest = (path: string) => {
  const hit = emu.state.requests.filter((r) => r.url.startsWith(path)).at(-1);
  if (!hit) throw new Error(`no request to ${path}`);
  return hit;
};
const control = (path: string, body: unknown) =>
  emu.app.inject({
    headers: emu.controlHeaders,
    method: 'POST',
    url: `/_emulator/instances/${ref.instanceName}${path}`,
    payload: body as Record<string, unknown>,
  });

const createOpen = async (): Promise<InstanceRef> => {
  const created = await client.createInstance({ instanceName: `cli-${++seq}` });
  ref = { instanceName: created.instanceName, token: created.token };
  await control('/scan', { number: '5511999990000', profileName: 'Loja X' });
  return ref;
};

const expectEvolutionError = async (p: Promise<unknown>): Promise<EvolutionError> => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EvolutionError);
  return err as EvolutionError;
};

describe('instances (ref §3.1-§3.6)', () => {
  it('§3.1 createInstance sends integration and the nested webhook, returns the hash string as token', async () => {
    const created = await client.createInstance({
      instanceName: 'cli-create',
      settings: { groupsIgnore: true },
      webhook: {
        url: 'http://127.0.0.1:9/hooks/evolution',
        headers: { authorization: 'Bearer xyz' },
        events: ['MESSAGES_UPSERT', 'CONNECTION_UPDATE'],
      },
    });
    const req = lastRequest('/instance/create');
    expect(req.apikey).toBe(GLOBAL);
    expect(req.body).toEqual({
      instanceName: 'cli-create',
      integration: 'WHATSAPP-BAILEYS',
      groupsIgnore: true,
      webhook: {
        url: 'http://127.0.0.1:9/hooks/evolution',
        headers: { authorization: 'Bearer xyz' },
        byEvents: false,
        base64: false,
        events: ['MESSAGES_UPSERT', 'CONNECTION_UPDATE'],
      },
    });
    expect(created.token).toBe(emu.state.instances.get('cli-create')?.token);
    expect(created).toMatchObject({ instanceName: 'cli-create', status: 'close', qr: null });
  });

  it('§3.1 qrcode:true yields the QR; a duplicate name is a typed 403', async () => {
    const created = await client.createInstance({ instanceName: 'cli-qr', qrcode: true });
    expect(created.qr).toMatchObject({ kind: 'qr', qr: { count: 1, pairingCode: null } });
    const err = await expectEvolutionError(client.createInstance({ instanceName: 'cli-qr' }));
    expect(err).toMatchObject({ kind: 'http', status: 403, messages: ['This name "cli-qr" is already in use.'] });
  });

  it('§1 a wrong key is a typed 401 with the string message', async () => {
    const bad = new EvolutionClient({ baseUrl: emu.baseUrl(), globalApiKey: 'nope' });
    const err = await expectEvolutionError(bad.createInstance({ instanceName: 'cli-401' }));
    expect(err).toMatchObject({ kind: 'http', status: 401, messages: ['Unauthorized'] });
  });

  it('§3.2 connect: QR, pairing code, {count:0} as pending, error with HTTP 200, then open', async () => {
    const created = await client.createInstance({ instanceName: `cli-${++seq}` });
    ref = { instanceName: created.instanceName, token: created.token };
    const qr = await client.connect(ref);
    expect(lastRequest(`/instance/connect/${ref.instanceName}`).apikey).toBe(ref.token);
    expect(qr.kind === 'qr' && qr.qr.base64.startsWith('data:image/png;base64,')).toBe(true);
    const paired = await client.connect(ref, { number: '5511999999999' });
    expect(lastRequest(`/instance/connect/${ref.instanceName}`).url).toBe(
      `/instance/connect/${ref.instanceName}?number=5511999999999`,
    );
    expect(paired.kind === 'qr' && paired.qr.pairingCode).toMatch(/^[0-9A-F]{8}$/);
    await control('/qr', { mode: 'empty' });
    expect(await client.connect(ref)).toEqual({ kind: 'pending' });
    await control('/qr', { mode: 'error' });
    const err = await expectEvolutionError(client.connect(ref));
    expect(err).toMatchObject({ kind: 'gateway', status: 200 });
    await control('/qr', { mode: 'normal' });
    await control('/scan', {});
    expect(await client.connect(ref)).toEqual({ kind: 'open' });
    expect(await client.connectionState(ref)).toBe('open');
  });

  it('§3.4/§3.5 logout, a second logout is a typed 400, delete', async () => {
    await createOpen();
    await client.logout(ref);
    expect(await client.connectionState(ref)).toBe('close');
    const err = await expectEvolutionError(client.logout(ref));
    expect(err.status).toBe(400);
    await client.deleteInstance(ref);
    const gone = await expectEvolutionError(client.connectionState(ref));
    expect(gone.status).toBe(404);
  });

  it('§3.6 fetchInstances with the global key lists all; with a token only its own', async () => {
    await createOpen();
    const all = await client.fetchInstances();
    expect(all.length).toBeGreaterThan(1);
    const own = await client.fetchInstances({}, ref.token);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      name: ref.instanceName,
      connectionStatus: 'open',
      ownerJid: '5511999990000@s.whatsapp.net',
      token: ref.token,
    });
    const one = await client.fetchInstances({ instanceName: ref.instanceName });
    expect(lastRequest('/instance/fetchInstances').url).toBe(`/instance/fetchInstances?instanceName=${ref.instanceName}`);
    expect(one.map((i) => i.name)).toEqual([ref.instanceName]);
  });

  it('§4.1 setWebhook sends the nested body; findWebhook reads it back', async () => {
    await createOpen();
    expect(await client.findWebhook(ref)).toBeNull();
    const row = await client.setWebhook(ref, {
      enabled: true,
      url: 'http://127.0.0.1:9/h',
      headers: { 'x-key': 'k' },
      byEvents: true,
      events: ['SEND_MESSAGE'],
    });
    expect(lastRequest('/webhook/set').body).toEqual({
      webhook: {
        enabled: true,
        url: 'http://127.0.0.1:9/h',
        headers: { 'x-key': 'k' },
        byEvents: true,
        base64: false,
        events: ['SEND_MESSAGE'],
      },
    });
    expect(row).toMatchObject({ url: 'http://127.0.0.1:9/h', enabled: true, webhookByEvents: true, events: ['SEND_MESSAGE'] });
    expect(await client.findWebhook(ref)).toEqual(row);
  });
});

describe('messages and chats (ref §3.7-§3.13)', () => {
  beforeEach(async () => {
    await createOpen();
  });

  it('§3.7 sendText with quoted sends {number, text, quoted.key.id} and returns the record', async () => {
    const incoming = await control('/messages', { from: '5511988887777', text: 'quero saber o preço' });
    const quotedId = (incoming.json() as { key: { id: string } }).key.id;
    const record = await client.sendText(ref, { number: '5511988887777', text: 'Olá!', quoted: { key: { id: quotedId } } });
    const req = lastRequest(`/message/sendText/${ref.instanceName}`);
    expect(req.apikey).toBe(ref.token);
    expect(req.body).toEqual({ number: '5511988887777', text: 'Olá!', quoted: { key: { id: quotedId } } });
    expect(record).toMatchObject({
      key: { fromMe: true, remoteJid: '5511988887777@s.whatsapp.net' },
      status: 'PENDING',
      messageType: 'conversation',
    });
    expect(record.contextInfo).toMatchObject({ stanzaId: quotedId });
    expect(typeof record.messageTimestamp).toBe('number');
  });

  it('§3.7 a number not on WhatsApp is an EvolutionError listing it', async () => {
    await emu.app.inject({
      headers: emu.controlHeaders,
      method: 'POST',
      url: '/_emulator/numbers',
      payload: { numbers: ['5511900009999'], onWhatsapp: false },
    });
    const err = await expectEvolutionError(client.sendText(ref, { number: '5511900009999', text: 'oi' }));
    expect(err.status).toBe(400);
    expect(err.notOnWhatsapp).toEqual([{ jid: '5511900009999@s.whatsapp.net', exists: false, number: '5511900009999' }]);
  });

  it('§3.8 sendMedia strips a data: URL to raw base64 and keeps URLs', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108000000003a7e9b55', 'hex').toString('base64');
    const record = await client.sendMedia(ref, {
      number: '5511988887777',
      mediatype: 'image',
      media: `data:image/png;base64,${png}`,
      caption: 'Foto',
    });
    expect(lastRequest(`/message/sendMedia/${ref.instanceName}`).body).toEqual({
      number: '5511988887777',
      mediatype: 'image',
      mimetype: 'image/png',
      caption: 'Foto',
      media: png,
    });
    expect(record.messageType).toBe('imageMessage');
    await client.sendMedia(ref, {
      number: '5511988887777',
      mediatype: 'document',
      media: 'https://example.com/p.pdf',
      fileName: 'p.pdf',
      mimetype: 'application/pdf',
    });
    expect(lastRequest(`/message/sendMedia/${ref.instanceName}`).body).toEqual({
      number: '5511988887777',
      mediatype: 'document',
      mimetype: 'application/pdf',
      media: 'https://example.com/p.pdf',
      fileName: 'p.pdf',
    });
  });

  it('§3.9 sendWhatsAppAudio sends {number, audio} with raw base64', async () => {
    const mp3 = Buffer.from('ID3 fake mp3 frames').toString('base64');
    const record = await client.sendWhatsAppAudio(ref, { number: '5511988887777', audio: `data:audio/mpeg;base64,${mp3}` });
    expect(lastRequest(`/message/sendWhatsAppAudio/${ref.instanceName}`).body).toEqual({ number: '5511988887777', audio: mp3 });
    expect(record.messageType).toBe('audioMessage');
  });

  it('sendSticker sends {number, sticker} with raw base64 and answers a stickerMessage', async () => {
    const webp = Buffer.from('524946461a000000574542505650384c0d0000002f0000001007101111888808', 'hex').toString('base64');
    const record = await client.sendSticker(ref, { number: '5511988887777', sticker: `data:image/webp;base64,${webp}` });
    expect(lastRequest(`/message/sendSticker/${ref.instanceName}`).body).toEqual({ number: '5511988887777', sticker: webp });
    expect(record.messageType).toBe('stickerMessage');
  });

  it('§3.10 whatsappNumbers is cached per instance and number for 30 minutes (001 §9)', async () => {
    const before = emu.state.requests.filter((r) => r.url.startsWith('/chat/whatsappNumbers')).length;
    const count = () => emu.state.requests.filter((r) => r.url.startsWith('/chat/whatsappNumbers')).length - before;
    const first = await client.whatsappNumbers(ref, ['5511955551111', '5531987654321']);
    expect(first.map((c) => [c.exists, c.jid])).toEqual([
      [true, '5511955551111@s.whatsapp.net'],
      [true, '553187654321@s.whatsapp.net'],
    ]);
    expect(lastRequest('/chat/whatsappNumbers').body).toEqual({ numbers: ['5511955551111', '5531987654321'] });
    await client.whatsappNumbers(ref, ['5511955551111']);
    expect(count()).toBe(1);
    await client.whatsappNumbers(ref, ['5511955551111', '5511955552222']);
    expect(count()).toBe(2);
    expect(lastRequest('/chat/whatsappNumbers').body).toEqual({ numbers: ['5511955552222'] }); // only the unknown one
    clock += NUMBER_CACHE_TTL_MS - 1;
    await client.whatsappNumbers(ref, ['5511955551111']);
    expect(count()).toBe(2);
    clock += 2;
    await client.whatsappNumbers(ref, ['5511955551111']);
    expect(count()).toBe(3);
  });

  it('§3.11 findMessages sends where.key.remoteJid, page and offset; reads the page', async () => {
    for (const text of ['a', 'b', 'c']) await client.sendText(ref, { number: '5511977770000', text });
    const page = await client.findMessages(ref, { remoteJid: '5511977770000@s.whatsapp.net', page: 2, offset: 2 });
    expect(lastRequest(`/chat/findMessages/${ref.instanceName}`).body).toEqual({
      where: { key: { remoteJid: '5511977770000@s.whatsapp.net' } },
      page: 2,
      offset: 2,
    });
    expect(page).toMatchObject({ total: 3, pages: 2, currentPage: 2 });
    expect(page.records.map((r) => r.message?.conversation)).toEqual(['a']);
    expect(page.records[0]?.MessageUpdate).toEqual([]);
  });

  it('§3.12/§7 markMessageAsRead sends the phone JID for @lid keys, never the @lid', async () => {
    const res = await control('/messages', { from: '5511966665555', lid: true, text: 'oi' });
    const key = (
      res.json() as { key: { remoteJid: string; remoteJidAlt: string; fromMe: boolean; id: string; addressingMode: string } }
    ).key;
    expect(key.remoteJid.endsWith('@lid')).toBe(true);
    const result = await client.markMessageAsRead(ref, [key, { remoteJid: '123451234512345@lid', fromMe: false, id: 'NOALT' }]);
    expect(result).toEqual({ sent: 1, skipped: 1 });
    expect(lastRequest(`/chat/markMessageAsRead/${ref.instanceName}`).body).toEqual({
      readMessages: [{ remoteJid: '5511966665555@s.whatsapp.net', fromMe: false, id: key.id }],
    });
    const receipts = await emu.app.inject({
      headers: emu.controlHeaders,
      method: 'GET',
      url: `/_emulator/instances/${ref.instanceName}/read-receipts`,
    });
    expect(receipts.json()).toEqual([{ remoteJid: '5511966665555@s.whatsapp.net', fromMe: false, id: key.id }]);
  });

  it('§3.13 getBase64FromMediaMessage downloads a contact document', async () => {
    const res = await control('/messages', { from: '5511966665555', type: 'document', fileName: 'orcamento.pdf' });
    const id = (res.json() as { key: { id: string } }).key.id;
    const media = await client.getBase64FromMediaMessage(ref, id);
    expect(lastRequest(`/chat/getBase64FromMediaMessage/${ref.instanceName}`).body).toEqual({
      message: { key: { id } },
      convertToMp4: false,
    });
    expect(media).toMatchObject({ mediaType: 'documentMessage', fileName: 'orcamento.pdf', mimetype: 'application/pdf' });
    expect(Buffer.from(media.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('webhook schemas (ref §4.2, §4.3)', () => {
  it('parseWebhook accepts what the gateway emits for the events Funil handles', async () => {
    const created = await client.createInstance({ instanceName: 'cli-hooks', webhook: { url: sink.url, events: [] } });
    ref = { instanceName: created.instanceName, token: created.token };
    await client.connect(ref);
    await control('/scan', {});
    const sent = await client.sendText(ref, { number: '5511988887777', text: 'oi' });
    await control(`/messages/${sent.key.id}/ack`, { status: 'DELIVERY_ACK' });
    await control('/messages', { from: '5511988887777', lid: true, type: 'image' });
    await control('/messages', { from: '5511988887777', type: 'revoke', targetId: sent.key.id });
    await emu.webhooksIdle();
    const parsed = sink.requests.map((r) => parseWebhook(r.body));
    const known = parsed.flatMap((p) => (p.kind === 'known' ? [p.event.event] : []));
    expect(parsed.filter((p) => p.kind === 'invalid')).toEqual([]);
    for (const e of [
      'qrcode.updated',
      'connection.update',
      'send.message',
      'messages.update',
      'messages.upsert',
      'messages.delete',
      'contacts.upsert',
    ]) {
      expect(known).toContain(e);
    }
    const update = parsed.find((p) => p.kind === 'known' && p.event.event === 'messages.update');
    expect(update?.kind === 'known' && update.event.event === 'messages.update' && update.event.data).toMatchObject({
      keyId: sent.key.id,
      status: 'DELIVERY_ACK',
    });
    expect(parsed.some((p) => p.kind === 'other' && p.envelope.event === 'instance.create')).toBe(true);
    expect(parseWebhook({ event: 'messages.update', instance: 'x', data: { keyId: 1 } }).kind).toBe('invalid');
  });
});

describe('transport', () => {
  it('toGatewayMedia keeps URLs and raw base64, strips data: URLs', () => {
    expect(toGatewayMedia('https://x/a.png')).toEqual({ media: 'https://x/a.png' });
    expect(toGatewayMedia('QUJD')).toEqual({ media: 'QUJD' });
    expect(toGatewayMedia('data:application/pdf;base64,QUJD')).toEqual({ media: 'QUJD', mimetype: 'application/pdf' });
  });

  it('an unreachable gateway is a network EvolutionError with status 0', async () => {
    const offline = new EvolutionClient({ baseUrl: 'http://127.0.0.1:1', globalApiKey: GLOBAL, timeoutMs: 2_000 });
    const err = await expectEvolutionError(offline.connectionState({ instanceName: 'x', token: 't' }));
    expect(err).toMatchObject({ kind: 'network', status: 0 });
  });
});
