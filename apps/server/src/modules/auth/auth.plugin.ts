// Every /api route needs a valid bearer token unless it is marked public; a route may also name
// the screens of 000 §6 it serves, and then the role matrix decides (403 otherwise).
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canAccessRoute, canUseSoftphone, type AppRoute } from '@funil/domain/access/routes';
import { DomainError } from '../../http/domain-error.ts';
import { verifySession, type Session } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No session needed (login, gateway webhooks with their own secret). */
    public?: boolean;
    /** The caller must be allowed to open at least one of these screens (000 §6). */
    access?: AppRoute | readonly AppRoute[];
    /** The webphone's phone and queue (issue 12): on /webphone, only who gets the softphone (canUseSoftphone; not ag). */
    softphone?: boolean;
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

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const config = request.routeOptions.config;
    if (config.public || !request.routeOptions.url) return;
    const token = bearerOf(request);
    if (!token) throw new DomainError('unauthorized');
    request.session = await verifySession(app.db, token);
    const access = config.access;
    if (access !== undefined) {
      const routes: readonly AppRoute[] = typeof access === 'string' ? [access] : access;
      if (!routes.some((route) => canAccessRoute(route, request.session!.access))) throw new DomainError('forbidden');
    }
    if (config.softphone === true && !canUseSoftphone(request.session.access)) throw new DomainError('forbidden');
  });
});
