// Quick messages (001 §7 "Quick messages"): GET whatsapp/modelos, POST whatsapp/adicionarModelo
// (201), whatsapp/editarModelo (204), whatsapp/deletarModelo (204). Open to every chat route, the
// CRM (its embedded 'Atendimento Whatsapp') and the 'Modelos' screen; the level rules are the service's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  QUICK_MESSAGE_TEXTS,
  quickMessageCreateBodySchema,
  quickMessageCreatedSchema,
  quickMessageDeleteBodySchema,
  quickMessageEditBodySchema,
  quickMessagesResponseSchema,
} from '@funil/domain/whatsapp-api/quick-messages-api';

import { errorResponses } from '../../http/lead-screens.ts';
import { sessionOf } from '../auth/auth.plugin.ts';
import { createQuickMessage, deleteQuickMessage, editQuickMessage, listQuickMessages } from './quick-messages.service.ts';

const SCREENS = ['/whatsapp-v3', '/whatsappv2', '/whatsapp', '/crm', '/configuracoes-whatsapp'] as const;
const ACCESS = { config: { access: SCREENS } } as const;
// A template write touches no lead (leadWork 'none', auth.plugin.ts): the service's level rules
// answer every role that opens one of the screens, never the lead-write rule (issue 21 item 6).
const WRITE = { config: { access: SCREENS, leadWork: 'none' } } as const;

export const quickMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/whatsapp/modelos',
    { ...ACCESS, schema: { response: { 200: quickMessagesResponseSchema, ...errorResponses } } },
    async (request) => ({
      data: await listQuickMessages(app.db, sessionOf(request)),
    }),
  );

  app.post(
    '/whatsapp/adicionarModelo',
    {
      ...WRITE,
      schema: { body: quickMessageCreateBodySchema, response: { 201: quickMessageCreatedSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const data = await createQuickMessage(app.db, sessionOf(request), request.body);
      return reply.status(201).send({ message: QUICK_MESSAGE_TEXTS.created, status: 201 as const, data });
    },
  );

  app.post(
    '/whatsapp/editarModelo',
    { ...WRITE, schema: { body: quickMessageEditBodySchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await editQuickMessage(app.db, sessionOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/whatsapp/deletarModelo',
    { ...WRITE, schema: { body: quickMessageDeleteBodySchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteQuickMessage(app.db, sessionOf(request), request.body.idModelo);
      return reply.status(204).send(null);
    },
  );
};
