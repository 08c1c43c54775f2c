// Reads a gateway message record (ref §6) into the chat message of 001 §3: mediaType, body by the
// 001 §3 conventions, the media to download, the quoted message and the reaction target.
import type { ChatMediaType } from '@funil/domain/whatsapp-api/chat-message';

import type { MessageRecord } from '../../../integrations/evolution/evolution-types.ts';
import type { AdReply } from '../../leads/lead-ad-message.service.ts';

export type MediaInfo = { mimetype: string | null; fileName: string | null };

export type ParsedContent = {
  mediaType: ChatMediaType;
  gatewayType: string;
  body: string;
  media: MediaInfo | null;
  quoted: { messageId: string; participant: string | null; body: string; mediaType: ChatMediaType } | null;
  reaction: { targetId: string; emoji: string; senderTimestamp: number | null } | null;
  /** The click-to-WhatsApp ad the message came from (issue 23 §3); null for any other message. */
  adReply: AdReply | null;
};

type Content = Record<string, unknown>;

const EXTRA_KEYS = new Set(['messageContextInfo', 'base64', 'mediaUrl', 'speechToText']);
// ref §6 "Others": wrappers whose .message holds the real content.
const WRAPPERS = [
  'ephemeralMessage',
  'viewOnceMessage',
  'viewOnceMessageV2',
  'viewOnceMessageV2Extension',
  'documentWithCaptionMessage',
];
// Content that is not a message of the conversation.
const SKIPPED = new Set(['protocolMessage', 'senderKeyDistributionMessage', 'editedMessage', 'pollUpdateMessage', 'unknown']);

const isObject = (v: unknown): v is Content => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

function unwrap(message: Content): Content {
  let current = message;
  for (let depth = 0; depth < 4; depth++) {
    const wrapper = WRAPPERS.find((w) => isObject(current[w]) && isObject((current[w] as Content).message));
    if (!wrapper) return current;
    current = (current[wrapper] as Content).message as Content;
  }
  return current;
}

function contentKey(message: Content): string | null {
  return Object.keys(message).find((k) => !EXTRA_KEYS.has(k)) ?? null;
}

const mapsLink = (lat: number, lng: number) => `https://maps.google.com/maps?q=${lat}%2C${lng}&z=17&hl=pt-BR`;

function thumbnailDataUrl(value: unknown): string {
  if (typeof value === 'string' && value.length > 0) return `data:image/jpeg;base64,${value}`;
  if (isObject(value)) {
    // ref §6: bytes may come as an index-keyed object
    const bytes = Object.keys(value)
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => Number(value[k]) & 0xff);
    if (bytes.length > 0) return `data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}`;
  }
  return '';
}

type Body = { mediaType: ChatMediaType; body: string; media: MediaInfo | null };

/** The mediaType and body of one content object (001 §3 conventions). */
function describe(key: string, value: Content, whole: Content): Body | null {
  const media = (): MediaInfo => ({ mimetype: str(value.mimetype), fileName: str(value.fileName) });
  switch (key) {
    case 'conversation':
      return { mediaType: 'chat', body: typeof whole.conversation === 'string' ? whole.conversation : '', media: null };
    case 'extendedTextMessage':
      return { mediaType: 'chat', body: str(value.text) ?? '', media: null };
    case 'imageMessage':
      return { mediaType: 'image', body: str(value.caption) ?? '', media: media() };
    case 'videoMessage':
    case 'ptvMessage':
      return { mediaType: 'video', body: str(value.caption) ?? '', media: media() };
    case 'audioMessage':
      return { mediaType: 'audio', body: '', media: media() };
    case 'documentMessage':
      return {
        mediaType: 'application/document',
        body: str(value.caption) ?? str(value.fileName) ?? str(value.title) ?? '',
        media: media(),
      };
    case 'stickerMessage':
      return { mediaType: 'sticker', body: '', media: media() };
    case 'locationMessage':
    case 'liveLocationMessage': {
      // 001 §3: 'image|link|description'
      const lat = Number(value.degreesLatitude ?? 0);
      const lng = Number(value.degreesLongitude ?? 0);
      const description = [str(value.name), str(value.address)].filter(Boolean).join('\n');
      return {
        mediaType: 'locationMessage',
        body: `${thumbnailDataUrl(value.jpegThumbnail)}|${mapsLink(lat, lng)}|${description}`,
        media: null,
      };
    }
    case 'contactMessage':
      // 001 §3: vCard-like text lines
      return {
        mediaType: 'contactMessage',
        body: str(value.vcard) ?? `BEGIN:VCARD\nVERSION:3.0\nFN:${str(value.displayName) ?? ''}\nEND:VCARD`,
        media: null,
      };
    case 'contactsArrayMessage': {
      const contacts = Array.isArray(value.contacts) ? value.contacts.filter(isObject) : [];
      return {
        mediaType: 'contactsArrayMessage',
        body: contacts
          .map((c) => str(c.vcard) ?? '')
          .filter(Boolean)
          .join('\n'),
        media: null,
      };
    }
    case 'reactionMessage':
      return { mediaType: 'reaction', body: typeof value.text === 'string' ? value.text : '', media: null };
    case 'pollCreationMessage':
    case 'pollCreationMessageV2':
    case 'pollCreationMessageV3':
      return { mediaType: 'chat', body: str(value.name) ?? '', media: null };
    default:
      return null;
  }
}

function describeMessage(message: Content): (Body & { key: string }) | null {
  const inner = unwrap(message);
  const key = contentKey(inner);
  if (!key || SKIPPED.has(key)) return null;
  const value = isObject(inner[key]) ? (inner[key] as Content) : {};
  const body = describe(key, value, inner);
  return body ? { ...body, key } : { mediaType: 'chat', body: '', media: null, key };
}

