// The chat routes (ref §3.10–§3.13): which numbers are on WhatsApp, the stored messages (with the
// reference's paging and filter traps), read receipts, and a message's media as base64 (which can
// be made to fail: control route /_emulator/media-failures).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { guardInstance, isNotOnWhatsapp, parse, type EmulatorContext } from './context.ts';
import { badRequest } from './http-error.ts';
import { createJid, isGroupJid, isLidJid, isPnJid, jidUser } from './jid.ts';
import { findStored } from './message-store.ts';
import { MEDIA_TYPE_KEY } from './records.ts';

const findMessagesSchema = z.object({
  where: z
    .object({
      id: z.string().optional(),
      key: z
        .object({
          id: z.string().optional(),
          remoteJid: z.string().optional(),
          fromMe: z.boolean().optional(),
          participant: z.string().optional(),
          remoteJidAlt: z.string().optional(),
        })
        .optional(),
      messageType: z.string().optional(),
      source: z.string().optional(),
      messageTimestamp: z.object({ gte: z.string().optional(), lte: z.string().optional() }).optional(),
    })
    .optional(),
  page: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(1).optional(),
});

// ref §3.12: all three fields required
const markReadSchema = z.object({
  readMessages: z.array(z.object({ remoteJid: z.string(), fromMe: z.boolean(), id: z.string() })).min(1),
});

export const registerChatRoutes = (app: FastifyInstance, ctx: EmulatorContext): void => {
  // ref §3.10
  app.post<{ Params: { instanceName: string } }>('/chat/whatsappNumbers/:instanceName', async (req) => {
    const inst = guardInstance(ctx, req);
    const body = parse(z.object({ numbers: z.array(z.string()).min(1) }), req.body);
    return body.numbers.map((number) => {
      if (isLidJid(number)) return { exists: true, jid: number, number, lid: 'lid' };
      const jid = createJid(number, ctx.jidOpts);
      if (isGroupJid(jid)) return { exists: true, jid, number };
      const exists = !isNotOnWhatsapp(ctx, jidUser(jid));
      const name = inst.contacts.get(jid)?.pushName;
      return { exists, jid, number, ...(exists && name ? { name } : {}) };
    });
  });

  // ref §3.11: offset is the page size, page is 1-based, newest first
  app.post<{ Params: { instanceName: string } }>('/chat/findMessages/:instanceName', async (req) => {
    const inst = guardInstance(ctx, req);
    const body = parse(findMessagesSchema, req.body);
    const where = body.where ?? {};
    const k = where.key ?? {};
    const size = body.offset ?? 50;
    const page = body.page ?? 1;
    const gte = where.messageTimestamp?.gte;
    const lte = where.messageTimestamp?.lte;
    const from = gte && lte ? Math.floor(new Date(gte).getTime() / 1000) : null;
    const to = gte && lte ? Math.floor(new Date(lte).getTime() / 1000) : null;
    const matches = inst.messages.filter(({ record: r, dbId }) => {
      if (where.id && dbId !== where.id) return false;
      if (k.id && r.key.id !== k.id) return false;
      if (k.fromMe && !r.key.fromMe) return false; // fromMe:false is ignored
      if (k.remoteJid && r.key.remoteJid !== k.remoteJid && !(k.remoteJidAlt && r.key.remoteJidAlt === k.remoteJidAlt)) {
        return false;
      }
      if (k.participant && r.key.participant !== k.participant) return false;
      if (where.messageType && r.messageType !== where.messageType) return false;
      if (where.source && r.source !== where.source) return false;
      if (from !== null && to !== null && (r.messageTimestamp < from || r.messageTimestamp > to)) return false;
      return true;
    });
    const ordered = matches
      .map((m, i) => ({ m, i }))
      .sort((a, b) => b.m.record.messageTimestamp - a.m.record.messageTimestamp || b.i - a.i)
      .map(({ m }) => m);
    const records = ordered.slice((page - 1) * size, page * size).map((m) => ({
      id: m.dbId,
      key: m.record.key,
      pushName: m.record.key.fromMe ? 'Você' : m.record.pushName,
      messageType: m.record.messageType,
      message: m.record.message,
      messageTimestamp: m.record.messageTimestamp,
      instanceId: m.record.instanceId,
      source: m.record.source,
      contextInfo: m.record.contextInfo ?? null,
      MessageUpdate: m.updates.map((u) => ({ status: u.status })),
    }));
    return { messages: { total: matches.length, pages: Math.ceil(matches.length / size), currentPage: page, records } };
  });

  // ref §3.12: keys that are neither @s.whatsapp.net nor @g.us are dropped, success anyway
  app.post<{ Params: { instanceName: string } }>('/chat/markMessageAsRead/:instanceName', async (req, reply) => {
    const inst = guardInstance(ctx, req);
    const body = parse(markReadSchema, req.body);
    for (const k of body.readMessages) {
      if (isPnJid(k.remoteJid) || isGroupJid(k.remoteJid)) inst.readReceipts.push(k);
    }
    return reply.status(201).send({ message: 'Read messages', read: 'success' });
  });

  // ref §3.13
  app.post<{ Params: { instanceName: string } }>('/chat/getBase64FromMediaMessage/:instanceName', async (req) => {
    const inst = guardInstance(ctx, req);
    const body = parse(
      z.object({ message: z.object({ key: z.object({ id: z.string().min(1) }) }), convertToMp4: z.boolean().optional() }),
      req.body,
    );
    if (ctx.state.mediaFailures > 0) {
      ctx.state.mediaFailures -= 1;
      // What the gateway answers when WhatsApp's media server does not give the file.
      throw badRequest('Failed to download media: 500 Internal Server Error');
    }
    const stored = findStored(inst, body.message.key.id);
    if (!stored) throw badRequest('Message not found');
    const typeKey = Object.values(MEDIA_TYPE_KEY).find((t) => t in stored.record.message);
    if (!typeKey || !stored.media) throw badRequest('The message is not of the media type');
    const content = stored.record.message[typeKey] as Record<string, unknown>;
    let data = stored.media.data;
    if (!data && stored.media.url) {
      const res = await fetch(stored.media.url, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
      if (!res?.ok) throw badRequest(`Failed to download media from ${stored.media.url}`);
      data = Buffer.from(await res.arrayBuffer());
    }
    const bytes = data ?? Buffer.alloc(0);
    return {
      mediaType: typeKey,
      fileName:
        (content.fileName as string | undefined) ??
        stored.media.fileName ??
        `${stored.record.key.id}.${(stored.media.mimetype.split('/')[1] ?? 'bin').split(';')[0]}`,
      caption: content.caption ?? null,
      size: { fileLength: bytes.length, height: content.height ?? null, width: content.width ?? null },
      mimetype: stored.media.mimetype,
      base64: bytes.toString('base64'),
    };
  });
};
