// The gateway channel (001 §7 "Instance-based gateway") under /api with the gateway's paths: the
// instance must be the session unit's, the number a lead of that unit; answers come from the one
// message store. Also the authenticated media route.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorBodySchema } from '@funil/domain/http/errors';
import { idParams } from '@funil/domain/http/ids';
import {
  findMessagesBodySchema,
  findMessagesResponseSchema,
  markReadBodySchema,
  MEDIA_BODY_LIMIT_BYTES,
  readResponseSchema,
  sendAudioBodySchema,
  sendMediaBodySchema,
  sendResponseSchema,
  sendTextBodySchema,
  whatsappNumbersBodySchema,
  whatsappNumbersResponseSchema,
} from '@funil/domain/whatsapp-api/gateway-api';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';

import { DomainError } from '../../../http/domain-error.ts';
import { sessionOf } from '../../auth/auth.plugin.ts';
import { gatewayFailure, instanceOfUnit, requireGateway } from '../instances/instances.service.ts';
import type { WhatsappContext } from '../whatsapp-context.ts';
import { leadOfNumber, leadOfUnit, messagePage, readConversation, resolveNumber, sendToLead } from './chat.service.ts';
import { idempotencyKeyOf } from './idempotency.ts';
import { readMedia } from './media.service.ts';
import { findMessageRow } from './message-store.repository.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  502: errorBodySchema,
};
const v3 = ['/whatsapp-v3'] as const;
const params = z.object({ instance: z.string().min(1).max(100) });

export const chatRoutes: FastifyPluginAsyncZod<{ ctx: WhatsappContext }> = async (app, { ctx }) => {
  app.post(
    '/message/sendText/:instance',
    { config: { access: v3 }, schema: { params, body: sendTextBodySchema, response: { 201: sendResponseSchema, ...errors } } },
    async (request, reply) => {
      const session = sessionOf(request);
      const instance = await instanceOfUnit(ctx, session, request.params.instance);
      const lead = await leadOfNumber(ctx, session, request.body.number);
      const message = await sendToLead(ctx, session, {
        lead,
        instance,
        outgoing: { kind: 'text', text: request.body.text },
        quotedId: request.body.quoted?.key.id ?? null,
        idempotencyKey: idempotencyKeyOf(request, request.body.tempId),
      });
      return reply.status(201).send({ message });
    },
  );

  app.post(
    '/message/sendMedia/:instance',
    {
      config: { access: v3 },
      bodyLimit: MEDIA_BODY_LIMIT_BYTES,
      schema: { params, body: sendMediaBodySchema, response: { 201: sendResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const b = request.body;
      const instance = await instanceOfUnit(ctx, session, request.params.instance);
      const lead = await leadOfNumber(ctx, session, b.number);
      const outgoing =
        b.mediatype === 'audio'
          ? ({ kind: 'audio', audio: b.media } as const)
          : ({
              kind: 'media',
              mediatype: b.mediatype,
              media: b.media,
              ...(b.mimetype ? { mimetype: b.mimetype } : {}),
              ...(b.caption ? { caption: b.caption } : {}),
              ...(b.fileName ? { fileName: b.fileName } : {}),
            } as const);
      const message = await sendToLead(ctx, session, {
        lead,
        instance,
        outgoing,
        quotedId: b.quoted?.key.id ?? null,
        idempotencyKey: idempotencyKeyOf(request, b.tempId),
      });
      return reply.status(201).send({ message });
    },
  );

  app.post(
    '/message/sendWhatsAppAudio/:instance',
    {
      config: { access: v3 },
      bodyLimit: MEDIA_BODY_LIMIT_BYTES,
      schema: { params, body: sendAudioBodySchema, response: { 201: sendResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const instance = await instanceOfUnit(ctx, session, request.params.instance);
      const lead = await leadOfNumber(ctx, session, request.body.number);
      const message = await sendToLead(ctx, session, {
        lead,
        instance,
        outgoing: { kind: 'audio', audio: request.body.audio },
        quotedId: request.body.quoted?.key.id ?? null,
        idempotencyKey: idempotencyKeyOf(request, request.body.tempId),
      });
      return reply.status(201).send({ message });
    },
  );

  app.post(
    '/chat/whatsappNumbers/:instance',
    // A number check and the conversation's page read; a manager reads them too (issue 21 item 6).
    {
      config: { access: v3, leadWork: 'reads' },
      schema: { params, body: whatsappNumbersBodySchema, response: { 200: whatsappNumbersResponseSchema, ...errors } },
    },
    async (request) => {
      const session = sessionOf(request);
      const instance = await instanceOfUnit(ctx, session, request.params.instance);
      // Every number must be a lead the session may see before the gateway is asked (issue 7 §1).
      const leads = [];
      for (const number of request.body.numbers) leads.push({ number, lead: await leadOfNumber(ctx, session, number) });
      requireGateway(ctx);
      const answers = [];
      for (const { number, lead } of leads) {
        try {
          answers.push({ exists: true, jid: await resolveNumber(ctx, instance, lead), number });
        } catch (err) {
          if (err instanceof DomainError && err.message === WHATSAPP_MESSAGES.leadWithoutWhatsapp)
            answers.push({ exists: false, jid: '', number });
          else gatewayFailure(ctx, err);
        }
      }
      return answers;
    },
  );

  app.post(
    '/chat/findMessages/:instance',
    {
      config: { access: v3, leadWork: 'reads' },
      schema: { params, body: findMessagesBodySchema, response: { 200: findMessagesResponseSchema, ...errors } },
    },
    async (request) => {
      const session = sessionOf(request);
      await instanceOfUnit(ctx, session, request.params.instance);
      const lead = await leadOfNumber(ctx, session, request.body.where.key.remoteJid);
      return { messages: await messagePage(ctx, { cliCrmId: lead.cliCrmId }, request.body.page) };
    },
  );

  app.post(
    '/chat/markMessageAsRead/:instance',
    { config: { access: v3 }, schema: { params, body: markReadBodySchema, response: { 201: readResponseSchema, ...errors } } },
    async (request, reply) => {
      const session = sessionOf(request);
      await instanceOfUnit(ctx, session, request.params.instance);
      const number = request.body.number ?? request.body.readMessages?.[0]?.remoteJid ?? '';
      const lead = await leadOfNumber(ctx, session, number);
      const read = await readConversation(ctx, session, lead);
      return reply.status(201).send({ message: WHATSAPP_MESSAGES.read, read });
    },
  );

  // The file of a message, for the unit's sessions only.
  app.get(
    '/whatsapp/midia/:id',
    { config: { access: ['/whatsapp-v3', '/whatsappv2', '/whatsapp'] }, schema: { params: idParams('id') } },
    async (request, reply) => {
      const session = sessionOf(request);
      const row = await findMessageRow(ctx.db, request.params.id);
      if (!row || row.idUnidade !== session.unidadeId || row.idEmpresa !== session.empresaId)
        throw new DomainError('not_found', WHATSAPP_MESSAGES.mediaNotFound);
      // The file of a lead the session may not see is closed as the lead is (issue 7 §1).
      await leadOfUnit(ctx, session, row.cliCrmId);
      const media = await readMedia(ctx, row);
      if (!media) throw new DomainError('not_found', WHATSAPP_MESSAGES.mediaNotFound);
      void reply.header('content-type', media.mimetype);
      void reply.header('cache-control', 'private, max-age=86400');
      void reply.header('x-content-type-options', 'nosniff');
      if (media.fileName)
        void reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(media.fileName)}`);
      return reply.send(media.data);
    },
  );
};
