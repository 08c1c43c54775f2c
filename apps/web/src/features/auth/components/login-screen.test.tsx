// 000 §5 login validation and §8 login messages, on the login screen.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { LOGIN_MESSAGES } from '@funil/domain/auth/login';

import { renderWithProviders, serveApi } from '../../../testing/kit.tsx';
import { LoginScreen } from './login-screen.tsx';

const renderLogin = () => renderWithProviders(<LoginScreen />);

function fill(email: string, senha: string) {
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.input(screen.getByLabelText('Senha', { exact: true }), { target: { value: senha } });
  fireEvent.click(screen.getByRole('button', { name: 'Acessar' }));
}

/** The server answers every request with `status` and `body`. */
function answer(status: number, body: unknown) {
  serveApi(() => ({ status, body }));
}

afterEach(cleanup);

describe('000 §5 login validation', () => {
  it("has 'Lembrar meus dados' checked by default", () => {
    renderLogin();
    expect((screen.getByRole('checkbox', { name: 'Lembrar meus dados' }) as HTMLInputElement).checked).toBe(true);
  });

  it('asks for the email and the password when both are empty', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Acessar' }));
    expect(await screen.findByText(LOGIN_MESSAGES.emailRequired)).toBeTruthy();
    expect(await screen.findByText(LOGIN_MESSAGES.passwordRequired)).toBeTruthy();
  });

  it('refuses a malformed email and a one-letter password', async () => {
    renderLogin();
    fill('ana@', 'x');
    expect(await screen.findByText(LOGIN_MESSAGES.emailInvalid)).toBeTruthy();
    expect(await screen.findByText(LOGIN_MESSAGES.passwordShort)).toBeTruthy();
  });
});

describe('000 §8 login messages', () => {
  it.each([
    [401, { message: 'Usuário ou senha inválidos.', status: 401 }, LOGIN_MESSAGES.invalid],
    [500, { message: 'Erro interno do servidor. Tente novamente mais tarde', status: 500 }, LOGIN_MESSAGES.server],
    [
      429,
      { message: 'Muitas tentativas de login. Aguarde 30 segundos.', status: 429 },
      'Muitas tentativas de login. Aguarde 30 segundos.',
    ],
    [503, { message: 'Indisponível', status: 503 }, LOGIN_MESSAGES.unexpected],
  ])('answers %i with its message', async (status, body, message) => {
    answer(status, body);
    renderLogin();
    fill('atendente@demo.com.br', 'demo1234');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('shows the unexpected-error message when the server cannot be reached', async () => {
    serveApi(() => 'network-error');
    renderLogin();
    fill('atendente@demo.com.br', 'demo1234');
    expect((await screen.findByRole('alert')).textContent).toBe(LOGIN_MESSAGES.unexpected);
  });
});
