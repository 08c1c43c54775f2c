// 002 §2.8 'Gerenciar Status Negociação' and its sale twin, §5 "Negotiation status form": the table's
// columns, the register dialog's rules (Nome é obrigatório, Ordem do funil é obrigatório, Funil já
// existe., order not editable, palette of 12, default black) and issue 10's delete of a status in use.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { STATUS_MESSAGES, statusInUseMessage, type NegotiationStatusRow } from '@funil/domain/admin-api/statuses';

import { answerRequests, companiesAnswer, OTHER_EMPRESA, renderWithProviders, shell } from '../../../testing/kit.tsx';
import { NegotiationStatusesScreen, SaleStatusesScreen } from './statuses-screen.tsx';

vi.mock('../../../lib/session.ts', async () => (await import('../../../testing/kit.tsx')).sessionModule);
vi.mock('../../../lib/unit-data.ts', async () => (await import('../../../testing/kit.tsx')).unitDataModule);

vi.setConfig({ testTimeout: 30_000 });

const row = (idFunil: number, nome: string, cor = '#2196f3'): NegotiationStatusRow => ({
  id: idFunil + 100,
  idFunil,
  nome,
  descricao: `Leads em ${nome.toLowerCase()}`,
  cor,
  dataCad: '2025-11-01T13:00:00.000Z',
  dataAtualizacao: '2025-11-02T14:30:00.000Z',
});
const rows = [row(2, 'Em contato'), row(1, 'Novo', '#000000'), row(4, 'Em negociação', '#4caf50')];
const list = { 'GET /cadastros/status-negociacao': { body: { data: rows } } };

const openCreate = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Cadastrar Status' }));
  return within(await screen.findByRole('dialog', { name: 'Cadastrar Status' }));
};
// The grid renders its rows after a few frames under jsdom.
const loaded = () => screen.findByText('Em negociação', {}, { timeout: 8000 });
const save = (dialog: ReturnType<typeof within>) => dialog.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;

afterEach(() => {
  cleanup();
  shell.permissao = 'a';
});

