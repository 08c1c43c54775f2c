// Quick messages in the browser (001 §5 "Quick-message creation", "Composer" '/', §8): the
// 'Modelos de mensagem' management, the form's rules and texts, and the '/' suggestions.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { QuickMessagesResponse } from '@funil/domain/whatsapp-api/quick-messages-api';

import { answerRequests, renderWithProviders } from '../../../testing/kit.tsx';
import { QuickMessagesDialog, QuickMessagesScreen, QuickMessageSuggestions } from '../index.ts';

vi.mock('../../../lib/session.ts', async () => (await import('../../../testing/kit.tsx')).sessionModule);
vi.setConfig({ testTimeout: 60_000 });

const data = (over: Partial<QuickMessagesResponse['data']> = {}): QuickMessagesResponse['data'] => ({
  modelos_empresa: [
    {
      idModelo: 1,
      idCategoria: 10,
      nomeCategoria: 'Atendimento',
      tituloMensagem: 'Boas-vindas',
      mensagem: 'Olá [nome_cliente]!',
    },
  ],
  categorias_empresa: [{ idCategoria: 10, nomeCategoria: 'Atendimento' }],
  modelos_unidade: [
    { idModelo: 2, idCategoria: 20, nomeCategoria: 'Unidade', tituloMensagem: 'Horário', mensagem: 'Das 8h às 18h' },
  ],
  categorias_unidade: [{ idCategoria: 20, nomeCategoria: 'Unidade' }],
  modelos_atendente: [
    { idModelo: 3, idCategoria: 30, nomeCategoria: 'Pessoal', tituloMensagem: 'Promoção', mensagem: 'Temos uma promoção' },
  ],
  categorias_atendente: [{ idCategoria: 30, nomeCategoria: 'Pessoal' }],
  escopo_criacao: 'unidade',
  escopos_editaveis: ['unidade', 'atendente'],
  ...over,
});
const LIST = { 'GET /whatsapp/modelos': { body: { data: data() } } };

beforeEach(() => vi.unstubAllGlobals());
afterEach(cleanup);

describe("'Modelos' screen and 'Modelos de mensagem' (001 §3, §6)", () => {
  it('lists the three levels by category; edit and delete only where the user may change them', async () => {
    answerRequests(LIST);
    renderWithProviders(<QuickMessagesScreen />);
    await screen.findByText('Boas-vindas');
    expect(screen.getByText('Horário')).toBeTruthy();
    expect(screen.getByText('Promoção')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Editar Boas-vindas' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Editar Horário' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Excluir Promoção' })).toBeTruthy();
  });

  it(
    "create: 'Dados inválidos!' on a blank title, n/100 counter, Enter submits with isAdm, 'Mensagem " +
      "adicionada com sucesso!'",
    async () => {
      const sent = answerRequests({
        ...LIST,
        'POST /whatsapp/adicionarModelo': {
          status: 201,
          body: {
            message: 'Mensagem adicionada com sucesso!',
            status: 201,
            data: {
              idModelo: 9,
              idCategoria: 20,
              nomeCategoria: 'Unidade',
              tituloMensagem: 'Novo',
              mensagem: 'Texto',
              escopo: 'unidade',
            },
          },
        },
      });
      renderWithProviders(<QuickMessagesScreen />);
      fireEvent.click(await screen.findByRole('button', { name: 'Nova mensagem' }));
      const dialog = await screen.findByRole('dialog', { name: 'Nova mensagem' });
      const title = within(dialog).getByLabelText(/Título/);
      fireEvent.keyDown(title, { key: 'Enter' });
      expect(await screen.findByText('Dados inválidos!')).toBeTruthy();
      fireEvent.change(title, { target: { value: 'Novo' } });
      expect(within(dialog).getByText('4/100')).toBeTruthy();
      fireEvent.change(within(dialog).getByLabelText(/Mensagem/), { target: { value: 'Texto' } });
      fireEvent.keyDown(within(dialog).getByLabelText(/Mensagem/), { key: 'Enter' });
      expect(await screen.findByText('Mensagem adicionada com sucesso!')).toBeTruthy();
      const post = sent.find((r) => r.method === 'POST');
      expect(post?.body).toEqual({
        novaCategoria: false,
        idCategoria: 20,
        tituloMensagem: 'Novo',
        mensagem: 'Texto',
        isAdm: true,
        isAdmg: false,
      });
    },
  );

  it("Shift+Enter does not submit; a failure says 'Mensagem não adicionada! Código do erro: {status}-{data.status}'", async () => {
    answerRequests({
      ...LIST,
      'POST /whatsapp/adicionarModelo': {
        status: 403,
        body: { message: 'Você não tem permissão para alterar modelos deste nível.', status: 403 },
      },
    });
    renderWithProviders(<QuickMessagesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Nova mensagem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova mensagem' });
    fireEvent.change(within(dialog).getByLabelText(/Título/), { target: { value: 'Outro' } });
    const message = within(dialog).getByLabelText(/Mensagem/);
    fireEvent.change(message, { target: { value: 'linha' } });
    fireEvent.keyDown(message, { key: 'Enter', shiftKey: true });
    expect(screen.queryByText(/Mensagem não adicionada!/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Mensagem não adicionada! Código do erro: 403-403')).toBeTruthy();
  });

  it("'Criar categoria' is a choice, never a name: typing it is 'Dados inválidos!'", async () => {
    const sent = answerRequests(LIST);
    renderWithProviders(<QuickMessagesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Nova mensagem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova mensagem' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Criar categoria' }));
    fireEvent.change(within(dialog).getByLabelText(/Nome da categoria/), { target: { value: 'Criar categoria' } });
    fireEvent.change(within(dialog).getByLabelText(/Título/), { target: { value: 'T' } });
    fireEvent.change(within(dialog).getByLabelText(/Mensagem/), { target: { value: 'M' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Dados inválidos!')).toBeTruthy();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });

  it("delete asks 'Tem certeza que deseja excluir esta mensagem?' and sends deletarModelo", async () => {
    const sent = answerRequests({ ...LIST, 'POST /whatsapp/deletarModelo': { status: 204, body: undefined } });
    renderWithProviders(<QuickMessagesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir Promoção' }));
    expect(await screen.findByText('Tem certeza que deseja excluir esta mensagem?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Mensagem deletada com sucesso!')).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ idModelo: 3 });
  });

  it('in the chat dialog a click hands the template to the composer', async () => {
    answerRequests(LIST);
    const onPick = vi.fn();
    renderWithProviders(<QuickMessagesDialog open onClose={() => undefined} onPick={onPick} />);
    expect(await screen.findByRole('dialog', { name: 'Modelos de mensagem' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Usar Horário' }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ idModelo: 2, mensagem: 'Das 8h às 18h', escopo: 'unidade' }));
  });
});

describe("'/' suggestions (001 §5 Composer)", () => {
  it('nothing without a leading /; filtered by title, accent-free; a click picks', async () => {
    answerRequests(LIST);
    const onPick = vi.fn();
    renderWithProviders(<QuickMessageSuggestions text="oi /promo" onPick={onPick} />);
    expect(screen.queryByRole('listbox')).toBeNull();
    cleanup();
    renderWithProviders(<QuickMessageSuggestions text="/promocao" onPick={onPick} />);
    const list = await screen.findByRole('listbox', { name: 'Mensagens rápidas' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['PromoçãoTemos uma promoção']),
    );
    fireEvent.click(within(list).getByRole('option'));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ idModelo: 3 }));
  });
});
