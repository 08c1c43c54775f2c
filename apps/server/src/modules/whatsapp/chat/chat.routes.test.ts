// The chat API of the three channels (001 §7) on the one store, against the emulator over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildWhatsappClientsPath, emptyFilter, WHATSAPP_CLIENTS_LAYOUT } from '@funil/domain/leads/filter-segments';
import { whatsappClientSchema } from '@funil/domain/whatsapp-api/legacy-api';

import { WEBHOOK_EVENTS } from '../ingest/webhook.service.ts';
import { startKit, type Kit } from '../whatsapp-test-kit.ts';

let k: Kit;
let leadId: number;
let blockedId: number;
const INST = 'chat-a1';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

type Req = { method: string; url: string; body?: unknown };
type LoggedRequest = { method: string; url: string; apikey?: string; body: unknown };
const call = (token: string, r: Req) =>
  k.t.as(token, { method: r.method as 'GET', url: r.url, ...(r.body === undefined ? {} : { payload: r.body as object }) });
const requests = async () => (await k.emu$('GET', '/_emulator/requests')).json as LoggedRequest[];
const sends = async () => (await requests()).filter((r) => r.url.startsWith('/message/'));

beforeAll(async () => {
  k = await startKit();
  const f = k.t.fixture;
  expect((await call(k.tokens.a, { method: 'POST', url: '/api/instancias', body: { name: INST } })).statusCode).toBe(201);
  await k.emu$('POST', `/_emulator/instances/${INST}/scan`, { number: '5511900000002' });
  await k.settle();
  leadId = await k.addLead(f.unitA1, f.companyA, 'Paulo Lima', '11987650000');
  blockedId = await k.addLead(f.unitA1, f.companyA, 'Bloqueado', '11987651111', { whatsappBlocked: 1 });
}, 60_000);

afterAll(async () => {
  await k?.close();
});

describe('Instâncias (001 §2, §4)', () => {
  it(
    'lists the unit instances without the token or the webhook secret; only admins create (000 §6, ' +
      'decisions "Secrets stay on the server")',
    async () => {
      const row = await k.instance(INST);
      const list = await call(k.tokens.u, { method: 'GET', url: '/api/instancias' });
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toMatchObject([{ name: INST, connectionStatus: 'open', telefone: '11900000002' }]);
      const answers = [list.body];
      answers.push((await call(k.tokens.u, { method: 'GET', url: `/api/instance/connectionState/${INST}` })).body);
      const created = await call(k.tokens.a, { method: 'POST', url: '/api/instancias', body: { name: 'chat-a1-b' } });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ status: 'qr', instance: { connectionStatus: 'connecting' } });
      answers.push(created.body, (await call(k.tokens.a, { method: 'GET', url: '/api/instance/connect/chat-a1-b' })).body);
      const other = await k.instance('chat-a1-b');
      for (const body of answers)
        for (const secret of [row.token, row.webhookSecret, other.token, other.webhookSecret]) expect(body).not.toContain(secret);
      expect((await call(k.tokens.u, { method: 'POST', url: '/api/instancias', body: { name: 'nao-pode' } })).statusCode).toBe(
        403,
      );
      // In-process: the control route answers secrets as '***'.
      const createBody = k.emu.state.requests.find((r) => r.url === '/instance/create')!.body as Record<string, unknown>;
      expect(createBody).toMatchObject({
        instanceName: INST,
        integration: 'WHATSAPP-BAILEYS',
        qrcode: true,
        webhook: { url: `${k.appUrl}/api/webhooks/evolution`, headers: { 'x-funil-webhook-secret': row.webhookSecret } },
      });
      expect((createBody.webhook as { events: string[] }).events).toEqual(
        expect.arrayContaining([
          'MESSAGES_UPSERT',
          'SEND_MESSAGE',
          'MESSAGES_UPDATE',
          'MESSAGES_DELETE',
          'CONNECTION_UPDATE',
          'QRCODE_UPDATED',
        ]),
      );
      const logout = await call(k.tokens.a, { method: 'DELETE', url: '/api/instance/logout/chat-a1-b' });
      expect(logout.statusCode).toBe(200);
    },
  );

  it(
    'sets the webhook again on connect, so an instance subscribed by an older version gets the events ' +
      'added since (ref §4.1 webhook/set)',
    async () => {
      const row = await k.instance('chat-a1-b');
      // As an older Funil left it: without MESSAGES_EDITED.
      const old = await k.emu.app.inject({
        method: 'POST',
        url: `/webhook/set/${row.name}`,
        headers: { apikey: row.token },
        payload: {
          webhook: {
            enabled: true,
            url: `${k.appUrl}/api/webhooks/evolution`,
            headers: { 'x-funil-webhook-secret': row.webhookSecret },
            events: ['MESSAGES_UPSERT'],
          },
        },
      });
      expect(old.statusCode).toBe(201);
      expect((await call(k.tokens.a, { method: 'GET', url: `/api/instance/connect/${row.name}` })).statusCode).toBe(200);
      const webhook = k.emu.state.instances.get(row.name)!.webhook!;
      expect(webhook.events).toEqual([...WEBHOOK_EVENTS]);
      expect(webhook).toMatchObject({
        enabled: true,
        url: `${k.appUrl}/api/webhooks/evolution`,
        headers: { 'x-funil-webhook-secret': row.webhookSecret },
      });
    },
  );
});

