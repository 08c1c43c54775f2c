// The legacy channel (001 §7 "Legacy channel"; §3 "Legacy-channel message") on the one store.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorBodySchema } from '@funil/domain/http/errors';
import { idParams } from '@funil/domain/http/ids';
import { FilterSegmentsError, parseFilterSegments, WHATSAPP_CLIENTS_LAYOUT } from '@funil/domain/leads/filter-segments';
import { MEDIA_BODY_LIMIT_BYTES, readResponseSchema } from '@funil/domain/whatsapp-api/gateway-api';
import {
  LEGACY_SEND_KINDS,
  legacyMessagesResponseSchema,
  legacySendBodySchema,
  legacySendResponseSchema,
  unreadBodySchema,
  whatsappClientsResponseSchema,
  type LegacySendBody,
  type LegacySendKind,
  type WhatsappClientsResponse,
} from '@funil/domain/whatsapp-api/legacy-api';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';

import { DomainError } from '../../../http/domain-error.ts';
import { plainJson } from '../../../http/plain-json.ts';
import { sessionOf } from '../../auth/auth.plugin.ts';
import { listWhatsappClients } from '../../leads/views/chat/lead-chat.service.ts';
import { userNamesById } from '../../users/users.service.ts';
import { leadOfUnit, readConversation, sendToLead, type Outgoing } from '../chat/chat.service.ts';
import { idempotencyKeyOf } from '../chat/idempotency.ts';
import { latestMessageMatches, messageLeadCondition } from '../chat/message-search.service.ts';
import { findMessageRow, listLeadMessages, type MessageRow } from '../chat/message-store.repository.ts';
import { legacyMessageOf } from '../chat/message-view.ts';
import type { WhatsappContext } from '../whatsapp-context.ts';

/** The message-text half of the chat search, handed to the leads module's list (issue 9). */
const MESSAGE_TEXT_SEARCH = { leadCondition: messageLeadCondition, latest: latestMessageMatches };

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  502: errorBodySchema,
};
const legacy = ['/whatsappv2', '/whatsapp'] as const;

function outgoingOf(kind: LegacySendKind, b: LegacySendBody): Outgoing {
  const need = (value: string | undefined): string => {
    if (!value) throw new DomainError('invalid', WHATSAPP_MESSAGES.mediaInvalid);
    return value;
  };
  switch (kind) {
    case 'texto':
      return { kind: 'text', text: b.mensagem ?? '' };
    case 'audio':
      return { kind: 'audio', audio: need(b.audio) };
    case 'video':
      return { kind: 'media', mediatype: 'video', media: need(b.video), ...(b.mensagem ? { caption: b.mensagem } : {}) };
    case 'imagem':
      return { kind: 'media', mediatype: 'image', media: need(b.image), ...(b.mensagem ? { caption: b.mensagem } : {}) };
    case 'sticker':
      return { kind: 'media', mediatype: 'sticker', media: need(b.sticker) };
    case 'documento':
      return {
        kind: 'media',
        mediatype: 'document',
        media: need(b.document),
        fileName: b.nomeArquivo ?? b.mensagem ?? 'documento',
      };
  }
}

// An outgoing message's sender: its stored user (null for one sent from the phone itself).
const senderNameOf = (row: MessageRow, names: Map<number, string>): string | null =>
  row.fromMe && row.idUsuario !== null ? (names.get(row.idUsuario) ?? null) : null;

export const legacyRoutes: FastifyPluginAsyncZod<{ ctx: WhatsappContext }> = async (app, { ctx }) => {
  app.get(
    '/whatsapp/clientes/:page/*',
    // The one lead list of the three chats (issue 9: one set of components serves v3, v2 and legacy).
    // The body is JSON text, its rows written by PostgreSQL (listWhatsappClients), sent as is; the
    // schema still types and documents the route, and whatsapp-clients.routes.test.ts checks bodies against it.
    {
      config: { access: [...legacy, '/whatsapp-v3'] },
      schema: {
        params: z.object({ page: z.string(), '*': z.string() }),
        response: { 200: whatsappClientsResponseSchema, ...errors },
      },
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      let filter;
      try {
        filter = parseFilterSegments(WHATSAPP_CLIENTS_LAYOUT, [
          request.params.page,
          ...request.params['*'].replace(/\/+$/, '').split('/'),
        ]);
      } catch (err) {
        if (err instanceof FilterSegmentsError) throw new DomainError('invalid', err.message);
        throw err;
      }
      const body = await listWhatsappClients(ctx.db, sessionOf(request), filter, MESSAGE_TEXT_SEARCH);
      return reply.type('application/json; charset=utf-8').send(body as unknown as WhatsappClientsResponse);
    },
  );

  app.get(
    '/whatsapp/mensagens/:cli_crm_id',
    {
      config: { access: legacy },
      schema: { params: idParams('cli_crm_id'), response: { 200: legacyMessagesResponseSchema, ...errors } },
    },
    async (request) => {
      const session = sessionOf(request);
      const lead = await leadOfUnit(ctx, session, request.params.cli_crm_id);
      const { rows } = await listLeadMessages(ctx.db, { cliCrmId: lead.cliCrmId }, 1, 500);
      // Each outgoing message shows who really sent it (the stored sender), not the viewer (issue 7 §2).
      const senders = await userNamesById(
        ctx.db,
        rows.flatMap((r) => (r.fromMe && r.idUsuario !== null ? [r.idUsuario] : [])),
      );
      return { mensagens: rows.reverse().map((r) => legacyMessageOf(r, lead.cliNome, senderNameOf(r, senders))) };
    },
  );

  app.post(
    '/whatsapp/enviar/naolidas',
    { config: { access: legacy }, schema: { body: unreadBodySchema, response: { 200: readResponseSchema, ...errors } } },
    async (request) => {
      const session = sessionOf(request);
      const lead = await leadOfUnit(ctx, session, request.body.cli_crm_id);
      return { message: WHATSAPP_MESSAGES.read, read: await readConversation(ctx, session, lead) };
    },
  );

  app.post(
    '/whatsapp/enviar/:tipo',
    {
      config: { access: legacy },
      bodyLimit: MEDIA_BODY_LIMIT_BYTES,
      schema: {
        params: z.object({ tipo: z.enum(LEGACY_SEND_KINDS) }),
        body: legacySendBodySchema,
        response: { 201: legacySendResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const lead = await leadOfUnit(ctx, session, request.body.cli_crm_id);
      const sent = await sendToLead(ctx, session, {
        lead,
        outgoing: outgoingOf(request.params.tipo, request.body),
        idempotencyKey: idempotencyKeyOf(request, request.body.tempId),
      });
      const row = (await findMessageRow(ctx.db, sent.id))!;
      return reply.status(201).send({
        mensagem: legacyMessageOf(
          row,
          lead.cliNome,
          senderNameOf(row, await userNamesById(ctx.db, row.idUsuario === null ? [] : [row.idUsuario])),
        ),
      });
    },
  );
};
