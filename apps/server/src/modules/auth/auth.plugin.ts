// Every /api route needs a valid bearer token unless it is marked public; a route may also name
// the screens of 000 §6 it serves, and then the role matrix decides (403 otherwise).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import {
  canAccessRoute,
  canChangeLeads,
  canUseSoftphone,
  LEAD_WORK_ROUTES,
  LEAD_WRITE_FORBIDDEN,
  type AppRoute,
} from '@funil/domain/access/routes';

import type { Database } from '../../db/connection.ts';
import { DomainError } from '../../http/domain-error.ts';
import { createSessionCache, verifySession, type Session } from './auth.service.ts';
import { SESSION_CHANNEL } from './session-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No session needed (login, gateway webhooks with their own secret). */
    public?: boolean;
    /** The caller must be allowed to open at least one of these screens (000 §6). */
    access?: AppRoute | readonly AppRoute[];
    /** The webphone's phone and queue (issue 12): on /webphone, only who gets the softphone (canUseSoftphone; not ag). */
    softphone?: boolean;
    /**
     * What the route does to leads when its access names a lead screen (LEAD_WORK_ROUTES). Unset,
     * a write there changes a lead or sends a message and answers LEAD_WRITE_FORBIDDEN to who may
     * not (canChangeLeads: the managers; issue 21 item 6). 'reads': a POST that only reads (a
     * search, a number check), open to who reads leads. 'none': not lead work at all (a gateway
     * instance's logout or removal, issue 22 §3): the route's own role check answers.
     */
    leadWork?: LeadWork;
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The session of an authenticated route; throws if a route forgot to require one. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new DomainError('unauthorized');
  return request.session;
}

export type AuthPluginOptions = {
  /**
   * Follow session changes on this database and keep checked sessions between requests (session-cache.ts); without it every
   * request reads its session.
   */
  sessionCacheOn?: Database | undefined;
};

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A route's declaration that it changes no lead (FastifyContextConfig.leadWork). */
export type LeadWork = 'reads' | 'none';

/** A write on a lead screen (issue 21 item 6): it changes a lead or sends a message unless the route declares otherwise. */
export function isLeadWrite(method: string, routes: readonly AppRoute[], leadWork: LeadWork | undefined): boolean {
  return !READ_METHODS.has(method) && leadWork === undefined && routes.some((route) => LEAD_WORK_ROUTES.includes(route));
}

export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  app.decorateRequest('session', null);
  const database = options.sessionCacheOn;
  const cache = database ? createSessionCache() : undefined;
  if (database && cache) {
    const stop = await database.listen(SESSION_CHANNEL, {
      notify: () => cache.drop(),
      state: (following) => cache.follow(following),
    });
    app.addHook('onClose', async () => {
      await stop();
    });
    // A change a user made through this process (a logout, a deactivation, new unit settings) is
    // known here before its answer leaves, whatever the notification's delay. Public calls (the
    // gateway's webhooks, a login) change no session row that could be cached.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.session && !READ_METHODS.has(request.method)) cache.drop();
      done(null, payload);
    });
  }
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const config = request.routeOptions.config;
    if (config.public || !request.routeOptions.url) return;
    const token = bearerOf(request);
    if (!token) throw new DomainError('unauthorized');
    request.session = await verifySession(app.db, token, cache);
    const access = config.access;
    if (access !== undefined) {
      const routes: readonly AppRoute[] = typeof access === 'string' ? [access] : access;
      if (!routes.some((route) => canAccessRoute(route, request.session!.access))) throw new DomainError('forbidden');
      if (isLeadWrite(request.method, routes, config.leadWork) && !canChangeLeads(request.session.permission))
        throw new DomainError('forbidden', LEAD_WRITE_FORBIDDEN);
    }
    if (config.softphone === true && !canUseSoftphone(request.session.access)) throw new DomainError('forbidden');
  });
});
