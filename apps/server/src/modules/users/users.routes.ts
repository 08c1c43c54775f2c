// Users lists (000 §7 usuarios-sem-permissao; 002 §2.10 users table, its screen comes later).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { isPermission, PERMISSION_NAME } from '@funil/domain/access/roles';
import { writeResultSchema } from '@funil/domain/admin-api/fields';
import { messageSchema, PASSWORD_MESSAGES, passwordChangeSchema } from '@funil/domain/admin-api/password';
import {
  permissionOptions,
  permissionsListSchema,
  USER_MESSAGES,
  userActiveSchema,
  userCreateSchema,
  usersQuerySchema,
  userUpdateSchema,
} from '@funil/domain/admin-api/users';
import { errorBodySchema } from '@funil/domain/http/errors';
import { parseConfiguracoesUsuario, usersListSchema, usersWithoutPermissionSchema } from '@funil/domain/unit/unit-data';
import {
  NOTIFICATION_MESSAGES,
  notificationSettingsBodySchema,
  notificationSettingsResponseSchema,
} from '@funil/domain/whatsapp-api/notifications-api';

import { sessionOf } from '../auth/auth.plugin.ts';
import { targetCompanyId, unitNamesOfCompany } from '../tenancy/tenancy.service.ts';
import { changeOwnPassword, createUser, setUserActive, updateUser } from './users-admin.service.ts';
import { activeUsersOfUnit, setOwnNotifications, usersOfCompany } from './users.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // 001 §7: PUT cadastros/configuracoes-notificacoes {configuracoes: {notificacoes}}, every user's own switch.
  app.put(
    '/cadastros/configuracoes-notificacoes',
    { schema: { body: notificationSettingsBodySchema, response: { 200: notificationSettingsResponseSchema, ...errors } } },
    async (request) => {
      const notificacoes = request.body.configuracoes.notificacoes;
      const configuracoes = await setOwnNotifications(app.db, sessionOf(request).userId, notificacoes);
      return {
        message: notificacoes ? NOTIFICATION_MESSAGES.on : NOTIFICATION_MESSAGES.off,
        data: { notificacoes, configuracoes },
      };
    },
  );

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
  // company-wide roles (ag, sa) see every unit of their company (docs/decisions.md); the
  // super-admin may ask for another company's with ?idEmpresa= (issue 10).
  app.get(
    '/cadastros/usuarios',
    { config: { access: '/usuarios' }, schema: { querystring: usersQuerySchema, response: { 200: usersListSchema, ...errors } } },
    async (request) => {
      const session = sessionOf(request);
      const companyWide = session.permission === 'ag' || session.permission === 'sa';
      const idEmpresa = await targetCompanyId(app.db, session, request.query.idEmpresa);
      const [users, unitNames] = await Promise.all([
        usersOfCompany(app.db, idEmpresa, companyWide ? undefined : session.unidadeId),
        unitNamesOfCompany(app.db, idEmpresa),
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

  // 002 §6: the permission list comes from the server, only the levels the caller may give (issue 10).
  app.get(
    '/cadastros/permissoes',
    { config: { access: '/usuarios' }, schema: { response: { 200: permissionsListSchema, ...errors } } },
    async (request) => {
      return { data: permissionOptions(sessionOf(request).permission) };
    },
  );

  app.post(
    '/cadastros/usuarios',
    {
      config: { access: '/usuarios' },
      schema: { body: userCreateSchema, response: { 201: writeResultSchema, ...errors, 429: errorBodySchema } },
    },
    async (request, reply) => {
      const user = await createUser(app.db, app.loginThrottle, sessionOf(request), request.body);
      return reply.status(201).send({ message: USER_MESSAGES.created, data: { id: user.id } });
    },
  );

  // Editing another user logs them out so their menus follow (000 §4); their sockets end at once.
  app.put(
    '/cadastros/usuarios',
    {
      config: { access: '/usuarios' },
      schema: { body: userUpdateSchema, response: { 200: writeResultSchema, ...errors, 429: errorBodySchema } },
    },
    async (request) => {
      const { user, endSockets } = await updateUser(app.db, app.loginThrottle, sessionOf(request), request.body);
      if (endSockets) app.sessionSockets.disconnectSessionsOf({ userId: user.id });
      return { message: USER_MESSAGES.updated, data: { id: user.id } };
    },
  );

  // The table's activate/deactivate action (002 §4): deactivation ends the user's sessions and sockets at once.
  app.put(
    '/cadastros/usuarios/ativo',
    { config: { access: '/usuarios' }, schema: { body: userActiveSchema, response: { 200: writeResultSchema, ...errors } } },
    async (request) => {
      const { user, endSockets } = await setUserActive(app.db, sessionOf(request), request.body);
      if (endSockets) app.sessionSockets.disconnectSessionsOf({ userId: user.id });
      return {
        message: user.ativo === 1 ? 'Usuário ativado com sucesso!' : 'Usuário desativado com sucesso!',
        data: { id: user.id },
      };
    },
  );

  // Any logged user changes their own password; their other sessions end, this one stays. Wrong
  // current passwords meet the login's throttle (issue 21 item 4): 429 with Retry-After.
  app.put(
    '/usuario/senha',
    { schema: { body: passwordChangeSchema, response: { 200: messageSchema, ...errors, 429: errorBodySchema } } },
    async (request) => {
      const ended = await changeOwnPassword(app.db, app.loginThrottle, sessionOf(request), request.body, request.ip);
      for (const sessionId of ended) app.sessionSockets.disconnectSessionsOf({ sessionId });
      return { message: PASSWORD_MESSAGES.changed };
    },
  );
};
