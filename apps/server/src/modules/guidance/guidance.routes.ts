// GET orientacoes/lista: the guidance texts of /inicial (000 §2, §7). The browser sanitises the HTML.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { guidanceListSchema } from '@funil/domain/unit/unit-data';
import { errorBodySchema } from '@funil/domain/http/errors';
import { sessionOf } from '../auth/auth.plugin.ts';
import { orientacoes } from './guidance.table.ts';

export const guidanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/orientacoes/lista', { schema: { response: { 200: guidanceListSchema, 401: errorBodySchema } } }, async (request) => {
    const session = sessionOf(request);
    const data = await app.db
      .select({ id: orientacoes.id, titulo: orientacoes.titulo, textoOrientacao: orientacoes.textoOrientacao })
      .from(orientacoes)
      .where(
        and(
          eq(orientacoes.idEmpresa, session.empresaId),
          eq(orientacoes.ativo, 1),
          or(isNull(orientacoes.idUnidade), eq(orientacoes.idUnidade, session.unidadeId)),
        ),
      )
      .orderBy(asc(orientacoes.ordem), asc(orientacoes.id));
    return { data };
  });
};
