// The WhatsApp area's HTTP surface (001 §7): one plugin that builds the shared context and
// registers instances, the gateway webhook, the gateway channel, the legacy channel and the
// company messaging backend.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

import { EvolutionClient } from '../../integrations/evolution/evolution-client.ts';
import { Ticker } from '../../jobs/ticker.ts';
import { chatRoutes } from './chat/chat.routes.ts';
import { retryDueMedia } from './chat/media.service.ts';
import { stickersRoutes } from './chat/stickers.routes.ts';
import { webhookRoutes } from './ingest/webhook.routes.ts';
import { instancesRoutes } from './instances/instances.routes.ts';
import { legacySessionRoutes } from './legacy/legacy-session.routes.ts';
import { legacyRoutes } from './legacy/legacy.routes.ts';
import { registerScheduledSend, SCHEDULED_RETRY_DELAYS_MS } from './scheduled/scheduled-send.job.ts';
import { ticketsRoutes } from './tickets/tickets.routes.ts';
import { InstanceCache, type WhatsappContext } from './whatsapp-context.ts';

export type EvolutionOptions = { baseUrl: string; globalApiKey: string; publicUrl: string };
export type WhatsappOptions = {
  evolution?: EvolutionOptions | undefined;
  mediaDir?: string | undefined;
  /** How often due media downloads are tried again; 0 turns the sweeper off (tests call retryDueMedia). Default 60 s. */
  mediaSweepMs?: number | undefined;
  scheduledRetryDelaysMs?: readonly number[] | undefined;
};

// Keyed by the HTTP server, which the root instance and its plugins share.
const contexts = new WeakMap<object, WhatsappContext>();

/** The WhatsApp area's shared context of a built app (start.ts and the bench use it). */
export function whatsappContextOf(app: FastifyInstance): WhatsappContext {
  const ctx = contexts.get(app.server);
  if (!ctx) throw new Error('whatsappRoutes não registrado');
  return ctx;
}

export const whatsappRoutes: FastifyPluginAsync<WhatsappOptions> = async (app, options) => {
  const ctx: WhatsappContext = {
    db: app.db,
    realtime: app.realtime,
    log: app.log,
    gateway: options.evolution
      ? {
          client: new EvolutionClient({
            baseUrl: options.evolution.baseUrl,
            globalApiKey: options.evolution.globalApiKey,
            timeoutMs: 30_000,
          }),
          publicUrl: options.evolution.publicUrl,
        }
      : null,
    mediaDir: options.mediaDir ?? join(tmpdir(), `funil-media-${process.pid}`),
    instances: new InstanceCache(app.db),
    knownLids: new Set(),
    earlyEvents: { at: 0 },
    background: new Set(),
  };
  contexts.set(app.server, ctx);
  // Failed or interrupted media downloads are tried again (media.service.ts), one sweep at a time,
  // on the workers' one loop (jobs/README.md "One mechanism").
  const sweeper =
    ctx.gateway && options.mediaSweepMs !== 0
      ? new Ticker({
          pass: async () => (await retryDueMedia(ctx), false),
          idleMs: options.mediaSweepMs ?? 60_000,
          waitFirst: true,
          unref: true,
          onError: (err) => ctx.log.warn({ err }, 'nova tentativa de mídia'),
        })
      : null;
  sweeper?.start();
  app.addHook('onClose', async () => {
    await sweeper?.stop();
    while (ctx.background.size > 0) await Promise.allSettled([...ctx.background]);
  });
  registerScheduledSend(app.jobs, ctx, options.scheduledRetryDelaysMs ?? SCHEDULED_RETRY_DELAYS_MS);
  await app.register(instancesRoutes, { ctx });
  await app.register(webhookRoutes, { ctx });
  await app.register(chatRoutes, { ctx });
  await app.register(legacyRoutes, { ctx });
  await app.register(legacySessionRoutes, { ctx });
  await app.register(ticketsRoutes, { ctx });
  await app.register(stickersRoutes, { ctx });
};
