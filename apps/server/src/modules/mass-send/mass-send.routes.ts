// The mass-send API (issue 13; 002 §7 'Mass send', 000 §6): the composer's lead search and
// POST (Cadastrar Envios: the user role), the monitor's lists and status changes (Listar Envios:
// user and admin), and the older variants on the same engine; every route needs the unit's
// habilita_envio_em_massaV2 (the access rules of the two screens carry the flag).
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorBodySchema } from '@funil/domain/http/errors';
import { idParams } from '@funil/domain/http/ids';
import {
  MASS_SEND_MESSAGES,
  massSendCampaignListSchema,
  massSendCapacitySchema,
  massSendCreatedSchema,
  massSendInProgressSchema,
  massSendLeadSearchSchema,
  massSendRecipientListSchema,
  massSendStatusBodySchema,
  massSendStatusResponseSchema,
  type MassSendPayload,
} from '@funil/domain/mass-send/mass-send-api';

import { isUploadedFile, registerFormBodies } from '../../http/form-body.ts';
import { sessionOf } from '../auth/auth.plugin.ts';
import { massSendLeadSearch } from '../leads/views/mass-send/lead-mass-send.service.ts';
import { campaignContextOf } from '../whatsapp/campaign/campaign-send.service.ts';
import { MassSendEngine, type MassSendEngineOptions } from './mass-send.engine.ts';
import {
  campaignInProgress,
  campaignRecipients,
  campaignRefused,
  changeCampaignStatus,
  createCampaign,
  listCampaigns,
  MASS_SEND_MEDIA_MAX_BYTES,
  massSendCapacity,
  parsePayload,
  type MassSendDeps,
  type MassSendMedia,
} from './mass-send.service.ts';

const COMPOSE = { config: { access: ['/envio-em-massa-cadastro'] } } as const;
const MONITOR = { config: { access: ['/envio-em-massa'] } } as const;
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
};
const idParamsSchema = idParams('id');

/** The body of a create: JSON, or multipart with `body` (JSON text) and one `medias` file. */
function readCreate(raw: unknown): { payload: unknown; media: MassSendMedia | null } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw campaignRefused();
  const fields = raw as Record<string, unknown>;
  const file = fields['medias'];
  if (file !== undefined && !isUploadedFile(file)) throw campaignRefused();
  const media =
    file && isUploadedFile(file) && file.content.length > 0
      ? { content: file.content, mimetype: file.mimetype || 'application/octet-stream', filename: file.filename || 'arquivo' }
      : null;
  // Multipart: the payload is the `body` field (JSON text); JSON: the object itself.
  return { payload: parsePayload(typeof fields['body'] === 'string' ? fields['body'] : fields), media };
}

export type MassSendRoutesOptions = { engine?: MassSendEngineOptions & { autoStart?: boolean } };

// Keyed by the HTTP server, which the root instance and its plugins share.
const engines = new WeakMap<object, MassSendEngine>();

/** The mass-send engine of a built app (tests drive it with their clock; the bench reads it). */
export function massSendEngineOf(app: FastifyInstance): MassSendEngine {
  const engine = engines.get(app.server);
  if (!engine) throw new Error('massSendRoutes não registrado');
  return engine;
}

export const massSendRoutes: FastifyPluginAsyncZod<MassSendRoutesOptions> = async (app, options) => {
  await registerFormBodies(app, { maxFileBytes: MASS_SEND_MEDIA_MAX_BYTES });
  const ctx = campaignContextOf(app);
  const now = options.engine?.now ?? (() => new Date());
  const engine = new MassSendEngine({ db: app.db, ctx, realtime: app.realtime, log: app.log }, options.engine ?? {});
  engines.set(app.server, engine);
  const deps: MassSendDeps = { db: app.db, ctx, realtime: app.realtime, now, wake: () => engine.wake() };
  if (options.engine?.autoStart !== false) {
    app.addHook('onReady', async () => engine.start());
    app.addHook('onClose', async () => engine.stop());
  }
  const body = z.unknown();
  const limits = {
    ...COMPOSE,
    bodyLimit: MASS_SEND_MEDIA_MAX_BYTES * 2,
    schema: { body, response: { 201: massSendCreatedSchema, ...errors } },
  };

  // 002 §7: POST {mass-send host}/api/envio-em-massa, multipart medias + body (JSON); the older
  // variants (POST /whatsapp/envio-em-massa, POST /api/messages/send-envio-em-massa) on the same engine.
  for (const [path, requireName] of [
    ['/envio-em-massa', true],
    ['/whatsapp/envio-em-massa', false],
    ['/messages/send-envio-em-massa', false],
  ] as const) {
    app.post(path, limits, async (request, reply) => {
      const { payload, media } = readCreate(request.body);
      const data = await createCampaign(deps, sessionOf(request), payload as MassSendPayload, media, { requireName });
      return reply.status(201).send({ message: MASS_SEND_MESSAGES.created, data });
    });
  }

  // 002 §7 GET /envioemmassa/clientes/{…}/: the composer's leads of a filter.
  app.get(
    '/envioemmassa/clientes/*',
    {
      ...COMPOSE,
      schema: { params: z.object({ '*': z.string().max(4000) }), response: { 200: massSendLeadSearchSchema, ...errors } },
    },
    async (request) => massSendLeadSearch(deps.db, sessionOf(request), request.params['*']),
  );

  // The composer's projected finish (issue 13 'Beyond the spec'): settings and each number's use today.
  app.get(
    '/envio-em-massa/capacidade',
    { ...COMPOSE, schema: { response: { 200: massSendCapacitySchema, ...errors } } },
    async (request) => ({
      data: await massSendCapacity(deps, sessionOf(request)),
    }),
  );

  app.get(
    '/envio-em-massa',
    { ...MONITOR, schema: { response: { 200: massSendCampaignListSchema, ...errors } } },
    async (request) => ({ data: await listCampaigns(deps, sessionOf(request)) }),
  );

  app.get(
    '/envio-em-massa/:id/clientes',
    { ...MONITOR, schema: { params: idParamsSchema, response: { 200: massSendRecipientListSchema, ...errors } } },
    async (request) => campaignRecipients(deps, sessionOf(request), request.params.id),
  );

  app.put(
    '/envio-em-massa/:id',
    {
      ...MONITOR,
      schema: {
        params: idParamsSchema,
        body: massSendStatusBodySchema,
        response: { 200: massSendStatusResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await changeCampaignStatus(deps, sessionOf(request), request.params.id, request.body.status),
    }),
  );

  // 002 §7: GET /whatsapp/envio-em-progresso (data.envioEmProgresso), for the composer's bar.
  app.get(
    '/whatsapp/envio-em-progresso',
    {
      config: { access: ['/envio-em-massa-cadastro', '/envio-em-massa'] },
      schema: { response: { 200: massSendInProgressSchema, ...errors } },
    },
    async (request) => ({
      data: await campaignInProgress(deps, sessionOf(request)),
    }),
  );
};