function contextInfoOf(record: MessageRecord, inner: Content): Content | null {
  if (isObject(record.contextInfo) && Object.keys(record.contextInfo).length > 0) return record.contextInfo;
  const key = contentKey(inner);
  const value = key ? inner[key] : null;
  return isObject(value) && isObject(value.contextInfo) ? value.contextInfo : null;
}

// 'FB_Ads', 'ctwa_ad', 'ads': the conversion sources of an ad's click.
const CONVERSION_FROM_AD = /(^|[^a-z])ads?($|[^a-z])|ctwa/i;
const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim().length > 0 ? v.trim() : typeof v === 'number' ? String(v) : null;

/**
 * Issue 23 §3: the ad of a message that came from a click-to-WhatsApp ad. Evolution 2.3.x gives the
 * content's contextInfo at `data.contextInfo` (and Baileys keeps it in the content itself,
 * `data.message.<type>.contextInfo`): its `externalAdReply` is the ad when `sourceType` is 'ad' or
 * it carries an ad id or a click id; some versions drop `sourceType` or send only opaque fields
 * (`ctwaPayload`, `conversionSource` beside it), which still say "from an ad" without naming it.
 */
export function adReplyOf(record: MessageRecord): AdReply | null {
  const inner = unwrap(isObject(record.message) ? record.message : {});
  const key = contentKey(inner);
  const value = key ? inner[key] : null;
  const contexts = [record.contextInfo, isObject(value) ? value.contextInfo : null].filter(isObject);
  for (const context of contexts) {
    const reply = isObject(context.externalAdReply) ? context.externalAdReply : null;
    const opaque =
      context.ctwaPayload !== undefined ||
      CONVERSION_FROM_AD.test(String(context.conversionSource ?? context.entryPointConversionSource ?? ''));
    if (!reply && !opaque) continue;
    const r = reply ?? {};
    const sourceType = text(r.sourceType);
    const out: AdReply = {
      sourceType,
      sourceId: text(r.sourceId),
      ctwaClid: text(r.ctwaClid) ?? text(context.ctwaClid),
      title: text(r.title),
      body: text(r.body),
      sourceUrl: text(r.sourceUrl),
    };
    const fromAd =
      sourceType?.toLowerCase() === 'ad' ||
      out.sourceId !== null ||
      out.ctwaClid !== null ||
      r.ctwaPayload !== undefined ||
      opaque;
    if (fromAd) return out;
  }
  return null;
}

/** Parses a record; null for content that is not a conversation message (protocol, edits, poll votes). */
export function parseMessageContent(record: MessageRecord): ParsedContent | null {
  const message = isObject(record.message) ? record.message : {};
  const described = describeMessage(message);
  if (!described) return null;
  const inner = unwrap(message);
  const context = contextInfoOf(record, inner);
  let quoted: ParsedContent['quoted'] = null;
  const stanzaId = context ? str(context.stanzaId) : null;
  if (context && stanzaId) {
    const q = isObject(context.quotedMessage) ? describeMessage(context.quotedMessage) : null;
    quoted = {
      messageId: stanzaId,
      participant: str(context.participant),
      body: q?.body ?? '',
      mediaType: q?.mediaType ?? 'chat',
    };
  }
  let reaction: ParsedContent['reaction'] = null;
  if (described.mediaType === 'reaction') {
    const value = inner.reactionMessage as Content;
    const target = isObject(value.key) ? str(value.key.id) : null;
    if (!target) return null;
    const ts = Number(value.senderTimestampMs);
    reaction = { targetId: target, emoji: described.body, senderTimestamp: Number.isFinite(ts) ? Math.trunc(ts) : null };
  }
  return {
    mediaType: described.mediaType,
    gatewayType: described.key === record.messageType ? record.messageType : described.key,
    body: described.body,
    media: described.media,
    quoted,
    reaction,
    adReply: record.key.fromMe ? null : adReplyOf(record),
  };
}

/**
 * The new text of an edit (ref §4.3 MESSAGES_EDITED: `editedMessage` is a message content such as
 * {conversation} or {extendedTextMessage:{text}}, or a caption of {imageMessage}); null when it
 * carries no text.
 */
export function editedBodyOf(editedMessage: Record<string, unknown> | null | undefined): string | null {
  if (!isObject(editedMessage)) return null;
  // Some gateways nest the content once more under `message`.
  const content = isObject(editedMessage.message) ? editedMessage.message : editedMessage;
  const described = describeMessage(content);
  return described && (described.mediaType === 'chat' || described.body !== '') ? described.body : null;
}

/** The lead list preview of a message (001 §3 whatsapp_ultima_mensagem_texto). */
export function previewText(mediaType: ChatMediaType, body: string, fileName: string | null): string {
  const labels: Partial<Record<ChatMediaType, string>> = {
    image: 'Imagem',
    video: 'Vídeo',
    audio: 'Áudio',
    sticker: 'Figurinha',
    locationMessage: 'Localização',
    contactMessage: 'Contato',
    contactsArrayMessage: 'Contatos',
  };
  if (mediaType === 'application/document') return body || fileName || 'Documento';
  if (mediaType === 'locationMessage' || mediaType === 'contactMessage' || mediaType === 'contactsArrayMessage')
    return labels[mediaType]!;
  return body || labels[mediaType] || '';
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'application/pdf': 'pdf',
};

/** A file extension for a mimetype, for the stored file's name. */
export function extensionOf(mimetype: string | null, fileName: string | null): string {
  const fromName = fileName ? /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1] : undefined;
  if (fromName) return fromName.toLowerCase();
  const base = (mimetype ?? '').split(';')[0]!.trim().toLowerCase();
  return EXTENSIONS[base] ?? 'bin';
}
