import { afterAll, beforeEach, describe, expect, it } from 'vitest';

import { createEmulator, type Emulator } from './emulator.ts';
import { samplePng, sampleWebp } from './media-fixtures.ts';

const GLOBAL = 'global-key-xyz';
const emu: Emulator = createEmulator({ globalApiKey: GLOBAL, autoAck: false });
afterAll(() => emu.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let seq = 0;
let name = '';
let token = '';

const post = async (url: string, payload: unknown, apikey = token) => {
  const res = await emu.app.inject({ method: 'POST', url, headers: { apikey }, payload: payload as Json });
  return { status: res.statusCode, body: res.json() as Json };
};
const control = async (url: string, payload: unknown) => {
  const res = await emu.app.inject({
    headers: emu.controlHeaders,
    method: 'POST',
    url: `/_emulator/instances/${name}${url}`,
    payload: payload as Json,
  });
  return { status: res.statusCode, body: res.json() as Json };
};

beforeEach(async () => {
  name = `msg-${++seq}`;
  const res = await emu.app.inject({
    method: 'POST',
    url: '/instance/create',
    headers: { apikey: GLOBAL },
    payload: { instanceName: name, integration: 'WHATSAPP-BAILEYS' },
  });
  token = (res.json() as Json).hash as string;
  await control('/scan', { number: '5511999990000' });
});

describe('§3.7 message/sendText', () => {
  it('§3.7 answers 201 with the stored message record (pushName "Você", PENDING, number timestamp)', async () => {
    const res = await post(`/message/sendText/${name}`, { number: '+55 (11) 98888-7777', text: 'Olá!' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: true },
      pushName: 'Você',
      status: 'PENDING',
      message: { conversation: 'Olá!' },
      contextInfo: { mentionedJid: [], groupMentions: [] },
      messageType: 'conversation',
      source: 'web',
    });
    expect(res.body.key.id).toMatch(/^3EB0[0-9A-F]+$/);
    expect(typeof res.body.messageTimestamp).toBe('number');
    expect(res.body.instanceId).toBe(emu.state.instances.get(name)?.id);
  });

  it('§3.7 key.remoteJid is the resolved JID (BR 9th digit dropped for DDD >= 31)', async () => {
    const res = await post(`/message/sendText/${name}`, { number: '5531987654321', text: 'oi' });
    expect(res.body.key.remoteJid).toBe('553187654321@s.whatsapp.net');
    const sp = await post(`/message/sendText/${name}`, { number: '5511987654321', text: 'oi' });
    expect(sp.body.key.remoteJid).toBe('5511987654321@s.whatsapp.net');
  });

  it('§3.7 quoted with key.id alone fills contextInfo from the stored message', async () => {
    const incoming = await control('/messages', { from: '5511977776666', type: 'text', text: 'quero um orçamento' });
    const res = await post(`/message/sendText/${name}`, {
      number: '5511977776666',
      text: 'claro!',
      quoted: { key: { id: incoming.body.key.id } },
    });
    expect(res.body.contextInfo).toMatchObject({
      stanzaId: incoming.body.key.id,
      participant: '5511977776666@s.whatsapp.net',
      quotedMessage: { conversation: 'quero um orçamento' },
    });
  });

  it('§3.7 a number not on WhatsApp gives 400 with [{jid, exists:false, number}]', async () => {
    await emu.app.inject({
      headers: emu.controlHeaders,
      method: 'POST',
      url: '/_emulator/numbers',
      payload: { numbers: ['5511900001111'], onWhatsapp: false },
    });
    const res = await post(`/message/sendText/${name}`, { number: '5511900001111', text: 'oi' });
    expect(res).toEqual({
      status: 400,
      body: {
        status: 400,
        error: 'Bad Request',
        response: { message: [{ jid: '5511900001111@s.whatsapp.net', exists: false, number: '5511900001111' }] },
      },
    });
  });

  it('§3.7 a missing text is a 400 envelope', async () => {
    const res = await post(`/message/sendText/${name}`, { number: '5511988887777' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Bad Request');
    expect(Array.isArray(res.body.response.message)).toBe(true);
  });
});

describe('§3.8/§3.9 sendMedia and sendWhatsAppAudio', () => {
  it('§3.8 raw base64 image answers 201 with imageMessage fields; mimetype becomes image/jpeg', async () => {
    const media = samplePng().toString('base64');
    const res = await post(`/message/sendMedia/${name}`, {
      number: '5511988887777',
      mediatype: 'image',
      mimetype: 'image/png',
      caption: 'Legenda',
      media,
    });
    expect(res.status).toBe(201);
    expect(res.body.messageType).toBe('imageMessage');
    const img = res.body.message.imageMessage;
    expect(img).toMatchObject({
      mimetype: 'image/jpeg',
      caption: 'Legenda',
      height: 16,
      width: 16,
      fileLength: String(samplePng().length),
    });
    for (const field of ['url', 'fileSha256', 'mediaKey', 'fileEncSha256', 'directPath', 'mediaKeyTimestamp', 'jpegThumbnail']) {
      expect(img).toHaveProperty(field);
    }
    const b64 = await post(`/chat/getBase64FromMediaMessage/${name}`, { message: { key: { id: res.body.key.id } } });
    expect(b64.body.base64).toBe(media);
  });

  it('§3.8 a data: URL prefix fails with 400 "Owned media must be a url or base64"', async () => {
    const res = await post(`/message/sendMedia/${name}`, {
      number: '5511988887777',
      mediatype: 'image',
      media: `data:image/png;base64,${samplePng().toString('base64')}`,
    });
    expect(res.status).toBe(400);
    expect(res.body.response.message).toEqual(['Owned media must be a url or base64']);
  });

  it('§3.8 a base64 document needs fileName; with it the mimetype comes from the extension', async () => {
    const media = Buffer.from('%PDF-1.4').toString('base64');
    const missing = await post(`/message/sendMedia/${name}`, { number: '5511988887777', mediatype: 'document', media });
    expect(missing.status).toBe(400);
    const res = await post(`/message/sendMedia/${name}`, {
      number: '5511988887777',
      mediatype: 'document',
      mimetype: 'application/octet-stream',
      media,
      fileName: 'proposta.pdf',
    });
    expect(res.status).toBe(201);
    expect(res.body.message.documentMessage).toMatchObject({
      fileName: 'proposta.pdf',
      title: 'proposta.pdf',
      mimetype: 'application/pdf',
    });
  });

  it('§3.8 a URL media is kept as url', async () => {
    const res = await post(`/message/sendMedia/${name}`, {
      number: '5511988887777',
      mediatype: 'video',
      mimetype: 'video/mp4',
      media: 'https://example.com/v.mp4',
    });
    expect(res.status).toBe(201);
    expect(res.body.message.videoMessage).toMatchObject({
      url: 'https://example.com/v.mp4',
      mimetype: 'video/mp4',
      gifPlayback: false,
    });
  });

  it('§2 sendMedia also takes multipart with a file field', async () => {
    const boundary = 'XyZ123';
    const pdf = Buffer.from('%PDF-1.4 test');
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="number"\r\n\r\n5511988887777\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="mediatype"\r\n\r\ndocument\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contrato.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await emu.app.inject({
      method: 'POST',
      url: `/message/sendMedia/${name}`,
      headers: { apikey: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as Json;
    expect(body.message.documentMessage).toMatchObject({
      fileName: 'contrato.pdf',
      mimetype: 'application/pdf',
      fileLength: String(pdf.length),
    });
  });

  it('§3.9 sendWhatsAppAudio answers an audioMessage voice note in ogg/opus', async () => {
    const res = await post(`/message/sendWhatsAppAudio/${name}`, {
      number: '5511988887777',
      audio: Buffer.from('ID3fake-mp3').toString('base64'),
    });
    expect(res.status).toBe(201);
    expect(res.body.messageType).toBe('audioMessage');
    expect(res.body.message.audioMessage).toMatchObject({ mimetype: 'audio/ogg; codecs=opus', ptt: true });
    expect(typeof res.body.message.audioMessage.seconds).toBe('number');
  });
});

describe('control: /_emulator/media-failures', () => {
  it('makes the next getBase64FromMediaMessage calls fail with 400, then answers again', async () => {
    const res = await post(`/message/sendMedia/${name}`, {
      number: '5511988887777',
      mediatype: 'image',
      media: samplePng().toString('base64'),
    });
    await emu.app.inject({
      headers: emu.controlHeaders,
      method: 'POST',
      url: '/_emulator/media-failures',
      payload: { count: 1 },
    });
    const failed = await post(`/chat/getBase64FromMediaMessage/${name}`, { message: { key: { id: res.body.key.id } } });
    expect(failed.status).toBe(400);
    const ok = await post(`/chat/getBase64FromMediaMessage/${name}`, { message: { key: { id: res.body.key.id } } });
    expect(ok.status).toBe(200);
  });
});

describe('sendSticker (Evolution v2 SendStickerDto)', () => {
  it('answers 201 with a webp stickerMessage whose media getBase64FromMediaMessage returns', async () => {
    const sticker = sampleWebp().toString('base64');
    const res = await post(`/message/sendSticker/${name}`, { number: '5511988887777', sticker });
    expect(res.status).toBe(201);
    expect(res.body.messageType).toBe('stickerMessage');
    expect(res.body.message.stickerMessage).toMatchObject({ mimetype: 'image/webp' });
    const b64 = await post(`/chat/getBase64FromMediaMessage/${name}`, { message: { key: { id: res.body.key.id } } });
    expect(b64.body.base64).toBe(sticker);
    const bad = await post(`/message/sendSticker/${name}`, { number: '5511988887777' });
    expect(bad.status).toBe(400);
  });
});

describe('§3.10-§3.13 chat routes', () => {
  it('§3.10 whatsappNumbers answers exists/jid/number; @lid always exists; name from the contact', async () => {
    await control('/messages', { from: '5511955554444', pushName: 'Fulano', text: 'oi' });
    await emu.app.inject({
      headers: emu.controlHeaders,
      method: 'POST',
      url: '/_emulator/numbers',
      payload: { numbers: ['5511900002222'], onWhatsapp: false },
    });
    const res = await post(`/chat/whatsappNumbers/${name}`, {
      numbers: ['5511955554444', '5511900002222', '123456789012345@lid', '5531987654321'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { exists: true, jid: '5511955554444@s.whatsapp.net', number: '5511955554444', name: 'Fulano' },
      { exists: false, jid: '5511900002222@s.whatsapp.net', number: '5511900002222' },
      { exists: true, jid: '123456789012345@lid', number: '123456789012345@lid', lid: 'lid' },
      { exists: true, jid: '553187654321@s.whatsapp.net', number: '5531987654321' },
    ]);
  });

  it('§3.11 findMessages pages with offset as page size, newest first, MessageUpdate[] and no status', async () => {
    const jid = '5511944443333@s.whatsapp.net';
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await post(`/message/sendText/${name}`, { number: '5511944443333', text: `m${i}` })).body.key.id);
    await post(`/message/sendText/${name}`, { number: '5511911112222', text: 'other chat' });
    await control(`/messages/${ids[4]}/ack`, { status: 'SERVER_ACK' });
    await control(`/messages/${ids[4]}/ack`, { status: 'DELIVERY_ACK' });
    const page1 = await post(`/chat/findMessages/${name}`, { where: { key: { remoteJid: jid } }, page: 1, offset: 2 });
    expect(page1.status).toBe(200);
    expect(page1.body.messages).toMatchObject({ total: 5, pages: 3, currentPage: 1 });
    const recs = page1.body.messages.records as Json[];
    expect(recs.map((r) => r.message.conversation)).toEqual(['m4', 'm3']);
    expect(recs[0]).toMatchObject({
      key: { id: ids[4] },
      pushName: 'Você',
      MessageUpdate: [{ status: 'SERVER_ACK' }, { status: 'DELIVERY_ACK' }],
      contextInfo: { groupMentions: [] },
    });
    expect(recs[0]!.id).toMatch(/^c[a-z0-9]{24}$/);
    expect(recs[0]).not.toHaveProperty('status');
    const page3 = await post(`/chat/findMessages/${name}`, { where: { key: { remoteJid: jid } }, page: 3, offset: 2 });
    expect((page3.body.messages.records as Json[]).map((r) => r.message.conversation)).toEqual(['m0']);
    const defaults = await post(`/chat/findMessages/${name}`, { where: { key: { remoteJid: jid } } });
    expect(defaults.body.messages).toMatchObject({ total: 5, pages: 1, currentPage: 1 });
  });

  it('§3.11 fromMe:false is ignored; the timestamp filter needs both gte and lte', async () => {
    await post(`/message/sendText/${name}`, { number: '5511933332222', text: 'mine' });
    await control('/messages', { from: '5511933332222', text: 'theirs' });
    const jid = '5511933332222@s.whatsapp.net';
    const notMine = await post(`/chat/findMessages/${name}`, { where: { key: { remoteJid: jid, fromMe: false } } });
    expect(notMine.body.messages.total).toBe(2);
    const mine = await post(`/chat/findMessages/${name}`, { where: { key: { remoteJid: jid, fromMe: true } } });
    expect(mine.body.messages.total).toBe(1);
    const onlyGte = await post(`/chat/findMessages/${name}`, {
      where: { key: { remoteJid: jid }, messageTimestamp: { gte: '2100-01-01T00:00:00Z' } },
    });
    expect(onlyGte.body.messages.total).toBe(2);
    const past = await post(`/chat/findMessages/${name}`, {
      where: { key: { remoteJid: jid }, messageTimestamp: { gte: '2000-01-01T00:00:00Z', lte: '2000-01-02T00:00:00Z' } },
    });
    expect(past.body.messages.total).toBe(0);
  });

  it('§3.12 markMessageAsRead answers 201 and silently drops @lid keys', async () => {
    const res = await post(`/chat/markMessageAsRead/${name}`, {
      readMessages: [
        { remoteJid: '123456789012345@lid', fromMe: false, id: 'A1' },
        { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'A2' },
      ],
    });
    expect(res).toEqual({ status: 201, body: { message: 'Read messages', read: 'success' } });
    const receipts = await emu.app.inject({
      headers: emu.controlHeaders,
      method: 'GET',
      url: `/_emulator/instances/${name}/read-receipts`,
    });
    expect(receipts.json()).toEqual([{ remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'A2' }]);
    const invalid = await post(`/chat/markMessageAsRead/${name}`, {
      readMessages: [{ remoteJid: '5511988887777@s.whatsapp.net', id: 'A3' }],
    });
    expect(invalid.status).toBe(400);
  });

  it('§3.13 getBase64FromMediaMessage returns the contact media (PNG, OGG, PDF, WebP)', async () => {
    const expectations = [
      ['image', 'imageMessage', 'image/png', 'iVBORw0KGgo'],
      ['audio', 'audioMessage', 'audio/ogg; codecs=opus', 'T2dnUw'],
      ['document', 'documentMessage', 'application/pdf', 'JVBERi0'],
      ['sticker', 'stickerMessage', 'image/webp', 'UklGR'],
    ] as const;
    for (const [type, mediaType, mimetype, prefix] of expectations) {
      const incoming = await control('/messages', { from: '5511922223333', type });
      const res = await post(`/chat/getBase64FromMediaMessage/${name}`, {
        message: { key: { id: incoming.body.key.id } },
        convertToMp4: false,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ mediaType, mimetype });
      expect(res.body.base64.startsWith(prefix)).toBe(true);
      expect(res.body.size.fileLength).toBe(Buffer.from(res.body.base64, 'base64').length);
    }
  });

  it('§3.13 getBase64FromMediaMessage on a text message is a 400', async () => {
    const incoming = await control('/messages', { from: '5511922223333', text: 'oi' });
    const res = await post(`/chat/getBase64FromMediaMessage/${name}`, { message: { key: { id: incoming.body.key.id } } });
    expect(res.status).toBe(400);
  });
});

describe('§6/§7 incoming message records', () => {
  it('§7 a @lid contact message carries remoteJidAlt with the phone JID and addressingMode lid', async () => {
    const res = await control('/messages', {
      from: '5511988887777',
      lid: true,
      pushName: 'Maria',
      text: 'Oi, quero um orçamento',
    });
    expect(res.status).toBe(201);
    expect(res.body.key).toMatchObject({ fromMe: false, remoteJidAlt: '5511988887777@s.whatsapp.net', addressingMode: 'lid' });
    expect(res.body.key.remoteJid).toMatch(/^\d{15}@lid$/);
    expect(res.body).toMatchObject({
      pushName: 'Maria',
      status: 'DELIVERY_ACK',
      messageType: 'conversation',
      message: { conversation: 'Oi, quero um orçamento', messageContextInfo: { deviceListMetadataVersion: 2 } },
      source: 'android',
    });
    expect(res.body).not.toHaveProperty('contextInfo');
    // §7 find messages: filter by the JID actually stored in key.remoteJid
    const byLid = await post(`/chat/findMessages/${name}`, { where: { key: { remoteJid: res.body.key.remoteJid } } });
    expect(byLid.body.messages.total).toBe(1);
  });

  it('§6 variants: location, contact, contactsArray, reaction, video', async () => {
    const loc = await control('/messages', { from: '5511911110000', type: 'location' });
    expect(loc.body.messageType).toBe('locationMessage');
    expect(loc.body.message.locationMessage).toHaveProperty('degreesLatitude');
    const card = await control('/messages', {
      from: '5511911110000',
      type: 'contactMessage',
      contacts: [{ name: 'Ana', phone: '5511912345678' }],
    });
    expect(card.body.message.contactMessage).toMatchObject({ displayName: 'Ana' });
    expect(card.body.message.contactMessage.vcard).toContain('waid=5511912345678');
    const many = await control('/messages', { from: '5511911110000', type: 'contacts' });
    expect(many.body.messageType).toBe('contactsArrayMessage');
    expect(many.body.message.contactsArrayMessage.contacts).toHaveLength(2);
    const reaction = await control('/messages', {
      from: '5511911110000',
      type: 'reaction',
      targetId: loc.body.key.id,
      emoji: '❤️',
    });
    expect(reaction.body.message.reactionMessage).toMatchObject({ key: { id: loc.body.key.id, fromMe: false }, text: '❤️' });
    const video = await control('/messages', { from: '5511911110000', type: 'video', caption: 'olha' });
    expect(video.body.message.videoMessage).toMatchObject({ mimetype: 'video/mp4', caption: 'olha', gifPlayback: false });
  });

  it('§6 incoming bytes fields may be index-keyed objects (mediaKey)', async () => {
    const img = await control('/messages', { from: '5511911110000', type: 'image' });
    const mediaKey = img.body.message.imageMessage.mediaKey as Record<string, number>;
    expect(typeof mediaKey).toBe('object');
    expect(Object.keys(mediaKey)).toHaveLength(32);
  });

  it('control: a message to a closed instance is refused with 409', async () => {
    await emu.app.inject({
      headers: emu.controlHeaders,
      method: 'POST',
      url: `/_emulator/instances/${name}/disconnect`,
      payload: { statusReason: 401 },
    });
    const res = await control('/messages', { from: '5511911110000', text: 'oi' });
    expect(res.status).toBe(409);
  });
});
