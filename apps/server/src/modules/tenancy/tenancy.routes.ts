// Unit data and unit lists (000 §7 "Session and unit").
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import { unitDataSchema, unitsListSchema } from '@funil/domain/unit/unit-data';
import { errorBodySchema } from '@funil/domain/http/errors';
import { roleOf } from '@funil/domain/access/roles';
import { sessionOf } from '../auth/auth.plugin.ts';
import { loadUnitData } from './unit-data.service.ts';
import { unidades } from './tenancy.table.ts';

export const tenancyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cadastros/dados-unidade',
    { schema: { response: { 200: z.object({ data: unitDataSchema }), 401: errorBodySchema } } },
    async (request) => ({ data: await loadUnitData(app.db, sessionOf(request)) }),
  );

  // The units of the caller's company (transfer and conversion pickers, unit selectors).
  app.get('/cadastros/unidades', { schema: { response: { 200: unitsListSchema, 401: errorBodySchema } } }, async (request, reply) => {
    const session = sessionOf(request);
    void reply.header('cache-control', 'private, max-age=300');
    const rows = await app.db
      .select({ id: unidades.id, nome: unidades.nome, idFunil: unidades.idFunil, idFunilVenda: unidades.idFunilVenda })
      .from(unidades)
      .where(and(eq(unidades.idEmpresa, session.empresaId), eq(unidades.ativo, 1)))
      .orderBy(asc(unidades.nome));
    // Roles bound to one unit see only it, except where a picker needs the siblings (user and admin transfer leads).
    const role = roleOf(session.permission);
    const visible = role === 'manager' ? rows.filter((r) => r.id === session.unidadeId) : rows;
    return { data: visible };
  });
};
