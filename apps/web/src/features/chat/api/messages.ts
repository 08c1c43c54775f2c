// The conversation's calls for the three channels of 001 §7 (gateway, company messaging backend,
// legacy): pages of messages, sending, reading and deleting. Every channel answers ChatMessage
// (the legacy shape is mapped by ./messages-legacy.ts), so one set of components serves the three.
import { z } from 'zod';

import type { ChatChannel } from '@funil/domain/access/chat-route';
import { chatMessageSchema, MESSAGE_PAGE_SIZE, type ChatMessage } from '@funil/domain/whatsapp-api/chat-message';
import { findMessagesResponseSchema, readResponseSchema, sendResponseSchema } from '@funil/domain/whatsapp-api/gateway-api';
import {
  legacyMessagesResponseSchema,
  legacySendResponseSchema,
  type LegacySendKind,
} from '@funil/domain/whatsapp-api/legacy-api';
import { contactResponseSchema, ticketMessagesResponseSchema, ticketSchema } from '@funil/domain/whatsapp-api/tickets-api';

import { apiRequest, http } from '../../../lib/http-client.ts';
import { legacyToChatMessage } from './messages-legacy.ts';

export type { ChatChannel };

/** What a conversation needs of its lead to reach it on a channel. */
export type ConversationLead = {
  cli_crm_id: number;
  cli_nome: string;
  cli_telefone: string;
  idTicket: number | null;
  idInstanciaEvolution: number | null;
};

/** A page of messages, newest first, and whether an older page exists. */
export type MessagePage = { messages: ChatMessage[]; hasMore: boolean; page: number };

export const messageKeys = {
  all: ['chat-messages'] as const,
  conversation: (channel: ChatChannel, leadId: number) => ['chat-messages', channel, leadId] as const,
  media: () => ['chat-media'] as const,
};

/** 001 §9: older pages stop at page 100. */
export const MAX_MESSAGE_PAGE = 100;

const enc = encodeURIComponent;

// v2: the lead's ticket (POST /api/tickets answers the open one or creates it).
async function ticketOf(lead: ConversationLead): Promise<number> {
  if (lead.idTicket !== null) return lead.idTicket;
  const ticket = await http.post('/tickets', { contactId: lead.cli_crm_id, status: 'open' }, ticketSchema);
  lead.idTicket = ticket.id;
  return ticket.id;
}

export async function fetchMessagePage(
  channel: ChatChannel,
  lead: ConversationLead,
  instance: string | null,
  page: number,
  signal?: AbortSignal,
): Promise<MessagePage> {
  if (channel === 'v3') {
    if (!instance) return { messages: [], hasMore: false, page };
    const answer = await apiRequest(`/chat/findMessages/${enc(instance)}`, {
      method: 'POST',
      body: { where: { key: { remoteJid: lead.cli_telefone } }, page },
      schema: findMessagesResponseSchema,
      signal,
    });
    const p = answer.messages;
    return { messages: p.records, hasMore: p.currentPage < p.pages && page < MAX_MESSAGE_PAGE, page };
  }
  if (channel === 'v2') {
    const ticketId = await ticketOf(lead);
    const answer = await http.get(`/messages/${ticketId}?pageNumber=${page}`, ticketMessagesResponseSchema, signal);
    return { messages: answer.messages, hasMore: answer.hasMore && page < MAX_MESSAGE_PAGE, page };
  }
  // Legacy: one answer, the newest 500, oldest first.
  const answer = await http.get(`/whatsapp/mensagens/${lead.cli_crm_id}`, legacyMessagesResponseSchema, signal);
  const messages = answer.mensagens.map((m) => legacyToChatMessage(m, lead.cli_crm_id)).reverse();
  return { messages, hasMore: false, page };
}

/** What the composer and the media dialogs send. */
export type Outgoing =
  | { kind: 'text'; text: string }
  | {
      kind: 'media';
      mediatype: 'image' | 'video' | 'document' | 'audio' | 'sticker';
      dataUrl: string;
      mimetype: string;
      fileName: string;
      caption?: string;
    }
  | { kind: 'voice'; dataUrl: string; seconds: number };

export type SendInput = { outgoing: Outgoing; tempId: string; quoted: ChatMessage | null };

const LEGACY_KIND: Record<
  'image' | 'video' | 'document' | 'audio' | 'sticker',
  { path: LegacySendKind; field: string; tipo: number }
> = {
  image: { path: 'imagem', field: 'image', tipo: 1 },
  sticker: { path: 'sticker', field: 'sticker', tipo: 2 },
  audio: { path: 'audio', field: 'audio', tipo: 3 },
  video: { path: 'video', field: 'video', tipo: 4 },
  document: { path: 'documento', field: 'document', tipo: 5 },
};

