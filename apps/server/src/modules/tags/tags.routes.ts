// 001 §7 Tags: the unit's tags and a lead's tags.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignTagsBodySchema, leadTagsChangeResponseSchema, leadTagsResponseSchema, tagCreateBodySchema, tagCreatedResponseSchema, tagsResponseSchema } from '@funil/domain/leads-api/tags-api';
import { idParam } from '@funil/domain/leads-api/fields';
import { sessionOf } from '../auth/auth.plugin.ts';
import { registerFormBodies } from '../leads/form-body.ts';
import { LEAD_SCREENS, errorResponses } from '../leads/lead-screens.ts';
import type { LeadDeps } from '../leads/leads.service.ts';
import { createTag, listUnitTags } from './tags.service.ts';
import { addLeadTags, leadTags, removeLeadTag } from './lead-tags.service.ts';

const route = { config: { access: LEAD_SCREENS } } as const;
const contactParams = z.object({ idContato: idParam });

export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerFormBodies(app);
  const deps: LeadDeps = { db: app.db, realtime: app.realtime };

  app.get('/tags', { ...route, schema: { response: { 200: tagsResponseSchema, ...errorResponses } } }, async (request, reply) => {
    void reply.header('cache-control', 'private, max-age=300');
    return listUnitTags(app.db, sessionOf(request));
  });
  app.post('/tags', { ...route, schema: { body: tagCreateBodySchema, response: { 200: tagCreatedResponseSchema, ...errorResponses } } }, async (request) => createTag(app.db, sessionOf(request), request.body));
  app.get('/tagsClientes/cliente/:idContato', { ...route, schema: { params: contactParams, response: { 200: leadTagsResponseSchema, ...errorResponses } } }, async (request) =>
    leadTags(deps, sessionOf(request), request.params.idContato),
  );
  app.post('/tagsClientes/:idContato', { ...route, schema: { params: contactParams, body: assignTagsBodySchema, response: { 200: leadTagsChangeResponseSchema, ...errorResponses } } }, async (request) =>
    addLeadTags(deps, sessionOf(request), request.params.idContato, request.body.tags.map((t) => t.id_tag)),
  );
  app.delete(
    '/tagsClientes/:idContato/:idTag',
    { ...route, schema: { params: contactParams.extend({ idTag: idParam }), response: { 200: leadTagsChangeResponseSchema, ...errorResponses } } },
    async (request) => removeLeadTag(deps, sessionOf(request), request.params.idContato, request.params.idTag),
  );
};
