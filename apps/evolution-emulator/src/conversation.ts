// The conversation simulator: a contact writes to an instance (control route
// /_emulator/instances/:name/messages, ref §4.3 MESSAGES_UPSERT and its kin: media, location,
// contacts, reactions, revokes, edits, missed calls, LID addressing of ref §7), and the demo's
// auto reply, which has random contacts write every `intervalMs`.
import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { pickAutoReply } from './auto-reply.ts';
import { controlInstance, isoNow, parse, type EmulatorContext } from './context.ts';
import { badRequest, conflict, notFound } from './http-error.ts';
import { createJid, isPnJid, jidUser, lidForPhone } from './jid.ts';
import { sampleMp4, sampleOggOpus, samplePdf, samplePng, sampleWebp } from './media-fixtures.ts';
import { advanceAck, findStored, store } from './message-store.ts';
import {
  contentType,
  MEDIA_TYPE_KEY,
  mediaContent,
  newMessageId,
  normalizeContent,
  nowSeconds,
  vcard,
  type MediaKind,
} from './records.ts';
import type { Instance, MessageKey, MessageRecord, StoredMedia, StoredMessage } from './types.ts';

const incomingTypes = {
  text: 'text',
  conversation: 'text',
  extendedTextMessage: 'text',
  image: 'image',
  imageMessage: 'image',
  video: 'video',
  videoMessage: 'video',
  audio: 'audio',
  audioMessage: 'audio',
  document: 'document',
  documentMessage: 'document',
  sticker: 'sticker',
  stickerMessage: 'sticker',
  location: 'location',
  locationMessage: 'location',
  contact: 'contact',
  contactMessage: 'contact',
  contacts: 'contacts',
  contactsArrayMessage: 'contacts',
  reaction: 'reaction',
  reactionMessage: 'reaction',
  revoke: 'revoke',
  protocolMessage: 'revoke',
  edit: 'edit',
  editedMessage: 'edit',
  call: 'call',
  call_log: 'call',
} as const;

export type IncomingKind = (typeof incomingTypes)[keyof typeof incomingTypes];

const incomingSchema = z.object({
  from: z.string().min(1),
  type: z.enum(Object.keys(incomingTypes) as [keyof typeof incomingTypes, ...(keyof typeof incomingTypes)[]]).default('text'),
  pushName: z.string().optional(),
  lid: z.boolean().optional(), // ref §7: address by @lid with remoteJidAlt = phone JID
  text: z.string().optional(),
  caption: z.string().optional(),
  fileName: z.string().optional(),
  media: z.string().optional(), // raw base64 to use instead of the generated file
  mimetype: z.string().optional(),
  quotedId: z.string().optional(),
  targetId: z.string().optional(), // reaction, revoke, edit
  emoji: z.string().optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  name: z.string().optional(),
  address: z.string().optional(),
  contacts: z.array(z.object({ name: z.string(), phone: z.string() })).optional(),
  isVideo: z.boolean().optional(),
  source: z.enum(['android', 'ios', 'web', 'desktop', 'unknown']).optional(),
  // Issue 23 §3: a text written from a click-to-WhatsApp ad (Baileys' contextInfo.externalAdReply).
  ad: z
    .object({
      sourceId: z.string().optional(),
      ctwaClid: z.string().optional(),
      title: z.string().optional(),
      body: z.string().optional(),
      sourceUrl: z.string().optional(),
      sourceType: z.string().default('ad'),
      // Where the contextInfo goes: data.contextInfo (Evolution 2.3.x), the content's own, or both.
      placement: z.enum(['data', 'message', 'both']).default('both'),
      // Only opaque fields (conversionSource, ctwaPayload), as some versions send: no externalAdReply.
      opaque: z.boolean().default(false),
    })
    .optional(),
});

export type IncomingMessageInput = z.input<typeof incomingSchema>;

/** The contextInfo of a message from a click-to-WhatsApp ad (Baileys/WAProto field names). */
function adContextInfo(ad: NonNullable<z.infer<typeof incomingSchema>['ad']>): Record<string, unknown> {
  const opaque = { conversionSource: 'FB_Ads', conversionDelaySeconds: 3, ctwaPayload: { 0: 8, 1: 1, 2: 18 } };
  if (ad.opaque) return opaque;
  return {
    ...opaque,
    entryPointConversionSource: 'ctwa_ad',
    entryPointConversionApp: 'facebook',
    externalAdReply: {
      title: ad.title ?? '',
      body: ad.body ?? '',
      mediaType: 'IMAGE',
      thumbnailUrl: 'https://scontent.xx.fbcdn.net/anuncio.jpg',
      sourceType: ad.sourceType,
      ...(ad.sourceId !== undefined ? { sourceId: ad.sourceId } : {}),
      sourceUrl: ad.sourceUrl ?? 'https://fb.me/anuncio',
      containsAutoReply: false,
      renderLargerThumbnail: true,
      showAdAttribution: true,
      ...(ad.ctwaClid !== undefined ? { ctwaClid: ad.ctwaClid } : {}),
    },
  };
}

