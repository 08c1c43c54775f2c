// Payloads of the WhatsApp area's socket events (001 §7 "Main socket"); their names and the whole
// contract are in ../realtime/events.ts. Every event goes to the sockets of the instance's unit only.
import { z } from 'zod';

import { chatMessageSchema } from './chat-message.ts';
import { ticketSchema } from './tickets-api.ts';

/** The lead fields the chat list shows (001 §3 list-derived fields). */
export const leadSummarySchema = z.object({
  cli_crm_id: z.number().int(),
  cli_nome: z.string(),
  cli_telefone: z.string(),
  unidade: z.number().int(),
  /** The assigned attendant (001 §3 idUsuario): who, besides those who see every lead, receives its events. */
  idUsuario: z.number().int().nullable(),
  idTicket: z.number().int().nullable(),
  idInstanciaEvolution: z.number().int().nullable(),
  whatsapp_blocked: z.number().int(),
  marcado_nao_lida: z.number().int(),
  whatsapp_ultima_mensagem_texto: z.string().nullable(),
  whatsapp_ultima_mensagem_data_geral: z.string().nullable(),
  whatsapp_ultima_mensagem_data_enviada: z.string().nullable(),
  whatsapp_ultima_mensagem_data_recebida: z.string().nullable(),
  whatsapp_ultima_mensagem_nao_lidas: z.number().int(),
  whatsapp_ultima_mensagem_from_me: z.number().int().nullable(),
  whatsapp_ultima_mensagem_tipo: z.string().nullable(),
  whatsapp_ultima_mensagem_status: z.number().int().nullable(),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;

export const appMessagePayloadSchema = z.object({
  action: z.enum(['create', 'update']),
  message: chatMessageSchema,
  ticket: ticketSchema.nullable(),
  contact: leadSummarySchema,
});
export type AppMessagePayload = z.infer<typeof appMessagePayloadSchema>;

export const ticketPayloadSchema = z.object({ action: z.enum(['create', 'update']), ticket: ticketSchema });

export const instanceEventPayloadSchema = z.object({
  // 'delete': the instance was removed (issue 7 §5).
  action: z.enum(['update', 'delete']),
  instance: z.object({
    id: z.number().int(),
    name: z.string(),
    connectionStatus: z.string(),
    ownerJid: z.string().nullable(),
    profileName: z.string().nullable(),
    qrcode: z.string().nullable().optional(),
  }),
});
export type InstanceEventPayload = z.infer<typeof instanceEventPayloadSchema>;