describe('002 §2.8 Gerenciar Status Negociação', () => {
  it('shows colour, name, description, funnel order, created and updated dates and the row actions, by funnel order', async () => {
    answerRequests(list);
    renderWithProviders(<NegotiationStatusesScreen />);
    expect(await screen.findByRole('heading', { name: 'Gerenciar Status Negociação' })).toBeTruthy();
    await screen.findByText('Em negociação');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Cor', 'Nome', 'Descrição', 'Ordem do funil', 'Criado em', 'Atualizado em', 'Ações']);
    const names = screen
      .getAllByRole('rowheader')
      .filter((c) => c.getAttribute('data-field') === 'nome')
      .map((c) => c.textContent);
    expect(names).toEqual(['Novo', 'Em contato', 'Em negociação']);
    expect(screen.getAllByText('01/11/2025 10:00').length).toBe(3);
    // Novo (1) and Em negociação (4) are named by the product's rules: renamed, never deleted.
    expect(screen.getByRole('button', { name: 'Editar Novo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Excluir Novo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir Em negociação' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Excluir Em contato' })).toBeTruthy();
  });

  it('002 §5: Nome é obrigatório, Ordem do funil é obrigatório, Funil já existe.; Salvar waits for a valid form', async () => {
    answerRequests(list);
    renderWithProviders(<NegotiationStatusesScreen />);
    const dialog = await openCreate();
    expect(save(dialog).disabled).toBe(true);
    fireEvent.change(dialog.getByRole('textbox', { name: 'Nome' }), { target: { value: 'Proposta' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Nome' }), { target: { value: '' } });
    expect(await dialog.findByText(STATUS_MESSAGES.nameRequired)).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Nome' }), { target: { value: 'Proposta' } });
    fireEvent.change(dialog.getByRole('spinbutton', { name: 'Ordem do funil' }), { target: { value: '2' } });
    expect(await dialog.findByText(STATUS_MESSAGES.orderExists)).toBeTruthy();
    expect(save(dialog).disabled).toBe(true);
    fireEvent.change(dialog.getByRole('spinbutton', { name: 'Ordem do funil' }), { target: { value: '' } });
    expect(await dialog.findByText(STATUS_MESSAGES.orderRequired)).toBeTruthy();
    fireEvent.change(dialog.getByRole('spinbutton', { name: 'Ordem do funil' }), { target: { value: '5' } });
    await waitFor(() => expect(save(dialog).disabled).toBe(false));
  });

  it(
    '002 §5: the colour is black by default and chosen from the 12 named colours; POST carries nome, ' +
      'idFunil, cor, descricao',
    async () => {
      const sent = answerRequests({
        ...list,
        'POST /cadastros/status-negociacao': { body: { message: STATUS_MESSAGES.created, data: row(5, 'Proposta', '#ff9800') } },
      });
      renderWithProviders(<NegotiationStatusesScreen />);
      const dialog = await openCreate();
      const colour = dialog.getByRole('combobox', { name: 'Cor' });
      expect(colour.textContent).toBe('Preto');
      fireEvent.mouseDown(colour);
      const options = within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent);
      expect(options).toEqual([
        'Preto',
        'Vermelho',
        'Rosa',
        'Roxo',
        'Índigo',
        'Azul',
        'Azul-claro',
        'Ciano',
        'Verde',
        'Lima',
        'Amarelo',
        'Laranja',
        'Cinza',
      ]);
      fireEvent.click(within(screen.getByRole('listbox')).getByText('Laranja'));
      fireEvent.change(dialog.getByRole('textbox', { name: 'Nome' }), { target: { value: 'Proposta' } });
      fireEvent.change(dialog.getByRole('spinbutton', { name: 'Ordem do funil' }), { target: { value: '5' } });
      fireEvent.change(dialog.getByRole('textbox', { name: 'Descrição' }), { target: { value: 'Proposta enviada' } });
      await waitFor(() => expect(save(dialog).disabled).toBe(false));
      fireEvent.click(save(dialog));
      expect(await screen.findByText(STATUS_MESSAGES.created)).toBeTruthy();
      expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
        nome: 'Proposta',
        idFunil: 5,
        cor: '#ff9800',
        descricao: 'Proposta enviada',
      });
    },
  );

  it('002 §5: on edit the funnel order cannot be changed; PUT finds the status by it', async () => {
    const sent = answerRequests({
      ...list,
      'PUT /cadastros/status-negociacao': { body: { message: STATUS_MESSAGES.updated, data: row(2, 'Primeiro contato') } },
    });
    renderWithProviders(<NegotiationStatusesScreen />);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Editar Em contato' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar Status' }));
    const order = dialog.getByRole('spinbutton', { name: 'Ordem do funil' }) as HTMLInputElement;
    expect(order.disabled).toBe(true);
    expect(order.value).toBe('2');
    fireEvent.change(dialog.getByRole('textbox', { name: 'Nome' }), { target: { value: 'Primeiro contato' } });
    await waitFor(() => expect(save(dialog).disabled).toBe(false));
    fireEvent.click(save(dialog));
    expect(await screen.findByText(STATUS_MESSAGES.updated)).toBeTruthy();
    expect(sent.find((r) => r.method === 'PUT')?.body).toMatchObject({ nome: 'Primeiro contato', idFunil: 2, cor: '#2196f3' });
  });

  it('a refusal for a status the rules name is said as it is, with no destination to choose', async () => {
    answerRequests({
      ...list,
      'DELETE /cadastros/status-negociacao/2': {
        status: 409,
        body: { message: STATUS_MESSAGES.systemStatus, status: 409, code: 'STATUS_DO_SISTEMA' },
      },
    });
    renderWithProviders(<NegotiationStatusesScreen />);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Em contato' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Excluir status' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(STATUS_MESSAGES.systemStatus)).toBeTruthy();
    expect(dialog.queryByRole('combobox', { name: 'Mover os leads para' })).toBeNull();
  });

  it('issue 10: a status in use is not deleted before saying how many leads hold it and where they go', async () => {
    const sent = answerRequests({
      ...list,
      'DELETE /cadastros/status-negociacao/2': {
        status: 409,
        body: { message: statusInUseMessage(3), status: 409, code: 'STATUS_EM_USO', leads: 3 },
      },
      'DELETE /cadastros/status-negociacao/2?destino=4': { body: { message: STATUS_MESSAGES.deleted, leadsMovidos: 3 } },
    });
    renderWithProviders(<NegotiationStatusesScreen />);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Em contato' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Excluir status' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Excluir' }));
    expect(
      await dialog.findByText('Este status está em 3 leads. Escolha para qual status eles vão antes de excluir.'),
    ).toBeTruthy();
    const move = dialog.getByRole('button', { name: 'Mover e excluir' }) as HTMLButtonElement;
    expect(move.disabled).toBe(true);
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'Mover os leads para' }));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['1 · Novo', '4 · Em negociação']);
    fireEvent.click(within(screen.getByRole('listbox')).getByText('4 · Em negociação'));
    fireEvent.click(move);
    expect(await screen.findByText(STATUS_MESSAGES.deleted)).toBeTruthy();
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/cadastros/status-negociacao/2',
      '/cadastros/status-negociacao/2?destino=4',
    ]);
  });
});

