// The Meta connection screen's API (issue 23 §2 §5 §6, 002 §7 'OAuth exchange'): the super-admin and
// the company admin (ag) of the session's company (route '/integracao-meta'). The login is done on
// the server: GET /meta/conectar answers the dialog's address (the browser goes there; the session is
// a bearer header a redirect cannot carry) and sets a cookie with the state; Facebook sends the
// browser back to the public GET /meta/retorno, which checks the state against the cookie and the
// stored, single-use, session-bound state, exchanges the code and redirects to the screen.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorBodySchema } from '@funil/domain/http/errors';
import {
  META_MESSAGES,
  metaAvailablePagesSchema,
  metaConnectSchema,
  metaMessageSchema,
  metaPagesChoiceSchema,
  metaSettingsSchema,
  metaStatusSchema,
  metaSyncRequestSchema,
  metaSyncResultSchema,
  metaSyncStateSchema,
  metaSystemTokenSchema,
} from '@funil/domain/meta/meta-api';

import { sessionOf } from '../auth/auth.plugin.ts';
import {
  availablePages,
  connectionStatus,
  connectSystemToken,
  disconnect,
  finishLogin,
  requireRuntime,
  savePages,
  saveSettings,
  startLogin,
  STATE_COOKIE,
} from './meta-connection.ts';
import { defaultSyncPeriod, startDailySpendSync, syncCompany, syncState } from './meta-sync.ts';

export type MetaRoutesOptions = {
  /** The daily spend job's idle wait (default hourly; 0: off, tests call dailySpendPass). */
  dailySyncMs?: number | undefined;
};

const access = '/integracao-meta' as const;
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  502: errorBodySchema,
};
/** Where the browser lands after the login, with `meta=conectado|erro` and the text to show. */
const SCREEN = '/integracao-meta';

const cookieOf = (header: string | undefined, name: string): string | null => {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return null;
};

export const metaRoutes: FastifyPluginAsyncZod<MetaRoutesOptions> = async (app, options) => {
  const runtime = app.metaRuntime;
  const dailyMs = options.dailySyncMs ?? 3_600_000;
  if (runtime && dailyMs > 0) {
    const ticker = startDailySpendSync(app.db, runtime, app.log, dailyMs);
    app.addHook('onClose', () => ticker.stop());
  }

  app.get('/meta/conexao', { config: { access }, schema: { response: { 200: metaStatusSchema, ...errors } } }, async (request) =>
    connectionStatus(app.db, runtime, sessionOf(request)),
  );

  app.get(
    '/meta/conectar',
    { config: { access }, schema: { response: { 200: metaConnectSchema, ...errors } } },
    async (request, reply) => {
      const rt = requireRuntime(runtime);
      const origin = `${request.protocol}://${request.host}`;
      const { url, state } = await startLogin(app.db, rt, sessionOf(request), origin);
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header('set-cookie', `${STATE_COOKIE}=${state}; Path=/api/meta; Max-Age=600; HttpOnly; SameSite=Lax${secure}`);
      return { url };
    },
  );

  app.get(
    '/meta/retorno',
    {
      config: { public: true },
      schema: {
        querystring: z.object({
          code: z.string().max(2000).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
          error_reason: z.string().max(200).optional(),
          error_description: z.string().max(2000).optional(),
        }),
        response: { 302: z.null(), 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const outcome = runtime
        ? await finishLogin(app.db, runtime, request.query, cookieOf(request.headers.cookie, STATE_COOKIE))
        : { ok: false, message: META_MESSAGES.notConfigured };
      const q = new URLSearchParams({ meta: outcome.ok ? 'conectado' : 'erro', mensagem: outcome.message });
      reply.header('set-cookie', `${STATE_COOKIE}=; Path=/api/meta; Max-Age=0; HttpOnly; SameSite=Lax`);
      return reply.redirect(`${SCREEN}?${q.toString()}`, 302);
    },
  );

  app.post(
    '/meta/token',
    { config: { access }, schema: { body: metaSystemTokenSchema, response: { 200: metaMessageSchema, ...errors } } },
    async (request) => {
      await connectSystemToken(app.db, requireRuntime(runtime), sessionOf(request), request.body.token);
      return { message: META_MESSAGES.systemTokenSaved };
    },
  );

  app.delete(
    '/meta/conexao',
    { config: { access }, schema: { response: { 200: metaMessageSchema, ...errors } } },
    async (request) => {
      await disconnect(app.db, runtime, sessionOf(request));
      return { message: META_MESSAGES.disconnected };
    },
  );

  app.get(
    '/meta/paginas',
    { config: { access }, schema: { response: { 200: metaAvailablePagesSchema, ...errors } } },
    async (request) => availablePages(app.db, requireRuntime(runtime), sessionOf(request)),
  );

  app.put(
    '/meta/paginas',
    { config: { access }, schema: { body: metaPagesChoiceSchema, response: { 200: metaMessageSchema, ...errors } } },
    async (request) => {
      await savePages(app.db, requireRuntime(runtime), sessionOf(request), request.body);
      return { message: META_MESSAGES.pagesSaved };
    },
  );

  app.put(
    '/meta/configuracao',
    { config: { access }, schema: { body: metaSettingsSchema, response: { 200: metaMessageSchema, ...errors } } },
    async (request) => {
      await saveSettings(app.db, sessionOf(request), request.body);
      return { message: META_MESSAGES.settingsSaved };
    },
  );

  // Whether the company is connected: /anuncios and /campanhas show 'Sincronizar com o Meta' only then.
  app.get(
    '/meta/estado',
    {
      config: { access: ['/integracao-meta', '/anuncios', '/campanhas'] },
      schema: { response: { 200: metaSyncStateSchema, ...errors } },
    },
    async (request) => syncState(app.db, runtime, sessionOf(request).empresaId),
  );

  // 'Sincronizar com o Meta' on /integracao-meta, /anuncios and /campanhas (issue 23 §5 §6): those
  // screens' roles are the catalogue's and the costs' (a unit admin syncs the company's ads too).
  app.post(
    '/meta/sincronizar',
    {
      config: { access: ['/integracao-meta', '/anuncios', '/campanhas'] },
      schema: { body: metaSyncRequestSchema, response: { 200: metaSyncResultSchema, ...errors } },
    },
    async (request) => {
      const rt = requireRuntime(runtime);
      const period = defaultSyncPeriod(new Date());
      const since = request.body?.desde ?? period.since;
      const until = request.body?.ate ?? period.until;
      const data = await syncCompany(app.db, rt, sessionOf(request).empresaId, since <= until ? { since, until } : period);
      return { message: META_MESSAGES.syncDone, data };
    },
  );
};