/** Sends one message; the tempId is the send's idempotency key, so a retry never sends twice. */
export async function sendMessage(
  channel: ChatChannel,
  lead: ConversationLead,
  instance: string | null,
  input: SendInput,
): Promise<ChatMessage> {
  const { outgoing, tempId, quoted } = input;
  if (channel === 'v3') {
    if (!instance) throw new Error('WhatsApp desconectado');
    const quotedRef = quoted?.messageId ? { key: { id: quoted.messageId } } : undefined;
    const number = lead.cli_telefone;
    const [path, body] =
      outgoing.kind === 'text'
        ? ['sendText', { number, text: outgoing.text, quoted: quotedRef, tempId }]
        : outgoing.kind === 'voice'
          ? ['sendWhatsAppAudio', { number, audio: outgoing.dataUrl, quoted: quotedRef, tempId }]
          : [
              'sendMedia',
              {
                number,
                mediatype: outgoing.mediatype,
                media: outgoing.dataUrl,
                mimetype: outgoing.mimetype,
                fileName: outgoing.fileName,
                caption: outgoing.caption,
                quoted: quotedRef,
                tempId,
              },
            ];
    const answer = await http.post(`/message/${path}/${enc(instance)}`, body, sendResponseSchema);
    return answer.message;
  }
  if (channel === 'v2') {
    const ticketId = await ticketOf(lead);
    const body =
      outgoing.kind === 'text'
        ? { body: outgoing.text, fromMe: true, read: true, quotedMsg: quoted ? { id: quoted.id } : null, tempId }
        : outgoing.kind === 'voice'
          ? {
              body: '',
              fromMe: true,
              read: true,
              media: outgoing.dataUrl,
              fileName: 'audio.mp3',
              quotedMsg: quoted ? { id: quoted.id } : null,
              tempId,
            }
          : {
              body: outgoing.caption ?? '',
              fromMe: true,
              read: true,
              media: outgoing.dataUrl,
              fileName: outgoing.fileName,
              quotedMsg: quoted ? { id: quoted.id } : null,
              tempId,
            };
    const answer = await http.post(`/messages/${ticketId}`, body, z.object({ message: chatMessageSchema }));
    return answer.message;
  }
  const base = { cli_crm_id: lead.cli_crm_id, telefone: lead.cli_telefone, destinatario: lead.cli_nome, tempId };
  let path: LegacySendKind;
  let body: Record<string, unknown>;
  if (outgoing.kind === 'text') {
    path = 'texto';
    body = { ...base, mensagem: outgoing.text, mensagemTipo: 0 };
  } else if (outgoing.kind === 'voice') {
    path = 'audio';
    body = { ...base, audio: outgoing.dataUrl, mensagemTipo: 3, tamanho: outgoing.seconds, mensagem: 'Áudio' };
  } else {
    const kind = LEGACY_KIND[outgoing.mediatype];
    path = kind.path;
    body = {
      ...base,
      [kind.field]: outgoing.dataUrl,
      mensagemTipo: kind.tipo,
      mensagem: outgoing.caption ?? outgoing.fileName,
      nomeArquivo: outgoing.fileName,
    };
  }
  const answer = await http.post(`/whatsapp/enviar/${path}`, body, legacySendResponseSchema);
  return legacyToChatMessage(answer.mensagem, lead.cli_crm_id);
}

/** 001 §4 "Reading": once per opening; the server marks the incoming messages since the last own one. */
export async function markConversationRead(channel: ChatChannel, lead: ConversationLead, instance: string | null): Promise<void> {
  if (channel === 'v3') {
    if (!instance) return;
    await http.post(`/chat/markMessageAsRead/${enc(instance)}`, { number: lead.cli_telefone }, readResponseSchema);
    return;
  }
  // The company backend and the legacy channel read through the same server reading.
  await http.post('/whatsapp/enviar/naolidas', { cli_crm_id: lead.cli_crm_id }, readResponseSchema);
}

/** DELETE /api/messages/{id}: own messages only (001 §6). */
export async function deleteMessage(id: number): Promise<void> {
  await apiRequest(`/messages/${id}`, { method: 'DELETE' });
}

export { MESSAGE_PAGE_SIZE };

/**
 * 'Conversar' on a shared contact card (issue 9): POST /api/contacts finds the unit's lead of that
 * number or creates it (001 §7 ticket API), so the card always opens a conversation.
 */
export async function leadOfSharedContact(phone: string, name: string): Promise<number> {
  const contact = await http.post('/contacts', { number: phone, name: name.trim() || phone }, contactResponseSchema);
  return contact.id;
}
