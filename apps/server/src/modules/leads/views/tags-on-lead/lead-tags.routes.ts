// 001 §7 tagsClientes: a lead's tags. A lead change, so it lives in the leads module; the unit's
// tags themselves are the tags module's (tags.routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { idParam } from '@funil/domain/leads-api/fields';
import { assignTagsBodySchema, leadTagsChangeResponseSchema, leadTagsResponseSchema } from '@funil/domain/leads-api/tags-api';

import { registerFormBodies } from '../../../../http/form-body.ts';
import { errorResponses, LEAD_SCREENS } from '../../../../http/lead-screens.ts';
import { sessionOf } from '../../../auth/auth.plugin.ts';
import type { LeadDeps } from '../../leads.service.ts';
import { addLeadTags, leadTags, removeLeadTag } from './lead-tags.service.ts';

const route = { config: { access: LEAD_SCREENS } } as const;
const contactParams = z.object({ idContato: idParam });

export const leadTagsRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerFormBodies(app);
  const deps: LeadDeps = { db: app.db, realtime: app.realtime };

  app.get(
    '/tagsClientes/cliente/:idContato',
    { ...route, schema: { params: contactParams, response: { 200: leadTagsResponseSchema, ...errorResponses } } },
    async (request) => leadTags(deps, sessionOf(request), request.params.idContato),
  );
  app.post(
    '/tagsClientes/:idContato',
    {
      ...route,
      schema: {
        params: contactParams,
        body: assignTagsBodySchema,
        response: { 200: leadTagsChangeResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      addLeadTags(
        deps,
        sessionOf(request),
        request.params.idContato,
        request.body.tags.map((t) => t.id_tag),
      ),
  );
  app.delete(
    '/tagsClientes/:idContato/:idTag',
    {
      ...route,
      schema: {
        params: contactParams.extend({ idTag: idParam }),
        response: { 200: leadTagsChangeResponseSchema, ...errorResponses },
      },
    },
    async (request) => removeLeadTag(deps, sessionOf(request), request.params.idContato, request.params.idTag),
  );
};
