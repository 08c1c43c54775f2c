// Unit data loaded at start (000 §7 "Session and unit": cadastros/dados-unidade).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorBodySchema } from '@funil/domain/http/errors';
import { unitDataSchema } from '@funil/domain/unit/unit-data';

import { sessionOf } from '../auth/auth.plugin.ts';
import { loadUnitData } from './unit-data.service.ts';

export const unitDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cadastros/dados-unidade',
    { schema: { response: { 200: z.object({ data: unitDataSchema }), 401: errorBodySchema } } },
    async (request) => ({ data: await loadUnitData(app.db, sessionOf(request)) }),
  );
};
