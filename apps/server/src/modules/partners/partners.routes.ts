// Partners (002 §2.10 'Parceiros', §7 'Admin' cadastros/parceiros): admins only (000 §6 /parceiros).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { writeResultSchema } from '@funil/domain/admin-api/fields';
import {
  PARTNER_MESSAGES,
  partnerCreateSchema,
  partnerDeleteSchema,
  partnerListSchema,
  partnerUpdateSchema,
} from '@funil/domain/admin-api/partners';
import { errorBodySchema } from '@funil/domain/http/errors';

import { sessionOf } from '../auth/auth.plugin.ts';
import { createPartner, deletePartner, listPartners, updatePartner } from './partners.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const access = '/parceiros' as const;

export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cadastros/parceiros',
    { config: { access }, schema: { response: { 200: partnerListSchema, ...errors } } },
    async (request) => {
      return { data: await listPartners(app.db, sessionOf(request)) };
    },
  );

  app.post(
    '/cadastros/parceiros',
    { config: { access }, schema: { body: partnerCreateSchema, response: { 201: writeResultSchema, ...errors } } },
    async (request, reply) => {
      const row = await createPartner(app.db, sessionOf(request), request.body);
      return reply.status(201).send({ message: PARTNER_MESSAGES.created, data: { id: row.id } });
    },
  );

  app.put(
    '/cadastros/parceiros',
    { config: { access }, schema: { body: partnerUpdateSchema, response: { 200: writeResultSchema, ...errors } } },
    async (request) => {
      const row = await updatePartner(app.db, sessionOf(request), request.body);
      return { message: PARTNER_MESSAGES.updated, data: { id: row.id } };
    },
  );

  // 002 §7: DELETE with the id in the body.
  app.delete(
    '/cadastros/parceiros',
    { config: { access }, schema: { body: partnerDeleteSchema, response: { 200: writeResultSchema, ...errors } } },
    async (request) => {
      await deletePartner(app.db, sessionOf(request), request.body.id);
      return { message: PARTNER_MESSAGES.deleted, data: { id: request.body.id } };
    },
  );
};
