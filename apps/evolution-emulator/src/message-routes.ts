// Sends through the gateway (ref §3.7–§3.9 and Evolution v2's sendSticker): text, media (JSON or
// multipart), voice notes and stickers. A send checks the recipient (connection open, a programmed
// failure, on WhatsApp), stores the record, emits `send.message` and schedules its acks.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

import { guardInstance, isNotOnWhatsapp, parse, type BodyWithFile, type EmulatorContext } from './context.ts';
import { badRequest } from './http-error.ts';
import { createJid, isPnJid, jidUser } from './jid.ts';
import { programmedFailure } from './mass-send-controls.ts';
import { findStored, scheduleAutoAcks, store } from './message-store.ts';
import {
  contentType,
  MEDIA_TYPE_KEY,
  mediaContent,
  mimeFromFileName,
  newMessageId,
  normalizeContent,
  nowSeconds,
  type MediaKind,
} from './records.ts';
import type { Instance, MessageRecord, StoredMedia } from './types.ts';

const RAW_BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const isRawBase64 = (value: string): boolean => value.length % 4 === 0 && RAW_BASE64.test(value);
const isUrl = (value: string): boolean => /^https?:\/\//i.test(value);
const quotedSchema = z.object({
  key: z.object({ id: z.string().min(1), remoteJid: z.string().optional(), fromMe: z.boolean().optional() }),
  message: z.record(z.string(), z.unknown()).optional(),
});

const sendTextSchema = z.object({
  number: z.string().min(1),
  text: z.string().min(1),
  delay: z.number().optional(),
  linkPreview: z.boolean().optional(),
  quoted: quotedSchema.optional(),
  mentionsEveryOne: z.boolean().optional(),
  mentioned: z.array(z.string()).optional(),
});

const sendMediaSchema = z.object({
  number: z.string().min(1),
  mediatype: z.enum(['image', 'video', 'document', 'audio']),
  mimetype: z.string().optional(),
  caption: z.string().optional(),
  media: z.string().min(1),
  fileName: z.string().optional(),
  delay: z.coerce.number().optional(),
  quoted: quotedSchema.optional(),
});

const sendAudioSchema = z.object({
  number: z.string().min(1),
  audio: z.string().min(1),
  delay: z.coerce.number().optional(),
  encoding: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  quoted: quotedSchema.optional(),
});

const sendStickerSchema = z.object({
  number: z.string().min(1),
  sticker: z.string().min(1),
  delay: z.coerce.number().optional(),
  quoted: quotedSchema.optional(),
});

