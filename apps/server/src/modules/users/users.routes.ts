// Users lists (000 §7 usuarios-sem-permissao; 002 §2.10 users table, its screen comes later).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usersListSchema, usersWithoutPermissionSchema } from '@funil/domain/unit/unit-data';
import { errorBodySchema } from '@funil/domain/http/errors';
import { PERMISSION_NAME, isPermission } from '@funil/domain/access/roles';
import { parseConfiguracoesUsuario } from '@funil/domain/unit/unit-data';
import { sessionOf } from '../auth/auth.plugin.ts';
import { unitNamesOfCompany } from '../tenancy/tenancy.service.ts';
import { activeUsersOfUnit, usersOfCompany } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cadastros/usuarios-sem-permissao',
    { schema: { response: { 200: usersWithoutPermissionSchema, 401: errorBodySchema } } },
    async (request, reply) => {
      const session = sessionOf(request);
      void reply.header('cache-control', 'private, max-age=300');
      const data = (await activeUsersOfUnit(app.db, session.unidadeId)).map(({ id, nome }) => ({ id, nome }));
      return { data };
    },
  );

  // 000 §6: /usuarios is for the super-admin and admins. A unit admin sees their unit; the
  // company-wide roles (ag, sa) see every unit of their company (docs/decisions.md).
  app.get(
    '/cadastros/usuarios',
    { config: { access: '/usuarios' }, schema: { response: { 200: usersListSchema, 401: errorBodySchema, 403: errorBodySchema } } },
    async (request) => {
      const session = sessionOf(request);
      const companyWide = session.permission === 'ag' || session.permission === 'sa';
      const [users, unitNames] = await Promise.all([
        usersOfCompany(app.db, session.empresaId, companyWide ? undefined : session.unidadeId),
        unitNamesOfCompany(app.db, session.empresaId),
      ]);
      return {
        // A user's unit is always a unit of the user's company (usuarios.id_unidade references it).
        data: users.map((user) => ({
          id: user.id,
          nome: user.nome,
          email: user.email,
          idRamal: user.idRamal,
          idUnidade: user.idUnidade,
          nomeUnidade: unitNames.get(user.idUnidade) ?? '',
          permissao: user.permissao,
          nomePermissao: isPermission(user.permissao) ? PERMISSION_NAME[user.permissao] : user.permissao,
          ativo: user.ativo === 1 ? (1 as const) : (-1 as const),
          acesso_atribuidos: user.acessoAtribuidos === 1 ? (1 as const) : (0 as const),
          excluir_leads: parseConfiguracoesUsuario(user.configuracoes).excluir_leads ? (1 as const) : (0 as const),
          configuracoes: user.configuracoes,
          cor: user.cor,
          datacad: user.datacad.toISOString(),
          dataAtualizacao: user.dataAtualizacao.toISOString(),
        })),
      };
    },
  );
};
