// 001 §2 "Lead list panel": the list call, the count, the quick chips (001 §4 pairs and
// visibility), 'Limpar'/'Aplicar', the search (001 §5, 1 s debounce), 'Novo Cliente' and the
// notifications toggle (PUT cadastros/configuracoes-notificacoes).
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import 'dayjs/locale/pt-br';

import { ChatLeadList } from './chat-lead-list.tsx';
import { renderChat, stubFetch, testChatLead, testChatUnit } from './chat-test-kit.tsx';

const unit = { current: testChatUnit({ clienteAtendente: true }) };
vi.mock('../../../lib/unit-data.ts', () => ({
  useLoadedUnitData: () => unit.current,
  unitDataQuery: { queryKey: ['unit-data'] },
}));

const leads = [
  testChatLead({ cli_crm_id: 1, cli_nome: 'Maria Oliveira' }),
  testChatLead({ cli_crm_id: 2, cli_nome: 'João Souza' }),
];
const listAnswer = () => ({ body: { clientes: leads, total: 2, pagina: 1, por_pagina: 50 } });
// The segments by their WHATSAPP_CLIENTS_LAYOUT index (0 is the page).
const segments = (url: string) => url.split('/').slice(4);

let api: ReturnType<typeof stubFetch>;
beforeEach(() => {
  unit.current = testChatUnit({ clienteAtendente: true });
  api = stubFetch({
    'GET /api/whatsapp/clientes/': listAnswer,
    'PUT /api/cadastros/configuracoes-notificacoes': () => ({ body: { message: 'ok' } }),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The date fields are the shared FilterDateField (DD/MM/YYYY), a picker as in the app's providers. */
const renderList = (kit?: Parameters<typeof renderChat>[1]) =>
  renderChat(
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="pt-br">
      <ChatLeadList selectedId={null} narrow={false} onSelect={() => undefined} />
    </LocalizationProvider>,
    kit,
  );
/** The value a date field holds, as typed DD/MM/YYYY ('' when empty). */
const dateInput = (label: string) => screen.getByRole('group', { name: label }).parentElement!.querySelector('input')!;

const listCalls = () => api.calls.filter((c) => c.url.startsWith('/api/whatsapp/clientes/'));

describe('001 §2 chat lead list', () => {
  it("loads the first 50 with every filter empty and reads 'N leads'", async () => {
    renderList();
    await screen.findByText('2 leads');
    expect(listCalls()[0]!.url).toBe(`/api/whatsapp/clientes/1/${Array(20).fill('-1').join('/')}`);
  });

  it('001 §4: the assignment chips only with clienteAtendente, the attended chips only with atendimentoHabilitado', async () => {
    unit.current = testChatUnit({ clienteAtendente: false }, { atendimentoHabilitado: false });
    renderList();
    await screen.findByText('2 leads');
    const chips = screen.getByRole('group', { name: 'Filtros rápidos' });
    expect(Array.from(chips.querySelectorAll('[role="button"]'), (c) => c.textContent)).toEqual(['Todos', 'Lidos', 'Não lidos']);
  });

  it("001 §4: 'Não lidos' turns 'Lidos' off and asks the list with nao_lidos; 'Todos' clears", async () => {
    renderList();
    await screen.findByText('2 leads');
    fireEvent.click(screen.getByRole('button', { name: 'Lidos' }));
    await waitFor(() => expect(segments(listCalls().at(-1)!.url)[15]).toBe('1'));
    fireEvent.click(screen.getByRole('button', { name: 'Não lidos' }));
    await waitFor(() => expect(segments(listCalls().at(-1)!.url).slice(15, 17)).toEqual(['-1', '1']));
    expect(screen.getByRole('button', { name: 'Lidos' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Todos' }));
    expect(screen.getByRole('button', { name: 'Todos' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('001 §5: the search goes out once, 1 s after the last key', async () => {
    renderList();
    await screen.findByText('2 leads');
    const before = listCalls().length;
    const box = screen.getByRole('textbox', { name: 'Busque por contatos e mensagens' });
    fireEvent.change(box, { target: { value: 'mar' } });
    fireEvent.change(box, { target: { value: 'maria' } });
    // Wait, then check that the debounce has sent nothing yet.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(listCalls().length).toBe(before);
    await waitFor(() => expect(listCalls().length).toBe(before + 1), { timeout: 2_000 });
    expect(decodeURIComponent(decodeURIComponent(segments(listCalls().at(-1)!.url)[4]!))).toBe('maria');
  });

  it("applies the advanced filters only with 'Aplicar', and 'Limpar' empties them", async () => {
    renderList();
    await screen.findByText('2 leads');
    fireEvent.click(screen.getByRole('button', { name: 'Filtros avançados' }));
    await screen.findByRole('group', { name: 'Captação de' });
    fireEvent.change(dateInput('Captação de'), { target: { value: '01/11/2026' } });
    const before = listCalls().length;
    // Wait, then check that a changed field alone reads nothing.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listCalls().length).toBe(before);
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(decodeURIComponent(segments(listCalls().at(-1)!.url)[8]!)).toBe('2026-11-01 00:00:00'));
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    // Back to the first filter: its cached pages show again (no new call needed).
    await waitFor(() => expect(dateInput('Captação de').value).toBe(''));
    expect(screen.getByText('2 leads')).toBeTruthy();
  });

  it("opens 'Novo Cliente' through the kit and switches notifications off with PUT cadastros/configuracoes-notificacoes", async () => {
    const openNewClient = vi.fn();
    renderList({ openNewClient });
    await screen.findByText('2 leads');
    fireEvent.click(screen.getByRole('button', { name: 'Novo Cliente' }));
    expect(openNewClient).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Desativar notificações' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ configuracoes: { notificacoes: false } });
  });
});