describe('002 §2.8 sale statuses (/status-negociacao-venda)', () => {
  it('uses the same table on idFunilVenda and posts idFunilVenda', async () => {
    const sale = { ...row(1, 'Fechado', '#4caf50'), idFunilVenda: 1 } as Record<string, unknown>;
    delete sale.idFunil;
    const sent = answerRequests({
      'GET /cadastros/status-negociacao-venda': { body: { data: [sale] } },
      'POST /cadastros/status-negociacao-venda': {
        body: { message: STATUS_MESSAGES.created, data: { ...sale, id: 9, idFunilVenda: 2, nome: 'Perdido' } },
      },
    });
    renderWithProviders(<SaleStatusesScreen />);
    expect(await screen.findByRole('heading', { name: 'Gerenciar Status Negociação Venda' })).toBeTruthy();
    await screen.findByText('Fechado');
    const dialog = await openCreate();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Nome' }), { target: { value: 'Perdido' } });
    fireEvent.change(dialog.getByRole('spinbutton', { name: 'Ordem do funil' }), { target: { value: '1' } });
    expect(await dialog.findByText(STATUS_MESSAGES.orderExists)).toBeTruthy();
    fireEvent.change(dialog.getByRole('spinbutton', { name: 'Ordem do funil' }), { target: { value: '2' } });
    await waitFor(() => expect(save(dialog).disabled).toBe(false));
    fireEvent.click(save(dialog));
    expect(await screen.findByText(STATUS_MESSAGES.created)).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      nome: 'Perdido',
      idFunilVenda: 2,
      cor: '#000000',
      descricao: null,
    });
  });
});

describe('issue 10: the super-admin picks the company whose statuses they manage', () => {
  it('shows the Empresa picker on the own company; another company is read and written with ?idEmpresa=', async () => {
    shell.permissao = 'sa';
    const other = `?idEmpresa=${OTHER_EMPRESA}`;
    const sent = answerRequests({
      ...list,
      ...companiesAnswer,
      [`GET /cadastros/status-negociacao${other}`]: { body: { data: [row(1, 'Novo na Sul')] } },
      [`POST /cadastros/status-negociacao${other}`]: { body: { message: STATUS_MESSAGES.created, data: row(5, 'Proposta') } },
    });
    renderWithProviders(<NegotiationStatusesScreen />);
    await loaded();
    const picker = await screen.findByRole('combobox', { name: 'Empresa' });
    await waitFor(() => expect(picker.textContent).toBe('Imobiliária Horizonte'));
    fireEvent.mouseDown(picker);
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Construtora Sul'));
    expect(await screen.findByText('Novo na Sul', {}, { timeout: 8000 })).toBeTruthy();
    const dialog = await openCreate();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Nome' }), { target: { value: 'Proposta' } });
    fireEvent.change(dialog.getByRole('spinbutton', { name: 'Ordem do funil' }), { target: { value: '5' } });
    await waitFor(() => expect(save(dialog).disabled).toBe(false));
    fireEvent.click(save(dialog));
    expect(await screen.findByText(STATUS_MESSAGES.created)).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.path).toBe(`/cadastros/status-negociacao${other}`);
  });

  it('no picker and no company list for anyone else', async () => {
    const sent = answerRequests(list);
    renderWithProviders(<NegotiationStatusesScreen />);
    await loaded();
    expect(screen.queryByRole('combobox', { name: 'Empresa' })).toBeNull();
    expect(sent.some((r) => r.path.startsWith('/cadastros/empresas'))).toBe(false);
  });
});
