// The conversation on the gateway channel with the server answered by the kit's fake API: the composer keys (001
// §2), optimistic temp_ bubbles replaced by the stored message and acks that never go down (001 §4),
// a failed send retried without sending twice (issue 7 §2), a quoted reply, reading once (001 §4).
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { appMessageEvent } from '@funil/domain/realtime/events';
import { makeChatMessage } from '@funil/domain/testing/factories';
import type { ChatMessage } from '@funil/domain/whatsapp-api/chat-message';
import type { ScopedQuickMessage } from '@funil/domain/whatsapp-api/quick-messages-api';

import { ComposerKitProvider, type ComposerKit } from './composer-kit.tsx';
import { ChatConversation } from './index.ts';
import {
  answerRequests,
  emitSocket,
  ID_EMPRESA,
  renderWithProviders,
  sentRequests,
  shell,
  testContact,
  type ApiAnswer,
} from './test-kit.tsx';

vi.mock('../../../lib/session.ts', async () => (await import('./test-kit.tsx')).sessionModule);
vi.mock('../../../lib/unit-data.ts', async () => (await import('./test-kit.tsx')).unitDataModule);
vi.mock('../../../lib/socket.ts', async () => (await import('./test-kit.tsx')).socketModule);
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  shell.extras = '{}';
  shell.permissao = 'u';
  // jsdom has no layout: the list is never scrolled, so nothing asks for older pages.
  Element.prototype.scrollTo = () => undefined;
});
afterEach(cleanup);

const history: ChatMessage[] = [
  makeChatMessage({ id: 2, messageId: 'WA2', body: 'Tem horário amanhã?', createdAt: '2026-03-10T13:00:00.000Z' }),
  makeChatMessage({ id: 1, messageId: 'WA1', body: 'Oi, tudo bem?', createdAt: '2026-03-09T13:00:00.000Z' }),
];
const page = (records: ChatMessage[]) => ({ messages: { total: records.length, pages: 1, currentPage: 1, records } });
const contact = (message: ChatMessage) => ({
  action: 'update',
  message,
  ticket: null,
  contact: {
    cli_crm_id: 10,
    cli_nome: 'Paulo Lima',
    cli_telefone: '11987650000',
    unidade: 1,
    idTicket: null,
    idInstanciaEvolution: 1,
    idUsuario: null,
    whatsapp_blocked: 0,
    marcado_nao_lida: 0,
    whatsapp_ultima_mensagem_texto: message.body,
    whatsapp_ultima_mensagem_data_geral: null,
    whatsapp_ultima_mensagem_data_enviada: null,
    whatsapp_ultima_mensagem_data_recebida: null,
    whatsapp_ultima_mensagem_nao_lidas: 0,
    whatsapp_ultima_mensagem_from_me: 1,
    whatsapp_ultima_mensagem_tipo: 'chat',
    whatsapp_ultima_mensagem_status: message.ack,
  },
});

type Sent = { url: string; body: Record<string, unknown> };

function open(sendText: (body: Record<string, unknown>) => Promise<ApiAnswer>, lead = testContact()) {
  const sent: Sent[] = [];
  const reads: unknown[] = [];
  answerRequests({
    'GET /contato/completo/10': { body: { data: lead } },
    'POST /chat/findMessages/loja-1': { body: page(history) },
    'POST /chat/markMessageAsRead/loja-1': (body) => {
      reads.push(body);
      return { status: 201, body: { message: 'Mensagens marcadas como lidas.', read: 1 } };
    },
    'POST /message/sendText/loja-1': (body) => {
      sent.push({ url: 'sendText', body: body as Record<string, unknown> });
      return sendText(body as Record<string, unknown>);
    },
  });
  const view = renderWithProviders(<ChatConversation channel="v3" leadId={10} />);
  return { sent, reads, view };
}

// A first MUI render on a loaded 2-core machine takes seconds.
const loaded = () => screen.findByText('Tem horário amanhã?', {}, { timeout: 15_000 });
const composer = () => screen.getByRole('textbox', { name: 'Mensagem' });
const bubbles = () => screen.getAllByTestId('message');
const ackOf = (el: HTMLElement) => el.querySelector('[data-ack]')?.getAttribute('data-ack');
const stored = (over: Partial<ChatMessage>) =>
  makeChatMessage({ id: 50, messageId: 'WA50', fromMe: true, ack: 1, createdAt: new Date().toISOString(), userId: 3, ...over });

