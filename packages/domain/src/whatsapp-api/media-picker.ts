// The media dialogs of the composer (001 §2 "Media-send dialogs", §4 "Media sending", §5 "Media
// pickers"): which files each dialog takes, exactly one of them, and the texts of every failure.
import { MAX_MEDIA_BASE64_CHARS } from './gateway-api.ts';

export const MEDIA_DIALOG_KINDS = ['audio', 'video', 'image', 'sticker', 'document'] as const;
export type MediaDialogKind = (typeof MEDIA_DIALOG_KINDS)[number];

/** 001 §2 dialog titles ('Arquivo de Áudio', 'Arquivo de Video', 'Arquivo'); image and sticker are not named there. */
export const MEDIA_DIALOG_TITLE: Record<MediaDialogKind, string> = {
  audio: 'Arquivo de Áudio',
  video: 'Arquivo de Video',
  image: 'Arquivo de Imagem',
  sticker: 'Arquivo de Figurinha',
  document: 'Arquivo',
};

/** 001 §4 "Media sending": the notice shown once a file is on its way. */
export const MEDIA_SENDING_NOTICE: Record<MediaDialogKind, string> = {
  audio: 'Enviando áudio......',
  video: 'Enviando video......',
  image: 'Enviando imagem......',
  sticker: 'Enviando animação......',
  document: 'Enviando documento......',
};

/** 001 §5 "Media pickers" texts, verbatim. */
export const MEDIA_PICKER_ERRORS = {
  generic: 'Alguma coisa deu errado tente novamentes!',
  tooSmall: 'Arquivo muito pequeno!',
  tooLarge: 'Arquivo muito grande!',
  unreadable: 'Problema na leitura do arquivo!',
  tooMany: 'Muitos arquivos',
  missing: 'Faltam arquivos',
  // Not in the spec: a file of another kind dropped or pasted on a dialog (the picker filters by type).
  wrongType: 'Tipo de arquivo não aceito.',
} as const;

/** 001 §5: stickers are .gif, .webp or .svg only. */
export const STICKER_EXTENSIONS = ['.gif', '.webp', '.svg'] as const;

/** The `accept` of each dialog's file input (001 §5: audio/*, video/*, image/*; documents any file). */
export const MEDIA_ACCEPT: Record<MediaDialogKind, string> = {
  audio: 'audio/*',
  video: 'video/*',
  image: 'image/*',
  sticker: STICKER_EXTENSIONS.join(','),
  document: '*/*',
};

/** Largest file the server takes: its base64 text must fit MAX_MEDIA_BASE64_CHARS (with a data-URL prefix). */
export const MAX_MEDIA_FILE_BYTES = Math.floor(((MAX_MEDIA_BASE64_CHARS - 200) / 4) * 3);

export type PickedFile = { name: string; type: string; size: number };

/** Whether a file belongs to a dialog by its type (and, for stickers, its extension). */
export function acceptsFile(kind: MediaDialogKind, file: PickedFile): boolean {
  const name = file.name.toLowerCase();
  switch (kind) {
    case 'audio':
      return file.type.startsWith('audio/');
    case 'video':
      return file.type.startsWith('video/');
    case 'image':
      return file.type.startsWith('image/');
    case 'sticker':
      return STICKER_EXTENSIONS.some((ext) => name.endsWith(ext));
    case 'document':
      return true;
  }
}

/** The dialog a pasted or dropped file opens: by its type, a document otherwise. */
export function dialogKindOf(file: PickedFile): MediaDialogKind {
  if (file.type === 'image/gif' || file.type === 'image/webp') return 'sticker';
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  if (file.type.startsWith('audio/')) return 'audio';
  return 'document';
}

/** 001 §5: exactly one file, of the dialog's kind, neither empty nor above the limit. Null when it may be sent. */
export function checkPickedFiles(kind: MediaDialogKind, files: readonly PickedFile[]): string | null {
  if (files.length === 0) return MEDIA_PICKER_ERRORS.missing;
  if (files.length > 1) return MEDIA_PICKER_ERRORS.tooMany;
  const [file] = files as [PickedFile];
  if (!acceptsFile(kind, file)) return MEDIA_PICKER_ERRORS.wrongType;
  if (file.size <= 0) return MEDIA_PICKER_ERRORS.tooSmall;
  if (file.size > MAX_MEDIA_FILE_BYTES) return MEDIA_PICKER_ERRORS.tooLarge;
  return null;
}

/** The gateway mediatype a dialog sends (the gateway's sendSticker turns a .gif or .svg into a WebP sticker). */
export function sendMediaTypeOf(kind: MediaDialogKind): 'image' | 'video' | 'document' | 'audio' | 'sticker' {
  return kind;
}

/** 001 §4 "Audio recording" and §9: a recording under 10000 bytes is discarded. */
export const MIN_RECORDING_BYTES = 10_000;
/** 001 §4, §9: recordings are MP3 at 128 kbps. */
export const RECORDING_KBPS = 128;

/** 001 §5 recording errors, verbatim. */
export const RECORDING_ERRORS = {
  aborted: 'Gravação abortada.',
  permissionDenied: 'Permissão de microfone negada. Habilite a permissão no seu navegador.',
  noMediaType: 'Tipo de midia não especificado.',
  inUse: 'Midia em uso.',
  invalidConstraints: 'Restrições de midia inválidas.',
  noConstraints: 'Sem restrições definidas.',
  unknown: 'Status desconhecido',
} as const;

/** getUserMedia / recorder failures (DOMException names) → the 001 §5 text. */
export function recordingErrorOf(name: string): string {
  switch (name) {
    case 'AbortError':
      return RECORDING_ERRORS.aborted;
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return RECORDING_ERRORS.permissionDenied;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return RECORDING_ERRORS.noMediaType;
    case 'NotReadableError':
    case 'TrackStartError':
      return RECORDING_ERRORS.inUse;
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return RECORDING_ERRORS.invalidConstraints;
    case 'TypeError':
      return RECORDING_ERRORS.noConstraints;
    default:
      return RECORDING_ERRORS.unknown;
  }
}

/** 001 §2: the recording timer reads mm:ss. */
export function recordingClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
