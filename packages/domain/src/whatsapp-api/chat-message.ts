// The chat message of 001 §3 "Chat message" and "Reaction", one shape for every channel
// (gateway, company messaging backend, legacy), as the API answers it and the sockets carry it.
import { z } from 'zod';

/** 001 §3 mediaType values; plain text is 'chat'. */
export const CHAT_MEDIA_TYPES = [
  'chat',
  'image',
  'video',
  'audio',
  'application/document',
  'sticker',
  'vcard',
  'contactMessage',
  'contactsArrayMessage',
  'locationMessage',
  'reaction',
  'call_log',
] as const;
export type ChatMediaType = (typeof CHAT_MEDIA_TYPES)[number];

/**
 * 001 §4 acks: 1 pending, 2 sent, 3 delivered, 4 read, 5 played (voice note heard); 0 is the
 * ack of an incoming message and of a failed send (see `isError`).
 */
/**
 * 001 §3: a temporary outgoing message's id starts with 'temp_'. Sent with a message, it is the
 * send's idempotency key (issue 7 §2): the same id never sends twice.
 */
export const tempIdSchema = z.string().regex(/^temp_[A-Za-z0-9_.:-]{1,100}$/, 'Identificador temporário inválido.');

export const ACK = { received: 0, pending: 1, sent: 2, delivered: 3, read: 4, played: 5 } as const;

/**
 * 001 §3 the lead's last-message `_status` for an outgoing message's ack: 1 sent (pending or sent),
 * 2 delivered, 3 read (read or played); none before the gateway took it (ack 0 or an error).
 * The same steps as SQL in the server's db/sql-rules.ts (ackLeadStatusSql).
 */
export const ACK_LEAD_STATUS = [
  { upTo: ACK.sent, status: 1 },
  { upTo: ACK.delivered, status: 2 },
  { upTo: Infinity, status: 3 },
] as const;

/** The lead's `_status` for an ack (ACK_LEAD_STATUS); null for ack 0 or below. */
export function leadStatusOfAck(ack: number): number | null {
  if (ack <= ACK.received) return null;
  return ACK_LEAD_STATUS.find((step) => ack <= step.upTo)!.status;
}

/** 001 §3 Reaction, keyed by the original message id. */
export const reactionSchema = z.object({
  id: z.number().int(),
  emoji: z.string(),
  fromMe: z.boolean(),
  createdAt: z.string(),
  senderName: z.string().nullable(),
  /** The WhatsApp id of the message reacted to. */
  originalMessageId: z.string(),
  senderTimestamp: z.number().int().nullable(),
});
export type Reaction = z.infer<typeof reactionSchema>;

/** 001 §3 quotedMsg. */
export const quotedMessageSchema = z.object({
  id: z.number().int().nullable(),
  messageId: z.string(),
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: z.enum(CHAT_MEDIA_TYPES),
  mediaUrl: z.string().nullable(),
  contactName: z.string().nullable(),
});
export type QuotedMessage = z.infer<typeof quotedMessageSchema>;

/**
 * 001 §3 Chat message. Body conventions: a location is 'image|link|description', a contact card
 * is vCard-like lines, a missed call is 'Chamada de voz/vídeo perdida às HH:mm'. A deleted
 * message keeps its body and has isDeleted (the bubble reads 'Essa mensagem foi apagada pelo contato').
 */
export const chatMessageSchema = z.object({
  /** Funil's id of the message (DELETE /api/messages/:id, quotedMsg.id). */
  id: z.number().int(),
  /** The WhatsApp id (gateway key.id): quote, read and reactions use it; null before the gateway answered. */
  messageId: z.string().nullable(),
  cli_crm_id: z.number().int(),
  ticketId: z.number().int().nullable(),
  /** instancias_evolution.id that carried it. */
  instanceId: z.number().int().nullable(),
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: z.enum(CHAT_MEDIA_TYPES),
  /** Authenticated URL of the stored file; null until the download finished (an 'update' follows). */
  mediaUrl: z.string().nullable(),
  mimetype: z.string().nullable(),
  fileName: z.string().nullable(),
  createdAt: z.string(),
  ack: z.number().int().min(0).max(5),
  isError: z.boolean(),
  isDeleted: z.boolean(),
  /** When the sender last edited the text (ISO), null when never edited; `body` is the edited text. */
  editedAt: z.string().nullable(),
  quotedMsg: quotedMessageSchema.nullable(),
  /** Sender's WhatsApp name (groups and incoming messages). */
  contactName: z.string().nullable(),
  /** The attendant who sent it through Funil. */
  userId: z.number().int().nullable(),
  reactions: z.array(reactionSchema),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** 001 §9: gateway message pages hold 50. */
export const MESSAGE_PAGE_SIZE = 50;

/** A page of chat messages, newest first (001 §9). */
export const chatMessagePageSchema = z.object({
  total: z.number().int(),
  pages: z.number().int(),
  currentPage: z.number().int(),
  records: z.array(chatMessageSchema),
});
export type ChatMessagePage = z.infer<typeof chatMessagePageSchema>;
