// Unit lists (000 §7 "Session and unit") and the units administration of 002 §2.10, §7 'Admin'
// (super-admin, 000 §6 /unidades); the unit data itself is modules/unit-data.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { roleOf } from '@funil/domain/access/roles';
import { writeResultSchema } from '@funil/domain/admin-api/fields';
import {
  partnerUnitsSchema,
  UNIT_MESSAGES,
  unitCreateSchema,
  unitListQuerySchema,
  unitListSchema,
  unitUpdateSchema,
} from '@funil/domain/admin-api/units';
import { CAPTURE_MESSAGES, unitTokenResponseSchema } from '@funil/domain/capture/capture-api';
import { errorBodySchema } from '@funil/domain/http/errors';
import { idParam } from '@funil/domain/http/ids';
import { unitsListSchema } from '@funil/domain/unit/unit-data';

import { sessionOf } from '../auth/auth.plugin.ts';
import { managesUnit } from './admin-scope.service.ts';
import { activeUnitsOfCompany } from './tenancy.service.ts';
import { createUnit, listUnits, regenerateUnitToken, updateUnit } from './units.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const tenancyRoutes: FastifyPluginAsyncZod = async (app) => {
  // The units of the caller's company (transfer and conversion pickers, unit selectors).
  app.get(
    '/cadastros/unidades',
    { schema: { response: { 200: unitsListSchema, 401: errorBodySchema } } },
    async (request, reply) => {
      const session = sessionOf(request);
      void reply.header('cache-control', 'private, max-age=300');
      const rows = await activeUnitsOfCompany(app.db, session.empresaId);
      // Roles bound to one unit see only it, except where a picker needs the siblings (user and admin transfer leads).
      const role = roleOf(session.permission);
      const visible = role === 'manager' ? rows.filter((r) => r.id === session.unidadeId) : rows;
      return { data: visible };
    },
  );

  // 002 §7 'Admin' cadastros/unidades/parceiro: the units a partner may be given, those the admin manages.
  app.get(
    '/cadastros/unidades/parceiro',
    { config: { access: '/parceiros' }, schema: { response: { 200: partnerUnitsSchema, ...errors } } },
    async (request) => {
      const session = sessionOf(request);
      const rows = await activeUnitsOfCompany(app.db, session.empresaId);
      return {
        data: rows
          .filter((u) => managesUnit(session, { id: u.id, idEmpresa: session.empresaId }))
          .map(({ id, nome }) => ({ id, nome })),
      };
    },
  );

  // The units table (002 §2.10): every unit of a company, active or not; the caller's company by default.
  app.get(
    '/cadastros/unidade',
    {
      config: { access: '/unidades' },
      schema: { querystring: unitListQuerySchema, response: { 200: unitListSchema, ...errors } },
    },
    async (request) => {
      return { data: await listUnits(app.db, sessionOf(request), request.query.idEmpresa) };
    },
  );

  app.post(
    '/cadastros/unidade',
    { config: { access: '/unidades' }, schema: { body: unitCreateSchema, response: { 201: writeResultSchema, ...errors } } },
    async (request, reply) => {
      const session = sessionOf(request);
      const unit = await createUnit(app.db, session, { ...request.body, idEmpresa: request.body.idEmpresa ?? session.empresaId });
      return reply.status(201).send({ message: UNIT_MESSAGES.created, data: { id: unit.id } });
    },
  );

  // 'Gerar novo token' (issue 23 §1): the unit's capture URL changes; the old token stops at once.
  app.post(
    '/cadastros/unidade/:id/token',
    {
      config: { access: '/unidades' },
      schema: { params: z.object({ id: idParam }), response: { 200: unitTokenResponseSchema, ...errors } },
    },
    async (request) => {
      const unit = await regenerateUnitToken(app.db, sessionOf(request), request.params.id);
      return { message: CAPTURE_MESSAGES.tokenRegenerated, data: { id: unit.id, token: unit.token } };
    },
  );

  // Edit, or 'Desativar' ({ id, ativo: 0, desativar: true }): the unit's users are logged out at once (002 §4).
  app.put(
    '/cadastros/unidade',
    { config: { access: '/unidades' }, schema: { body: unitUpdateSchema, response: { 200: writeResultSchema, ...errors } } },
    async (request) => {
      const { unit, loggedOut } = await updateUnit(app.db, sessionOf(request), request.body);
      if (loggedOut) app.sessionSockets.disconnectSessionsOf({ unitId: unit.id });
      return { message: loggedOut ? UNIT_MESSAGES.deactivated : UNIT_MESSAGES.updated, data: { id: unit.id } };
    },
  );
};
