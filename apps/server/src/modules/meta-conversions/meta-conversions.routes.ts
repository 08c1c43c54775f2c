// The Conversions API card of /insights (issue 24 'Closing the loop with Meta'): the unit admin with
// `metaInsights` (000 §6 '/insights') maps the dataset id and the statuses sent, and reads the last sends.
// The plugin also adds the stream's `conversions-api` consumer and starts the sender on the workers' loop.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorBodySchema } from '@funil/domain/http/errors';
import {
  META_CONVERSIONS_MESSAGES,
  metaConversionsSettingsSchema,
  metaConversionsStateSchema,
} from '@funil/domain/meta-conversions/meta-conversions-api';

import { sessionOf } from '../auth/auth.plugin.ts';
import {
  conversionsConsumer,
  conversionsState,
  saveConversionsSettings,
  startConversionsSender,
} from './meta-conversions.service.ts';

export type MetaConversionsRoutesOptions = {
  /** The sender's idle wait between passes (default 60 s; 0: off, tests call sendPass). */
  sendMs?: number | undefined;
};

const access = '/insights' as const;
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const metaConversionsRoutes: FastifyPluginAsyncZod<MetaConversionsRoutesOptions> = async (app, options) => {
  const sendMs = options.sendMs ?? 60_000;
  const sender = sendMs > 0 ? startConversionsSender(app.db, app.metaRuntime, app.log, sendMs) : null;
  if (sender) app.addHook('onClose', () => sender.stop());
  app.leadEvents.add(conversionsConsumer(() => sender?.wake()));

  app.get(
    '/insights/conversoes',
    { config: { access }, schema: { response: { 200: metaConversionsStateSchema, ...errors } } },
    async (request) => {
      const session = sessionOf(request);
      return conversionsState(app.db, session.empresaId, session.unidadeId);
    },
  );

  app.put(
    '/insights/conversoes',
    {
      config: { access },
      schema: { body: metaConversionsSettingsSchema, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) => {
      const session = sessionOf(request);
      await saveConversionsSettings(app.db, session.empresaId, session.unidadeId, request.body);
      return { message: META_CONVERSIONS_MESSAGES.saved };
    },
  );
};
