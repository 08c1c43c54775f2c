// The company messaging backend (001 §7 "Company messaging backend") and POST /webhook/lead.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorBodySchema } from '@funil/domain/http/errors';
import { idParams as idParam } from '@funil/domain/http/ids';
import { chatMessageSchema } from '@funil/domain/whatsapp-api/chat-message';
import { MAX_MEDIA_BASE64_CHARS, MEDIA_BODY_LIMIT_BYTES } from '@funil/domain/whatsapp-api/gateway-api';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';
import {
  contactBodySchema,
  contactResponseSchema,
  ticketBodySchema,
  ticketMessageBodySchema,
  ticketMessagesQuerySchema,
  ticketMessagesResponseSchema,
  ticketSchema,
  webhookLeadBodySchema,
  webhookLeadResponseSchema,
} from '@funil/domain/whatsapp-api/tickets-api';

import { DomainError } from '../../../http/domain-error.ts';
import { isUploadedFile, registerFormBodies } from '../../../http/form-body.ts';
import { sessionOf } from '../../auth/auth.plugin.ts';
import { leadSummaryOf } from '../../leads/views/chat/lead-chat.service.ts';
import { leadOfUnit, messagePage, sendToLead, viewsOf } from '../chat/chat.service.ts';
import { idempotencyKeyOf } from '../chat/idempotency.ts';
import { findMessageRow, listReactions, updateMessage } from '../chat/message-store.repository.ts';
import { chatMessageOf, ticketOf } from '../chat/message-view.ts';
import type { WhatsappContext } from '../whatsapp-context.ts';
import { emitMessage } from '../whatsapp-events.ts';
import { contactOf, openTicket, ticketOfUnit } from './tickets.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  502: errorBodySchema,
};
const chatScreens = ['/whatsapp', '/whatsappv2', '/whatsapp-v3'] as const;

const mimeOfDataUrl = (value: string) => /^data:([^;,]+)/.exec(value)?.[1] ?? null;

/** The largest file a multipart message may carry: what MAX_MEDIA_BASE64_CHARS holds once encoded. */
const MAX_MEDIA_FILE_BYTES = Math.floor((MAX_MEDIA_BASE64_CHARS / 4) * 3);

const formFlag = (value: unknown) => (value === undefined ? undefined : value === true || value === 'true' || value === '1');

/**
 * 001 §7 POST /messages/{ticketId} "or multipart with fromMe, medias, body": the form becomes the
 * JSON shape (the file as a data URL in `media`) before the one body schema validates it.
 */
function messageBodyOfForm(fields: Record<string, unknown>): Record<string, unknown> {
  const file = fields.medias;
  let quotedMsg: unknown = fields.quotedMsg;
  if (typeof quotedMsg === 'string') {
    try {
      quotedMsg = quotedMsg === '' ? null : (JSON.parse(quotedMsg) as unknown);
    } catch {
      // Left as the string: the schema answers it in Portuguese.
    }
  }
  return {
    read: formFlag(fields.read),
    fromMe: formFlag(fields.fromMe),
    body: typeof fields.body === 'string' ? fields.body : '',
    ...(quotedMsg === undefined ? {} : { quotedMsg }),
    ...(typeof fields.tempId === 'string' ? { tempId: fields.tempId } : {}),
    ...(isUploadedFile(file)
      ? {
          media: `data:${file.mimetype || 'application/octet-stream'};base64,${file.content.toString('base64')}`,
          fileName: file.filename,
        }
      : file === undefined
        ? {}
        : { media: file }),
  };
}

