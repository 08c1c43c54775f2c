// Stored rows as the API and the sockets show them (001 §3 Chat message, Reaction, legacy message).
import { APP_TIME_ZONE } from '@funil/domain/format/date';
import { CHAT_MEDIA_TYPES, type ChatMediaType, type ChatMessage, type Reaction } from '@funil/domain/whatsapp-api/chat-message';
import { MENSAGEM_TIPO, type LegacyMessage } from '@funil/domain/whatsapp-api/legacy-api';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';
import type { LeadSummary } from '@funil/domain/whatsapp-api/realtime';
import type { Ticket } from '@funil/domain/whatsapp-api/tickets-api';

import type { TicketRow } from '../tickets/tickets.repository.ts';
import type { MessageRow } from './message-store.repository.ts';

export const asMediaType = (value: string): ChatMediaType =>
  (CHAT_MEDIA_TYPES as readonly string[]).includes(value) ? (value as ChatMediaType) : 'chat';

export const mediaUrlOf = (row: Pick<MessageRow, 'id' | 'mediaStatus'>): string | null =>
  row.mediaStatus === 'none' ? null : `/api/whatsapp/midia/${row.id}`;

/** 001 §3 Reaction list of a message: the latest reaction of each side; an empty emoji removes it. */
export function reactionsOf(rows: readonly MessageRow[]): Reaction[] {
  const latest = new Map<string, MessageRow>();
  for (const r of rows) latest.set(`${r.fromMe}:${r.remoteJid ?? ''}`, r);
  return [...latest.values()]
    .filter((r) => r.body !== '')
    .map((r) => ({
      id: r.id,
      emoji: r.body,
      fromMe: r.fromMe,
      createdAt: r.criadoEm.toISOString(),
      senderName: r.pushName,
      originalMessageId: r.reactionTargetId ?? '',
      senderTimestamp: r.senderTimestamp,
    }));
}

export function chatMessageOf(
  row: MessageRow,
  reactions: readonly MessageRow[] = [],
  quotedRow: MessageRow | null = null,
): ChatMessage {
  const q = row.quoted;
  return {
    id: row.id,
    messageId: row.messageId,
    cli_crm_id: row.cliCrmId,
    ticketId: row.idTicket,
    instanceId: row.idInstancia,
    body: row.body,
    fromMe: row.fromMe,
    mediaType: asMediaType(row.mediaType),
    mediaUrl: mediaUrlOf(row),
    mimetype: row.mimetype,
    fileName: row.fileName,
    createdAt: row.criadoEm.toISOString(),
    ack: row.ack,
    isError: row.isError,
    isDeleted: row.isDeleted,
    editedAt: row.editadoEm ? row.editadoEm.toISOString() : null,
    quotedMsg: quotedRow
      ? {
          id: quotedRow.id,
          messageId: quotedRow.messageId ?? '',
          body: quotedRow.body,
          fromMe: quotedRow.fromMe,
          mediaType: asMediaType(quotedRow.mediaType),
          mediaUrl: mediaUrlOf(quotedRow),
          contactName: quotedRow.pushName,
        }
      : q
        ? {
            id: null,
            messageId: q.messageId,
            body: q.body,
            fromMe: q.fromMe,
            mediaType: asMediaType(q.mediaType),
            mediaUrl: null,
            contactName: q.contactName,
          }
        : null,
    contactName: row.pushName,
    userId: row.idUsuario,
    reactions: reactionsOf(reactions),
  };
}

export function ticketOf(row: TicketRow, lead: LeadSummary | null): Ticket {
  return {
    id: row.id,
    contactId: row.cliCrmId,
    queueId: row.queueId,
    userId: row.idUsuario,
    status: row.status,
    whatsappId: row.idInstancia,
    unreadMessages: lead?.whatsapp_ultima_mensagem_nao_lidas ?? 0,
    lastMessage: lead?.whatsapp_ultima_mensagem_texto ?? null,
    createdAt: row.datacad.toISOString(),
    updatedAt: row.dataAtualizacao.toISOString(),
  };
}

