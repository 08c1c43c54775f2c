// 002 §2.10 'Parceiros', §5 'Partner', §6 Parceiro/Administrador: the alert and snackbar of a form
// with errors, the BRL amounts, delete after a question; on the screen with a stubbed API.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { renderAdmin, stubApi } from '../../../components/ui/admin-test-kit.tsx';
import { PartnersScreen } from './partners-screen.tsx';

const partner = {
  id: 7,
  nome: 'Agência Vizinha',
  email: 'contato@vizinha.test',
  descricao: 'Indica pacientes',
  conta: 'Banco 001',
  administrador: 0,
  idUnidade: 1,
  idEmpresa: 1,
  nomeUnidade: 'Centro',
  ativo: 1,
  valor_operacao_1: 15,
  valor_operacao_2: 50,
  valor_operacao_3: 1250,
  datacad: '2026-11-20T10:00:00.000Z',
  dataAtualizacao: '2026-11-20T10:00:00.000Z',
};

function api() {
  return stubApi({
    'GET /cadastros/parceiros': { body: { data: [partner] } },
    'GET /cadastros/unidades/parceiro': { body: { data: [{ id: 1, nome: 'Centro' }] } },
    'POST /cadastros/parceiros': { status: 201, body: { message: 'Parceiro cadastrado com sucesso!', data: { id: 8 } } },
    'PUT /cadastros/parceiros': { body: { message: 'Parceiro editado com sucesso!', data: { id: 7 } } },
    'DELETE /cadastros/parceiros': { body: { message: 'Parceiro excluído com sucesso!', data: { id: 7 } } },
  });
}

const input = (dialog: HTMLElement, name: string) =>
  dialog.querySelector(`input[name="${name}"], textarea[name="${name}"]`) as HTMLInputElement;
const type = (dialog: HTMLElement, name: string, value: string) => fireEvent.change(input(dialog, name), { target: { value } });
async function choose(dialog: HTMLElement, label: RegExp, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(cleanup);

describe("002 §5 'Partner' on the Parceiros screen", { timeout: 40_000 }, () => {
  it('shows the amounts in BRL', async () => {
    api();
    renderAdmin(<PartnersScreen />);
    expect(await screen.findByRole('cell', { name: 'R$ 1.250,00' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Parceiro' })).toBeTruthy();
  });

  it("shows 'Preencha todos os campos' and 'Campos obrigatórios não preenchidos', then sends the amounts as numbers", async () => {
    const sent = api();
    renderAdmin(<PartnersScreen />);
    await screen.findByRole('rowheader', { name: 'Agência Vizinha' });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar Parceiro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastrar Parceiro' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Preencha todos os campos')).toBeTruthy();
    expect((await screen.findAllByText('Campos obrigatórios não preenchidos')).length).toBeGreaterThan(0);

    type(dialog, 'nome', 'Clínica Amiga');
    type(dialog, 'email', 'amiga@x.test');
    type(dialog, 'senha', 'senha-forte-1');
    type(dialog, 'descricao', 'Parceria de bairro');
    type(dialog, 'conta', 'Banco 237');
    await choose(dialog, /^Permissão/, 'Administrador');
    await choose(dialog, /^Unidade/, 'Centro');
    type(dialog, 'valor_operacao_1', '1500');
    expect(input(dialog, 'valor_operacao_1').value).toBe('R$ 15,00');
    type(dialog, 'valor_operacao_2', '0');
    type(dialog, 'valor_operacao_3', '125050');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Parceiro cadastrado com sucesso!');
    expect(sent.find((r) => r.method === 'POST')?.body).toMatchObject({
      administrador: 1,
      idUnidade: 1,
      valor_operacao_1: 15,
      valor_operacao_3: 1250.5,
      ativo: 1,
    });
  });

  it('deletes with the id in the body after a question (002 §7)', async () => {
    const sent = api();
    renderAdmin(<PartnersScreen />);
    await screen.findByRole('rowheader', { name: 'Agência Vizinha' });
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Agência Vizinha' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir parceiro' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await screen.findByText('Parceiro excluído com sucesso!');
    await waitFor(() => expect(sent.find((r) => r.method === 'DELETE')?.body).toEqual({ id: 7 }));
  });
});
