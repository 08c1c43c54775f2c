// Unit lists (000 §7 "Session and unit"); the unit data itself is modules/unit-data.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unitsListSchema } from '@funil/domain/unit/unit-data';
import { errorBodySchema } from '@funil/domain/http/errors';
import { roleOf } from '@funil/domain/access/roles';
import { sessionOf } from '../auth/auth.plugin.ts';
import { activeUnitsOfCompany } from './tenancy.service.ts';

export const tenancyRoutes: FastifyPluginAsyncZod = async (app) => {
  // The units of the caller's company (transfer and conversion pickers, unit selectors).
  app.get('/cadastros/unidades', { schema: { response: { 200: unitsListSchema, 401: errorBodySchema } } }, async (request, reply) => {
    const session = sessionOf(request);
    void reply.header('cache-control', 'private, max-age=300');
    const rows = await activeUnitsOfCompany(app.db, session.empresaId);
    // Roles bound to one unit see only it, except where a picker needs the siblings (user and admin transfer leads).
    const role = roleOf(session.permission);
    const visible = role === 'manager' ? rows.filter((r) => r.id === session.unidadeId) : rows;
    return { data: visible };
  });
};
