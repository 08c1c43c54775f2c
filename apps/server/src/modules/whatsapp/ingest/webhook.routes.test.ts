// Webhook ingestion against the gateway emulator over real HTTP (ref §4, §6, §7; 001 §3, §4, §5).
// @pglite-too (vitest.config.ts): the message pipeline's transactions on PGlite's one connection (a query beside an open
// transaction waits forever).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildContactListPath, CONTACT_LIST_LAYOUT, emptyFilter } from '@funil/domain/leads/filter-segments';
import { appMessageEvent, contactEvent, leadUpdateEvent, whatsappSessionEvent } from '@funil/domain/realtime/events';
import type { AppMessagePayload } from '@funil/domain/whatsapp-api/realtime';

import { retryDueMedia } from '../chat/media.service.ts';
import { whatsappMensagens } from '../chat/messages.table.ts';
import { startKit, type Kit } from '../whatsapp-test-kit.ts';
import { whatsappContextOf } from '../whatsapp.routes.ts';
import { WEBHOOK_SECRET_HEADER } from './webhook.service.ts';

let k: Kit;
let a1: Awaited<ReturnType<Kit['socket']>>;
let a2: Awaited<ReturnType<Kit['socket']>>;
let b1: Awaited<ReturnType<Kit['socket']>>;
let leadId: number;
const INST = 'wh-a1';

const received = (events: { name: string; payload: unknown }[], name: string) =>
  events.filter((e) => e.name === name).map((e) => e.payload as AppMessagePayload);

async function post(body: unknown, secret?: string) {
  return k.t.app.inject({
    method: 'POST',
    url: '/api/webhooks/evolution',
    payload: body as object,
    headers: secret === undefined ? {} : { [WEBHOOK_SECRET_HEADER]: secret },
  });
}

async function incoming(body: Record<string, unknown>) {
  const res = await k.emu$('POST', `/_emulator/instances/${INST}/messages`, body);
  expect(res.status).toBe(201);
  await k.settle();
  return res.json as { key: { id: string } };
}

beforeAll(async () => {
  k = await startKit();
  const f = k.t.fixture;
  const res = await k.t.as(k.tokens.a, { method: 'POST', url: '/api/instancias', payload: { name: INST } });
  expect(res.statusCode).toBe(201);
  a1 = await k.socket(k.tokens.u);
  a2 = await k.socket(k.tokens.uA2);
  b1 = await k.socket(k.tokens.uB1);
  expect(
    (await k.emu$('POST', `/_emulator/instances/${INST}/scan`, { number: '5511900000001', profileName: 'Loja A1' })).status,
  ).toBe(200);
  await k.settle();
  leadId = await k.addLead(f.unitA1, f.companyA, 'Maria Souza', '11987654321');
}, 60_000);

afterAll(async () => {
  await k?.close();
});