describe('001 §2 message area', () => {
  it('shows the lead’s messages oldest first, grouped by São Paulo day, and reads the conversation once (001 §4 "Reading")', async () => {
    const { reads } = open(async () => ({ body: {} }));
    await loaded();
    expect(bubbles().map((b) => b.textContent)).toEqual([
      expect.stringContaining('Oi, tudo bem?'),
      expect.stringContaining('Tem horário amanhã?'),
    ]);
    expect(screen.getByRole('region', { name: '09/03/2026' })).toBeTruthy();
    expect(screen.getByRole('region', { name: '10/03/2026' })).toBeTruthy();
    await waitFor(() => expect(reads).toEqual([{ number: '11987650000' }]));
    // A message that arrives while it is open (tab visible) is read too, as WhatsApp Web does.
    act(() =>
      emitSocket(appMessageEvent(ID_EMPRESA), {
        ...contact(makeChatMessage({ id: 60, messageId: 'WA60', body: 'Chegou agora', createdAt: new Date().toISOString() })),
        action: 'create',
      }),
    );
    await screen.findByText('Chegou agora');
    await waitFor(() => expect(reads).toHaveLength(2), { timeout: 5_000 });
  });
});

describe('001 §2, §5 composer keys', () => {
  it('Enter sends, Shift+Enter does not, an empty or whitespace text is not sent', async () => {
    const { sent } = open(async (body) => ({ status: 201, body: { message: stored({ body: String(body.text) }) } }));
    await loaded();
    fireEvent.change(composer(), { target: { value: '   \n ' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    fireEvent.change(composer(), { target: { value: 'linha 1' } });
    fireEvent.keyDown(composer(), { key: 'Enter', shiftKey: true });
    expect(sent).toEqual([]);
    fireEvent.change(composer(), { target: { value: 'Amanhã às 10h' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    await waitFor(() => expect(sent.map((s) => s.body.text)).toEqual(['Amanhã às 10h']));
    expect((composer() as HTMLTextAreaElement).value).toBe('');
  });
});

describe('001 §4 optimistic sending', () => {
  it('shows a pending temp_ bubble at once, replaced by the stored message; acks rise and never go down', async () => {
    let answer!: (r: ApiAnswer) => void;
    const { sent } = open(() => new Promise((resolve) => (answer = resolve)));
    await loaded();
    fireEvent.change(composer(), { target: { value: 'Pode ser às 10h' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    const temp = await screen.findByText('Pode ser às 10h');
    const tempBubble = temp.closest('[data-testid="message"]') as HTMLElement;
    expect(ackOf(tempBubble)).toBe('pending');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(String(sent[0]!.body.tempId)).toMatch(/^temp_/);

    // The gateway's own echo arrives on the socket before the HTTP answer: same body and direction.
    act(() => emitSocket(appMessageEvent(ID_EMPRESA), contact(stored({ body: 'Pode ser às 10h', ack: 2 }))));
    await waitFor(() => expect(screen.getAllByText('Pode ser às 10h')).toHaveLength(1));
    const real = () => screen.getByText('Pode ser às 10h').closest('[data-testid="message"]') as HTMLElement;
    expect(real().dataset.messageId).toBe('50');
    expect(ackOf(real())).toBe('delivered');

    await act(async () => answer({ status: 201, body: { message: stored({ body: 'Pode ser às 10h', ack: 1 }) } }));
    expect(screen.getAllByText('Pode ser às 10h')).toHaveLength(1);
    expect(ackOf(real())).toBe('delivered');
    act(() => emitSocket(appMessageEvent(ID_EMPRESA), contact(stored({ body: 'Pode ser às 10h', ack: 4 }))));
    await waitFor(() => expect(ackOf(real())).toBe('read'));
    act(() => emitSocket(appMessageEvent(ID_EMPRESA), contact(stored({ body: 'Pode ser às 10h', ack: 3 }))));
    expect(ackOf(real())).toBe('read');
  });

  it('shows a failed send on its bubble; the retry reuses the temp_ id and cannot send twice', async () => {
    let calls = 0;
    let release!: (r: ApiAnswer) => void;
    const { sent } = open(() => {
      calls += 1;
      if (calls === 1) return Promise.resolve({ status: 409, body: { message: 'WhatsApp desconectado', status: 409 } });
      return new Promise((resolve) => (release = resolve));
    });
    await loaded();
    fireEvent.change(composer(), { target: { value: 'Confirmado!' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    const bubble = (await screen.findByText('WhatsApp desconectado')).closest('[data-testid="message"]') as HTMLElement;
    expect(ackOf(bubble)).toBe('error');
    const retry = within(bubble).getByRole('button', { name: 'Tentar novamente' });
    fireEvent.click(retry);
    fireEvent.click(retry);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body.tempId).toBe(sent[0]!.body.tempId);
    await act(async () => release({ status: 201, body: { message: stored({ id: 51, body: 'Confirmado!' }) } }));
    await waitFor(() =>
      expect(screen.getByText('Confirmado!').closest('[data-testid="message"]')?.getAttribute('data-message-id')).toBe('51'),
    );
    expect(sent).toHaveLength(2);
  });

  it('adds the signature in bold with assinaturaWhatsapp (001 §5)', async () => {
    shell.extras = JSON.stringify({ assinaturaWhatsapp: true });
    const { sent } = open(async (body) => ({ status: 201, body: { message: stored({ body: String(body.text) }) } }));
    await loaded();
    fireEvent.change(composer(), { target: { value: 'Olá' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    await waitFor(() => expect(sent.map((s) => s.body.text)).toEqual(['*Adriana Moreira*\nOlá']));
  });
});

describe("001 §2 'Responder'", () => {
  it('quotes the message in the composer and sends its WhatsApp id', async () => {
    const { sent } = open(async (body) => ({ status: 201, body: { message: stored({ body: String(body.text) }) } }));
    const question = (await loaded()).closest('[data-testid="message"]') as HTMLElement;
    fireEvent.click(within(question).getByRole('button', { name: 'Opções da mensagem' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Responder' }));
    expect(screen.getByTestId('reply-preview').textContent).toContain('Tem horário amanhã?');
    fireEvent.change(composer(), { target: { value: 'Tenho às 15h' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    await waitFor(() => expect(sent.map((s) => s.body.quoted)).toEqual([{ key: { id: 'WA2' } }]));
    expect(screen.queryByTestId('reply-preview')).toBeNull();
  });
});

describe('issue 21 item 6: a manager reads the conversation', () => {
  it.each(['m', 'mg'] as const)(
    '%s: the messages show, with no composer, no reply or delete, and nothing is marked read',
    async (permissao) => {
      shell.permissao = permissao;
      const mine = makeChatMessage({
        id: 3,
        messageId: 'WA3',
        body: 'Enviado pela atendente',
        fromMe: true,
        createdAt: '2026-03-10T14:00:00.000Z',
      });
      answerRequests({
        'GET /contato/completo/10': { body: { data: testContact() } },
        'POST /chat/findMessages/loja-1': { body: page([mine, ...history]) },
      });
      renderWithProviders(<ChatConversation channel="v3" leadId={10} />);
      await loaded();
      expect(screen.getByTestId('chat-read-only').textContent).toBe(
        'Você acompanha esta conversa: seu perfil não envia mensagens nem altera o lead.',
      );
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Gravar Audio' })).toBeNull();
      // No bubble offers 'Responder' or 'Apagar' (their menu is not there at all).
      for (const bubble of bubbles())
        expect(
          within(bubble)
            .queryAllByRole('button')
            .filter((b) => /mensagem|Responder|Apagar/i.test(b.getAttribute('aria-label') ?? '')),
        ).toEqual([]);
      // Only reads reached the server: no markMessageAsRead, no send (wait, then check none went out).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const calls = sentRequests().map((r) => `${r.method} ${r.path}`);
      expect(calls.filter((c) => !c.includes('/contato/completo/') && !c.includes('/chat/findMessages/'))).toEqual([]);
    },
  );
});

describe('001 §4 composer disabled', () => {
  it('is disabled for a blocked lead, saying why', async () => {
    open(async () => ({ body: {} }), testContact({ whatsapp_blocked: 1 }));
    await loaded();
    expect(screen.getByText('Lead bloqueado para WhatsApp.')).toBeTruthy();
    expect((composer() as HTMLTextAreaElement).disabled).toBe(true);
  });

  it("is disabled without a connected instance ('WhatsApp desconectado')", async () => {
    shell.instances = [{ id: 1, name: 'loja-1', connectionStatus: 'close', ownerJid: null, profileName: null }];
    try {
      open(async () => ({ body: {} }));
      await loaded();
      expect(screen.getByText('WhatsApp desconectado')).toBeTruthy();
      expect((composer() as HTMLTextAreaElement).disabled).toBe(true);
    } finally {
      shell.instances = [{ id: 1, name: 'loja-1', connectionStatus: 'open', ownerJid: null, profileName: null }];
    }
  });
});

describe("001 §5 '/' quick messages in the composer", () => {
  const templates = [
    { idModelo: 1, tituloMensagem: 'Boas-vindas', mensagem: 'Olá [nome_cliente]! Seja bem-vindo(a).' },
    { idModelo: 2, tituloMensagem: 'Retorno', mensagem: 'Oi [nome_do_cliente], sua consulta é em [data_atual+1].' },
  ] as unknown as ScopedQuickMessage[];
  const kit: ComposerKit = {
    useSuggestions: (text) =>
      text.startsWith('/') ? templates.filter((t) => t.tituloMensagem.toLowerCase().includes(text.slice(1).toLowerCase())) : null,
    Suggestions: ({ text, onPick, activeIndex }) => (
      <ul role="listbox" aria-label="Mensagens rápidas">
        {kit.useSuggestions(text)!.map((t, i) => (
          <li key={t.idModelo} role="option" aria-selected={i === activeIndex} onClick={() => onPick(t)}>
            {t.tituloMensagem}
          </li>
        ))}
      </ul>
    ),
    TemplatesDialog: ({ onPick }) => <button onClick={() => onPick?.(templates[0]!)}>usar Boas-vindas</button>,
  };

  it('filters by title, moves with the arrows, Enter puts the template with its placeholders filled, a second Enter sends it', async () => {
    const sent: string[] = [];
    answerRequests({
      'GET /contato/completo/10': { body: { data: testContact() } },
      'POST /chat/findMessages/loja-1': { body: page(history) },
      'POST /chat/markMessageAsRead/loja-1': { status: 201, body: { message: 'ok', read: 0 } },
      'POST /message/sendText/loja-1': (body) => {
        const { text } = body as { text: string };
        sent.push(text);
        return { status: 201, body: { message: stored({ body: text }) } };
      },
    });
    renderWithProviders(
      <ComposerKitProvider value={kit}>
        <ChatConversation channel="v3" leadId={10} />
      </ComposerKitProvider>,
    );
    await loaded();
    fireEvent.change(composer(), { target: { value: '/re' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Retorno']);
    fireEvent.change(composer(), { target: { value: '/' } });
    expect(screen.getAllByRole('option')).toHaveLength(2);
    fireEvent.keyDown(composer(), { key: 'ArrowDown' });
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('Retorno');
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect((composer() as HTMLTextAreaElement).value).toMatch(/^Oi Paulo, sua consulta é em \d{2}\/\d{2}\/\d{4}\.$/);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(sent).toEqual([]);
    fireEvent.keyDown(composer(), { key: 'Enter' });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatch(/^Oi Paulo, sua consulta/);
  });

  it("'Modelos de mensagem' opens the templates dialog; a picked template goes to the composer", async () => {
    answerRequests({
      'GET /contato/completo/10': { body: { data: testContact() } },
      'POST /chat/findMessages/loja-1': { body: page(history) },
      'POST /chat/markMessageAsRead/loja-1': { status: 201, body: { message: 'ok', read: 0 } },
    });
    renderWithProviders(
      <ComposerKitProvider value={kit}>
        <ChatConversation channel="v3" leadId={10} />
      </ComposerKitProvider>,
    );
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Modelos de mensagem' }));
    fireEvent.click(await screen.findByRole('button', { name: 'usar Boas-vindas' }));
    expect((composer() as HTMLTextAreaElement).value).toBe('Olá Paulo! Seja bem-vindo(a).');
  });
});
