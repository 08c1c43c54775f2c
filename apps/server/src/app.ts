// Builds the Funil app as a plugin tree: cross-cutting plugins first, then the feature modules
// under /api, Socket.IO at /socket.io and the built web app at /.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyContextConfig, type FastifyInstance, type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';

import type { AppRoute } from '@funil/domain/access/routes';
import { HTTP_MESSAGES } from '@funil/domain/http/errors';
import { configureZodPtBr } from '@funil/domain/http/zod-pt-br';

import type { Database } from './db/connection.ts';
import type { Db } from './db/handle.ts';
import type { TrustProxy } from './env.ts';
import { frameworkErrorHandler, registerErrorHandling } from './http/error-handler.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { docsRoutes } from './http/openapi.ts';
import {
  CAPTURE_TOKEN_LIMIT,
  limitPublicRoutes,
  PUBLIC_RATE_LIMITS,
  publicRateRule,
  registerRateLimit,
  type RateLimits,
} from './http/rate-limit.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { jobsPlugin } from './jobs/jobs.plugin.ts';
import { adsRoutes } from './modules/ads/ads.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authPlugin, type LeadWork } from './modules/auth/auth.plugin.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { redisThrottleStore } from './modules/auth/login-throttle.redis.ts';
import { LoginThrottle, type Sleep } from './modules/auth/login-throttle.ts';
import { automationsRoutes, type AutomationsRoutesOptions } from './modules/automations/automations.routes.ts';
import { captureRoutes } from './modules/capture/capture.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { guidanceRoutes } from './modules/guidance/guidance.routes.ts';
import { insightsRoutes } from './modules/insights/insights.routes.ts';
import { leadAdsRoutes, leadAdsWebhookRoutes } from './modules/lead-ads/lead-ads.routes.ts';
import { LeadAdsWorker, metaModuleGraph, type LeadAdsWorkerOptions } from './modules/lead-ads/lead-ads.service.ts';
import { realtimeAnnouncement } from './modules/lead-events/consumers/realtime-announcement.ts';
import { LeadEventRunner, type LeadEventRunnerOptions } from './modules/lead-events/lead-event-runner.ts';
import { leadsRoutes } from './modules/leads/leads.routes.ts';
import { callAttemptsRoutes } from './modules/leads/views/call-queue/call-attempts.routes.ts';
import { csvImportRoutes } from './modules/leads/views/csv-import/csv-import.routes.ts';
import { contactListRoutes } from './modules/leads/views/legacy-list/contact-list.routes.ts';
import { leadTagsRoutes } from './modules/leads/views/tags-on-lead/lead-tags.routes.ts';
import type { MassSendEngineOptions } from './modules/mass-send/mass-send.engine.ts';
import { massSendRoutes } from './modules/mass-send/mass-send.routes.ts';
import { metaConversionsRoutes } from './modules/meta-conversions/meta-conversions.routes.ts';
import { metaRoutes } from './modules/meta/meta.routes.ts';
import { createMetaRuntime, type MetaOptions, type MetaRuntime } from './modules/meta/meta.service.ts';
import { negotiationRoutes } from './modules/negotiation/negotiation.routes.ts';
import { partnersRoutes } from './modules/partners/partners.routes.ts';
import { pipelineRoutes } from './modules/pipeline/pipeline.routes.ts';
import { quickMessagesRoutes } from './modules/quick-messages/quick-messages.routes.ts';
import { setupRoutes } from './modules/setup/setup.routes.ts';
import { tagsRoutes } from './modules/tags/tags.routes.ts';
import { tenancyRoutes } from './modules/tenancy/tenancy.routes.ts';
import { unitDataRoutes } from './modules/unit-data/unit-data.routes.ts';
import { unitSettingsRoutes } from './modules/unit-settings/unit-settings.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { webphoneRoutes } from './modules/webphone/webphone.routes.ts';
import type { SipOptions } from './modules/webphone/webphone.service.ts';
import { ticketOwnerOf } from './modules/whatsapp/tickets/tickets.service.ts';
import { whatsappRoutes, type EvolutionOptions } from './modules/whatsapp/whatsapp.routes.ts';
import { attachRealtime, type Realtime } from './realtime/realtime.ts';
import { attachSessionSockets, type SessionSockets } from './realtime/session-sockets.ts';
import { openSharedRedis } from './shared/redis.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    loginThrottle: LoginThrottle;
    realtime: Realtime;
    /** Ends the sockets of sessions that end (logout, deactivation, expiry; issue 7 §3). */
    sessionSockets: SessionSockets;
    /** The lead event stream's consumers (issue 22 §2; modules/lead-events). */
    leadEvents: LeadEventRunner;
    /** This app's Meta runtime (its Graph client and token key; issue 23 §2), null when Meta is not configured. */
    metaRuntime: MetaRuntime | null;
    /** The Meta Lead Ads intake worker (issue 23 §2), null without Graph access. */
    leadAds: LeadAdsWorker | null;
    /** Every /api route with its access config, for the role-matrix tests and docs. */
    apiRoutes: {
      method: string;
      url: string;
      public: boolean;
      access: readonly AppRoute[] | null;
      softphone: boolean;
      leadWork: LeadWork | null;
      schema: FastifySchema | undefined;
      /** What the OpenAPI document says beyond the schemas (http/openapi.ts). */
      docs: FastifyContextConfig['docs'];
    }[];
  }
}

