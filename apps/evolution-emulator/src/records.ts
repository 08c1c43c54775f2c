import { randomBytes } from 'node:crypto';

import { sha256Base64 } from './media-fixtures.ts';

// Builders for WAProto message contents (ref §6 variants) and ids.

export const newMessageId = (fromApi: boolean): string =>
  fromApi ? `3EB0${randomBytes(9).toString('hex').toUpperCase()}` : randomBytes(10).toString('hex').toUpperCase();

export const newCuid = (): string => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(23);
  return `cm${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
};

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

// ref §6: bytes fields may come as index-keyed objects instead of base64 strings.
export const indexKeyed = (buf: Buffer): Record<string, number> => Object.fromEntries([...buf].map((b, i) => [String(i), b]));

export const pngSize = (buf: Buffer): { width: number; height: number } | null => {
  if (buf.length < 24 || buf.readUInt32BE(0) !== 0x89504e47) return null;
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
};

export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

export const MEDIA_TYPE_KEY = {
  image: 'imageMessage',
  video: 'videoMessage',
  audio: 'audioMessage',
  document: 'documentMessage',
  sticker: 'stickerMessage',
} as const satisfies Record<MediaKind, string>;

export type MediaFields = {
  kind: MediaKind;
  data: Buffer | null; // null when only a URL is known
  mimetype: string;
  caption?: string;
  fileName?: string;
  seconds?: number;
  ptt?: boolean;
  mediaKeyAsObject?: boolean;
};

// ref §6: image/video/audio/document/sticker message contents with WAProto field names.
export const mediaContent = (f: MediaFields): Record<string, unknown> => {
  const bytes = f.data ?? Buffer.alloc(0);
  const mediaKey = randomBytes(32);
  const path = `/v/t62.7118-24/${randomBytes(8).toString('hex')}.enc`;
  const common: Record<string, unknown> = {
    url: `https://mmg.whatsapp.net${path}`,
    mimetype: f.mimetype,
    fileSha256: sha256Base64(bytes),
    fileLength: String(bytes.length),
    mediaKey: f.mediaKeyAsObject ? indexKeyed(mediaKey) : mediaKey.toString('base64'),
    fileEncSha256: sha256Base64(Buffer.concat([bytes, mediaKey])),
    directPath: path,
    mediaKeyTimestamp: String(nowSeconds()),
  };
  const size = f.data ? pngSize(f.data) : null;
  switch (f.kind) {
    case 'image':
      return {
        ...common,
        ...(f.caption !== undefined ? { caption: f.caption } : {}),
        height: size?.height ?? 0,
        width: size?.width ?? 0,
        jpegThumbnail: bytes.subarray(0, 64).toString('base64'),
      };
    case 'video':
      return {
        ...common,
        ...(f.caption !== undefined ? { caption: f.caption } : {}),
        seconds: f.seconds ?? 3,
        gifPlayback: false,
        height: 360,
        width: 640,
      };
    case 'audio':
      return {
        ...common,
        seconds: f.seconds ?? 1,
        ptt: f.ptt ?? true,
        waveform: Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 7) % 100)).toString('base64'),
      };
    case 'document':
      return {
        ...common,
        title: f.fileName ?? 'documento',
        fileName: f.fileName ?? 'documento',
        pageCount: 1,
        ...(f.caption !== undefined ? { caption: f.caption } : {}),
      };
    case 'sticker':
      return { ...common, isAnimated: false, height: 1, width: 1 };
  }
};

const EXT_MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

export const mimeFromFileName = (fileName: string): string | undefined =>
  EXT_MIME[fileName.split('.').pop()?.toLowerCase() ?? ''];

export const vcard = (name: string, phone: string): string =>
  `BEGIN:VCARD\nVERSION:3.0\nN:;${name};;;\nFN:${name}\nTEL;type=CELL;type=VOICE;waid=${phone}:+${phone}\nEND:VCARD`;

// ref §6 normalization: extendedTextMessage becomes conversation, also inside quotedMessage.
export const normalizeContent = (message: Record<string, unknown>): Record<string, unknown> => {
  const ext = message.extendedTextMessage as { text?: unknown } | undefined;
  if (ext && typeof ext.text === 'string') {
    const { extendedTextMessage: _drop, ...rest } = message;
    return { ...rest, conversation: ext.text };
  }
  const doc = message.documentWithCaptionMessage as { message?: { documentMessage?: unknown } } | undefined;
  if (doc?.message?.documentMessage) {
    const { documentWithCaptionMessage: _drop, ...rest } = message;
    return { ...rest, documentMessage: doc.message.documentMessage };
  }
  return message;
};

export const contentType = (message: Record<string, unknown>): string =>
  Object.keys(message).find((k) => k !== 'messageContextInfo' && k !== 'base64') ?? 'unknown';
