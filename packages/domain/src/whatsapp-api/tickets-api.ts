// The company messaging backend of 001 §7 ("ticket API"), served by Funil on its one message
// store; and POST /api/webhook/lead.
import { z } from 'zod';

import { idSchema } from '../http/ids.ts';
import { chatMessageSchema, tempIdSchema } from './chat-message.ts';
import { MAX_MEDIA_BASE64_CHARS } from './gateway-api.ts';

const phone = z.string().trim().min(8).max(40);

/** POST /api/contacts {number, name, email}: the lead of the unit with that number (created when new). */
export const contactBodySchema = z.object({
  number: phone,
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().max(254).optional().nullable(),
});
export const contactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  email: z.string().nullable(),
});
export const contactResponseSchema = contactSchema;

/** POST /api/tickets {contactId, queueId, userId, status:'open', whatsappId}. */
export const ticketBodySchema = z.object({
  contactId: idSchema('Contato inválido.'),
  queueId: idSchema('Fila inválida.').nullable().optional(),
  userId: idSchema('Atendente inválido.').nullable().optional(),
  status: z.enum(['open', 'pending', 'closed']).default('open'),
  whatsappId: idSchema('Instância inválida.').nullable().optional(),
});
export const ticketSchema = z.object({
  id: z.number().int(),
  contactId: z.number().int(),
  queueId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  status: z.string(),
  whatsappId: z.number().int().nullable(),
  unreadMessages: z.number().int(),
  lastMessage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** GET /api/messages/:ticketId?pageNumber: 50 a page, newest first. */
export const ticketMessagesQuerySchema = z.object({ pageNumber: z.coerce.number().int().min(1).max(100).default(1) });
export const ticketMessagesResponseSchema = z.object({
  messages: z.array(chatMessageSchema),
  ticket: ticketSchema,
  count: z.number().int(),
  hasMore: z.boolean(),
});

/**
 * POST /api/messages/:ticketId JSON {read, fromMe, mediaUrl, body, quotedMsg}; a file as a data URL in
 * `media`. The multipart form (fromMe, medias, body) is mapped to this shape by the route.
 */
export const ticketMessageBodySchema = z.object({
  read: z.boolean().optional(),
  fromMe: z.boolean().optional(),
  mediaUrl: z.string().max(2048).nullable().optional(),
  body: z.string().max(65_536).default(''),
  quotedMsg: z
    .object({ id: idSchema('Mensagem citada inválida.') })
    .nullable()
    .optional(),
  media: z.string().min(1).max(MAX_MEDIA_BASE64_CHARS, 'Arquivo muito grande!').optional(),
  fileName: z.string().max(255).optional(),
  tempId: tempIdSchema.optional(),
});
export type TicketMessageBody = z.infer<typeof ticketMessageBodySchema>;

/** POST /api/webhook/lead (001 §7): success is 200 with data.cliente.cli_crm_id. */
export const webhookLeadBodySchema = z.object({
  cli_nome: z.string().trim().min(1).max(200),
  cli_telefone: phone,
  company: idSchema('Empresa inválida.').optional().nullable(),
  idTicket: idSchema('Ticket inválido.').optional().nullable(),
});
export const webhookLeadResponseSchema = z.object({
  data: z.object({
    cliente: z.object({
      cli_crm_id: z.number().int(),
      cli_nome: z.string(),
      cli_telefone: z.string(),
      idTicket: z.number().int().nullable(),
    }),
  }),
});
