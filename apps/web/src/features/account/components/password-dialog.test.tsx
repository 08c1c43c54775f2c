// Issue 10 "A user can change their own password": 'Alterar senha' checks the confirmation before
// sending and shows the server's 'Senha atual incorreta.' under the current password.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderAdmin, stubApi } from '../../../components/ui/admin-test-kit.tsx';
import { PasswordDialog } from './password-dialog.tsx';

const type = (dialog: HTMLElement, name: string, value: string) =>
  fireEvent.change(dialog.querySelector(`input[name="${name}"]`) as HTMLInputElement, { target: { value } });

afterEach(cleanup);

describe("issue 10 own password ('Alterar senha')", { timeout: 30_000 }, () => {
  it('refuses a confirmation that differs without calling the server', async () => {
    const sent = stubApi({});
    renderAdmin(<PasswordDialog open onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Alterar senha' });
    type(dialog, 'senhaAtual', 'senha-antiga-1');
    type(dialog, 'novaSenha', 'senha-nova-123');
    type(dialog, 'confirmacao', 'senha-nova-124');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('As senhas não conferem.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("shows the server's refusal under the current password, and closes after a change", async () => {
    let wrong = true;
    stubApi({
      'PUT /usuario/senha': () =>
        wrong
          ? { status: 400, body: { message: 'Senha atual incorreta.', status: 400, code: 'SENHA_ATUAL_INCORRETA' } }
          : { body: { message: 'Senha alterada com sucesso!' } },
    });
    const onClose = vi.fn();
    renderAdmin(<PasswordDialog open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Alterar senha' });
    type(dialog, 'senhaAtual', 'senha-errada-1');
    type(dialog, 'novaSenha', 'senha-nova-123');
    type(dialog, 'confirmacao', 'senha-nova-123');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect((await screen.findAllByText('Senha atual incorreta.')).length).toBe(2);
    wrong = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Senha alterada com sucesso!')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
