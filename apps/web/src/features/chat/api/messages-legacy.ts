// The legacy channel's message (001 §3 "Legacy-channel message") as the one ChatMessage shape the
// conversation renders, so the bubbles and the acks follow one rule for the three channels.
import { toInstant } from '@funil/domain/format/date';
import type { ChatMediaType, ChatMessage } from '@funil/domain/whatsapp-api/chat-message';
import { MENSAGEM_TIPO, type LegacyMessage } from '@funil/domain/whatsapp-api/legacy-api';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';

const TYPE_OF_TIPO: Record<number, ChatMediaType> = {
  [MENSAGEM_TIPO.Imagem]: 'image',
  [MENSAGEM_TIPO.Sticker]: 'sticker',
  [MENSAGEM_TIPO.Audio]: 'audio',
  [MENSAGEM_TIPO.Video]: 'video',
  [MENSAGEM_TIPO.Documentos]: 'application/document',
  [MENSAGEM_TIPO.Localizacao]: 'locationMessage',
  [MENSAGEM_TIPO.Contato]: 'contactMessage',
};

/**
 * 001 §4 legacy bubble icon as a gateway ack: sent=0 and received=0 → pending (1); sent=1 and
 * received=0 → sent (2); otherwise delivered (3), read (4) when read. An error is `isError`.
 */
export function legacyAck(m: LegacyMessage): number {
  if (m.tipo === 1) return 0;
  if (m.mensagemStatusEnvio === 0 && m.mensagemStatusRecebimento === 0) return 1;
  if (m.mensagemStatusRecebimento === 0) return 2;
  return m.mensagemStatusLeitura === 1 ? 4 : 3;
}

export function legacyToChatMessage(m: LegacyMessage, leadId: number): ChatMessage {
  const fromMe = m.tipo !== 1;
  let mediaType: ChatMediaType = TYPE_OF_TIPO[m.mensagemTipo] ?? 'chat';
  if (mediaType === 'chat' && m.mensagem.startsWith('Chamada de voz/vídeo perdida às')) mediaType = 'call_log';
  const mediaUrl =
    m.image_imageUrl ??
    m.imageURL ??
    m.sticker_stickerUrl ??
    m.audio_audioUrl ??
    m.audioURL ??
    m.video_videoUrl ??
    m.document_documentUrl ??
    null;
  const body =
    mediaType === 'image'
      ? (m.image_caption ?? '')
      : mediaType === 'video'
        ? (m.video_caption ?? '')
        : mediaType === 'application/document'
          ? (m.document_title ?? m.mensagem)
          : m.mensagem;
  return {
    id: m.id,
    messageId: null,
    cli_crm_id: leadId,
    ticketId: null,
    instanceId: null,
    body,
    fromMe,
    mediaType,
    mediaUrl,
    mimetype: null,
    fileName: mediaType === 'application/document' ? m.document_title : null,
    createdAt: (toInstant(m.data) ?? new Date()).toISOString(),
    ack: legacyAck(m),
    isError: m.mensagemStatusErro === 1,
    isDeleted: !fromMe && m.mensagem === WHATSAPP_MESSAGES.deletedByContact,
    editedAt: null,
    quotedMsg: null,
    contactName: fromMe ? null : m.nomeRemetente,
    userId: m.id_atendente,
    reactions: [],
  };
}
