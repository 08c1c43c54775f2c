// 000 §7 "Negotiation (form-data POSTs)" and 001 §7 lead actions on the negotiation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { leadIdParams } from '@funil/domain/leads-api/fields';
import {
  leadChangeResponseSchema,
  noteAddedResponseSchema,
  noteBodySchema,
  potentialBodySchema,
  removeCommentBodySchema,
  statusBodySchema,
} from '@funil/domain/leads-api/lead-api';

import { registerFormBodies } from '../../http/form-body.ts';
import { errorResponses, LEAD_SCREENS } from '../../http/lead-screens.ts';
import { sessionOf } from '../auth/auth.plugin.ts';
import type { LeadDeps } from '../leads/leads.service.ts';
import * as service from './negotiation.service.ts';

const route = { config: { access: LEAD_SCREENS } } as const;
const change = { 200: leadChangeResponseSchema, ...errorResponses } as const;

export const negotiationRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerFormBodies(app);
  const deps: LeadDeps = { db: app.db, realtime: app.realtime };

  app.post(
    '/negociacao/atualizarstatusnegociacao/:id',
    { ...route, schema: { params: leadIdParams, body: statusBodySchema, response: change } },
    async (request) =>
      (await service.updateNegotiationStatus(deps, sessionOf(request), request.params.id, request.body.status)).response,
  );
  app.post(
    '/negociacao/atualizarstatusnegociacaovenda/:id',
    { ...route, schema: { params: leadIdParams, body: statusBodySchema, response: change } },
    async (request) =>
      (await service.updateSaleStatus(deps, sessionOf(request), request.params.id, request.body.status)).response,
  );
  app.post(
    '/negociacao/atualizarpotencial/:id',
    { ...route, schema: { params: leadIdParams, body: potentialBodySchema, response: change } },
    async (request) =>
      (await service.updatePotential(deps, sessionOf(request), request.params.id, request.body.idPotencial, request.body.valor))
        .response,
  );
  app.post(
    '/negociacao/adicionaritem/:id',
    {
      ...route,
      schema: { params: leadIdParams, body: noteBodySchema, response: { 200: noteAddedResponseSchema, ...errorResponses } },
    },
    async (request) => service.addNote(deps, sessionOf(request), request.params.id, request.body.texto),
  );
  // {id} is the history item (the note) here.
  app.post('/negociacao/removeritem/:id', { ...route, schema: { params: leadIdParams, response: change } }, async (request) =>
    service.removeNote(deps, sessionOf(request), request.params.id),
  );
  app.post(
    '/negociacao/removercomentario/:id',
    { ...route, schema: { params: leadIdParams, body: removeCommentBodySchema, response: change } },
    async (request) => service.removeComment(deps, sessionOf(request), request.params.id),
  );
};