const LEGACY_TIPO: Partial<Record<ChatMediaType, number>> = {
  image: MENSAGEM_TIPO.Imagem,
  sticker: MENSAGEM_TIPO.Sticker,
  audio: MENSAGEM_TIPO.Audio,
  video: MENSAGEM_TIPO.Video,
  'application/document': MENSAGEM_TIPO.Documentos,
  locationMessage: MENSAGEM_TIPO.Localizacao,
  contactMessage: MENSAGEM_TIPO.Contato,
  contactsArrayMessage: MENSAGEM_TIPO.Contato,
  vcard: MENSAGEM_TIPO.Contato,
};

const SP = APP_TIME_ZONE;
const part = (d: Date, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: SP, hourCycle: 'h23', ...options }).format(d);

/** São Paulo wall time: 'YYYY-MM-DD HH:mm:ss', 'DD/MM/YYYY' and 'HH:mm'. */
export function wallTimes(d: Date): { data: string; dataEnvio: string; horaEnvio: string } {
  const ymd = part(d, { year: 'numeric', month: '2-digit', day: '2-digit' });
  const hms = part(d, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const [y, m, day] = ymd.split('-');
  return { data: `${ymd} ${hms}`, dataEnvio: `${day}/${m}/${y}`, horaEnvio: hms.slice(0, 5) };
}

const vcardName = (body: string) => /^FN:(.*)$/m.exec(body)?.[1]?.trim() ?? null;
const vcardPhones = (body: string) => [...body.matchAll(/^TEL[^:]*:(.*)$/gm)].map((m) => (m[1] ?? '').trim()).filter(Boolean);

/** 001 §3 "Legacy-channel message". */
export function legacyMessageOf(row: MessageRow, leadName: string, senderName: string | null): LegacyMessage {
  const type = asMediaType(row.mediaType);
  const url = mediaUrlOf(row);
  const when = wallTimes(row.criadoEm);
  const isContact = type === 'contactMessage' || type === 'contactsArrayMessage';
  const mensagem = row.isDeleted && !row.fromMe ? WHATSAPP_MESSAGES.deletedByContact : row.body;
  return {
    id: row.id,
    mensagem,
    mensagemTipo: LEGACY_TIPO[type] ?? MENSAGEM_TIPO.TextoSimples,
    ...when,
    mensagemStatusEnvio: row.fromMe ? (row.ack >= 2 ? 1 : 0) : 1,
    mensagemStatusLeitura: row.fromMe ? (row.ack >= 4 ? 1 : 0) : row.lido ? 1 : 0,
    mensagemStatusRecebimento: row.fromMe ? (row.ack >= 3 ? 1 : 0) : 1,
    mensagemStatusErro: row.isError ? 1 : 0,
    imageURL: type === 'image' ? url : null,
    audioURL: type === 'audio' ? url : null,
    nomeRemetente: row.fromMe ? senderName : (row.pushName ?? leadName),
    nomeDestinatario: row.fromMe ? leadName : senderName,
    id_atendente: row.idUsuario,
    tipo: row.fromMe ? 2 : 1,
    image_imageUrl: type === 'image' ? url : null,
    image_caption: type === 'image' ? row.body : null,
    sticker_stickerUrl: type === 'sticker' ? url : null,
    audio_audioUrl: type === 'audio' ? url : null,
    video_videoUrl: type === 'video' ? url : null,
    video_caption: type === 'video' ? row.body : null,
    document_documentUrl: type === 'application/document' ? url : null,
    document_title: type === 'application/document' ? (row.fileName ?? row.body) : null,
    contact_displayName: isContact ? vcardName(row.body) : null,
    contact_phones: isContact ? vcardPhones(row.body) : null,
  };
}
