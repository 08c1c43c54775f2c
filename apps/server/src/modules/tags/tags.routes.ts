// 001 §7 Tags: the unit's tags. A lead's tags (tagsClientes) are a lead change: leads/views/tags-on-lead/lead-tags.routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { tagCreateBodySchema, tagCreatedResponseSchema, tagsResponseSchema } from '@funil/domain/leads-api/tags-api';

import { registerFormBodies } from '../../http/form-body.ts';
import { errorResponses, LEAD_SCREENS } from '../../http/lead-screens.ts';
import { sessionOf } from '../auth/auth.plugin.ts';
import { createTag, listUnitTags } from './tags.service.ts';

const route = { config: { access: LEAD_SCREENS } } as const;

export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerFormBodies(app);

  app.get('/tags', { ...route, schema: { response: { 200: tagsResponseSchema, ...errorResponses } } }, async (request, reply) => {
    void reply.header('cache-control', 'private, max-age=300');
    return listUnitTags(app.db, sessionOf(request));
  });
  app.post(
    '/tags',
    { ...route, schema: { body: tagCreateBodySchema, response: { 200: tagCreatedResponseSchema, ...errorResponses } } },
    async (request) => createTag(app.db, sessionOf(request), request.body),
  );
};
