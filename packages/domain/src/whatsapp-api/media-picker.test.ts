// 001 §5 "Media pickers" and recording errors; 001 §2 recording timer.
import { describe, expect, it } from 'vitest';

import { MAX_MEDIA_BASE64_CHARS } from './gateway-api.ts';
import {
  checkPickedFiles,
  dialogKindOf,
  MAX_MEDIA_FILE_BYTES,
  MEDIA_PICKER_ERRORS,
  recordingClock,
  recordingErrorOf,
} from './media-picker.ts';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('001 §5 media pickers: exactly one file of the dialog kind', () => {
  it("'Faltam arquivos' with none and 'Muitos arquivos' with two", () => {
    expect(checkPickedFiles('image', [])).toBe('Faltam arquivos');
    expect(checkPickedFiles('image', [file('a.png', 'image/png'), file('b.png', 'image/png')])).toBe('Muitos arquivos');
  });

  it("'Arquivo muito pequeno!' for an empty file and 'Arquivo muito grande!' above what the server takes", () => {
    expect(checkPickedFiles('document', [file('a.pdf', 'application/pdf', 0)])).toBe('Arquivo muito pequeno!');
    expect(checkPickedFiles('document', [file('a.pdf', 'application/pdf', MAX_MEDIA_FILE_BYTES + 1)])).toBe(
      'Arquivo muito grande!',
    );
    expect(checkPickedFiles('document', [file('a.pdf', 'application/pdf', MAX_MEDIA_FILE_BYTES)])).toBeNull();
    // The largest accepted file still fits the server's base64 limit with its data-URL prefix.
    expect(Math.ceil(MAX_MEDIA_FILE_BYTES / 3) * 4 + 100).toBeLessThanOrEqual(MAX_MEDIA_BASE64_CHARS);
  });

  it('takes audio/*, video/*, image/* in their dialogs; stickers only .gif, .webp, .svg; documents anything', () => {
    expect(checkPickedFiles('audio', [file('a.mp3', 'audio/mpeg')])).toBeNull();
    expect(checkPickedFiles('audio', [file('a.png', 'image/png')])).toBe(MEDIA_PICKER_ERRORS.wrongType);
    expect(checkPickedFiles('video', [file('a.mp4', 'video/mp4')])).toBeNull();
    expect(checkPickedFiles('image', [file('a.jpg', 'image/jpeg')])).toBeNull();
    for (const name of ['a.gif', 'b.WEBP', 'c.svg']) expect(checkPickedFiles('sticker', [file(name, '')])).toBeNull();
    expect(checkPickedFiles('sticker', [file('a.png', 'image/png')])).toBe(MEDIA_PICKER_ERRORS.wrongType);
    expect(checkPickedFiles('document', [file('a.zip', 'application/zip')])).toBeNull();
  });

  it('opens the dialog of a pasted or dropped file by its type', () => {
    expect(dialogKindOf(file('a.png', 'image/png'))).toBe('image');
    expect(dialogKindOf(file('a.gif', 'image/gif'))).toBe('sticker');
    expect(dialogKindOf(file('a.mp4', 'video/mp4'))).toBe('video');
    expect(dialogKindOf(file('a.ogg', 'audio/ogg'))).toBe('audio');
    expect(dialogKindOf(file('a.pdf', 'application/pdf'))).toBe('document');
  });
});

describe('001 §5 recording errors', () => {
  it.each([
    ['AbortError', 'Gravação abortada.'],
    ['NotAllowedError', 'Permissão de microfone negada. Habilite a permissão no seu navegador.'],
    ['NotFoundError', 'Tipo de midia não especificado.'],
    ['NotReadableError', 'Midia em uso.'],
    ['OverconstrainedError', 'Restrições de midia inválidas.'],
    ['TypeError', 'Sem restrições definidas.'],
    ['Whatever', 'Status desconhecido'],
  ])('%s → %s', (name, text) => {
    expect(recordingErrorOf(name)).toBe(text);
  });

  it('shows the timer as mm:ss', () => {
    expect(recordingClock(0)).toBe('00:00');
    expect(recordingClock(65.9)).toBe('01:05');
    expect(recordingClock(600)).toBe('10:00');
  });
});