export const ticketsRoutes: FastifyPluginAsyncZod<{ ctx: WhatsappContext }> = async (app, { ctx }) => {
  await registerFormBodies(app, { maxFileBytes: MAX_MEDIA_FILE_BYTES });

  app.post(
    '/contacts',
    { config: { access: chatScreens }, schema: { body: contactBodySchema, response: { 200: contactResponseSchema, ...errors } } },
    async (request) => {
      const lead = await contactOf(ctx, sessionOf(request), {
        number: request.body.number,
        name: request.body.name,
        email: request.body.email ?? null,
      });
      return { id: lead.cliCrmId, name: lead.cliNome, number: lead.cliTelefone, email: lead.cliEmail };
    },
  );

  app.post(
    '/tickets',
    {
      config: { access: chatScreens },
      schema: { body: ticketBodySchema, response: { 200: ticketSchema, 201: ticketSchema, ...errors } },
    },
    async (request, reply) => {
      const { ticket, created } = await openTicket(ctx, sessionOf(request), request.body);
      return reply.status(created ? 201 : 200).send(ticket);
    },
  );

  app.get(
    '/messages/:ticketId',
    {
      config: { access: chatScreens },
      schema: {
        params: idParam('ticketId'),
        querystring: ticketMessagesQuerySchema,
        response: { 200: ticketMessagesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { row, lead } = await ticketOfUnit(ctx, session, Number(request.params.ticketId));
      const page = await messagePage(ctx, { cliCrmId: lead.cliCrmId }, request.query.pageNumber);
      return {
        messages: page.records,
        ticket: ticketOf(row, leadSummaryOf(lead)),
        count: page.total,
        hasMore: page.currentPage < page.pages,
      };
    },
  );

  app.post(
    '/messages/:ticketId',
    {
      config: { access: chatScreens },
      bodyLimit: MEDIA_BODY_LIMIT_BYTES,
      schema: {
        params: idParam('ticketId'),
        body: ticketMessageBodySchema,
        response: { 201: z.object({ message: chatMessageSchema }), ...errors },
      },
      preValidation: async (request) => {
        if (request.isMultipart())
          request.body = messageBodyOfForm((request.body ?? {}) as Record<string, unknown>) as typeof request.body;
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const { row, lead } = await ticketOfUnit(ctx, session, Number(request.params.ticketId));
      const b = request.body;
      let quotedId: string | null = null;
      if (b.quotedMsg) {
        const quoted = await findMessageRow(ctx.db, b.quotedMsg.id);
        if (!quoted || quoted.cliCrmId !== lead.cliCrmId) throw new DomainError('not_found', WHATSAPP_MESSAGES.messageNotFound);
        quotedId = quoted.messageId;
      }
      const mime = b.media ? mimeOfDataUrl(b.media) : null;
      const outgoing = !b.media
        ? ({ kind: 'text', text: b.body } as const)
        : mime?.startsWith('audio/')
          ? ({ kind: 'audio', audio: b.media } as const)
          : ({
              kind: 'media',
              mediatype: mime?.startsWith('image/') ? 'image' : mime?.startsWith('video/') ? 'video' : 'document',
              media: b.media,
              ...(b.body ? { caption: b.body } : {}),
              ...(b.fileName ? { fileName: b.fileName } : {}),
            } as const);
      const message = await sendToLead(ctx, session, {
        lead,
        outgoing,
        quotedId,
        ticketId: row.id,
        idempotencyKey: idempotencyKeyOf(request, b.tempId),
      });
      return reply.status(201).send({ message });
    },
  );

  // 001 §6: only messages from me can be deleted; the row stays, marked deleted.
  app.delete(
    '/messages/:id',
    {
      config: { access: chatScreens },
      schema: { params: idParam('id'), response: { 200: z.object({ message: z.string(), data: chatMessageSchema }), ...errors } },
    },
    async (request) => {
      const session = sessionOf(request);
      const row = await findMessageRow(ctx.db, Number(request.params.id));
      if (!row || row.idUnidade !== session.unidadeId || row.idEmpresa !== session.empresaId)
        throw new DomainError('not_found', WHATSAPP_MESSAGES.messageNotFound);
      // A message of a lead the session may not see is closed as the lead is (issue 7 §1).
      const lead = await leadOfUnit(ctx, session, row.cliCrmId);
      if (!row.fromMe) throw new DomainError('forbidden', WHATSAPP_MESSAGES.onlyOwnMessages);
      const updated = (await updateMessage(ctx.db, row.id, { isDeleted: true })) ?? row;
      const [view] = await viewsOf(ctx, row.cliCrmId, [updated]);
      const message = view ?? chatMessageOf(updated, await listReactions(ctx.db, row.cliCrmId, []));
      emitMessage(ctx, { idEmpresa: row.idEmpresa, idUnidade: row.idUnidade }, 'update', message, leadSummaryOf(lead), null);
      return { message: WHATSAPP_MESSAGES.deleted, data: message };
    },
  );

  app.post(
    '/webhook/lead',
    {
      config: { access: chatScreens },
      schema: { body: webhookLeadBodySchema, response: { 200: webhookLeadResponseSchema, ...errors } },
    },
    async (request) => {
      const session = sessionOf(request);
      const b = request.body;
      if (b.company !== undefined && b.company !== null && b.company !== session.empresaId) throw new DomainError('forbidden');
      const lead = await contactOf(ctx, session, { number: b.cli_telefone, name: b.cli_nome, idTicket: b.idTicket ?? null });
      return {
        data: {
          cliente: { cli_crm_id: lead.cliCrmId, cli_nome: lead.cliNome, cli_telefone: lead.cliTelefone, idTicket: lead.idTicket },
        },
      };
    },
  );
};
