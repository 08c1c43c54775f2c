// Instâncias (001 §2, §4; 000 §7 "Gateway instances"): list, create, connect by QR, log out and
// remove (admins only, issue 7 §5), refresh the state. No answer carries the instance token or the
// webhook secret.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { canManageInstances, canReplayRejectedWebhooks, canSeeRejectedWebhooks } from '@funil/domain/access/roles';
import { errorBodySchema } from '@funil/domain/http/errors';
import { idParams } from '@funil/domain/http/ids';
import {
  connectionStateResponseSchema,
  connectResponseSchema,
  createInstanceBodySchema,
  instanceListResponseSchema,
  instanceResponseSchema,
} from '@funil/domain/whatsapp-api/instances-api';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';
import {
  REJECTED_WEBHOOK_REPLAY_MESSAGES,
  rejectedWebhookListResponseSchema,
  rejectedWebhookReplayResponseSchema,
} from '@funil/domain/whatsapp-api/rejected-webhooks';

import { DomainError } from '../../../http/domain-error.ts';
import { sessionOf } from '../../auth/auth.plugin.ts';
import { listCompanyRejectedWebhooks } from '../ingest/rejected-webhooks.service.ts';
import { replayRejectedWebhook } from '../ingest/webhook-replay.service.ts';
import type { WhatsappContext } from '../whatsapp-context.ts';
import {
  connectInstance,
  createUnitInstance,
  listUnitInstances,
  logoutInstance,
  refreshConnectionState,
  removeUnitInstance,
} from './instances.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  502: errorBodySchema,
};
// The gateway's screens. An instance is the unit's number, not a lead (issue 22 §3): a manager who
// opens the v3 chat gets the admins' rule below (canManageInstances), not the lead-write answer.
const gatewayConfig = { access: ['/instancias', '/whatsapp-v3'], leadWork: 'none' } as const;
const params = z.object({ instance: z.string().min(1).max(100) });

// issue 7 §5: connecting, disconnecting and removing take the unit's number on or off line, so only
// a, ag and sa may; an attendant or manager gets 403 before anything is looked up.
const adminsOnly = async (request: FastifyRequest) => {
  if (!canManageInstances(sessionOf(request).permission))
    throw new DomainError('forbidden', WHATSAPP_MESSAGES.instanceManageAdminsOnly);
};

// issue 21 item 2: the webhooks that could not be stored are the company's (every unit's numbers).
const companyAdminsOnly = async (request: FastifyRequest) => {
  if (!canSeeRejectedWebhooks(sessionOf(request).permission))
    throw new DomainError('forbidden', WHATSAPP_MESSAGES.rejectedWebhooksCompanyAdminsOnly);
};

// Replaying one of them runs it through the ingest again: the super-admin's only.
const superAdminOnly = async (request: FastifyRequest) => {
  if (!canReplayRejectedWebhooks(sessionOf(request).permission))
    throw new DomainError('forbidden', REJECTED_WEBHOOK_REPLAY_MESSAGES.superAdminOnly);
};
const rejectedParams = idParams('id');

export const instancesRoutes: FastifyPluginAsyncZod<{ ctx: WhatsappContext }> = async (app, { ctx }) => {
  app.get(
    '/instancias',
    { config: gatewayConfig, schema: { response: { 200: instanceListResponseSchema, ...errors } } },
    async (request) => ({
      data: await listUnitInstances(ctx, sessionOf(request)),
    }),
  );

  // The gateway's webhooks kept aside because they could not be stored (issue 21 item 2), newest first.
  app.get(
    '/instancias/rejeitados',
    {
      config: { access: ['/instancias'] },
      onRequest: companyAdminsOnly,
      schema: { response: { 200: rejectedWebhookListResponseSchema, ...errors } },
    },
    async (request) => ({ data: await listCompanyRejectedWebhooks(ctx, sessionOf(request)) }),
  );

  // One of them run through the ingest again (the super-admin's, in the session's company): stored,
  // it leaves the list; refused again, 409 with its reason; a repeat finds it gone (404).
  app.post(
    '/instancias/rejeitados/:id/reprocessar',
    {
      config: { access: ['/instancias'] },
      onRequest: superAdminOnly,
      schema: { params: rejectedParams, response: { 200: rejectedWebhookReplayResponseSchema, ...errors } },
    },
    async (request) => replayRejectedWebhook(ctx, sessionOf(request), request.params.id),
  );

  app.post(
    '/instancias',
    {
      config: { access: ['/instancias'] },
      schema: {
        body: createInstanceBodySchema,
        response: { 201: connectResponseSchema.extend({ message: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const answer = await createUnitInstance(ctx, sessionOf(request), request.body.name);
      return reply.status(201).send({ ...answer, message: WHATSAPP_MESSAGES.instanceCreated });
    },
  );

  app.get(
    '/instance/connect/:instance',
    { config: gatewayConfig, onRequest: adminsOnly, schema: { params, response: { 200: connectResponseSchema, ...errors } } },
    async (request) => connectInstance(ctx, sessionOf(request), request.params.instance),
  );

  app.delete(
    '/instance/logout/:instance',
    { config: gatewayConfig, onRequest: adminsOnly, schema: { params, response: { 200: instanceResponseSchema, ...errors } } },
    async (request) => ({
      data: await logoutInstance(ctx, sessionOf(request), request.params.instance),
      message: WHATSAPP_MESSAGES.instanceLoggedOut,
    }),
  );

  // ref §3.5 instance/delete, same path as the gateway's.
  app.delete(
    '/instance/delete/:instance',
    {
      config: gatewayConfig,
      onRequest: adminsOnly,
      schema: { params, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) => {
      await removeUnitInstance(ctx, sessionOf(request), request.params.instance);
      return { message: WHATSAPP_MESSAGES.instanceRemoved };
    },
  );

  app.get(
    '/instance/connectionState/:instance',
    { config: gatewayConfig, schema: { params, response: { 200: connectionStateResponseSchema, ...errors } } },
    async (request) => {
      const data = await refreshConnectionState(ctx, sessionOf(request), request.params.instance);
      return { instance: { instanceName: data.name, state: data.connectionStatus }, data };
    },
  );
};
