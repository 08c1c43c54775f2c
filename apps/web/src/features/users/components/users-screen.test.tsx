// 002 §2.10 'Usuários', §5 'User', §4 activity, §6 the permission list; issue 10 levels: on the
// screen with a stubbed API.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderAdmin, stubApi } from '../../../components/ui/admin-test-kit.tsx';
import type * as SessionModule from '../../../lib/session.ts';
import { UsersScreen } from './users-screen.tsx';

vi.mock('../../../lib/session.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  useCurrentUser: () => ({ idUser: 3, permissao: 'a', idUnidade: 1 }),
}));

const row = (id: number, nome: string, permissao: string, nomePermissao: string, ativo: 1 | -1 = 1) => ({
  id,
  nome,
  email: `${nome.toLowerCase().replace(/\W/g, '')}@x.test`,
  idRamal: 0,
  idUnidade: 1,
  nomeUnidade: 'Centro',
  permissao,
  nomePermissao,
  ativo,
  acesso_atribuidos: 0,
  excluir_leads: 0,
  configuracoes: '{}',
  cor: '#123456',
  datacad: '2026-11-20T10:00:00.000Z',
  dataAtualizacao: '2026-11-20T10:00:00.000Z',
});

function api() {
  return stubApi({
    'GET /cadastros/usuarios': {
      body: {
        data: [
          row(3, 'Adriana', 'a', 'Administrador da Unidade'),
          row(4, 'Paulo', 'u', 'Atendente'),
          row(5, 'Dona', 'sa', 'Super Administrador'),
        ],
      },
    },
    // The server's list, already filtered by the caller's level.
    'GET /cadastros/permissoes': {
      body: {
        data: [
          { permissao: 'u', nome: 'Atendente' },
          { permissao: 'm', nome: 'Gerente' },
          { permissao: 'a', nome: 'Administrador da Unidade' },
        ],
      },
    },
    'GET /cadastros/unidades': {
      body: {
        data: [
          { id: 1, nome: 'Centro', idFunil: null, idFunilVenda: null },
          { id: 2, nome: 'Outra', idFunil: null, idFunilVenda: null },
        ],
      },
    },
    'POST /cadastros/usuarios': { status: 201, body: { message: 'Usuário cadastrado com sucesso!', data: { id: 9 } } },
    'PUT /cadastros/usuarios/ativo': { body: { message: 'ok', data: { id: 4 } } },
  });
}

const input = (dialog: HTMLElement, name: string) => dialog.querySelector(`input[name="${name}"]`) as HTMLInputElement;
const type = (dialog: HTMLElement, name: string, value: string) => fireEvent.change(input(dialog, name), { target: { value } });

afterEach(cleanup);

describe("002 §5 'User' on the Usuários screen", { timeout: 40_000 }, () => {
  it(
    "says 'Campos obrigatórios não preenchidos' and 'Digite um email válido', offers the server's " +
      "permissions and the admin's own unit",
    async () => {
      const sent = api();
      renderAdmin(<UsersScreen />);
      await screen.findByRole('rowheader', { name: 'Paulo' });
      fireEvent.click(screen.getByRole('button', { name: 'Cadastrar Usuário' }));
      const dialog = await screen.findByRole('dialog', { name: 'Cadastrar Usuário' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('Campos obrigatórios não preenchidos')).toBeTruthy();
      expect(within(dialog).getAllByText('Obrigatório').length).toBeGreaterThan(0);
      type(dialog, 'email', 'paulo@');
      expect(await within(dialog).findByText('Digite um email válido')).toBeTruthy();

      fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Permissão/ }));
      const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
      expect(options).toEqual(['Selecione', 'Atendente', 'Gerente', 'Administrador da Unidade']);
      fireEvent.click(screen.getByRole('option', { name: 'Atendente' }));
      // A unit admin manages their own unit only.
      fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Unidade/ }));
      expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Selecione', 'Centro']);
      fireEvent.click(screen.getByRole('option', { name: 'Centro' }));

      type(dialog, 'nome', 'Paulo Novo');
      type(dialog, 'email', 'paulo.novo@x.test');
      type(dialog, 'senha', 'senha-forte-1');
      type(dialog, 'idRamal', '201');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await screen.findByText('Usuário cadastrado com sucesso!');
      expect(sent.find((r) => r.method === 'POST')?.body).toMatchObject({
        nome: 'Paulo Novo',
        email: 'paulo.novo@x.test',
        idUnidade: 1,
        permissao: 'u',
        idRamal: 201,
        ativo: 1,
      });
    },
  );

  it('deactivates with ativo -1 after a warning, and offers no action on a user above the caller (issue 10)', async () => {
    const sent = api();
    renderAdmin(<UsersScreen />);
    await screen.findByRole('rowheader', { name: 'Paulo' });
    expect(screen.queryByRole('button', { name: 'Editar Dona' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Desativar Dona' })).toBeNull();
    // Nobody deactivates themselves.
    expect(screen.queryByRole('button', { name: 'Desativar Adriana' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Desativar Paulo' }));
    const confirm = await screen.findByRole('dialog', { name: 'Desativar usuário' });
    expect(within(confirm).getByText(/encerrada imediatamente/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Desativar' }));
    await screen.findByText('Usuário desativado com sucesso!');
    await waitFor(() => expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ id: 4, ativo: -1 }));
  });
});
