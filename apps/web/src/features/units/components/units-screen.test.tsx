// 002 §2.10 'Unidades', §5 'Unit', §4 'Desativar', §6 company 1: the super-admin's units table and
// dialog, on the screen with a stubbed API.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { UnitRow } from '@funil/domain/admin-api/units';

import { renderAdmin, stubApi } from '../../../components/ui/admin-test-kit.tsx';
import { UnitsScreen } from './units-screen.tsx';

const shell = { idEmpresa: 2 };
vi.mock('../../../lib/unit-data.ts', () => ({ useLoadedUnitData: () => ({ dados_unidade: { idEmpresa: shell.idEmpresa } }) }));

const unit = (over: Partial<UnitRow>): UnitRow => ({
  id: 10,
  idEmpresa: 2,
  nomeEmpresa: 'Clínica Sorriso',
  nome: 'Sorriso Paulista',
  ddd: '11',
  idSistema: -1,
  filtro: 'sorriso',
  ativo: 1,
  token: 'A'.repeat(32),
  idCompany: 0,
  idWhatsapp: null,
  datacad: '2026-11-20T10:00:00.000Z',
  dataAtualizacao: '2026-11-20T10:00:00.000Z',
  ...over,
});
const companies = [
  {
    id: 1,
    nome: 'Matriz',
    idCompany: 0,
    ativo: 1,
    unidades: 1,
    usuarios: 1,
    datacad: '2026-11-20T10:00:00.000Z',
    dataAtualizacao: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 2,
    nome: 'Clínica Sorriso',
    idCompany: 0,
    ativo: 1,
    unidades: 1,
    usuarios: 1,
    datacad: '2026-11-20T10:00:00.000Z',
    dataAtualizacao: '2026-11-20T10:00:00.000Z',
  },
];

function api() {
  return stubApi({
    'GET /cadastros/empresas': { body: { data: companies } },
    'GET /cadastros/unidade': { body: { data: [unit({})] } },
    'POST /cadastros/unidade': { status: 201, body: { message: 'Unidade cadastrada com sucesso!', data: { id: 11 } } },
    'PUT /cadastros/unidade': { body: { message: 'ok', data: { id: 10 } } },
    'POST /cadastros/unidade/10/token': {
      body: { message: 'Novo token gerado. O token anterior deixou de funcionar.', data: { id: 10, token: 'B'.repeat(32) } },
    },
  });
}

const field = (dialog: HTMLElement, name: string) => dialog.querySelector(`input[name="${name}"]`) as HTMLInputElement | null;
const type = (dialog: HTMLElement, name: string, value: string) =>
  fireEvent.change(field(dialog, name) as HTMLInputElement, { target: { value } });

beforeEach(() => {
  shell.idEmpresa = 2;
});
afterEach(cleanup);

describe("002 §5 'Unit' on the Unidades screen", { timeout: 30_000 }, () => {
  it('requires id do sistema and Filtro Facebook outside company 1, with Salvar disabled until valid', async () => {
    const sent = api();
    renderAdmin(<UnitsScreen />);
    await screen.findByRole('rowheader', { name: 'Sorriso Paulista' });
    expect(screen.getByRole('columnheader', { name: 'id do sistema' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar Unidade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastrar Unidade' });
    const salvar = within(dialog).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;
    type(dialog, 'nome', 'Sorriso Centro');
    type(dialog, 'ddd', '21');
    type(dialog, 'idSistema', '7');
    type(dialog, 'idSistema', '');
    expect(await within(dialog).findByText('id do sistema é obrigatório')).toBeTruthy();
    type(dialog, 'idSistema', '-1');
    type(dialog, 'filtro', 'c');
    type(dialog, 'filtro', '');
    expect(await within(dialog).findByText('Filtro Facebook é obrigatório')).toBeTruthy();
    expect(salvar.disabled).toBe(true);
    type(dialog, 'filtro', 'centro');
    await waitFor(() => expect(salvar.disabled).toBe(false));
    fireEvent.click(salvar);
    await screen.findByText('Unidade cadastrada com sucesso!');
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      nome: 'Sorriso Centro',
      ddd: '21',
      idSistema: -1,
      filtro: 'centro',
      idEmpresa: 2,
    });
  });

  it('hides id do sistema and Filtro Facebook for company 1 and sends neither', async () => {
    shell.idEmpresa = 1;
    const sent = api();
    renderAdmin(<UnitsScreen />);
    await screen.findByRole('rowheader', { name: 'Sorriso Paulista' });
    expect(screen.queryByRole('columnheader', { name: 'id do sistema' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar Unidade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastrar Unidade' });
    expect(field(dialog, 'idSistema')).toBeNull();
    expect(field(dialog, 'filtro')).toBeNull();
    type(dialog, 'ddd', '11');
    type(dialog, 'nome', 'M');
    type(dialog, 'nome', '');
    expect(await within(dialog).findByText('Nome é obrigatório')).toBeTruthy();
    type(dialog, 'nome', 'Matriz Sul');
    const salvar = within(dialog).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;
    await waitFor(() => expect(salvar.disabled).toBe(false));
    fireEvent.click(salvar);
    await screen.findByText('Unidade cadastrada com sucesso!');
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ nome: 'Matriz Sul', ddd: '11', idEmpresa: 1 });
    expect(sent.some((r) => r.path === '/cadastros/unidade?idEmpresa=1')).toBe(true);
  });

  it("'Desativar' asks first, then sends ativo 0 with the deactivating flag (002 §4)", async () => {
    const sent = api();
    renderAdmin(<UnitsScreen />);
    await screen.findByRole('rowheader', { name: 'Sorriso Paulista' });
    fireEvent.click(screen.getByRole('button', { name: 'Desativar Sorriso Paulista' }));
    const confirm = await screen.findByRole('dialog', { name: 'Desativar unidade' });
    expect(within(confirm).getByText(/serão desconectados/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Desativar' }));
    await screen.findByText('Unidade desativada com sucesso!');
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ id: 10, ativo: 0, desativar: true });
  });

  it("'Gerar novo token' asks first, warns that the capture URL changes, then asks the server for a new token (issue 23 §1)", async () => {
    const sent = api();
    renderAdmin(<UnitsScreen />);
    await screen.findByRole('rowheader', { name: 'Sorriso Paulista' });
    fireEvent.click(screen.getByRole('button', { name: 'Gerar novo token Sorriso Paulista' }));
    const confirm = await screen.findByRole('dialog', { name: 'Gerar novo token' });
    expect(within(confirm).getByText(/deixa de funcionar na hora/)).toBeTruthy();
    expect(sent.some((r) => r.path === '/cadastros/unidade/10/token')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Gerar novo token' }));
    await screen.findByText('Novo token gerado. O token anterior deixou de funcionar.');
    expect(sent.filter((r) => r.method === 'POST' && r.path === '/cadastros/unidade/10/token')).toHaveLength(1);
  });
});