describe('gateway channel (001 §7 "Instance-based gateway")', () => {
  it('sends exactly the contract body of ref §3.7, with the quoted key, and stores the message once', async () => {
    await k.emu$('DELETE', '/_emulator/requests');
    const res = await call(k.tokens.u, {
      method: 'POST',
      url: `/api/message/sendText/${INST}`,
      body: { number: '(11) 98765-0000', text: 'Olá, Paulo!' },
    });
    expect(res.statusCode).toBe(201);
    const message = res.json().message;
    expect(message).toMatchObject({ body: 'Olá, Paulo!', fromMe: true, ack: 1, mediaType: 'chat', cli_crm_id: leadId });
    const [send] = await sends();
    expect(send).toMatchObject({
      method: 'POST',
      url: `/message/sendText/${INST}`,
      body: { number: '5511987650000', text: 'Olá, Paulo!' },
    });
    // The control route masks secrets (issue 7 §6); the emulator's own record holds the key it got.
    expect(k.emu.state.requests.find((r) => r.url.startsWith('/message/'))!.apikey).toBe((await k.instance(INST)).token);
    const quoted = await call(k.tokens.u, {
      method: 'POST',
      url: `/api/message/sendText/${INST}`,
      body: { number: '11987650000', text: 'respondendo', quoted: { key: { id: message.messageId } } },
    });
    expect(quoted.statusCode).toBe(201);
    expect((await sends()).at(-1)!.body).toEqual({
      number: '5511987650000',
      text: 'respondendo',
      quoted: { key: { id: message.messageId } },
    });
    expect(quoted.json().message.quotedMsg).toMatchObject({ id: message.id, body: 'Olá, Paulo!', fromMe: true });
    await k.settle();
    expect((await k.messagesOf(leadId)).filter((r) => r.messageId === message.messageId)).toHaveLength(1);
    const lead = await k.leadRow(leadId);
    expect(lead).toMatchObject({
      whatsappUltimaMensagemFromMe: 1,
      whatsappUltimaMensagemTexto: 'respondendo',
      whatsappUltimaMensagemStatus: 1,
    });
  });

  it('sends media as raw base64 (ref §3.8) and serves the stored file', async () => {
    await k.emu$('DELETE', '/_emulator/requests');
    const res = await call(k.tokens.u, {
      method: 'POST',
      url: `/api/message/sendMedia/${INST}`,
      body: { number: '11987650000', mediatype: 'image', media: `data:image/png;base64,${PNG}`, caption: 'veja' },
    });
    expect(res.statusCode).toBe(201);
    expect((await sends())[0]!.body).toEqual({
      number: '5511987650000',
      mediatype: 'image',
      mimetype: 'image/png',
      caption: 'veja',
      media: PNG,
    });
    const file = await call(k.tokens.u, { method: 'GET', url: res.json().message.mediaUrl });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.toString('base64')).toBe(PNG);
    const audio = await call(k.tokens.u, {
      method: 'POST',
      url: `/api/message/sendWhatsAppAudio/${INST}`,
      body: { number: '11987650000', audio: PNG },
    });
    expect(audio.statusCode).toBe(201);
    expect((await sends()).at(-1)!.body).toEqual({ number: '5511987650000', audio: PNG });
  });

  it("refuses a blocked lead and sends nothing (001 §4 'WhatsApp block')", async () => {
    await k.emu$('DELETE', '/_emulator/requests');
    const res = await call(k.tokens.u, {
      method: 'POST',
      url: `/api/message/sendText/${INST}`,
      body: { number: '11987651111', text: 'oi' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Lead bloqueado para WhatsApp.');
    const legacy = await call(k.tokens.u, {
      method: 'POST',
      url: '/api/whatsapp/enviar/texto',
      body: { cli_crm_id: blockedId, mensagem: 'oi' },
    });
    expect(legacy.statusCode).toBe(409);
    expect(await requests()).toEqual([]);
  });

  it("answers 'Lead sem WhatsApp!' when the number is not on WhatsApp (001 §5, §8)", async () => {
    const f = k.t.fixture;
    await k.addLead(f.unitA1, f.companyA, 'Sem Zap', '11977776666');
    await k.emu$('POST', '/_emulator/numbers', { numbers: ['5511977776666', '551177776666'], onWhatsapp: false });
    const res = await call(k.tokens.u, {
      method: 'POST',
      url: `/api/message/sendText/${INST}`,
      body: { number: '11977776666', text: 'oi' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Lead sem WhatsApp!');
    expect((await sends()).filter((s) => (s.body as { number: string }).number.includes('77776666'))).toEqual([]);
  });

  it(
    'reads a conversation once: unread zeroed, incoming since the last own message marked read with ' +
      'phone JIDs (001 §4 "Reading", ref §3.12)',
    async () => {
      const r1 = await k.emu$('POST', `/_emulator/instances/${INST}/messages`, { from: '5511987650000', text: 'primeira' });
      // The gateway delivers webhooks without an order (ref §4.1): 'segunda' is sent once 'primeira' landed.
      await k.settle();
      const r2 = await k.emu$('POST', `/_emulator/instances/${INST}/messages`, {
        from: '5511987650000',
        text: 'segunda',
        lid: true,
      });
      expect([r1.status, r2.status]).toEqual([201, 201]);
      await k.settle();
      let lead = await k.leadRow(leadId);
      expect(lead!.whatsappUltimaMensagemNaoLidas).toBe(2);
      const read = await call(k.tokens.u, {
        method: 'POST',
        url: `/api/chat/markMessageAsRead/${INST}`,
        body: { number: '11987650000' },
      });
      expect(read.statusCode).toBe(201);
      expect(read.json().read).toBe(2);
      const receipts = (await k.emu$('GET', `/_emulator/instances/${INST}/read-receipts`)).json as { remoteJid: string }[];
      expect(receipts).toHaveLength(2);
      expect(receipts.every((r) => r.remoteJid === '5511987650000@s.whatsapp.net')).toBe(true);
      const again = await call(k.tokens.u, {
        method: 'POST',
        url: '/api/whatsapp/enviar/naolidas',
        body: { cli_crm_id: leadId },
      });
      expect(again.json().read).toBe(0);
      expect((await k.emu$('GET', `/_emulator/instances/${INST}/read-receipts`)).json).toHaveLength(2);
      lead = await k.leadRow(leadId);
      expect(lead!.whatsappUltimaMensagemNaoLidas).toBe(0);
    },
  );

  it('finds messages 50 a page, newest first (001 §9)', async () => {
    const res = await call(k.tokens.u, {
      method: 'POST',
      url: `/api/chat/findMessages/${INST}`,
      body: { where: { key: { remoteJid: '5511987650000@s.whatsapp.net' } }, page: 1 },
    });
    expect(res.statusCode).toBe(200);
    const page = res.json().messages;
    expect(page.currentPage).toBe(1);
    expect(page.records[0].body).toBe('segunda');
    expect(page.total).toBe(page.records.length);
  });

  it("answers 'WhatsApp desconectado' when the instance is not open (001 §8)", async () => {
    const res = await call(k.tokens.u, {
      method: 'POST',
      url: '/api/message/sendText/chat-a1-b',
      body: { number: '11987650000', text: 'oi' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('WhatsApp desconectado');
  });
});

describe('tenant isolation and bad input', () => {
  it("answers 404 for another unit's instance, lead, message and media, and changes nothing (000 §6)", async () => {
    const [row] = await k.messagesOf(leadId);
    const before = (await k.messagesOf(leadId)).length;
    for (const token of [k.tokens.uA2, k.tokens.uB1]) {
      expect(
        (
          await call(token, {
            method: 'POST',
            url: `/api/message/sendText/${INST}`,
            body: { number: '11987650000', text: 'intruso' },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await call(token, {
            method: 'POST',
            url: `/api/chat/findMessages/${INST}`,
            body: { where: { key: { remoteJid: '5511987650000@s.whatsapp.net' } } },
          })
        ).statusCode,
      ).toBe(404);
      expect((await call(token, { method: 'GET', url: `/api/whatsapp/mensagens/${leadId}` })).statusCode).toBe(404);
      expect(
        (
          await call(token, {
            method: 'POST',
            url: '/api/whatsapp/enviar/texto',
            body: { cli_crm_id: leadId, mensagem: 'intruso' },
          })
        ).statusCode,
      ).toBe(404);
      expect((await call(token, { method: 'DELETE', url: `/api/messages/${row!.id}` })).statusCode).toBe(404);
    }
    // Connecting is for admins (issue 7 §5): another company's admin gets 404.
    expect((await call(k.tokens.aB1, { method: 'GET', url: `/api/instance/connect/${INST}` })).statusCode).toBe(404);
    expect((await call(k.tokens.aB1, { method: 'DELETE', url: `/api/instance/logout/${INST}` })).statusCode).toBe(404);
    expect((await k.messagesOf(leadId)).length).toBe(before);
    expect((await k.instance(INST)).connectionStatus).toBe('open');
  });

  it('answers 400 to wrong types and 413 to a 10 MB base64, in Portuguese', async () => {
    const wrong = await call(k.tokens.u, {
      method: 'POST',
      url: `/api/message/sendText/${INST}`,
      body: { number: 11987650000, text: ['x'] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/[ãáéíóúçÁ]|inválid|esperado|Informe/i);
    const huge = 'A'.repeat(10 * 1024 * 1024);
    const big = await call(k.tokens.u, {
      method: 'POST',
      url: `/api/message/sendMedia/${INST}`,
      body: { number: '11987650000', mediatype: 'image', media: huge },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('A requisição é grande demais.');
    const bad = await call(k.tokens.u, {
      method: 'POST',
      url: `/api/message/sendMedia/${INST}`,
      body: { number: '11987650000', mediatype: 'image', media: 'não é base64!' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('legacy channel and company messaging backend (001 §7)', () => {
  it('lists clientes with the WHATSAPP_CLIENTS_LAYOUT segments and answers mensagens[] in the legacy shape', async () => {
    const path = buildWhatsappClientsPath({ ...emptyFilter(WHATSAPP_CLIENTS_LAYOUT), texto_busca: 'Paulo' });
    const res = await call(k.tokens.u, { method: 'GET', url: `/api/${path}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().clientes.map((c: { cli_crm_id: number }) => c.cli_crm_id)).toEqual([leadId]);
    // 001 §3: the list item carries the lead and its list-derived fields, nothing of the CRM row.
    expect(Object.keys(res.json().clientes[0]).sort()).toEqual(Object.keys(whatsappClientSchema.shape).sort());
    const messages = await call(k.tokens.u, { method: 'GET', url: `/api/whatsapp/mensagens/${leadId}` });
    expect(messages.statusCode).toBe(200);
    const list = messages.json().mensagens as {
      mensagem: string;
      tipo: number;
      mensagemTipo: number;
      image_imageUrl: string | null;
    }[];
    expect(list.find((m) => m.mensagem === 'Olá, Paulo!')).toMatchObject({ tipo: 2, mensagemTipo: 0 });
    expect(list.find((m) => m.mensagem === 'primeira')).toMatchObject({ tipo: 1 });
    expect(list.find((m) => m.mensagemTipo === 1)!.image_imageUrl).toMatch(/^\/api\/whatsapp\/midia\/\d+$/);
    const sent = await call(k.tokens.u, {
      method: 'POST',
      url: '/api/whatsapp/enviar/imagem',
      body: { cli_crm_id: leadId, image: `data:image/png;base64,${PNG}`, mensagem: 'legado' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().mensagem).toMatchObject({ mensagemTipo: 1, image_caption: 'legado', tipo: 2 });
    // 001 §7 whatsapp/enviar/sticker goes through the gateway's sticker route, not as an image.
    await k.emu$('DELETE', '/_emulator/requests');
    const sticker = await call(k.tokens.u, {
      method: 'POST',
      url: '/api/whatsapp/enviar/sticker',
      body: { cli_crm_id: leadId, sticker: `data:image/png;base64,${PNG}` },
    });
    expect(sticker.statusCode).toBe(201);
    const stickerSends = await sends();
    expect(stickerSends.map((r) => r.url)).toEqual([`/message/sendSticker/${INST}`]);
    expect(stickerSends[0]!.body).toEqual({ number: '5511987650000', sticker: PNG });
  });

  it('creates contact, ticket and messages; deletes only own messages (001 §6 "Delete a message")', async () => {
    const contact = await call(k.tokens.u, {
      method: 'POST',
      url: '/api/contacts',
      body: { number: '11987650000', name: 'Paulo Lima', email: '' },
    });
    expect(contact.statusCode).toBe(200);
    expect(contact.json().id).toBe(leadId);
    const ticket = await call(k.tokens.u, {
      method: 'POST',
      url: '/api/tickets',
      body: { contactId: leadId, queueId: null, userId: null, status: 'open', whatsappId: null },
    });
    expect(ticket.statusCode).toBe(201);
    const ticketId = ticket.json().id as number;
    const sent = await call(k.tokens.u, {
      method: 'POST',
      url: `/api/messages/${ticketId}`,
      body: { read: true, fromMe: true, mediaUrl: null, body: 'pelo ticket', quotedMsg: null },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toMatchObject({ ticketId, body: 'pelo ticket' });
    const page = await call(k.tokens.u, { method: 'GET', url: `/api/messages/${ticketId}?pageNumber=1` });
    expect(page.statusCode).toBe(200);
    expect(page.json().messages[0].body).toBe('pelo ticket');
    const incoming = (await k.messagesOf(leadId)).find((m) => !m.fromMe)!;
    expect((await call(k.tokens.u, { method: 'DELETE', url: `/api/messages/${incoming.id}` })).statusCode).toBe(403);
    const del = await call(k.tokens.u, { method: 'DELETE', url: `/api/messages/${sent.json().message.id}` });
    expect(del.statusCode).toBe(200);
    expect(del.json().data.isDeleted).toBe(true);
    expect((await call(k.tokens.uB1, { method: 'GET', url: `/api/messages/${ticketId}` })).statusCode).toBe(404);
  });

  it('POST /messages/{ticketId} also takes multipart with fromMe, medias and body (001 §7); a file too large changes nothing', async () => {
    const ticket = await call(k.tokens.u, {
      method: 'POST',
      url: '/api/tickets',
      body: { contactId: leadId, queueId: null, userId: null, status: 'open', whatsappId: null },
    });
    const ticketId = ticket.json().id as number;
    const boundary = '----funil-midia';
    const form = (parts: { name: string; value: Buffer | string; filename?: string; type?: string }[]) =>
      Buffer.concat([
        ...parts.flatMap((p) => [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; ` +
              `name="${p.name}"${p.filename ? `; filename="${p.filename}"\r\nContent-Type: ${p.type}` : ''}\r\n\r\n`,
          ),
          Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
          Buffer.from('\r\n'),
        ]),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
    const post = (payload: Buffer) =>
      k.t.as(k.tokens.u, {
        method: 'POST',
        url: `/api/messages/${ticketId}`,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });

    await k.emu$('DELETE', '/_emulator/requests');
    const before = (await k.messagesOf(leadId)).length;
    const sent = await post(
      form([
        { name: 'fromMe', value: 'true' },
        { name: 'body', value: 'segue a foto' },
        { name: 'medias', value: Buffer.from(PNG, 'base64'), filename: 'foto.png', type: 'image/png' },
      ]),
    );
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toMatchObject({ ticketId, body: 'segue a foto', mediaType: 'image' });
    expect((await sends())[0]!.body).toEqual({
      number: '5511987650000',
      mediatype: 'image',
      mimetype: 'image/png',
      caption: 'segue a foto',
      media: PNG,
      fileName: 'foto.png',
    });
    expect((await k.messagesOf(leadId)).length).toBe(before + 1);

    await k.emu$('DELETE', '/_emulator/requests');
    const big = await post(
      form([{ name: 'medias', value: Buffer.alloc(6_500_000, 1), filename: 'grande.pdf', type: 'application/pdf' }]),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Arquivo muito grande!');
    const empty = await post(
      form([
        { name: 'fromMe', value: 'true' },
        { name: 'quotedMsg', value: '{"id":"x"}' },
      ]),
    );
    expect(empty.statusCode).toBe(400);
    expect(await requests()).toEqual([]);
    expect((await k.messagesOf(leadId)).length).toBe(before + 1);
  });

  it('POST /api/webhook/lead answers data.cliente.cli_crm_id, creating the lead when new (001 §7)', async () => {
    const res = await call(k.tokens.u, {
      method: 'POST',
      url: '/api/webhook/lead',
      body: { cli_nome: 'Nova Pessoa', cli_telefone: '(11) 93333-2222', company: k.t.fixture.companyA, idTicket: null },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.cliente.cli_crm_id as number;
    const lead = await k.leadRow(id);
    expect(lead).toMatchObject({ idUnidade: k.t.fixture.unitA1, cliTelefone: '11933332222', cliTipoLead: 4 });
    const again = await call(k.tokens.u, {
      method: 'POST',
      url: '/api/webhook/lead',
      body: { cli_nome: 'Nova Pessoa', cli_telefone: '1133332222' },
    });
    expect(again.json().data.cliente.cli_crm_id).toBe(id);
  });
});
