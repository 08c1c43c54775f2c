// Issue 10 "A fresh install is usable": / shows the one-time setup while the server says it is
// needed, sends the super-admin with their company and unit, then shows the login.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { renderAdmin, stubApi } from '../../../components/ui/admin-test-kit.tsx';
import { FirstRunGate } from './first-run-gate.tsx';

const form = () => screen.getByRole('form', { name: 'Configuração inicial' });
const type = (name: string, value: string) =>
  fireEvent.change(form().querySelector(`input[name="${name}"]`) as HTMLInputElement, { target: { value } });

afterEach(cleanup);

describe('issue 10 first-run setup', { timeout: 30_000 }, () => {
  it('shows the login when the install already has users', async () => {
    stubApi({ 'GET /setup': { body: { needed: false } } });
    renderAdmin(<FirstRunGate>tela de login</FirstRunGate>);
    expect(await screen.findByText('tela de login')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Configuração inicial' })).toBeNull();
  });

  it('creates the super-admin with the texts of the domain schema, then shows the login', async () => {
    const sent = stubApi({
      'GET /setup': { body: { needed: true } },
      'POST /setup': { status: 201, body: { message: 'ok', data: { idEmpresa: 1, idUnidade: 1, idUsuario: 1 } } },
    });
    renderAdmin(<FirstRunGate>tela de login</FirstRunGate>);
    await screen.findByRole('heading', { name: 'Configuração inicial' });
    fireEvent.click(screen.getByRole('button', { name: 'Criar super administrador' }));
    expect(await screen.findByText('Nome da empresa é obrigatório')).toBeTruthy();
    type('empresa', 'Funil Matriz');
    type('unidade', 'Administração');
    type('ddd', '11');
    type('nome', 'Dona');
    type('email', 'DONA@Funil.test');
    type('senha', 'curta');
    fireEvent.click(screen.getByRole('button', { name: 'Criar super administrador' }));
    expect(await screen.findByText('A senha deve ter no mínimo 8 caracteres')).toBeTruthy();
    type('senha', 'senha-forte-1');
    fireEvent.click(screen.getByRole('button', { name: 'Criar super administrador' }));
    expect(await screen.findByText('Super administrador criado com sucesso! Entre com seu email e senha.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('tela de login')).toBeTruthy());
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      empresa: 'Funil Matriz',
      unidade: 'Administração',
      ddd: '11',
      nome: 'Dona',
      email: 'dona@funil.test',
      senha: 'senha-forte-1',
    });
  });
});