export const registerMessageRoutes = (app: FastifyInstance, ctx: EmulatorContext): void => {
  const resolveRecipient = (inst: Instance, number: string): string => {
    // emulator choice: a closed socket answers 400 "Connection Closed"
    if (inst.state !== 'open') throw badRequest('Connection Closed');
    const jid = createJid(number, ctx.jidOpts);
    const failure = programmedFailure(ctx, inst, jid);
    if (failure) throw failure;
    if (isPnJid(jid) && isNotOnWhatsapp(ctx, jidUser(jid))) {
      throw badRequest({ jid, exists: false, number });
    }
    return jid;
  };

  const quoteContext = (inst: Instance, quoted: z.infer<typeof quotedSchema> | undefined): Record<string, unknown> => {
    if (!quoted) return {};
    const stored = findStored(inst, quoted.key.id);
    const quotedMessage = quoted.message ?? stored?.record.message;
    const participant = stored
      ? stored.record.key.fromMe
        ? (inst.ownerJid ?? undefined)
        : stored.record.key.remoteJid
      : quoted.key.remoteJid;
    return {
      stanzaId: quoted.key.id,
      ...(participant ? { participant } : {}),
      ...(quotedMessage ? { quotedMessage: normalizeContent(quotedMessage) } : {}),
    };
  };

  const sendRecord = (
    inst: Instance,
    remoteJid: string,
    message: Record<string, unknown>,
    contextInfo: Record<string, unknown>,
    media?: StoredMedia,
  ): MessageRecord => {
    const record: MessageRecord = {
      key: { remoteJid, fromMe: true, id: newMessageId(true) },
      pushName: 'Você',
      status: 'PENDING',
      message,
      contextInfo,
      messageType: contentType(message),
      messageTimestamp: nowSeconds(),
      instanceId: inst.id,
      source: 'web',
    };
    const stored = store(inst, record, true, media);
    ctx.emit(inst, 'send.message', ctx.withBase64(inst, stored));
    scheduleAutoAcks(ctx, inst, stored);
    return record;
  };

  const mediaFrom = (raw: string | undefined, file: BodyWithFile['__file']): { data: Buffer | null; url?: string } => {
    if (file) return { data: file.data };
    if (raw === undefined) throw badRequest('Owned media must be a url or base64');
    if (isUrl(raw)) return { data: null, url: raw };
    // ref §3.8: a data: URL prefix fails isBase64
    if (!isRawBase64(raw)) throw badRequest('Owned media must be a url or base64');
    return { data: Buffer.from(raw, 'base64') };
  };

  // ref §3.7
  app.post<{ Params: { instanceName: string } }>('/message/sendText/:instanceName', async (req, reply) => {
    const inst = guardInstance(ctx, req);
    const body = parse(sendTextSchema, req.body);
    const jid = resolveRecipient(inst, body.number);
    const contextInfo = {
      mentionedJid: (body.mentioned ?? []).map((n) => createJid(n, ctx.jidOpts)),
      groupMentions: [],
      ...quoteContext(inst, body.quoted),
    };
    return reply.status(201).send(sendRecord(inst, jid, { conversation: body.text }, contextInfo));
  });

  // ref §3.8 (JSON or multipart with `file`)
  app.post<{ Params: { instanceName: string } }>('/message/sendMedia/:instanceName', async (req, reply) => {
    const inst = guardInstance(ctx, req);
    const raw = (req.body ?? {}) as BodyWithFile;
    const file = raw.__file;
    const rawQuoted = typeof raw.quoted === 'string' ? (JSON.parse(raw.quoted) as unknown) : raw.quoted;
    const body = parse(sendMediaSchema, {
      ...raw,
      quoted: rawQuoted,
      media: file ? 'file' : raw.media,
      fileName: raw.fileName ?? file?.filename,
    });
    const jid = resolveRecipient(inst, body.number);
    const src = mediaFrom(file ? undefined : body.media, file);
    if (!file && !src.url && body.mediatype === 'document' && !body.fileName) {
      throw badRequest('For base64 the file name must be informed.');
    }
    let mimetype = body.mimetype ?? file?.contentType ?? 'application/octet-stream';
    if (body.fileName) mimetype = mimeFromFileName(body.fileName) ?? mimetype;
    if (body.mediatype === 'image') mimetype = 'image/jpeg'; // re-encoded with sharp
    const kind: MediaKind = body.mediatype;
    const content = mediaContent({
      kind,
      data: src.data,
      mimetype,
      ...(body.caption !== undefined ? { caption: body.caption } : {}),
      ...(body.fileName ? { fileName: body.fileName } : {}),
      ...(kind === 'audio' ? { ptt: false } : {}),
    });
    if (src.url) content.url = src.url;
    const contextInfo = quoteContext(inst, body.quoted);
    const media: StoredMedia = {
      mimetype,
      ...(src.data ? { data: src.data } : {}),
      ...(src.url ? { url: src.url } : {}),
      ...(body.fileName ? { fileName: body.fileName } : {}),
    };
    const message = { [MEDIA_TYPE_KEY[kind]]: { ...content, ...(Object.keys(contextInfo).length ? { contextInfo } : {}) } };
    return reply.status(201).send(sendRecord(inst, jid, message, contextInfo, media));
  });

  /**
   * The common start of the single-file sends (§3.9 audio, sticker): JSON with the media in
   * `field` (URL or raw base64) or multipart with a `file`, `quoted` possibly as JSON text.
   */
  const readFileSend = <S extends z.ZodType<{ number: string; quoted?: z.infer<typeof quotedSchema> | undefined }>>(
    req: FastifyRequest<{ Params: { instanceName: string } }>,
    schema: S,
    field: string,
  ) => {
    const inst = guardInstance(ctx, req);
    const raw = (req.body ?? {}) as BodyWithFile;
    const file = raw.__file;
    const rawQuoted = typeof raw.quoted === 'string' ? (JSON.parse(raw.quoted) as unknown) : raw.quoted;
    const body = parse(schema, { ...raw, quoted: rawQuoted, [field]: file ? 'file' : raw[field] });
    const src = mediaFrom(file ? undefined : ((body as Record<string, unknown>)[field] as string), file);
    return { inst, body, file, jid: resolveRecipient(inst, body.number), src, contextInfo: quoteContext(inst, body.quoted) };
  };
  const storedMediaOf = (mimetype: string, src: ReturnType<typeof mediaFrom>): StoredMedia => ({
    mimetype,
    ...(src.data ? { data: src.data } : {}),
    ...(src.url ? { url: src.url } : {}),
  });

  // ref §3.9
  app.post<{ Params: { instanceName: string } }>('/message/sendWhatsAppAudio/:instanceName', async (req, reply) => {
    const { inst, body, file, jid, src, contextInfo } = readFileSend(req, sendAudioSchema, 'audio');
    const encode = body.encoding !== false && body.encoding !== 'false';
    const mimetype = encode ? 'audio/ogg; codecs=opus' : (file?.contentType ?? 'audio/mpeg');
    const content = mediaContent({ kind: 'audio', data: src.data, mimetype, ptt: encode });
    if (src.url) content.url = src.url;
    return reply.status(201).send(sendRecord(inst, jid, { audioMessage: content }, contextInfo, storedMediaOf(mimetype, src)));
  });

  // Evolution v2 sendSticker (SendStickerDto): the image becomes a webp stickerMessage.
  app.post<{ Params: { instanceName: string } }>('/message/sendSticker/:instanceName', async (req, reply) => {
    const { inst, jid, src, contextInfo } = readFileSend(req, sendStickerSchema, 'sticker');
    const mimetype = 'image/webp'; // converted with sharp
    const content = mediaContent({ kind: 'sticker', data: src.data, mimetype });
    if (src.url) content.url = src.url;
    const message = { stickerMessage: { ...content, ...(Object.keys(contextInfo).length ? { contextInfo } : {}) } };
    return reply.status(201).send(sendRecord(inst, jid, message, contextInfo, storedMediaOf(mimetype, src)));
  });
};
