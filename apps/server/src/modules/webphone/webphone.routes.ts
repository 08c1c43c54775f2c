// The webphone's endpoints (issue 12, paths in docs/api.md): GET webphone/credenciais.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@funil/domain/http/errors';
import { sipCredentialsSchema } from '@funil/domain/webphone/webphone-api';
import { sessionOf } from '../auth/auth.plugin.ts';
import { errorResponses } from '../../http/lead-screens.ts';
import { sipCredentials, type SipOptions } from './webphone.service.ts';

const WEBPHONE = { config: { access: ['/webphone'] } } as const;

export const webphoneRoutes: FastifyPluginAsyncZod<{ sip?: SipOptions | undefined }> = async (app, opts) => {
  app.get('/webphone/credenciais', { ...WEBPHONE, schema: { response: { 200: sipCredentialsSchema, ...errorResponses, 502: errorBodySchema } } }, async (request) => ({
    data: sipCredentials(opts.sip, sessionOf(request)),
  }));
};
