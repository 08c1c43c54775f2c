// The control routes (/_emulator/...): what tests and the demo use to play WhatsApp's side and to
// read what the emulator saw. They answer only to loopback peers carrying the control key, and
// never answer a secret (README "Control routes"). This file holds that guard and the routes over
// the whole emulator; the routes of one part live with it (instance-routes.ts, conversation.ts,
// mass-send-controls.ts).
import { randomBytes, timingSafeEqual } from 'node:crypto';

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

import { controlInstance, parse, type EmulatorContext } from './context.ts';
import { conflict, EvolutionHttpError, notFound, unauthorized } from './http-error.ts';
import { createJid, jidUser } from './jid.ts';
import { samplePng } from './media-fixtures.ts';
import { advanceAck, findStored } from './message-store.ts';

/** The header carrying the control key of the /_emulator routes. */
export const CONTROL_KEY_HEADER = 'x-emulator-control-key';

const isLoopback = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address));

// Keys whose values are secrets (instance tokens, apikeys, webhook headers with their shared
// secret, JWT keys): the control routes answer them as '***'.
const SECRET_KEYS = new Set(['token', 'apikey', 'hash', 'jwt_key', 'headers']);
export const REDACTED = '***';
const redact = (value: unknown, depth = 0): unknown => {
  if (depth > 40 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (!SECRET_KEYS.has(key) || v === undefined || v === null) out[key] = redact(v, depth + 1);
    else if (key === 'headers' && typeof v === 'object') out[key] = Object.fromEntries(Object.keys(v).map((k) => [k, REDACTED]));
    else out[key] = REDACTED;
  }
  return out;
};

/** Guards the control routes (added before any route) and registers the general ones; answers the control key. */
export const registerControlRoutes = (app: FastifyInstance, ctx: EmulatorContext): string => {
  const controlKey = ctx.opts.controlKey ?? randomBytes(24).toString('hex');
  const controlKeyBuffer = Buffer.from(controlKey);
  const isControl = (req: FastifyRequest) => req.url.startsWith('/_emulator/') && !req.url.startsWith('/_emulator/avatar/');
  app.addHook('onRequest', async (req) => {
    if (!isControl(req)) return;
    // Off loopback the control routes do not exist.
    if (!isLoopback(req.socket.remoteAddress))
      throw new EvolutionHttpError(404, [`Cannot ${req.method} ${req.url.split('?')[0]}`]);
    const given = req.headers[CONTROL_KEY_HEADER];
    const buffer = Buffer.from(typeof given === 'string' ? given : '');
    if (buffer.length !== controlKeyBuffer.length || !timingSafeEqual(buffer, controlKeyBuffer)) throw unauthorized();
  });
  app.addHook('preSerialization', async (req, _reply, payload) => (isControl(req) ? redact(payload) : payload));

  app.get('/_emulator/state', async () => ({
    baseUrl: ctx.baseUrl(),
    autoReply: ctx.state.autoReply,
    notOnWhatsapp: [...ctx.state.notOnWhatsapp],
    instances: [...ctx.state.instances.values()].map((i) => ({
      name: i.name,
      id: i.id,
      state: i.state,
      ownerJid: i.ownerJid,
      qrMode: i.qrMode,
      qrCount: i.qrCount,
      webhook: i.webhook,
      messages: i.messages.length,
    })),
  }));

  app.get<{ Params: { file: string } }>('/_emulator/avatar/:file', async (_req, reply) =>
    reply.type('image/png').send(samplePng()),
  );

  app.post<{ Params: { name: string; id: string } }>('/_emulator/instances/:name/messages/:id/ack', async (req) => {
    const inst = controlInstance(ctx, req.params.name);
    const stored = findStored(inst, req.params.id);
    if (!stored) throw notFound(`Message ${req.params.id} not found`);
    const body = parse(
      z.object({ status: z.enum(['SERVER_ACK', 'DELIVERY_ACK', 'READ', 'PLAYED', 'ERROR', 'DELETED']) }),
      req.body,
    );
    const before = stored.ackStatus;
    if (!advanceAck(ctx, inst, stored, body.status)) {
      throw conflict(`Status ${body.status} does not rise from ${before}`);
    }
    return { keyId: req.params.id, status: stored.ackStatus };
  });

  app.get<{ Params: { name: string } }>('/_emulator/instances/:name/sent', async (req) =>
    controlInstance(ctx, req.params.name)
      .messages.filter((m) => m.viaApi)
      .map((m) => ({
        record: m.record,
        ackStatus: m.ackStatus,
        media: m.media ? { mimetype: m.media.mimetype, url: m.media.url ?? null, size: m.media.data?.length ?? null } : null,
      })),
  );

  app.get<{ Params: { name: string } }>('/_emulator/instances/:name/messages', async (req) =>
    controlInstance(ctx, req.params.name).messages.map((m) => ({ record: m.record, ackStatus: m.ackStatus })),
  );

  app.get<{ Params: { name: string } }>(
    '/_emulator/instances/:name/read-receipts',
    async (req) => controlInstance(ctx, req.params.name).readReceipts,
  );

  app.post('/_emulator/numbers', async (req) => {
    const body = parse(z.object({ numbers: z.array(z.string().min(1)).min(1), onWhatsapp: z.boolean() }), req.body);
    for (const n of body.numbers) {
      const digits = jidUser(createJid(n, ctx.jidOpts));
      const raw = n.replace(/\D/g, '');
      if (body.onWhatsapp) {
        ctx.state.notOnWhatsapp.delete(digits);
        ctx.state.notOnWhatsapp.delete(raw);
      } else ctx.state.notOnWhatsapp.add(raw);
    }
    return { notOnWhatsapp: [...ctx.state.notOnWhatsapp] };
  });

  app.get('/_emulator/requests', async () => ctx.state.requests);
  app.delete('/_emulator/requests', async () => {
    ctx.state.requests.length = 0;
    return { cleared: true };
  });
  app.get('/_emulator/events', async () => ctx.state.events);
  app.get('/_emulator/webhooks', async () => ctx.state.webhookAttempts);

  app.post('/_emulator/media-failures', async (req) => {
    const body = parse(z.object({ count: z.number().int().min(0).max(1000) }), req.body);
    ctx.state.mediaFailures = body.count;
    return { mediaFailures: ctx.state.mediaFailures };
  });

  return controlKey;
};
