// The legacy channel of 001 §7 "Legacy channel" and §3 "Legacy-channel message".
import { z } from 'zod';

import { idSchema } from '../http/ids.ts';
import { leadListItemSchema } from '../leads/lead.ts';
import { tempIdSchema } from './chat-message.ts';
import { MAX_MEDIA_BASE64_CHARS } from './gateway-api.ts';

/** 001 §3 mensagemTipo. */
export const MENSAGEM_TIPO = {
  TextoSimples: 0,
  Imagem: 1,
  Sticker: 2,
  Audio: 3,
  Video: 4,
  Documentos: 5,
  Link: 6,
  Localizacao: 7,
  Contato: 8,
  TextoComBotoes: 9,
  ListaDeOpcoes: 10,
} as const;

/** 001 §9: at most 50 leads a load. */
export const WHATSAPP_CLIENTS_PAGE_SIZE = 50;

/** GET /api/whatsapp/clientes/:page/*: the leads of the unit with their last message. */
/** Issue 9: the newest message of the lead containing the search text (a window of it), when the search matched a message. */
export const messageMatchSchema = z.object({ id: z.number().int(), texto: z.string(), data: z.string(), fromMe: z.boolean() });
export type MessageMatch = z.infer<typeof messageMatchSchema>;

/**
 * A row of the chat lead list: the lead, and the message the search found in its conversation (null when the name or phone
 * matched, or no search).
 */
export const whatsappClientSchema = leadListItemSchema.extend({ mensagem_encontrada: messageMatchSchema.nullable().optional() });
export type WhatsappClient = z.infer<typeof whatsappClientSchema>;

export const whatsappClientsResponseSchema = z.object({
  clientes: z.array(whatsappClientSchema),
  total: z.number().int(),
  pagina: z.number().int(),
  por_pagina: z.number().int(),
});
export type WhatsappClientsResponse = z.infer<typeof whatsappClientsResponseSchema>;

const flag = z.union([z.literal(0), z.literal(1)]);

/** 001 §3 "Legacy-channel message"; data is 'YYYY-MM-DD HH:mm:ss', dataEnvio 'DD/MM/YYYY', horaEnvio 'HH:mm' (São Paulo). */
export const legacyMessageSchema = z.object({
  id: z.number().int(),
  mensagem: z.string(),
  mensagemTipo: z.number().int(),
  data: z.string(),
  dataEnvio: z.string(),
  horaEnvio: z.string(),
  mensagemStatusEnvio: flag,
  mensagemStatusLeitura: flag,
  mensagemStatusRecebimento: flag,
  mensagemStatusErro: flag,
  imageURL: z.string().nullable(),
  audioURL: z.string().nullable(),
  nomeRemetente: z.string().nullable(),
  nomeDestinatario: z.string().nullable(),
  id_atendente: z.number().int().nullable(),
  /** 1 received, 2 sent. */
  tipo: z.number().int(),
  image_imageUrl: z.string().nullable(),
  image_caption: z.string().nullable(),
  sticker_stickerUrl: z.string().nullable(),
  audio_audioUrl: z.string().nullable(),
  video_videoUrl: z.string().nullable(),
  video_caption: z.string().nullable(),
  document_documentUrl: z.string().nullable(),
  document_title: z.string().nullable(),
  contact_displayName: z.string().nullable(),
  contact_phones: z.array(z.string()).nullable(),
});
export type LegacyMessage = z.infer<typeof legacyMessageSchema>;

/** GET /api/whatsapp/mensagens/:cli_crm_id: oldest first, the newest 500 at most. */
export const legacyMessagesResponseSchema = z.object({ mensagens: z.array(legacyMessageSchema) });

export const LEGACY_SEND_KINDS = ['texto', 'audio', 'video', 'documento', 'imagem', 'sticker'] as const;
export type LegacySendKind = (typeof LEGACY_SEND_KINDS)[number];

const media = z.string().min(1).max(MAX_MEDIA_BASE64_CHARS, 'Arquivo muito grande!');

/**
 * POST /api/whatsapp/enviar/{texto|audio|video|documento|imagem|sticker} (001 §3 "Outgoing media
 * payload", §7): the file travels as a base64 data URL in the field named after its kind.
 */
export const legacySendBodySchema = z.object({
  cli_crm_id: idSchema('Lead inválido.'),
  telefone: z.string().max(40).optional(),
  mensagem: z.string().max(65_536).optional(),
  destinatario: z.string().max(200).optional(),
  mensagemTipo: z.coerce.number().int().min(0).max(10).optional(),
  audio: media.optional(),
  video: media.optional(),
  image: media.optional(),
  sticker: media.optional(),
  document: media.optional(),
  /** Name of a document file. */
  nomeArquivo: z.string().max(255).optional(),
  /** Audio duration in seconds. */
  tamanho: z.coerce.number().optional(),
  tempId: tempIdSchema.optional(),
});
export type LegacySendBody = z.infer<typeof legacySendBodySchema>;

export const legacySendResponseSchema = z.object({ mensagem: legacyMessageSchema });

/** POST /api/whatsapp/enviar/naolidas (001 §4 "Reading"). */
export const unreadBodySchema = z.object({ cli_crm_id: idSchema('Lead inválido.') });