// zod's messages in Brazilian Portuguese, for every schema without a message of its own (issue 21
// item 12); a field left out reads 'Campo obrigatório.'.
configureZodPtBr();

export type AppOptions = {
  database: Database;
  logger?: boolean | { level: string };
  /** Keep checked sessions in memory while their tables do not change (auth/session-cache.ts); default true. */
  sessionCache?: boolean | undefined;
  /** Redis, shared by several server processes: socket events, the login throttle, the public routes' rate limits. */
  redisUrl?: string | undefined;
  /** Prefix of the Redis keys and channels (only processes with the same one share events and limits). */
  redisKey?: string | undefined;
  /** The public routes' rate limits (http/rate-limit.ts); false turns them off (most API tests log in many times from one address). */
  rateLimits?: RateLimits | false | undefined;
  /** Check every socket payload against the realtime contract before it leaves (tests, development). */
  checkRealtimePayloads?: boolean | undefined;
  /** How often the sockets' sessions are checked again (default 60 s; 0: never, tests call sessionSockets.sweep). */
  sessionSweepMs?: number | undefined;
  /** Folder of the built web app; served at / when it exists. */
  webDist?: string;
  /** Largest JSON body accepted, in bytes. */
  bodyLimit?: number;
  now?: () => number;
  /** Peers trusted to set X-Forwarded-For (env TRUST_PROXY); default none. */
  trustProxy?: TrustProxy | undefined;
  /** The wait of the login slowdown (issue 7 §5); tests pass one that moves their clock. */
  loginSleep?: Sleep | undefined;
  /** The WhatsApp gateway (Evolution API v2); without it the gateway calls answer 'WhatsApp desconectado'. */
  evolution?: EvolutionOptions | undefined;
  /** Folder of the WhatsApp media files. */
  mediaDir?: string | undefined;
  /** How often failed media downloads are tried again (default 60 s; 0: never, tests call retryDueMedia). */
  mediaSweepMs?: number | undefined;
  /** The webphone's SIP server (issue 12); without it the webphone shows 'Telefone desconectado'. */
  sip?: SipOptions | undefined;
  /** Waits before the 2nd, 3rd… attempt of a scheduled message that could not be sent (default 1, 5 and 15 minutes). */
  scheduledRetryDelaysMs?: readonly number[] | undefined;
  /** The mass-send engine (issue 13): its clock, random source, lease; autoStart false lets a test drive it. */
  massSend?: (MassSendEngineOptions & { autoStart?: boolean }) | undefined;
  /** Issue 25: the automations engine (tests pass a clock and autoStart false). */
  automations?: AutomationsRoutesOptions['engine'];
  /** How often the capture URL's expired idempotency keys are deleted (default hourly; 0: never). */
  captureSweepMs?: number | undefined;
  /**
   * Meta Lead Ads (issue 23 §2): the webhook's verify token (META_WEBHOOK_VERIFY_TOKEN) and app secret
   * (default `meta.appSecret`), and the intake worker (default with `meta`: the meta module's Graph);
   * autoStart false lets a test drive the worker (app.leadAds.drain()).
   */
  leadAds?:
    | {
        appSecret?: string | null | undefined;
        verifyToken: string | null;
        worker?: (Partial<LeadAdsWorkerOptions> & { autoStart?: boolean }) | undefined;
      }
    | undefined;
  /** Meta (issue 23 §2): the app, the Graph API and dialog addresses, the token key; without it the Meta screens say so. */
  meta?: MetaOptions | undefined;
  /** The daily Meta spend job's wait between passes (default hourly; 0: off). */
  metaDailySyncMs?: number | undefined;
  /** The Meta Insights refresh job's wait between passes (default 60 s; 0: off). */
  insightsRefreshMs?: number | undefined;
  /** The Conversions API sender's wait between passes (default 60 s; 0: off). */
  metaConversionsSendMs?: number | undefined;
  /** The lead event stream's runner (batch size, safety poll, retry wait). */
  leadEvents?: Omit<LeadEventRunnerOptions, 'log'> | undefined;
};

