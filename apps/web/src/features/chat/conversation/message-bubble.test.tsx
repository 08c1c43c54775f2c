// 001 §2 "Message area" bubble rules, 001 §3 body conventions, 001 §4 ack icons, 001 §8 texts.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeChatMessage } from '@funil/domain/testing/factories';
import type { ChatMessage } from '@funil/domain/whatsapp-api/chat-message';
import type { PendingMessage } from '@funil/domain/whatsapp-api/conversation';

import { computedColor } from '../../../testing/kit.tsx';
import { MessageBubble, type BubbleActions } from './message-bubble.tsx';
import { renderWithProviders } from './test-kit.tsx';

vi.mock('../../../lib/session.ts', async () => (await import('./test-kit.tsx')).sessionModule);
vi.setConfig({ testTimeout: 20_000 });
afterEach(cleanup);

function bubble(message: Partial<ChatMessage>, actions: BubbleActions = {}, pending?: PendingMessage) {
  renderWithProviders(
    <MessageBubble message={makeChatMessage(message)} pending={pending} leadName="Paulo Lima" actions={actions} canReply />,
  );
  return screen.getByTestId('message');
}

describe('001 §2 text rendering', () => {
  it('renders *bold*, _italic_ and ~strike~, and cuts each line at 400 characters', () => {
    const long = 'a'.repeat(450);
    const el = bubble({ body: `*negrito* _itálico_ ~riscado~\n${long}` });
    expect(el.querySelector('strong')?.textContent).toBe('negrito');
    expect(el.querySelector('em')?.textContent).toBe('itálico');
    expect(el.querySelector('s')?.textContent).toBe('riscado');
    expect(el.textContent).toContain('a'.repeat(400));
    expect(el.textContent).not.toContain('a'.repeat(401));
  });

  it('places sent bubbles right and received left, with the São Paulo time', () => {
    const sent = bubble({ fromMe: true, ack: 2, createdAt: '2026-03-10T13:05:00.000Z' });
    expect(sent.dataset.fromMe).toBe('1');
    expect(within(sent).getByText('10:05')).toBeTruthy();
  });
});

describe('001 §8 deleted, missed call, edited', () => {
  it("reads 'Essa mensagem foi apagada pelo contato' for a message the contact deleted, without its text", () => {
    const el = bubble({ body: 'segredo', isDeleted: true });
    expect(el.textContent).toContain('Essa mensagem foi apagada pelo contato');
    expect(el.textContent).not.toContain('segredo');
  });

  it("shows 'Chamada de voz/vídeo perdida às {HH:mm}'", () => {
    expect(bubble({ mediaType: 'call_log', body: 'Chamada de voz/vídeo perdida às 14:32' }).textContent).toContain(
      'Chamada de voz/vídeo perdida às 14:32',
    );
  });

  it('marks an edited message', () => {
    expect(bubble({ body: 'corrigido', editedAt: '2026-03-10T13:06:00.000Z' }).textContent).toContain('Editada');
  });
});

