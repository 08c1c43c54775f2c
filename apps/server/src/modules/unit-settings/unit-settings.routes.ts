// 002 §7 "Admin": GET and PUT configuracoes/unidade (000 §6 /configuracoes: admin); 002 §7
// "Extras and catalogue": cadastros/configuracoes-extras (000 §6 /configuracoes-globais: super-admin).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { companyQuerySchema } from '@funil/domain/admin-api/companies';
import { EXTRAS_MESSAGES, extrasBodySchema, extrasResponseSchema, extrasSavedSchema } from '@funil/domain/admin-api/extras';
import {
  SETTINGS_MESSAGES,
  unitSettingsBodySchema,
  unitSettingsQuerySchema,
  unitSettingsResponseSchema,
  unitSettingsSavedSchema,
} from '@funil/domain/admin-api/settings';

import { errorResponses } from '../../http/lead-screens.ts';
import { sessionOf } from '../auth/auth.plugin.ts';
import { targetCompanyId } from '../tenancy/tenancy.service.ts';
import {
  readCompanyExtras,
  readUnitSettings,
  saveCompanyExtras,
  saveUnitSettings,
  type SettingsDeps,
} from './unit-settings.service.ts';

const SETTINGS = { config: { access: '/configuracoes' } } as const;
const EXTRAS = { config: { access: '/configuracoes-globais' } } as const;

export const unitSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: SettingsDeps = { db: app.db, realtime: app.realtime };

  app.get(
    '/configuracoes/unidade',
    {
      ...SETTINGS,
      schema: { querystring: unitSettingsQuerySchema, response: { 200: unitSettingsResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      data: await readUnitSettings(app.db, sessionOf(request), request.query.idUnidade),
    }),
  );
  app.put(
    '/configuracoes/unidade',
    {
      ...SETTINGS,
      schema: {
        querystring: unitSettingsQuerySchema,
        body: unitSettingsBodySchema,
        response: { 200: unitSettingsSavedSchema, ...errorResponses },
      },
    },
    async (request) => ({
      message: SETTINGS_MESSAGES.saved,
      data: await saveUnitSettings(deps, sessionOf(request), request.query.idUnidade, request.body),
    }),
  );

  // ?idEmpresa= lets the super-admin set another company's toggles (issue 10); others keep their own.
  app.get(
    '/cadastros/configuracoes-extras',
    { ...EXTRAS, schema: { querystring: companyQuerySchema, response: { 200: extrasResponseSchema, ...errorResponses } } },
    async (request) => ({
      data: await readCompanyExtras(app.db, await targetCompanyId(app.db, sessionOf(request), request.query.idEmpresa)),
    }),
  );
  app.put(
    '/cadastros/configuracoes-extras',
    {
      ...EXTRAS,
      schema: {
        querystring: companyQuerySchema,
        body: extrasBodySchema,
        response: { 200: extrasSavedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return {
        message: EXTRAS_MESSAGES.saved,
        data: await saveCompanyExtras(
          deps,
          session,
          await targetCompanyId(app.db, session, request.query.idEmpresa),
          request.body,
        ),
      };
    },
  );
};
