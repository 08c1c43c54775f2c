// 001 §2 media dialogs and §5 "Media pickers": exactly one file of the dialog's kind, every picker
// error, 'Enviar' → notice and close; 'Gravar Audio' idle text and the recording errors of 001 §5.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MAX_MEDIA_FILE_BYTES } from '@funil/domain/whatsapp-api/media-picker';

import { MediaDialog } from './media-dialog.tsx';
import { RecordAudioDialog } from './record-audio-dialog.tsx';
import { renderWithProviders } from './test-kit.tsx';

vi.mock('../../../lib/session.ts', async () => (await import('./test-kit.tsx')).sessionModule);
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const png = (name = 'foto.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const pick = (files: File[]) => fireEvent.change(screen.getByTestId('media-file-input'), { target: { files } });

describe('001 §5 media pickers', () => {
  it("'Faltam arquivos' with none (nothing sent), 'Muitos arquivos' with two, 'Arquivo muito pequeno!' for an empty file", async () => {
    const onSend = vi.fn();
    renderWithProviders(<MediaDialog kind="image" onClose={vi.fn()} onSend={onSend} />);
    await screen.findByRole('dialog', { name: 'Arquivo de Imagem' });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(screen.getByText('Faltam arquivos')).toBeTruthy();
    pick([png('a.png'), png('b.png')]);
    expect(screen.getByText('Muitos arquivos')).toBeTruthy();
    pick([png('vazio.png', 0)]);
    expect(screen.getByText('Arquivo muito pequeno!')).toBeTruthy();
    expect(screen.getByText('Total: 0')).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
  });

  it("'Arquivo muito grande!' above what the server takes", async () => {
    renderWithProviders(<MediaDialog kind="document" onClose={vi.fn()} onSend={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'Arquivo' });
    const big = new File([], 'grande.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: MAX_MEDIA_FILE_BYTES + 1 });
    pick([big]);
    expect(screen.getByText('Arquivo muito grande!')).toBeTruthy();
  });

  it('takes only .gif, .webp and .svg as stickers', async () => {
    renderWithProviders(<MediaDialog kind="sticker" onClose={vi.fn()} onSend={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'Arquivo de Figurinha' });
    expect(screen.getByTestId('media-file-input').getAttribute('accept')).toBe('.gif,.webp,.svg');
    pick([png('figura.png')]);
    expect(screen.getByText('Tipo de arquivo não aceito.')).toBeTruthy();
    pick([new File([new Uint8Array(10)], 'figura.webp', { type: 'image/webp' })]);
    expect(screen.getByText('Total: 1')).toBeTruthy();
  });

  it("sends one file as a data URL with its caption, shows 'Enviando imagem......' and closes; 'Limpar' empties it", async () => {
    const onSend = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<MediaDialog kind="image" onClose={onClose} onSend={onSend} />);
    await screen.findByRole('dialog', { name: 'Arquivo de Imagem' });
    pick([png()]);
    expect(screen.getByText('Total: 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(screen.getByText('Total: 0')).toBeTruthy();
    pick([png()]);
    fireEvent.change(screen.getByLabelText('Legenda'), { target: { value: 'Antes e depois' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSend).toHaveBeenCalledWith({
      kind: 'media',
      mediatype: 'image',
      dataUrl: expect.stringMatching(/^data:image\/png;base64,/),
      mimetype: 'image/png',
      fileName: 'foto.png',
      caption: 'Antes e depois',
    });
    expect(await screen.findByText('Enviando imagem......')).toBeTruthy();
  });
});

describe("001 §2, §5 'Gravar Audio'", () => {
  it.each([
    ['NotAllowedError', 'Permissão de microfone negada. Habilite a permissão no seu navegador.'],
    ['NotReadableError', 'Midia em uso.'],
    ['NotFoundError', 'Tipo de midia não especificado.'],
  ])('shows %s as the 001 §5 text', async (name, text) => {
    vi.stubGlobal('MediaRecorder', class {});
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(new DOMException('x', name)) },
    });
    renderWithProviders(<RecordAudioDialog open onClose={vi.fn()} onSend={vi.fn()} />);
    expect(await screen.findByText('Pronto para gravar')).toBeTruthy();
    expect(screen.getByTestId('recording-timer').textContent).toBe('00:00');
    fireEvent.click(screen.getByRole('button', { name: 'INICIAR' }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
