// 001 §2 "Lead list panel" rows and §4 "Lead last-message status icon"; names read whole, cut only by the width (issue 21).
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { ChatLeadRow, lastMessageLine } from './chat-lead-row.tsx';
import { renderChat, testChatLead } from './chat-test-kit.tsx';

afterEach(cleanup);

function renderRow(
  lead = testChatLead(),
  opts: {
    narrow?: boolean;
    showAttendant?: boolean;
    matched?: { id: number; texto: string; data: string; fromMe: boolean } | null;
    onSelect?: () => void;
  } = {},
) {
  return renderChat(
    <ChatLeadRow
      lead={lead}
      selected={false}
      narrow={opts.narrow ?? false}
      showAttendant={opts.showAttendant ?? false}
      matched={opts.matched ?? null}
      onSelect={opts.onSelect ?? (() => undefined)}
    />,
  );
}

describe('001 §2 chat list row', () => {
  it('shows the whole name, cut only by the width with an ellipsis and the full name on hover (issue 21, never at a fixed count)', () => {
    const lead = testChatLead({ cli_nome: 'Maria Aparecida dos Santos' });
    renderRow(lead);
    const name = screen.getByTestId('chat-lead-name');
    expect(name.textContent).toBe('Maria Aparecida dos Santos');
    expect(name.getAttribute('title')).toBe('Maria Aparecida dos Santos');
    expect(getComputedStyle(name).textOverflow).toBe('ellipsis');
    cleanup();
    renderRow(lead, { narrow: true });
    expect(screen.getByTestId('chat-lead-name').textContent).toBe('Maria Aparecida dos Santos');
  });

  it('shows the last message, the unread count and the attendant when attendance is on', () => {
    renderRow(
      testChatLead({
        whatsapp_ultima_mensagem_texto: 'Pode ser amanhã?\nÀ tarde',
        whatsapp_ultima_mensagem_nao_lidas: 3,
        nome_atendimento: 'Ana Beatriz Lima',
      }),
      { showAttendant: true },
    );
    expect(screen.getByTestId('chat-lead-last-message').textContent).toBe('Pode ser amanhã?');
    expect(screen.getByLabelText('3 mensagens não lidas')).toBeTruthy();
    expect(screen.getByText('Ana Beatriz Lima')).toBeTruthy();
  });

  it("reads 'Não atribuído' for an unassigned lead and hides the attendant when attendance is off", () => {
    renderRow(testChatLead({ nome_atendimento: null }), { showAttendant: true });
    expect(screen.getByText('Não atribuído')).toBeTruthy();
    cleanup();
    renderRow(testChatLead({ nome_atendimento: 'Ana Beatriz Lima' }), { showAttendant: false });
    expect(screen.queryByText('Ana Beatriz Lima')).toBeNull();
  });

  it('001 §4: the status icon of our own last message: 1 sent, 2 delivered, 3 read; none for the lead’s', () => {
    for (const [status, label] of [
      [1, 'Enviada'],
      [2, 'Entregue'],
      [3, 'Lida'],
    ] as const) {
      renderRow(testChatLead({ whatsapp_ultima_mensagem_from_me: 1, whatsapp_ultima_mensagem_status: status }));
      expect(screen.getByLabelText(label)).toBeTruthy();
      cleanup();
    }
    renderRow(testChatLead({ whatsapp_ultima_mensagem_from_me: 0, whatsapp_ultima_mensagem_status: 3 }));
    expect(screen.queryByLabelText('Lida')).toBeNull();
  });

  it('shows the message the search matched instead of the last one', () => {
    renderRow(testChatLead({ whatsapp_ultima_mensagem_texto: 'Obrigado!' }), {
      matched: { id: 9, texto: 'quero fazer\nclareamento', data: '2026-11-10T13:05:00Z', fromMe: false },
    });
    expect(screen.getByTestId('chat-lead-last-message').textContent).toBe('quero fazer clareamento');
    expect(screen.getByText('10/11/2026')).toBeTruthy();
    cleanup();
    renderRow(testChatLead(), { matched: { id: 9, texto: 'segue o orçamento', data: '2026-11-10T13:05:00Z', fromMe: true } });
    expect(screen.getByTestId('chat-lead-last-message').textContent).toBe('Você: segue o orçamento');
    expect(screen.getByLabelText('Mensagem encontrada')).toBeTruthy();
  });

  it('marks a lead marked unread without a count, and selects on click', () => {
    let selected = 0;
    renderRow(testChatLead({ marcado_nao_lida: 1 }), { onSelect: () => (selected += 1) });
    expect(screen.getByLabelText('Marcado como não lido')).toBeTruthy();
    fireEvent.click(screen.getByRole('button'));
    expect(selected).toBe(1);
  });

  it('names media without a caption', () => {
    expect(lastMessageLine({ whatsapp_ultima_mensagem_texto: '', whatsapp_ultima_mensagem_tipo: 'audio' })).toBe('🎤 Áudio');
    expect(lastMessageLine({ whatsapp_ultima_mensagem_texto: null, whatsapp_ultima_mensagem_tipo: 'image' })).toBe('📷 Imagem');
  });
});