// A hop count as the function proxy-addr builds for one (Fastify's types take no number).
const trustProxyOption = (trust: TrustProxy) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 1_048_576,
    // issue 7 §5: X-Forwarded-For only from the configured proxies; by default the peer is the client.
    trustProxy: trustProxyOption(options.trustProxy ?? false),
    // Broken percent-encoding and over-long path segments answer like every other error (issue 7 §4).
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.apiRoutes.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        access: access === undefined ? null : typeof access === 'string' ? [access] : access,
        softphone: route.config?.softphone === true,
        leadWork: route.config?.leadWork ?? null,
        schema: route.schema,
        docs: route.config?.docs,
      });
    }
  });
  app.decorate('db', options.database.db);
  // issue 21 item 22: with Redis the login throttle and the public routes' limits hold across processes.
  const shared = options.redisUrl ? await openSharedRedis(options.redisUrl, options.redisKey ?? 'funil', app.log) : undefined;
  const throttle = new LoginThrottle(options.now, options.loginSleep, shared ? redisThrottleStore(shared) : undefined, (err) =>
    app.log.warn({ err }, 'limite de login no Redis'),
  );
  await throttle.follow();
  app.decorate('loginThrottle', throttle);
  app.decorate(
    'realtime',
    await attachRealtime(app, options.database.db, {
      redisUrl: options.redisUrl,
      redisKey: options.redisKey,
      checkPayloads: options.checkRealtimePayloads,
    }),
  );
  app.decorate(
    'sessionSockets',
    attachSessionSockets(app.realtime, options.database.db, { sweepMs: options.sessionSweepMs ?? 60_000, log: app.log }),
  );
  // This process's sockets end before its HTTP server closes: the server waits for every open
  // connection, a WebSocket's too, so a held socket would keep a stopping process (SIGTERM, a
  // restart of one of several processes) from ever closing. Only the local ones (not through Redis).
  // A request still running when the close begins answers with `Connection: close`: its keep-alive
  // connection would otherwise stay open, idle, for Fastify's keepAliveTimeout (72 s) after the
  // server stopped closing idle ones, and the close would wait for it.
  let closing = false;
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('preClose', (done) => {
    closing = true;
    app.realtime.io.local.disconnectSockets(true);
    app.realtime.io.engine.close();
    done();
  });
  // Issue 22 §2: every lead change is announced by the stream's realtime consumer.
  const leadEvents = new LeadEventRunner(options.database, {
    ...options.leadEvents,
    log: (message, err) => app.log.error({ err }, message),
  });
  leadEvents.add(realtimeAnnouncement(options.database.db, app.realtime));
  app.decorate('leadEvents', leadEvents);
  app.addHook('onReady', async () => {
    await leadEvents.start();
  });
  app.addHook('onClose', async () => {
    await leadEvents.stop();
    app.sessionSockets.close();
    await app.realtime.close();
    await shared?.close();
  });

  // Issue 23 §2: the app's own Meta runtime; the meta, insights and conversions routes, the Lead Ads worker read it here.
  const metaRuntime = createMetaRuntime(options.meta, app.log);
  app.decorate('metaRuntime', metaRuntime);
  // Issue 23 §2: the Lead Ads intake worker (a Ticker with a row lease, src/jobs/README.md).
  const workerOptions = options.leadAds?.worker ?? (options.meta ? {} : null);
  const leadAdsWorker = workerOptions
    ? new LeadAdsWorker(options.database.db, {
        ...workerOptions,
        graph: workerOptions.graph ?? metaModuleGraph(metaRuntime),
        log: workerOptions.log ?? ((message, err) => app.log.error({ err }, message)),
      })
    : null;
  app.decorate('leadAds', leadAdsWorker);
  if (leadAdsWorker && workerOptions?.autoStart !== false) {
    app.addHook('onReady', async () => leadAdsWorker.start());
    app.addHook('onClose', async () => leadAdsWorker.stop());
  }

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI/emotion inject <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  registerErrorHandling(app);
  registerInputGuard(app);
  await app.register(authPlugin, { sessionCacheOn: options.sessionCache === false ? undefined : options.database });
  await app.register(jobsPlugin);
  if (options.rateLimits !== false) {
    limitPublicRoutes(app, options.rateLimits ?? PUBLIC_RATE_LIMITS);
    await registerRateLimit(app, shared);
  }

  await app.register(
    async (api) => {
      api.addHook('onSend', (_request, reply, payload, done) => {
        if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
        done(null, payload);
      });
      await api.register(authRoutes);
      await api.register(unitDataRoutes);
      await api.register(tenancyRoutes);
      await api.register(usersRoutes);
      await api.register(guidanceRoutes);
      await api.register(catalogRoutes);
      await api.register(unitSettingsRoutes);
      await api.register(whatsappRoutes, {
        evolution: options.evolution,
        mediaDir: options.mediaDir,
        mediaSweepMs: options.mediaSweepMs,
        scheduledRetryDelaysMs: options.scheduledRetryDelaysMs,
      });
      // The leads module checks a lead's ticket with the WhatsApp module's service (issue 7 §1).
      await api.register(leadsRoutes, { ticketOwnerOf });
      await api.register(contactListRoutes);
      await api.register(csvImportRoutes);
      await api.register(callAttemptsRoutes);
      await api.register(negotiationRoutes);
      await api.register(pipelineRoutes);
      await api.register(tagsRoutes);
      await api.register(leadTagsRoutes);
      await api.register(auditRoutes);
      await api.register(partnersRoutes);
      await api.register(adsRoutes);
      await api.register(metaRoutes, { dailySyncMs: options.metaDailySyncMs });
      await api.register(insightsRoutes, { refreshMs: options.insightsRefreshMs });
      await api.register(metaConversionsRoutes, { sendMs: options.metaConversionsSendMs });
      await api.register(setupRoutes);
      await api.register(webphoneRoutes, {
        sip: options.sip,
        mediaDir: options.mediaDir ?? join(tmpdir(), `funil-media-${process.pid}`),
      });
      await api.register(quickMessagesRoutes);
      await api.register(massSendRoutes, { ...(options.massSend ? { engine: options.massSend } : {}) });
      await api.register(automationsRoutes, { engine: options.automations });
      await api.register(dashboardRoutes);
      // Issue 23 §1: the capture URL, limited per address (every public route) and per token.
      const limits = options.rateLimits === false ? null : (options.rateLimits ?? PUBLIC_RATE_LIMITS);
      await api.register(captureRoutes, {
        tokenLimit: limits ? publicRateRule(limits, CAPTURE_TOKEN_LIMIT, '/api/captacao/:token') : null,
        sweepMs: options.captureSweepMs,
      });
      // Issue 23 §2: Meta Lead Ads, the webhook (public, signed) and the intake screen's routes.
      const leadAdsOptions = {
        appSecret: options.leadAds?.appSecret ?? options.meta?.appSecret ?? null,
        verifyToken: options.leadAds?.verifyToken ?? null,
        worker: app.leadAds,
      };
      await api.register(leadAdsWebhookRoutes, leadAdsOptions);
      await api.register(leadAdsRoutes, leadAdsOptions);
      await api.register(docsRoutes);
    },
    { prefix: '/api' },
  );

  const webDist = options.webDist ?? DEFAULT_WEB_DIST;
  const serveWeb = existsSync(`${webDist}/index.html`);
  if (serveWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h' });
  }
  // The SPA answers every other GET with index.html; /api keeps its JSON 404.
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/socket.io');
    if (!isApi && serveWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: HTTP_MESSAGES.routeNotFound, status: 404 });
  });
  return app;
}
