// The gateway channel of 001 §7 "Instance-based gateway", served by Funil under /api with the
// gateway's paths and bodies; the server holds the keys and answers from its own message store.
import { z } from 'zod';

import { chatMessagePageSchema, chatMessageSchema, tempIdSchema } from './chat-message.ts';

/** Largest base64 text accepted for one file (about 6 MB of file). */
export const MAX_MEDIA_BASE64_CHARS = 8_000_000;
/** Body limit of the routes that carry a file: a little above the largest file. */
export const MEDIA_BODY_LIMIT_BYTES = 8_500_000;

const mediaText = z.string().min(1).max(MAX_MEDIA_BASE64_CHARS, 'Arquivo muito grande!');
const phone = z.string().trim().min(1).max(40);

export const quotedRefSchema = z.object({ key: z.object({ id: z.string().min(1).max(128) }) });

/** POST /api/message/sendText/:instance (ref §3.7). */
export const sendTextBodySchema = z.object({
  number: phone,
  text: z.string().max(65_536),
  quoted: quotedRefSchema.optional(),
  tempId: tempIdSchema.optional(),
});
export type SendTextBody = z.infer<typeof sendTextBodySchema>;

/** POST /api/message/sendMedia/:instance (ref §3.8): media is raw base64 or a data URL. */
export const sendMediaBodySchema = z.object({
  number: phone,
  mediatype: z.enum(['image', 'video', 'document', 'audio', 'sticker']),
  mimetype: z.string().max(200).optional(),
  caption: z.string().max(4096).optional(),
  media: mediaText,
  fileName: z.string().max(255).optional(),
  quoted: quotedRefSchema.optional(),
  tempId: tempIdSchema.optional(),
});
export type SendMediaBody = z.infer<typeof sendMediaBodySchema>;

/** POST /api/message/sendWhatsAppAudio/:instance (ref §3.9). */
export const sendAudioBodySchema = z.object({
  number: phone,
  audio: mediaText,
  quoted: quotedRefSchema.optional(),
  tempId: tempIdSchema.optional(),
});
export type SendAudioBody = z.infer<typeof sendAudioBodySchema>;

/** Every send answers the stored chat message. */
export const sendResponseSchema = z.object({ message: chatMessageSchema });

/** POST /api/chat/whatsappNumbers/:instance (001 §7): numbers of the unit's leads only. */
export const whatsappNumbersBodySchema = z.object({ numbers: z.array(phone).min(1).max(50) });
export const whatsappNumbersResponseSchema = z.array(z.object({ exists: z.boolean(), jid: z.string(), number: z.string() }));

/** POST /api/chat/findMessages/:instance (001 §7): the lead's messages, 50 a page, newest first. */
export const findMessagesBodySchema = z.object({
  where: z.object({ key: z.object({ remoteJid: z.string().trim().min(1).max(120) }) }),
  page: z.coerce.number().int().min(1).max(100).default(1),
});
export type FindMessagesBody = z.infer<typeof findMessagesBodySchema>;
export const findMessagesResponseSchema = z.object({ messages: chatMessagePageSchema });

/**
 * POST /api/chat/markMessageAsRead/:instance (001 §4 "Reading"): reads the lead's conversation.
 * The lead is named by `number` or by the remoteJid of readMessages; the server picks the
 * incoming messages since the last own message and marks them read on the gateway once.
 */
export const markReadBodySchema = z
  .object({
    number: phone.optional(),
    readMessages: z
      .array(
        z.object({ remoteJid: z.string().min(1).max(120), fromMe: z.boolean().optional(), id: z.string().max(128).optional() }),
      )
      .max(500)
      .optional(),
  })
  .refine((b) => b.number !== undefined || (b.readMessages?.length ?? 0) > 0, { message: 'Informe o número ou as mensagens.' });
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

export const readResponseSchema = z.object({ message: z.string(), read: z.number().int() });
