// The gateway's webhooks Funil could not store (issue 21 item 2): kept with their reason and shown
// to the company admin on the Instâncias screen (GET /api/instancias/rejeitados).
import { z } from 'zod';

import { LEAD_PHONE_MAX_DIGITS } from '../phone/matching.ts';

/** The longest WhatsApp message id stored (whatsapp_mensagens.message_id). */
export const MESSAGE_ID_MAX_LENGTH = 512;

/** Why a webhook was kept aside, as the admin reads it. */
export const REJECTED_WEBHOOK_REASONS = {
  shape: 'O evento não tem o formato do gateway.',
  phoneTooLong: `O número do contato tem mais de ${LEAD_PHONE_MAX_DIGITS} dígitos.`,
  idTooLong: `O identificador da mensagem tem mais de ${MESSAGE_ID_MAX_LENGTH} caracteres.`,
  badDate: 'A data da mensagem é inválida.',
  notStored: 'Um dado do evento não pôde ser gravado.',
} as const;
export type RejectedWebhookReason = (typeof REJECTED_WEBHOOK_REASONS)[keyof typeof REJECTED_WEBHOOK_REASONS];

/** What the event was, in the list's words (ref §4.1 event names). */
export const REJECTED_WEBHOOK_EVENT_LABEL: Record<string, string> = {
  'messages.upsert': 'Mensagem recebida',
  'send.message': 'Mensagem enviada',
  'messages.update': 'Confirmação de entrega',
  'messages.delete': 'Mensagem apagada',
  'messages.edited': 'Mensagem editada',
  'connection.update': 'Conexão',
  'qrcode.updated': 'QR Code',
  call: 'Chamada',
};

/** The label of an event name; an unknown event shows its name. */
export const rejectedWebhookEventLabel = (event: string): string => REJECTED_WEBHOOK_EVENT_LABEL[event] ?? event;

/** How many rejected webhooks the list shows, newest first. */
export const REJECTED_WEBHOOK_LIST_LIMIT = 100;

export const rejectedWebhookSchema = z.object({
  id: z.number().int(),
  /** When it arrived (ISO 8601); shown DD/MM/YYYY HH:mm in America/Sao_Paulo. */
  criadoEm: z.string(),
  instancia: z.string(),
  unidade: z.string(),
  /** The event's dotted name (ref §4.1). */
  evento: z.string(),
  /** The contact's number or @lid id as the gateway sent it, when the event names one. */
  contato: z.string().nullable(),
  messageId: z.string().nullable(),
  motivo: z.string(),
});
export type RejectedWebhook = z.infer<typeof rejectedWebhookSchema>;

export const rejectedWebhookListResponseSchema = z.object({ data: z.array(rejectedWebhookSchema) });

/**
 * Replaying one rejected webhook (POST /api/instancias/rejeitados/{id}/reprocessar): the super-admin
 * runs it again through the ingest once what refused it is fixed. Stored, it leaves the list.
 */
export const REJECTED_WEBHOOK_REPLAY_MESSAGES = {
  superAdminOnly: 'Somente o super-administrador reprocessa os eventos do WhatsApp não gravados.',
  notFound: 'Evento não gravado não encontrado.',
  instanceGone: 'A instância deste evento foi removida: ele não pode ser reprocessado.',
  replayed: 'Evento reprocessado e gravado.',
  nothingToStore: 'Evento reprocessado: não havia nada a gravar.',
} as const;

/** The answer when the replayed webhook still cannot be stored (409): its reason, as the list shows it. */
export const stillRejectedMessage = (motivo: string): string => `O evento continua sem poder ser gravado. ${motivo}`;

export const rejectedWebhookReplayResponseSchema = z.object({
  message: z.string(),
  /** The event as the ingest handled it (its dotted name), or 'ignored' when it carried nothing to store. */
  handled: z.string(),
});
export type RejectedWebhookReplayResponse = z.infer<typeof rejectedWebhookReplayResponseSchema>;
