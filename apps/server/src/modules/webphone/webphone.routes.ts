// The webphone's endpoints (issue 12, paths in docs/api.md): SIP credentials, the call queue with
// its leases, and call recordings.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorBodySchema } from '@funil/domain/http/errors';
import { leadIdParams } from '@funil/domain/leads-api/fields';
import { crmContatoSchema } from '@funil/domain/leads-api/lead-api';
import {
  callHoursNowSchema,
  leaseReleasedSchema,
  queueRequestSchema,
  RECORDING_MAX_BYTES,
  RECORDING_MESSAGES,
  recordingFileSchema,
  recordingSavedSchema,
  sipCredentialsSchema,
  WEBPHONE_MESSAGES,
} from '@funil/domain/webphone/webphone-api';

import { registerFormBodies } from '../../http/form-body.ts';
import { errorResponses, LEAD_SCREENS } from '../../http/lead-screens.ts';
import { sessionOf } from '../auth/auth.plugin.ts';
import { nextQueueLeads, queueCallHours, releaseQueueLead } from '../leads/views/call-queue/call-queue.service.ts';
import { readRecording, saveRecording } from './recordings.service.ts';
import { sipCredentials, type SipOptions } from './webphone.service.ts';

// The phone and the queue: /webphone's softphone, so not the company admin's unit dropdown (002 §2.1).
const WEBPHONE = { config: { access: ['/webphone'], softphone: true } } as const;

export type WebphoneRouteOptions = { sip?: SipOptions | undefined; mediaDir: string };

export const webphoneRoutes: FastifyPluginAsyncZod<WebphoneRouteOptions> = async (app, opts) => {
  await registerFormBodies(app, { maxFileBytes: RECORDING_MAX_BYTES });
  const deps = { db: app.db, realtime: app.realtime };

  app.get(
    '/webphone/credenciais',
    { ...WEBPHONE, schema: { response: { 200: sipCredentialsSchema, ...errorResponses, 502: errorBodySchema } } },
    async (request) => ({
      data: sipCredentials(opts.sip, sessionOf(request)),
    }),
  );

  app.post(
    '/webphone/fila',
    {
      ...WEBPHONE,
      schema: { body: queueRequestSchema, response: { 200: z.object({ data: z.array(crmContatoSchema) }), ...errorResponses } },
    },
    async (request) => ({
      data: await nextQueueLeads(deps, sessionOf(request), request.body.quantidade, request.body.excluir),
    }),
  );

  app.get(
    '/webphone/horario',
    { ...WEBPHONE, schema: { response: { 200: callHoursNowSchema, ...errorResponses } } },
    async (request) => {
      const hours = await queueCallHours(deps, sessionOf(request));
      return {
        data: hours.aberto
          ? { aberto: true, ate: null, motivo: null }
          : { aberto: false, ate: hours.ate?.toISOString() ?? null, motivo: hours.motivo },
      };
    },
  );

  app.post(
    '/webphone/fila/liberar/:id',
    { ...WEBPHONE, schema: { params: leadIdParams, response: { 200: leaseReleasedSchema, ...errorResponses } } },
    async (request) => ({
      message: WEBPHONE_MESSAGES.leaseReleased,
      data: { liberado: await releaseQueueLead(deps, sessionOf(request), request.params.id) },
    }),
  );

  // 'Ligar Agora' calls from the CRM too: recordings follow the lead screens' access; only who has
  // the softphone records a call (not the admins, ag included: 002 §2.1, no call controller).
  app.post(
    '/webphone/gravacao/:id',
    {
      config: { access: LEAD_SCREENS, softphone: true },
      schema: {
        params: leadIdParams,
        body: z.object({ arquivo: z.unknown().optional() }).loose(),
        response: { 200: recordingSavedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const name = await saveRecording(app.db, opts.mediaDir, sessionOf(request), request.params.id, request.body.arquivo);
      return {
        message: RECORDING_MESSAGES.saved,
        data: { arquivo: name, caminho: `/api/webphone/gravacao/${request.params.id}?arquivo=${name}` },
      };
    },
  );

  app.get(
    '/webphone/gravacao/:id',
    {
      config: { access: LEAD_SCREENS },
      schema: { params: leadIdParams, querystring: z.object({ arquivo: recordingFileSchema.optional() }) },
    },
    async (request, reply) => {
      const file = await readRecording(app.db, opts.mediaDir, sessionOf(request), request.params.id, request.query.arquivo);
      return reply.header('content-type', file.type).header('cache-control', 'private, no-store').send(file.content);
    },
  );
};
