// GET /api/cadastros/auditoria: the audit trail an admin can read (issue 10 "API").
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { AUDIT_PAGE_SIZE, auditListSchema, auditQuerySchema } from '@funil/domain/admin-api/audit';
import { errorBodySchema } from '@funil/domain/http/errors';

import { sessionOf } from '../auth/auth.plugin.ts';
import { auditPage, type AuditReader } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  // The admin screens' readers (000 §6 /usuarios: super-admin and admins); a unit admin reads
  // the unit's records, a company admin the company's, the super-admin every company's.
  app.get(
    '/cadastros/auditoria',
    {
      config: { access: '/usuarios' },
      schema: {
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const reader: AuditReader =
        session.permission === 'sa'
          ? { kind: 'all' }
          : session.permission === 'ag'
            ? { kind: 'company', idEmpresa: session.empresaId }
            : { kind: 'unit', idEmpresa: session.empresaId, idUnidade: session.unidadeId };
      const { rows, total } = await auditPage(app.db, reader, request.query);
      return { data: rows, pagina: request.query.pagina, total, porPagina: AUDIT_PAGE_SIZE };
    },
  );
};
