// GET orientacoes/lista: the guidance texts of /inicial (000 §2, §7). Their administration
// (issue 10, paths in docs/api.md): cadastros/orientacoes, company-wide or per unit, ordered.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  GUIDANCE_MESSAGES,
  guidanceAdminListSchema,
  guidanceBodySchema,
  guidanceDeletedSchema,
  guidanceOrderBodySchema,
  guidanceSavedSchema,
} from '@funil/domain/admin-api/guidance';
import { errorBodySchema } from '@funil/domain/http/errors';
import { idParams } from '@funil/domain/http/ids';
import { guidanceListSchema } from '@funil/domain/unit/unit-data';

import { errorResponses } from '../../http/lead-screens.ts';
import { sessionOf } from '../auth/auth.plugin.ts';
import {
  createGuidance,
  deleteGuidance,
  homeGuidance,
  listGuidanceForAdmin,
  reorderGuidance,
  updateGuidance,
  type GuidanceDeps,
} from './guidance.service.ts';

// No screen of 000 §6 names the guidance editor: it serves unit admins (their unit's texts, from
// /configuracoes) and the super-admin (from /configuracoes-globais); see docs/decisions.md.
const ADMIN = { config: { access: ['/configuracoes', '/configuracoes-globais'] } } as const;

export const guidanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: GuidanceDeps = { db: app.db, realtime: app.realtime };

  app.get('/orientacoes/lista', { schema: { response: { 200: guidanceListSchema, 401: errorBodySchema } } }, async (request) => {
    const session = sessionOf(request);
    return { data: await homeGuidance(app.db, session.empresaId, session.unidadeId) };
  });

  app.get(
    '/cadastros/orientacoes',
    { ...ADMIN, schema: { response: { 200: guidanceAdminListSchema, ...errorResponses } } },
    async (request) => ({
      data: await listGuidanceForAdmin(app.db, sessionOf(request)),
    }),
  );
  app.post(
    '/cadastros/orientacoes',
    { ...ADMIN, schema: { body: guidanceBodySchema, response: { 200: guidanceSavedSchema, ...errorResponses } } },
    async (request) => ({
      message: GUIDANCE_MESSAGES.created,
      data: await createGuidance(deps, sessionOf(request), request.body),
    }),
  );
  app.put(
    '/cadastros/orientacoes/ordem',
    { ...ADMIN, schema: { body: guidanceOrderBodySchema, response: { 200: guidanceAdminListSchema, ...errorResponses } } },
    async (request) => ({
      data: await reorderGuidance(deps, sessionOf(request), request.body.ids),
    }),
  );
  app.put(
    '/cadastros/orientacoes/:id',
    {
      ...ADMIN,
      schema: { params: idParams('id'), body: guidanceBodySchema, response: { 200: guidanceSavedSchema, ...errorResponses } },
    },
    async (request) => ({
      message: GUIDANCE_MESSAGES.updated,
      data: await updateGuidance(deps, sessionOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/cadastros/orientacoes/:id',
    { ...ADMIN, schema: { params: idParams('id'), response: { 200: guidanceDeletedSchema, ...errorResponses } } },
    async (request) => {
      await deleteGuidance(deps, sessionOf(request), request.params.id);
      return { message: GUIDANCE_MESSAGES.deleted };
    },
  );
};
