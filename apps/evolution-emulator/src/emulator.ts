// The Evolution API v2 emulator (README.md): createEmulator builds one Fastify app from its parts,
// which share one context (context.ts):
//   instance-routes.ts   instances, connection and QR (ref §3.1–§3.6) and the pairing controls
//   message-routes.ts    sends (ref §3.7–§3.9, sendSticker)
//   chat-routes.ts       numbers, stored messages, read receipts, media as base64 (ref §3.10–§3.13)
//   webhooks.ts          the webhook envelope, webhook/set and webhook/find (ref §4);
//                        webhook-dispatcher.ts delivers with retries
//   message-store.ts     stored messages and their acks (ref §4.3, §8.4)
//   conversation.ts      the conversation simulator: incoming messages and the demo's auto reply
//   mass-send-controls.ts  programmed send failures (issue 13)
//   control-routes.ts    the control routes' guard and the general ones
//   typebot-routes.ts    the Typebot integration (issue 25) and a Typebot server stand-in
import Fastify, { type FastifyInstance } from 'fastify';

import { registerChatRoutes } from './chat-routes.ts';
import { apikeyOf, type BodyWithFile, type EmulatorContext, type EmulatorOptions, type EmulatorState } from './context.ts';
import { CONTROL_KEY_HEADER, registerControlRoutes } from './control-routes.ts';
import { registerConversation } from './conversation.ts';
import { EvolutionHttpError } from './http-error.ts';
import { registerInstanceControls, registerInstanceRoutes } from './instance-routes.ts';
import { registerMassSendControls } from './mass-send-controls.ts';
import { registerMessageRoutes } from './message-routes.ts';
import { parseMultipart } from './multipart.ts';
import { registerTypebotRoutes } from './typebot-routes.ts';
import { createWebhookDispatcher, DEFAULT_RETRY, type RetryPolicy } from './webhook-dispatcher.ts';
import { createEmit, registerWebhookRoutes, withBase64 } from './webhooks.ts';

export type { AutoReplyOptions, EmulatorOptions, EmulatorState, SendFailure } from './context.ts';
export type { IncomingKind, IncomingMessageInput } from './conversation.ts';
export { CONTROL_KEY_HEADER, REDACTED } from './control-routes.ts';
export { WEBHOOK_EVENTS } from './webhooks.ts';
export { TYPEBOT_STANDIN_PREFIX, TYPEBOT_STANDIN_UNKNOWN } from './typebot-routes.ts';

export type Emulator = {
  app: FastifyInstance;
  state: EmulatorState;
  /** The key of the control routes; hand it only to what starts the emulator (server, tests). */
  controlKey: string;
  /** `{ [CONTROL_KEY_HEADER]: controlKey }`, for requests to the control routes. */
  controlHeaders: Record<string, string>;
  listen(port?: number, host?: string): Promise<string>;
  baseUrl(): string;
  // resolves when no webhook delivery is in flight or waiting for a retry
  webhooksIdle(): Promise<void>;
  close(): Promise<void>;
};

export const createEmulator = (opts: EmulatorOptions): Emulator => {
  const random = opts.random ?? Math.random;
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...opts.webhookRetry };
  const dispatcher = createWebhookDispatcher(retry, random);
  const timers = new Set<NodeJS.Timeout>();
  let listenUrl: string | null = null;

  const state: EmulatorState = {
    instances: new Map(),
    notOnWhatsapp: new Set(),
    requests: [],
    events: [],
    webhookAttempts: dispatcher.attempts,
    autoReply: {
      enabled: opts.autoReply?.enabled ?? false,
      intervalMs: opts.autoReply?.intervalMs ?? 20_000,
      phones: opts.autoReply?.phones ?? [],
      lidShare: opts.autoReply?.lidShare ?? 0.3,
    },
    mediaFailures: 0,
    sendFailures: [],
  };

  const baseUrl = (): string => opts.serverUrl ?? listenUrl ?? 'http://localhost';

  const ctx: EmulatorContext = {
    opts,
    state,
    random,
    jidOpts: { brazilianNinthDigit: opts.brazilianNinthDigit ?? true },
    baseUrl,
    later: (ms, fn) => {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
    },
    emit: createEmit(state, dispatcher, baseUrl, opts.exposeApikeyInWebhook ?? true),
    withBase64,
  };

  // ---- app: hooks first, then the parts ----
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: 64 * 1024 * 1024 });

  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.addHook('preHandler', async (req) => {
    const ct = req.headers['content-type'];
    if (Buffer.isBuffer(req.body) && ct?.startsWith('multipart/form-data')) {
      const parts = parseMultipart(req.body, ct);
      const body: BodyWithFile = {};
      for (const p of parts) {
        if (p.filename !== undefined || p.name === 'file') {
          body.__file = {
            data: p.data,
            ...(p.filename !== undefined ? { filename: p.filename } : {}),
            ...(p.contentType !== undefined ? { contentType: p.contentType } : {}),
          };
        } else body[p.name] = p.data.toString('utf8');
      }
      req.body = body;
    }
    if (!req.url.startsWith('/_emulator')) {
      const b = req.body as BodyWithFile | undefined;
      const logged = b?.__file
        ? { ...b, __file: { filename: b.__file.filename, contentType: b.__file.contentType, size: b.__file.data.length } }
        : b;
      state.requests.push({ method: req.method, url: req.url, apikey: apikeyOf(req), contentType: ct, body: logged });
    }
  });

  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof EvolutionHttpError) return reply.status(err.status).send(err.envelope());
    const status =
      typeof (err as { statusCode?: unknown }).statusCode === 'number' ? (err as { statusCode: number }).statusCode : 500;
    const e = new EvolutionHttpError(status, [err instanceof Error ? err.message : String(err)]);
    return reply.status(status).send(e.envelope());
  });

  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send(new EvolutionHttpError(404, [`Cannot ${req.method} ${req.url.split('?')[0]}`]).envelope()),
  );

  app.get('/', async () => ({
    status: 200,
    message: 'Welcome to the Evolution API, it is working!',
    version: '2.3.6',
    clientName: 'funil_emulator',
  }));

  const controlKey = registerControlRoutes(app, ctx);
  registerInstanceRoutes(app, ctx);
  registerWebhookRoutes(app, ctx);
  registerMessageRoutes(app, ctx);
  registerChatRoutes(app, ctx);
  registerInstanceControls(app, ctx);
  registerMassSendControls(app, ctx);
  registerTypebotRoutes(app, ctx);
  const conversation = registerConversation(app, ctx);

  return {
    app,
    state,
    controlKey,
    controlHeaders: { [CONTROL_KEY_HEADER]: controlKey },
    baseUrl,
    webhooksIdle: () => dispatcher.idle(),
    listen: async (port = 0, host = '127.0.0.1') => {
      await app.listen({ port, host });
      const address = app.server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      const publicHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
      listenUrl = `http://${publicHost}:${actualPort}`;
      return listenUrl;
    },
    close: async () => {
      conversation.stopAutoReply();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      dispatcher.close();
      await app.close();
    },
  };
};