/** Registers the control routes of the simulator and starts the auto reply when it is enabled. */
export const registerConversation = (app: FastifyInstance, ctx: EmulatorContext): { stopAutoReply(): void } => {
  let autoReplyTimer: NodeJS.Timeout | null = null;

  // ---- incoming (control route) ----
  const receive = (inst: Instance, input: z.infer<typeof incomingSchema>): unknown => {
    if (inst.state !== 'open') throw conflict(`The "${inst.name}" instance is not connected`);
    const kind: IncomingKind = incomingTypes[input.type];
    const fromDigits = input.from.includes('@') ? jidUser(input.from) : input.from.replace(/\D/g, '');
    const pnJid = createJid(fromDigits, ctx.jidOpts);
    const lidJid = lidForPhone(jidUser(pnJid));
    const pushName = input.pushName ?? inst.contacts.get(pnJid)?.pushName ?? `Contato ${fromDigits.slice(-4)}`;
    const id = newMessageId(false);
    // ref §7: remoteJid holds the addressing used, remoteJidAlt the other one
    const key: MessageKey = input.lid
      ? { remoteJid: lidJid, remoteJidAlt: pnJid, fromMe: false, id, participant: '', addressingMode: 'lid' }
      : { remoteJid: pnJid, remoteJidAlt: lidJid, fromMe: false, id, participant: '', addressingMode: 'pn' };
    inst.contacts.set(pnJid, { pushName });

    const target = (): StoredMessage => {
      if (!input.targetId) throw badRequest('targetId is required for this type');
      const found = findStored(inst, input.targetId);
      if (!found) throw notFound(`Message ${input.targetId} not found`);
      return found;
    };

    if (kind === 'revoke') {
      const t = target();
      const { remoteJid, fromMe, id: targetId, participant } = t.record.key;
      advanceAck(ctx, inst, t, 'DELETED');
      // ref §4.3 MESSAGES_DELETE: data is the raw key of the deleted message
      const data = { remoteJid, fromMe, id: targetId, ...(participant ? { participant } : {}) };
      ctx.emit(inst, 'messages.delete', data);
      return { event: 'messages.delete', data };
    }
    if (kind === 'edit') {
      const t = target();
      const text = input.text ?? '';
      t.record.message = { conversation: text };
      // ref §4.3: edits arrive as MESSAGES_EDITED with data = the protocolMessage
      const data = {
        key: t.record.key,
        type: 'MESSAGE_EDIT',
        editedMessage: { conversation: text },
        timestampMs: String(Date.now()),
      };
      ctx.emit(inst, 'messages.edited', data);
      return { event: 'messages.edited', data };
    }
    if (kind === 'call') {
      // Baileys call packets (ref §4.1 CALL); an offer then a timeout is a missed call
      const base = {
        id: randomBytes(16).toString('hex').toUpperCase(),
        from: pnJid,
        chatId: pnJid,
        date: isoNow(),
        isVideo: input.isVideo ?? false,
        isGroup: false,
        offline: false,
      };
      ctx.emit(inst, 'call', { ...base, status: 'offer' });
      ctx.emit(inst, 'call', { ...base, status: 'timeout' });
      return { event: 'call', data: { ...base, status: 'timeout' } };
    }

    let message: Record<string, unknown>;
    let media: StoredMedia | undefined;
    let contextInfo: Record<string, unknown> | undefined;
    if (input.quotedId) {
      const q = findStored(inst, input.quotedId);
      if (!q) throw notFound(`Message ${input.quotedId} not found`);
      contextInfo = {
        stanzaId: q.record.key.id,
        participant: q.record.key.fromMe ? (inst.ownerJid ?? '') : q.record.key.remoteJid,
        quotedMessage: normalizeContent(q.record.message),
      };
    }
    const mediaOf = (mediaKind: MediaKind, fallback: Buffer, mimetype: string, fileName?: string): void => {
      const data = input.media ? Buffer.from(input.media, 'base64') : fallback;
      const mt = input.mimetype ?? mimetype;
      media = { data, mimetype: mt, ...(fileName ? { fileName } : {}) };
      message = {
        [MEDIA_TYPE_KEY[mediaKind]]: {
          ...mediaContent({
            kind: mediaKind,
            data,
            mimetype: mt,
            ...(input.caption !== undefined ? { caption: input.caption } : {}),
            ...(fileName ? { fileName } : {}),
            mediaKeyAsObject: true,
          }),
          ...(contextInfo ? { contextInfo } : {}),
        },
      };
    };
    const ad = input.ad;
    const adContext = ad ? adContextInfo(ad) : undefined;
    switch (kind) {
      case 'text':
        // A message from an ad is an extendedTextMessage whose contextInfo carries the ad.
        message = adContext
          ? {
              extendedTextMessage: {
                text: input.text ?? 'Olá! Vi o anúncio e quero mais informações.',
                ...(ad?.placement !== 'data' ? { contextInfo: adContext } : {}),
              },
            }
          : { conversation: input.text ?? 'Olá!' };
        if (adContext && ad?.placement !== 'message') contextInfo = { ...contextInfo, ...adContext };
        break;
      case 'image':
        mediaOf('image', samplePng(), 'image/png');
        break;
      case 'video':
        mediaOf('video', sampleMp4(), 'video/mp4');
        break;
      case 'audio':
        mediaOf('audio', sampleOggOpus(), 'audio/ogg; codecs=opus');
        break;
      case 'document':
        mediaOf('document', samplePdf(), 'application/pdf', input.fileName ?? 'proposta.pdf');
        break;
      case 'sticker':
        mediaOf('sticker', sampleWebp(), 'image/webp');
        break;
      case 'location':
        message = {
          locationMessage: {
            degreesLatitude: input.latitude ?? -23.5613,
            degreesLongitude: input.longitude ?? -46.6565,
            name: input.name ?? 'Av. Paulista',
            address: input.address ?? 'Av. Paulista, 1578 - Bela Vista, São Paulo - SP',
            jpegThumbnail: samplePng().toString('base64'),
          },
        };
        break;
      case 'contact': {
        const c = input.contacts?.[0] ?? { name: 'João Silva', phone: '5511912345678' };
        message = { contactMessage: { displayName: c.name, vcard: vcard(c.name, c.phone) } };
        break;
      }
      case 'contacts': {
        const list = input.contacts ?? [
          { name: 'João Silva', phone: '5511912345678' },
          { name: 'Ana Souza', phone: '5521987654321' },
        ];
        message = {
          contactsArrayMessage: {
            displayName: `${list.length} contatos`,
            contacts: list.map((c) => ({ displayName: c.name, vcard: vcard(c.name, c.phone) })),
          },
        };
        break;
      }
      case 'reaction': {
        const t = target();
        message = {
          reactionMessage: {
            key: {
              remoteJid: t.record.key.remoteJid,
              fromMe: t.record.key.fromMe,
              id: t.record.key.id,
            },
            text: input.emoji ?? '👍',
            senderTimestampMs: String(Date.now()),
          },
        };
        break;
      }
    }
    message = { ...message!, messageContextInfo: { deviceListMetadata: {}, deviceListMetadataVersion: 2 } };
    const record: MessageRecord = {
      key,
      pushName,
      status: 'DELIVERY_ACK',
      message,
      ...(contextInfo ? { contextInfo } : {}),
      messageType: contentType(message),
      messageTimestamp: nowSeconds(),
      instanceId: inst.id,
      source: input.source ?? 'android',
    };
    const stored = store(inst, record, false, media);
    ctx.emit(inst, 'messages.upsert', ctx.withBase64(inst, stored));
    ctx.emit(inst, 'contacts.upsert', { remoteJid: key.remoteJid, pushName, profilePicUrl: null, instanceId: inst.id });
    return record;
  };

  // ---- auto reply (demo) ----
  const autoReplyTick = (): void => {
    const open = [...ctx.state.instances.values()].filter((i) => i.state === 'open');
    const inst = open[Math.floor(ctx.random() * open.length)];
    if (!inst) return;
    const sentTo = inst.messages
      .filter((m) => m.viaApi && isPnJid(m.record.key.remoteJid))
      .map((m) => jidUser(m.record.key.remoteJid));
    const phones = [...new Set([...ctx.state.autoReply.phones, ...sentTo])];
    const phone = phones[Math.floor(ctx.random() * phones.length)];
    if (!phone) return;
    const pick = pickAutoReply(ctx.random);
    receive(inst, { from: phone, lid: ctx.random() < ctx.state.autoReply.lidShare, ...pick });
  };

  const applyAutoReply = (): void => {
    if (autoReplyTimer) clearInterval(autoReplyTimer);
    autoReplyTimer = null;
    if (ctx.state.autoReply.enabled) {
      autoReplyTimer = setInterval(() => {
        try {
          autoReplyTick();
        } catch {
          // an instance that closed between ticks is simply skipped
        }
      }, ctx.state.autoReply.intervalMs);
    }
  };

  app.post<{ Params: { name: string } }>('/_emulator/instances/:name/messages', async (req, reply) => {
    const inst = controlInstance(ctx, req.params.name);
    return reply.status(201).send(receive(inst, parse(incomingSchema, req.body)));
  });

  app.post('/_emulator/auto-reply', async (req) => {
    const body = parse(
      z.object({
        enabled: z.boolean(),
        intervalMs: z.number().int().min(200).optional(),
        phones: z.array(z.string()).optional(),
        lidShare: z.number().min(0).max(1).optional(),
      }),
      req.body,
    );
    ctx.state.autoReply = {
      enabled: body.enabled,
      intervalMs: body.intervalMs ?? ctx.state.autoReply.intervalMs,
      phones: body.phones ?? ctx.state.autoReply.phones,
      lidShare: body.lidShare ?? ctx.state.autoReply.lidShare,
    };
    applyAutoReply();
    return ctx.state.autoReply;
  });

  applyAutoReply();

  applyAutoReply();

  return {
    stopAutoReply: () => {
      if (autoReplyTimer) clearInterval(autoReplyTimer);
      autoReplyTimer = null;
    },
  };
};
