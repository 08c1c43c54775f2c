// The legacy WhatsApp session (001 §4 "Legacy WhatsApp session", §7 "Legacy channel"), served by
// our server against the gateway: the unit's session is its gateway instance (an open one first).
//   GET /api/whatsapp/sessao            {id, status, qrcode}  (polled every 10 s by the QR dialog)
//   PUT /api/whatsappsession/:id        restart: asks the gateway to connect, answers the new state
//   GET /api/whatsapp/qrcode/image      the current QR as image/png (404 without one)
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorBodySchema } from '@funil/domain/http/errors';
import { idParams } from '@funil/domain/http/ids';
import { LEGACY_SESSION_MESSAGES, legacySessionSchema, type LegacySession } from '@funil/domain/whatsapp-api/legacy-session-api';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';

import { DomainError } from '../../../http/domain-error.ts';
import { sessionOf } from '../../auth/auth.plugin.ts';
import type { Session } from '../../auth/auth.service.ts';
import { listInstances, type InstanceRow } from '../instances/instances.repository.ts';
import { connectInstance } from '../instances/instances.service.ts';
import type { WhatsappContext } from '../whatsapp-context.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  502: errorBodySchema,
};
const legacy = ['/whatsappv2', '/whatsapp'] as const;

/** The gateway's state in the legacy statuses: open → CONNECTED, connecting with a QR → qrcode, connecting → OPENING, else DISCONNECTED. */
function sessionOfRow(row: InstanceRow | undefined): LegacySession {
  if (!row) return { id: null, status: 'DISCONNECTED', qrcode: null };
  if (row.connectionStatus === 'open') return { id: row.id, status: 'CONNECTED', qrcode: null };
  if (row.connectionStatus === 'connecting')
    return row.qrcode ? { id: row.id, status: 'qrcode', qrcode: row.qrcode } : { id: row.id, status: 'OPENING', qrcode: null };
  return { id: row.id, status: 'DISCONNECTED', qrcode: null };
}

async function unitSession(
  ctx: WhatsappContext,
  session: Session,
): Promise<{ row: InstanceRow | undefined; view: LegacySession }> {
  const rows = await listInstances(ctx.db, session.unidadeId);
  const row = rows.find((r) => r.connectionStatus === 'open') ?? rows.find((r) => r.connectionStatus === 'connecting') ?? rows[0];
  return { row, view: sessionOfRow(row) };
}

export const legacySessionRoutes: FastifyPluginAsyncZod<{ ctx: WhatsappContext }> = async (app, { ctx }) => {
  app.get(
    '/whatsapp/sessao',
    { config: { access: legacy }, schema: { response: { 200: z.object({ data: legacySessionSchema }), ...errors } } },
    async (request) => ({
      data: (await unitSession(ctx, sessionOf(request))).view,
    }),
  );

  app.put(
    '/whatsappsession/:id',
    {
      config: { access: legacy },
      schema: { params: idParams('id'), response: { 200: z.object({ data: legacySessionSchema }), ...errors } },
    },
    async (request) => {
      const session = sessionOf(request);
      const row = (await listInstances(ctx.db, session.unidadeId)).find((r) => r.id === request.params.id);
      // Another unit's instance is not found, as any other id of another unit.
      if (!row) throw new DomainError('not_found', WHATSAPP_MESSAGES.instanceNotFound);
      if (row.connectionStatus === 'open') return { data: sessionOfRow(row) };
      const answer = await connectInstance(ctx, session, row.name);
      if (answer.status === 'open') return { data: { id: row.id, status: 'CONNECTED' as const, qrcode: null } };
      return {
        data: answer.base64
          ? { id: row.id, status: 'qrcode' as const, qrcode: answer.base64 }
          : { id: row.id, status: 'OPENING' as const, qrcode: null },
      };
    },
  );

  app.get('/whatsapp/qrcode/image', { config: { access: legacy } }, async (request, reply) => {
    const { view } = await unitSession(ctx, sessionOf(request));
    const match = view.qrcode ? /^data:image\/png;base64,(.+)$/.exec(view.qrcode) : null;
    if (!match) throw new DomainError('not_found', LEGACY_SESSION_MESSAGES.noQr);
    return reply.header('content-type', 'image/png').header('cache-control', 'no-store').send(Buffer.from(match[1]!, 'base64'));
  });
};