describe('001 §2 media, location and contact cards', () => {
  it('a video is 350×250 with the fallback text', () => {
    const video = bubble({ mediaType: 'video', mediaUrl: 'data:video/mp4;base64,AAAA' }).querySelector('video')!;
    expect([video.getAttribute('width'), video.getAttribute('height')]).toEqual(['350', '250']);
    expect(video.textContent).toBe('Seu navegador não suporta o elemento de vídeo.');
  });

  it('an image is 250×200 and opens the viewer', () => {
    const onOpenImage = vi.fn();
    const img = bubble(
      { mediaType: 'image', mediaUrl: 'data:image/png;base64,AAAA', body: 'legenda' },
      { onOpenImage },
    ).querySelector('img')!;
    fireEvent.click(img);
    expect(onOpenImage).toHaveBeenCalledWith('data:image/png;base64,AAAA', expect.objectContaining({ body: 'legenda' }));
  });

  it("a location card links 'Visualizar' to its map", () => {
    const el = bubble({ mediaType: 'locationMessage', body: '|https://maps.google.com/?q=-23.5,-46.6|Av. Paulista' });
    expect(within(el).getByRole('link', { name: 'Visualizar' }).getAttribute('href')).toBe(
      'https://maps.google.com/?q=-23.5,-46.6',
    );
    expect(el.textContent).toContain('Av. Paulista');
  });

  it("a contact card's 'Conversar' opens that contact", () => {
    const onOpenContact = vi.fn();
    const el = bubble(
      { mediaType: 'contactMessage', body: 'BEGIN:VCARD\nFN:Maria Souza\nTEL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD' },
      { onOpenContact },
    );
    expect(el.textContent).toContain('Maria Souza');
    fireEvent.click(within(el).getByRole('button', { name: 'Conversar' }));
    expect(onOpenContact).toHaveBeenCalledWith('+55 11 98888-7777', 'Maria Souza');
  });

  it('shows the quoted message and the reactions under the bubble', () => {
    const el = bubble({
      body: 'sim',
      quotedMsg: {
        id: 4,
        messageId: 'WA4',
        body: 'Pode ser amanhã?',
        fromMe: true,
        mediaType: 'chat',
        mediaUrl: null,
        contactName: null,
      },
      reactions: [
        {
          id: 1,
          emoji: '👍',
          fromMe: false,
          createdAt: '2026-03-10T13:00:00.000Z',
          senderName: null,
          originalMessageId: 'WA1',
          senderTimestamp: null,
        },
      ],
    });
    expect(within(el).getByTestId('quoted').textContent).toContain('Você');
    expect(within(el).getByTestId('quoted').textContent).toContain('Pode ser amanhã?');
    expect(within(el).getByTestId('reactions').textContent).toBe('👍');
  });
});

describe('001 §4 ack icons', () => {
  it.each([
    [1, 'sent'],
    [2, 'delivered'],
    [3, 'delivered'],
    [4, 'read'],
    [5, 'read'],
  ] as const)('ack %i shows %s', (ack, icon) => {
    expect(bubble({ fromMe: true, ack }).querySelector('[data-ack]')?.getAttribute('data-ack')).toBe(icon);
  });

  it('read checks are highlighted blue, delivered ones are not', () => {
    const read = bubble({ fromMe: true, ack: 4 }).querySelector('[data-ack]') as SVGElement;
    expect(computedColor(read)).toBe('rgb(83, 189, 235)');
    cleanup();
    const delivered = bubble({ fromMe: true, ack: 3 }).querySelector('[data-ack]') as SVGElement;
    expect(computedColor(delivered)).not.toBe('rgb(83, 189, 235)');
  });

  it('no icon on received messages', () => {
    expect(bubble({ fromMe: false }).querySelector('[data-ack]')).toBeNull();
  });

  it('a temp_ bubble being sent shows the clock; a failed one shows the error and a retry', () => {
    const message = { id: -5, fromMe: true, ack: 1, messageId: null };
    const sending: PendingMessage = {
      tempId: 'temp_x',
      message: makeChatMessage(message),
      state: 'sending',
      error: null,
      storedId: null,
    };
    expect(bubble(message, {}, sending).querySelector('[data-ack]')?.getAttribute('data-ack')).toBe('pending');
    cleanup();
    const onRetry = vi.fn();
    const failed: PendingMessage = { ...sending, state: 'failed', error: 'WhatsApp desconectado' };
    const el = bubble({ ...message, isError: true }, { onRetry }, failed);
    expect(el.querySelector('[data-ack]')?.getAttribute('data-ack')).toBe('error');
    expect(el.textContent).toContain('WhatsApp desconectado');
    fireEvent.click(within(el).getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledWith('temp_x');
  });
});

describe("001 §2 message options: 'Excluir' own messages only, 'Responder'", () => {
  it("offers 'Responder' and 'Excluir' on an own message", async () => {
    const onDelete = vi.fn();
    const onReply = vi.fn();
    const el = bubble({ fromMe: true, ack: 2 }, { onDelete, onReply });
    fireEvent.click(within(el).getByRole('button', { name: 'Opções da mensagem' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    expect(onDelete).toHaveBeenCalled();
  });

  it("offers only 'Responder' on a received message", async () => {
    const onReply = vi.fn();
    const el = bubble({ fromMe: false }, { onDelete: vi.fn(), onReply });
    fireEvent.click(within(el).getByRole('button', { name: 'Opções da mensagem' }));
    expect(await screen.findByRole('menuitem', { name: 'Responder' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Excluir' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Responder' }));
    expect(onReply).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });
});
