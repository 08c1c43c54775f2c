// The contact lists' HTTP surface (000 §7 "Contacts", 002 §2.1 §3): GET contato/lista,
// contato/listaqualquer and contato/crm with their filter path.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { leadUnitQuery } from '@funil/domain/leads-api/fields';
import { contactListResponseSchema, type ContactListResponse } from '@funil/domain/leads-api/lead-api';
import type { ContactListKind } from '@funil/domain/leads/filter-segments';

import { errorResponses, LEAD_SCREENS } from '../../../../http/lead-screens.ts';
import { plainJson } from '../../../../http/plain-json.ts';
import { sessionOf } from '../../../auth/auth.plugin.ts';
import type { LeadDeps } from '../../leads.service.ts';
import { contactList } from './contact-list.service.ts';

const leadRoute = { config: { access: LEAD_SCREENS } } as const;

export const contactListRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: LeadDeps = { db: app.db, realtime: app.realtime };

  // contato/crm, the webphone's list, takes ?idUnidade=: the unit a company admin (ag) chose on
  // /webphone (issue 12, 002 §2.1); ignored for other roles, 404 for another company's unit.
  // The contact list answers 50 leads of ~55 fields on every page and live event; zod's encode of
  // that body cost about 3× JSON.stringify (docs/performance.md "Lead list"). Since issue 8 the body
  // is JSON text (the page written by PostgreSQL, CRM_CONTATO_SQL), sent as is; the schema still
  // types and documents the route, and leads-list.routes.test.ts checks the bodies against it.
  for (const kind of ['lista', 'listaqualquer', 'crm'] as const satisfies readonly ContactListKind[]) {
    app.get(
      `/contato/${kind}/*`,
      {
        ...leadRoute,
        schema: {
          params: z.object({ '*': z.string().max(4000) }),
          querystring: kind === 'crm' ? leadUnitQuery : z.object({}),
          response: { 200: contactListResponseSchema, ...errorResponses },
        },
        serializerCompiler: plainJson,
      },
      async (request, reply) => {
        const idUnidade = 'idUnidade' in request.query ? request.query.idUnidade : undefined;
        const body = await contactList(deps, sessionOf(request), kind, request.params['*'], idUnidade);
        // Already JSON bytes (the page written by PostgreSQL): a Buffer is sent as is,
        // so the schema's type does not describe it (the tests check the body against the schema).
        return reply.type('application/json; charset=utf-8').send(body as unknown as ContactListResponse);
      },
    );
  }
};
