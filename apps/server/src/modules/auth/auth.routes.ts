// POST /api/login and POST /api/logout (000 §7, §8).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { LOGIN_MESSAGES, loginBodySchema, loginResponseSchema } from '@funil/domain/auth/login';
import { errorBodySchema } from '@funil/domain/http/errors';

import { sessionOf } from './auth.plugin.ts';
import { login, logout } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        body: loginBodySchema,
        response: { 200: loginResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const data = await login(app.db, app.loginThrottle, request.body, request.ip);
      return { message: LOGIN_MESSAGES.success, data };
    },
  );

  app.post('/logout', { schema: { response: { 200: z.object({ message: z.string() }) } } }, async (request) => {
    const { sessionId } = sessionOf(request);
    await logout(app.db, sessionId);
    // A logged-out socket must stop receiving the unit's events at once (issue 7 §3).
    app.sessionSockets.disconnectSessionsOf({ sessionId });
    return { message: 'Sessão encerrada.' };
  });
};
