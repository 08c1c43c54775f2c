// The Meta Graph/Marketing API emulator (README.md): createMetaEmulator builds one Fastify app whose
// Graph routes (graph.ts) dispatch to the parts:
//   oauth-routes.ts   login dialog, code exchange, long-lived tokens, debug_token, /me and its edges
//   pages.ts          page subscriptions, lead forms, leads (Lead Ads retrieval)
//   marketing.ts      ad accounts, campaigns, ad sets, ads
//   insights.ts       insights, sync and async (report runs)
//   conversions.ts    the Conversions API's /{dataset}/events
//   webhooks.ts       leadgen webhooks: Meta's bytes, signature, retries; the verification handshake
//   world.ts          the typed control helpers; control-routes.ts their HTTP face
import Fastify, { type FastifyInstance } from 'fastify';

import { appsecretProof } from './auth.ts';
import { CONTROL_KEY_HEADER, registerControlRoutes } from './control-routes.ts';
import { registerConversionsRoutes } from './conversions.ts';
import { GraphError, unknownPath } from './graph-error.ts';
import { on, registerGraph, type GraphContext } from './graph.ts';
import { registerInsightsRoutes } from './insights.ts';
import { registerMarketingRoutes } from './marketing.ts';
import { registerOauthRoutes } from './oauth-routes.ts';
import { registerPageRoutes } from './pages.ts';
import { createState, type State } from './state.ts';
import { callbackRefused, createWebhookSender, DEFAULT_RETRY, type RetryPolicy } from './webhooks.ts';
import { createWorld, type World } from './world.ts';

export { appsecretProof, CONTROL_KEY_HEADER };
export { metaJson, signature } from './webhooks.ts';

export type MetaEmulatorOptions = {
  appId: string;
  appSecret: string;
  appName?: string;
  /** The one current Graph/Marketing API version (default v26.0). */
  version?: string;
  /** Versions still answered with X-Ad-Api-Version-Warning (default v25.0); older ones answer #2635. */
  deprecatedVersions?: string[];
  /** Demand appsecret_proof on every call with a token (default true). */
  requireProof?: boolean;
  /** The absolute base of `paging.next` links; defaults to the listen address. */
  publicUrl?: string;
  webhookRetry?: Partial<RetryPolicy>;
  controlKey?: string;
  logger?: boolean;
  random?: () => number;
};

export type MetaEmulator = {
  app: FastifyInstance;
  state: State;
  controlKey: string;
  controlHeaders: Record<string, string>;
  /** Typed helpers over Meta's side (world.ts). */
  control: World;
  version: string;
  listen(port?: number, host?: string): Promise<string>;
  baseUrl(): string;
  /** Resolves when no webhook delivery is in flight or waiting for a retry. */
  webhooksIdle(): Promise<void>;
  close(): Promise<void>;
};

export const createMetaEmulator = (opts: MetaEmulatorOptions): MetaEmulator => {
  const state = createState();
  const random = opts.random ?? Math.random;
  const sender = createWebhookSender(opts.appSecret, { ...DEFAULT_RETRY, ...opts.webhookRetry });
  const world = createWorld(state, sender, { random });
  let listenUrl: string | null = null;
  const baseUrl = (): string => opts.publicUrl ?? listenUrl ?? 'http://localhost';
  const version = opts.version ?? 'v26.0';

  const ctx: GraphContext = {
    state,
    config: {
      appId: opts.appId,
      appSecret: opts.appSecret,
      appName: opts.appName ?? 'Funil CRM',
      requireProof: opts.requireProof ?? true,
      version,
      deprecatedVersions: opts.deprecatedVersions ?? ['v25.0'],
    },
    baseUrl,
    handlers: new Map(),
    open: new Map(),
  };

  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: 8 * 1024 * 1024 });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof GraphError) return reply.status(err.status).headers(err.headers).send(err.envelope());
    const status =
      typeof (err as { statusCode?: unknown }).statusCode === 'number' ? (err as { statusCode: number }).statusCode : 500;
    const e = new GraphError(status, {
      message: status === 500 ? 'An unknown error has occurred.' : err instanceof Error ? err.message : String(err),
      type: status === 500 ? 'OAuthException' : 'GraphMethodException',
      code: status === 500 ? 1 : 100,
    });
    return reply.status(status).send(e.envelope());
  });
  app.setNotFoundHandler((req, reply) => reply.status(400).send(unknownPath(req.url.split('?')[0]!).envelope()));

  const controlKey = registerControlRoutes(app, {
    state,
    world,
    appId: opts.appId,
    ...(opts.controlKey ? { controlKey: opts.controlKey } : {}),
  });
  registerOauthRoutes(ctx);
  registerPageRoutes(ctx);
  registerMarketingRoutes(ctx);
  registerInsightsRoutes(ctx);
  registerConversionsRoutes(ctx);
  // The app's webhook subscription through the Graph API (app token): the handshake first.
  on(ctx, 'POST', 'app/subscriptions', async (call) => {
    if (!call.caller.appToken)
      throw new GraphError(400, {
        message: '(#15) This method must be called with an app access_token.',
        type: 'OAuthException',
        code: 15,
      });
    const { object, callback_url: url, verify_token: verifyToken, fields } = call.params;
    if (object !== 'page')
      throw new GraphError(400, {
        message: '(#100) Param object must be one of {page, user, permissions, application}',
        type: 'OAuthException',
        code: 100,
      });
    if (!url || !verifyToken)
      throw new GraphError(400, {
        message: '(#100) callback_url and verify_token are required',
        type: 'OAuthException',
        code: 100,
      });
    const r = await world.setWebhook({ url, verifyToken, fields: (fields ?? 'leadgen').split(',').map((f) => f.trim()) });
    if (!r.ok) throw callbackRefused(r.status, r.body);
    return { success: true };
  });
  registerGraph(app, ctx);

  return {
    app,
    state,
    controlKey,
    controlHeaders: { [CONTROL_KEY_HEADER]: controlKey },
    control: world,
    version,
    baseUrl,
    webhooksIdle: () => sender.idle(),
    listen: async (port = 0, host = '127.0.0.1') => {
      await app.listen({ port, host });
      const address = app.server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      const publicHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
      listenUrl = `http://${publicHost}:${actualPort}`;
      return listenUrl;
    },
    close: async () => {
      world.stopLive();
      sender.close();
      await app.close();
    },
  };
};
