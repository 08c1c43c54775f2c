// First run and companies (issue 10 "A fresh install is usable"): the public one-time setup call,
// then the super-admin's companies (000 §6: the super-admin's screens, checked as /unidades).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  COMPANY_MESSAGES,
  companyCreatedSchema,
  companyCreateSchema,
  companyListSchema,
  companyUpdateSchema,
} from '@funil/domain/admin-api/companies';
import { writeResultSchema } from '@funil/domain/admin-api/fields';
import { SETUP_MESSAGES, setupBodySchema, setupCreatedSchema, setupStatusSchema } from '@funil/domain/admin-api/setup';
import { errorBodySchema } from '@funil/domain/http/errors';

import { sessionOf } from '../auth/auth.plugin.ts';
import { createCompanyWithAdmin, listCompanies, runSetup, setupNeeded, updateCompany } from './setup.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public: the login screen asks whether to show the first-run screen instead.
  app.get('/setup', { config: { public: true }, schema: { response: { 200: setupStatusSchema } } }, async () => {
    return { needed: await setupNeeded(app.db) };
  });

  // Public while no user exists; 409 afterwards, so it can never add a second super-admin.
  app.post(
    '/setup',
    {
      config: { public: true },
      schema: { body: setupBodySchema, response: { 201: setupCreatedSchema, 400: errorBodySchema, 409: errorBodySchema } },
    },
    async (request, reply) => {
      const data = await runSetup(app.db, request.body);
      return reply.status(201).send({ message: SETUP_MESSAGES.created, data });
    },
  );

  app.get(
    '/cadastros/empresas',
    { config: { access: '/unidades' }, schema: { response: { 200: companyListSchema, ...errors } } },
    async () => {
      return { data: await listCompanies(app.db) };
    },
  );

  // The company with its first unit and first company admin (ag), in one call.
  app.post(
    '/cadastros/empresas',
    {
      config: { access: '/unidades' },
      schema: { body: companyCreateSchema, response: { 201: companyCreatedSchema, ...errors } },
    },
    async (request, reply) => {
      const data = await createCompanyWithAdmin(app.db, sessionOf(request), request.body);
      return reply.status(201).send({ message: COMPANY_MESSAGES.created, data });
    },
  );

  // Deactivating a company logs every user of its units out at once.
  app.put(
    '/cadastros/empresas',
    { config: { access: '/unidades' }, schema: { body: companyUpdateSchema, response: { 200: writeResultSchema, ...errors } } },
    async (request) => {
      const { company, loggedOutUnits } = await updateCompany(app.db, sessionOf(request), request.body);
      for (const unitId of loggedOutUnits) app.sessionSockets.disconnectSessionsOf({ unitId });
      return { message: COMPANY_MESSAGES.updated, data: { id: company.id } };
    },
  );
};