describe('POST /api/webhooks/evolution', () => {
  it('relays connection.update to the unit only, with the owner phone (ref §4.3, 001 §4 "Gateway instance connection")', async () => {
    const row = await k.instance(INST);
    expect(row.connectionStatus).toBe('open');
    expect(row.ownerJid).toBe('5511900000001@s.whatsapp.net');
    const session = a1.events.filter((e) => e.name === whatsappSessionEvent(k.t.fixture.companyA));
    expect(
      session.some((e) => (e.payload as { instance: { connectionStatus: string } }).instance.connectionStatus === 'open'),
    ).toBe(true);
    expect(b1.events.some((e) => e.name.includes('whatsappSession'))).toBe(false);
    expect(a2.events.some((e) => e.name.includes('whatsappSession'))).toBe(false);
  });

  it('stores an incoming text, raises the unread count and emits appMessage to the unit only (001 §3, §7 "Main socket")', async () => {
    const sent = await incoming({ from: '5511987654321', type: 'text', text: 'Oi, quero um orçamento', pushName: 'Maria' });
    const rows = await k.messagesOf(leadId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ messageId: sent.key.id, fromMe: false, mediaType: 'chat', body: 'Oi, quero um orçamento' });
    const lead = await k.leadRow(leadId);
    expect(lead).toMatchObject({
      whatsappUltimaMensagemNaoLidas: 1,
      whatsappUltimaMensagemTexto: 'Oi, quero um orçamento',
      whatsappUltimaMensagemFromMe: 0,
      whatsappUltimaMensagemTipo: 'chat',
    });
    expect(lead!.whatsappUltimaMensagemDataRecebida).not.toBeNull();
    const events = received(a1.events, appMessageEvent(k.t.fixture.companyA));
    expect(events.at(-1)).toMatchObject({
      action: 'create',
      message: { body: 'Oi, quero um orçamento', fromMe: false },
      contact: { cli_crm_id: leadId, whatsapp_ultima_mensagem_nao_lidas: 1 },
    });
    expect(a1.events.some((e) => e.name === `lead-${leadId}-update`)).toBe(true);
    expect(a2.events.some((e) => e.name.includes('appMessage'))).toBe(false);
    expect(b1.events.some((e) => e.name.includes('appMessage'))).toBe(false);
  });

  it('stores one row for a repeated event (ref §8.3 dedupe on key.id)', async () => {
    const sent = await incoming({ from: '5511987654321', type: 'text', text: 'repetida' });
    const envelope = k.emu.state.events.find(
      (e) => e.event === 'messages.upsert' && (e.data as { key: { id: string } }).key.id === sent.key.id,
    )!;
    const row = await k.instance(INST);
    for (let i = 0; i < 3; i++) {
      const res = await post({ event: 'messages.upsert', instance: INST, data: envelope.data }, row.webhookSecret);
      expect(res.statusCode).toBe(200);
    }
    const rows = (await k.messagesOf(leadId)).filter((r) => r.messageId === sent.key.id);
    expect(rows).toHaveLength(1);
    const lead = await k.leadRow(leadId);
    expect(lead!.whatsappUltimaMensagemNaoLidas).toBe(2);
  });

  it('answers 401 and stores nothing with a missing or wrong secret (ref §4.1 headers)', async () => {
    const before = (await k.t.database.db.select().from(whatsappMensagens)).length;
    const data = {
      key: { remoteJid: '5511987654321@s.whatsapp.net', fromMe: false, id: 'FORGED1' },
      message: { conversation: 'x' },
      messageType: 'conversation',
      messageTimestamp: 1729512000,
    };
    expect((await post({ event: 'messages.upsert', instance: INST, data })).statusCode).toBe(401);
    expect((await post({ event: 'messages.upsert', instance: INST, data }, 'errado')).statusCode).toBe(401);
    expect((await post({ event: 'messages.upsert', instance: 'nao-existe', data }, 'x')).statusCode).toBe(401);
    expect((await k.t.database.db.select().from(whatsappMensagens)).length).toBe(before);
  });

  it('keeps an ack that arrives before its message and never lowers it (ref §4.1 ordering, §8.4; 001 §4 acks)', async () => {
    const row = await k.instance(INST);
    const id = 'OUTOFORDER1';
    const update = (status: string) => ({
      event: 'MESSAGES_UPDATE',
      instance: INST,
      data: { keyId: id, remoteJid: '5511987654321@s.whatsapp.net', fromMe: true, status },
    });
    expect((await post(update('READ'), row.webhookSecret)).statusCode).toBe(200);
    const record = {
      key: { remoteJid: '5511987654321@s.whatsapp.net', fromMe: true, id },
      pushName: 'Você',
      status: 'PENDING',
      message: { conversation: 'enviada do celular' },
      messageType: 'conversation',
      messageTimestamp: Math.floor(Date.now() / 1000),
    };
    expect((await post({ event: 'send.message', instance: INST, data: record }, row.webhookSecret)).statusCode).toBe(200);
    let [msg] = (await k.messagesOf(leadId)).filter((r) => r.messageId === id);
    expect(msg!.ack).toBe(4);
    expect((await post(update('DELIVERY_ACK'), row.webhookSecret)).statusCode).toBe(200);
    [msg] = (await k.messagesOf(leadId)).filter((r) => r.messageId === id);
    expect(msg!.ack).toBe(4);
    const lead = await k.leadRow(leadId);
    expect(lead).toMatchObject({ whatsappUltimaMensagemFromMe: 1, whatsappUltimaMensagemStatus: 3 });
  });

  it(
    'matches an @lid sender through remoteJidAlt, then by the remembered lid alone (ref §7; emulator ' +
      'drops the ninth digit, ref §8.5)',
    async () => {
      const f = k.t.fixture;
      const lidLead = await k.addLead(f.unitA1, f.companyA, 'João BH', '31987654321');
      const sent = await incoming({ from: '5531987654321', type: 'text', text: 'por lid', lid: true });
      const rows = await k.messagesOf(lidLead);
      expect(rows.map((r) => r.messageId)).toEqual([sent.key.id]);
      const lid = rows[0]!.remoteJid!;
      expect(lid.endsWith('@lid')).toBe(true);
      expect(rows[0]!.phoneJid).toBe('553187654321@s.whatsapp.net');
      const row = await k.instance(INST);
      const data = {
        key: { remoteJid: lid, fromMe: false, id: 'LIDONLY1', addressingMode: 'lid' },
        pushName: 'João',
        message: { conversation: 'só lid' },
        messageType: 'conversation',
        messageTimestamp: Math.floor(Date.now() / 1000),
      };
      expect((await post({ event: 'messages.upsert', instance: INST, data }, row.webhookSecret)).statusCode).toBe(200);
      expect((await k.messagesOf(lidLead)).map((r) => r.body)).toEqual(['por lid', 'só lid']);
    },
  );

  it('creates a lead of the unit for an unknown number, platform WhatsApp, named by pushName (001 §7 POST /webhook/lead)', async () => {
    const listTotal = async () => {
      const res = await k.t.as(k.tokens.a, {
        method: 'GET',
        url: `/api/${buildContactListPath('lista', { ...emptyFilter(CONTACT_LIST_LAYOUT), page: 1 })}`,
      });
      expect(res.statusCode).toBe(200);
      return Number((res.json() as { data: { crm_contato_total: { total: number } } }).data.crm_contato_total.total);
    };
    const before = await listTotal();
    await incoming({ from: '5511955554444', type: 'text', text: 'Olá, vi o anúncio', pushName: 'Carla Nova' });
    // The lead lists' cached total learns of it at once (lead-count-cache.ts).
    expect(await listTotal()).toBe(before + 1);
    const [lead] = await k.leadsWithPhoneKey('1155554444');
    expect(lead).toMatchObject({
      idUnidade: k.t.fixture.unitA1,
      idEmpresa: k.t.fixture.companyA,
      cliNome: 'Carla Nova',
      cliTipoLead: 4,
      cliTelefone: '11955554444',
      whatsappUltimaMensagemNaoLidas: 1,
    });
    // issue 7 §3: the one lead-change shape, so the CRM list of the unit picks the new lead up live.
    expect(a1.events.filter((e) => e.name === contactEvent(k.t.fixture.companyA)).map((e) => e.payload)).toContainEqual({
      action: 'criado',
      cli_crm_id: lead!.cliCrmId,
      idUnidade: k.t.fixture.unitA1,
    });
    expect(a1.events.filter((e) => e.name === leadUpdateEvent(lead!.cliCrmId)).map((e) => e.payload)).toContainEqual({
      action: 'criado',
      cli_crm_id: lead!.cliCrmId,
      idUnidade: k.t.fixture.unitA1,
    });
  });

  it('stores every message type of ref §6 with the 001 §3 body conventions, downloads media in the background', async () => {
    const from = '5511987654321';
    await incoming({ from, type: 'image', caption: 'foto' });
    await incoming({ from, type: 'video', caption: 'vídeo' });
    await incoming({ from, type: 'audio' });
    await incoming({ from, type: 'document', fileName: 'proposta.pdf' });
    await incoming({ from, type: 'sticker' });
    await incoming({ from, type: 'location', name: 'Av. Paulista', address: 'São Paulo' });
    await incoming({ from, type: 'contact', contacts: [{ name: 'João Silva', phone: '5511912345678' }] });
    await incoming({ from, type: 'contacts' });
    const rows = await k.messagesOf(leadId);
    const byType = (t: string) => rows.find((r) => r.mediaType === t)!;
    expect(byType('image')).toMatchObject({ body: 'foto', mediaStatus: 'ready' });
    expect(byType('video')).toMatchObject({ body: 'vídeo', mediaStatus: 'ready' });
    expect(byType('audio').mediaStatus).toBe('ready');
    expect(byType('application/document')).toMatchObject({ fileName: 'proposta.pdf', mediaStatus: 'ready' });
    expect(byType('sticker').mediaStatus).toBe('ready');
    const [image, link, description] = byType('locationMessage').body.split('|');
    expect(image).toMatch(/^data:image\/jpeg;base64,/);
    expect(link).toContain('maps.google.com');
    expect(description).toContain('Av. Paulista');
    expect(byType('contactMessage').body).toContain('FN:João Silva');
    expect(byType('contactsArrayMessage').body.match(/BEGIN:VCARD/g)).toHaveLength(2);
    const media = await k.t.as(k.tokens.u, { method: 'GET', url: `/api/whatsapp/midia/${byType('image').id}` });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const updates = received(a1.events, appMessageEvent(k.t.fixture.companyA)).filter(
      (e) => e.action === 'update' && e.message.mediaType === 'image',
    );
    expect(updates.at(-1)!.message.mediaUrl).toBe(`/api/whatsapp/midia/${byType('image').id}`);
    expect((await k.t.as(k.tokens.uB1, { method: 'GET', url: `/api/whatsapp/midia/${byType('image').id}` })).statusCode).toBe(
      404,
    );
  });

  it('links a reaction to the original message and marks a revoked message deleted (001 §3 Reaction, §8)', async () => {
    const original = await incoming({ from: '5511987654321', type: 'text', text: 'reaja aqui' });
    await incoming({ from: '5511987654321', type: 'reaction', targetId: original.key.id, emoji: '👍' });
    const rows = await k.messagesOf(leadId);
    const reaction = rows.find((r) => r.mediaType === 'reaction')!;
    expect(reaction).toMatchObject({ reactionTargetId: original.key.id, body: '👍' });
    const update = received(a1.events, appMessageEvent(k.t.fixture.companyA))
      .filter((e) => e.action === 'update' && e.message.messageId === original.key.id)
      .at(-1)!;
    expect(update.message.reactions).toMatchObject([{ emoji: '👍', fromMe: false, originalMessageId: original.key.id }]);
    await incoming({ from: '5511987654321', type: 'revoke', targetId: original.key.id });
    const deleted = (await k.messagesOf(leadId)).find((r) => r.messageId === original.key.id)!;
    expect(deleted.isDeleted).toBe(true);
  });

  it('applies an edit (ref §4.3 messages.edited): the new text shown, the first kept, the preview and the unit told', async () => {
    const original = await incoming({ from: '5511987654321', type: 'text', text: 'Quero 2 unidades' });
    a1.events.length = 0;
    await incoming({ from: '5511987654321', type: 'edit', targetId: original.key.id, text: 'Quero 3 unidades' });
    const row = (await k.messagesOf(leadId)).find((r) => r.messageId === original.key.id)!;
    expect(row).toMatchObject({ body: 'Quero 3 unidades', corpoOriginal: 'Quero 2 unidades' });
    expect(row.editadoEm).toBeInstanceOf(Date);
    const update = received(a1.events, appMessageEvent(k.t.fixture.companyA)).find(
      (e) => e.action === 'update' && e.message.messageId === original.key.id,
    )!;
    expect(update.message).toMatchObject({ body: 'Quero 3 unidades', editedAt: row.editadoEm!.toISOString() });
    const lead = await k.leadRow(leadId);
    expect(lead!.whatsappUltimaMensagemTexto).toBe('Quero 3 unidades');
    // A second edit keeps the very first text; other units hear nothing.
    await incoming({ from: '5511987654321', type: 'edit', targetId: original.key.id, text: 'Quero 4 unidades' });
    expect((await k.messagesOf(leadId)).find((r) => r.messageId === original.key.id)).toMatchObject({
      body: 'Quero 4 unidades',
      corpoOriginal: 'Quero 2 unidades',
    });
    expect(b1.events.some((e) => e.name.includes('appMessage'))).toBe(false);
  });

  it('an edit of a message Funil does not have changes nothing', async () => {
    const row = await k.instance(INST);
    const before = await k.messagesOf(leadId);
    const data = {
      key: { remoteJid: '5511987654321@s.whatsapp.net', fromMe: false, id: 'NAO-EXISTE' },
      type: 'MESSAGE_EDIT',
      editedMessage: { conversation: 'x' },
    };
    expect((await post({ event: 'messages.edited', instance: INST, data }, row.webhookSecret)).statusCode).toBe(200);
    expect(await k.messagesOf(leadId)).toEqual(before);
  });

  it('tries a failed media download again later, with a growing wait, and gives up after the last (media sweeper)', async () => {
    const ctx = whatsappContextOf(k.t.app);
    await k.emu$('POST', '/_emulator/media-failures', { count: 1 });
    const sent = await incoming({ from: '5511987654321', type: 'image', caption: 'segunda chance' });
    await k.settle();
    let row = (await k.messagesOf(leadId)).find((r) => r.messageId === sent.key.id)!;
    expect(row).toMatchObject({ mediaStatus: 'failed', mediaTentativas: 1 });
    const wait = row.mediaTentarEm!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    // Not due yet: nothing is tried.
    expect(await retryDueMedia(ctx, new Date())).toBe(0);
    a1.events.length = 0;
    expect(await retryDueMedia(ctx, new Date(Date.now() + 61_000))).toBe(1);
    await k.settle();
    row = (await k.messagesOf(leadId)).find((r) => r.messageId === sent.key.id)!;
    expect(row).toMatchObject({ mediaStatus: 'ready', mediaTentarEm: null });
    const update = received(a1.events, appMessageEvent(k.t.fixture.companyA)).find(
      (e) => e.action === 'update' && e.message.messageId === sent.key.id,
    )!;
    expect(update.message.mediaUrl).toBe(`/api/whatsapp/midia/${row.id}`);

    // Six failures: 1 min, 5 min, 15 min, 1 h, 3 h, 12 h, then no more sweeps.
    await k.emu$('POST', '/_emulator/media-failures', { count: 7 });
    const lost = await incoming({ from: '5511987654321', type: 'image', caption: 'sem sorte' });
    await k.settle();
    let at = Date.now();
    for (const delay of [60_000, 300_000, 900_000, 3_600_000, 10_800_000, 43_200_000]) {
      const current = (await k.messagesOf(leadId)).find((r) => r.messageId === lost.key.id)!;
      expect(current.mediaTentarEm!.getTime() - at).toBeGreaterThan(delay - 15_000);
      at = current.mediaTentarEm!.getTime() + 1_000;
      expect(await retryDueMedia(ctx, new Date(at))).toBe(1);
    }
    const given = (await k.messagesOf(leadId)).find((r) => r.messageId === lost.key.id)!;
    expect(given).toMatchObject({ mediaStatus: 'failed', mediaTentativas: 7, mediaTentarEm: null });
    expect(await retryDueMedia(ctx, new Date(at + 86_400_000))).toBe(0);
    await k.emu$('POST', '/_emulator/media-failures', { count: 0 });
  });

  it('issue 21 item 22: the media sweeps of two server processes at once try a due download once', async () => {
    const ctx = whatsappContextOf(k.t.app);
    // A second process's context: same database and gateway, its own memory.
    const other = { ...ctx, background: new Set<Promise<void>>() };
    await k.emu$('POST', '/_emulator/media-failures', { count: 1 });
    const sent = await incoming({ from: '5511987654321', type: 'image', caption: 'uma vez só' });
    await k.settle();
    expect((await k.messagesOf(leadId)).find((r) => r.messageId === sent.key.id)).toMatchObject({
      mediaStatus: 'failed',
      mediaTentativas: 1,
    });
    const at = new Date(Date.now() + 61_000);
    const tried = await Promise.all([retryDueMedia(ctx, at), retryDueMedia(other, at)]);
    expect(tried[0] + tried[1]).toBe(1);
    expect((await k.messagesOf(leadId)).find((r) => r.messageId === sent.key.id)).toMatchObject({
      mediaStatus: 'ready',
      mediaTentarEm: null,
    });
  });

  it("logs a missed call as 'Chamada de voz/vídeo perdida às HH:mm' (001 §8)", async () => {
    await incoming({ from: '5511987654321', type: 'call' });
    const call = (await k.messagesOf(leadId)).find((r) => r.mediaType === 'call_log')!;
    expect(call.body).toMatch(/^Chamada de voz\/vídeo perdida às \d{2}:\d{2}$/);
  });

  it('ignores group messages (ref §6 @g.us; docs/api.md)', async () => {
    const row = await k.instance(INST);
    const before = (await k.t.database.db.select().from(whatsappMensagens)).length;
    const data = {
      key: { remoteJid: '120363025246125486@g.us', fromMe: false, id: 'GROUP1', participant: '5511987654321@s.whatsapp.net' },
      message: { conversation: 'grupo' },
      messageType: 'conversation',
      messageTimestamp: 1729512000,
    };
    expect((await post({ event: 'messages.upsert', instance: INST, data }, row.webhookSecret)).statusCode).toBe(200);
    expect((await k.t.database.db.select().from(whatsappMensagens)).length).toBe(before);
  });

  it('relays qrcode.updated as whatsappSession with the QR (ref §4.3 QRCODE_UPDATED)', async () => {
    const row = await k.instance(INST);
    const qr = {
      event: 'qrcode.updated',
      instance: INST,
      data: { qrcode: { instance: INST, pairingCode: null, code: '2@abc', base64: 'data:image/png;base64,AAAA' } },
    };
    expect((await post(qr, row.webhookSecret)).statusCode).toBe(200);
    await vi.waitFor(() => {
      const last = a1.events.filter((e) => e.name === whatsappSessionEvent(k.t.fixture.companyA)).at(-1)?.payload as
        { instance: { qrcode: string; connectionStatus: string } } | undefined;
      expect(last?.instance).toMatchObject({ qrcode: 'data:image/png;base64,AAAA', connectionStatus: 'connecting' });
    });
    // The same emit reaches every room at once: once the right socket has it, a wrong one would have too.
    expect(b1.events.some((e) => e.name.includes('whatsappSession'))).toBe(false);
  });
});
