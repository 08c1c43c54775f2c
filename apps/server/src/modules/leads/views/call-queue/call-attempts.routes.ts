// 000 §7 "Other contact actions": POST contato/chamadaid/{id} and POST contato/proximaligacao/{id},
// JSON or form data, for the webphone's call queue (002 §4).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { callEndBodySchema, callStartBodySchema } from '@funil/domain/leads-api/call-api';
import { leadIdParams } from '@funil/domain/leads-api/fields';
import { leadChangeResponseSchema } from '@funil/domain/leads-api/lead-api';

import { registerFormBodies } from '../../../../http/form-body.ts';
import { errorResponses, LEAD_SCREENS } from '../../../../http/lead-screens.ts';
import { sessionOf } from '../../../auth/auth.plugin.ts';
import { endCall, startCall } from './call-attempts.service.ts';

const change = { 200: leadChangeResponseSchema, ...errorResponses } as const;

export const callAttemptsRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerFormBodies(app);
  const deps = { db: app.db, realtime: app.realtime };
  app.post(
    '/contato/chamadaid/:id',
    { config: { access: LEAD_SCREENS }, schema: { params: leadIdParams, body: callStartBodySchema, response: change } },
    async (request) => (await startCall(deps, sessionOf(request), request.params.id, request.body.chamada_id)).response,
  );
  app.post(
    '/contato/proximaligacao/:id',
    { config: { access: LEAD_SCREENS }, schema: { params: leadIdParams, body: callEndBodySchema, response: change } },
    async (request) => (await endCall(deps, sessionOf(request), request.params.id, request.body)).response,
  );
};
