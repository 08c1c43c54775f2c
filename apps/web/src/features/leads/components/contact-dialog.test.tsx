// 000 §5 'Cadastrar Contato': the Cadastrar rule, the Celular and CEP masks, and the payload
// (phone digits only, CEP without its hyphen) posted to contato/cadastrarcontato/manual.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { answerRequests, renderWithProviders, sentRequests } from '../../../testing/kit.tsx';
import { ContactDialog } from './contact-dialog.tsx';

const unit = { extras: { cadastrarCEP: true } as Record<string, unknown> };
vi.mock('../../../lib/unit-data.ts', async () => {
  const { testUnitData: make } = await import('./test-unit-data.ts');
  return { useLoadedUnitData: () => make(unit.extras) };
});
vi.mock('../../../lib/socket.ts', () => ({ useSocketEvent: () => undefined }));

function renderDialog(variant: 'contato' | 'novoCliente' = 'contato') {
  return renderWithProviders(<ContactDialog open variant={variant} onClose={() => undefined} />);
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const cadastrar = () => screen.getByRole('button', { name: 'Cadastrar' }) as HTMLButtonElement;

beforeEach(() => {
  unit.extras = { cadastrarCEP: true };
});
afterEach(cleanup);

// The first render of the dialog compiles MUI in a cold worker: allow it more than the default 5 s.
describe("000 §5 'Cadastrar Contato' rule and masks", { timeout: 20_000 }, () => {
  it('keeps Cadastrar disabled until the name is filled and the phone is (DD) 4-5 digits - 4 digits', () => {
    renderDialog();
    expect(cadastrar().disabled).toBe(true);
    type('Nome', '   ');
    type('Celular', '11987654321');
    expect(cadastrar().disabled).toBe(true);
    type('Nome', 'Maria Oliveira');
    type('Celular', '1198765');
    expect(cadastrar().disabled).toBe(true);
    type('Celular', '11987654321');
    expect(cadastrar().disabled).toBe(false);
  });

  it('masks Celular as (##) #####-#### and CEP as #####-###', () => {
    renderDialog();
    type('Celular', '11987654321999');
    expect((screen.getByLabelText('Celular', { exact: false }) as HTMLInputElement).value).toBe('(11) 98765-4321');
    type('CEP', '01310100');
    expect((screen.getByLabelText('CEP') as HTMLInputElement).value).toBe('01310-100');
  });

  it('shows CEP only with cadastrarCEP', () => {
    unit.extras = {};
    renderDialog();
    expect(screen.queryByLabelText('CEP')).toBeNull();
    expect(screen.getByLabelText('Anúncio')).toBeTruthy();
  });

  it('sends the phone digits only and the CEP without its hyphen', async () => {
    answerRequests({
      'POST /contato/cadastrarcontato/manual': { body: { message: 'Contato cadastrado com sucesso.', data: { id: 42 } } },
    });
    renderDialog();
    type('Nome', '  Maria Oliveira ');
    type('Celular', '11987654321');
    type('CEP', '01310100');
    type('Anúncio', 'Implante em 24h');
    fireEvent.click(cadastrar());
    await waitFor(() => expect(sentRequests()).not.toHaveLength(0));
    const [request] = sentRequests();
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/contato/cadastrarcontato/manual');
    expect(request?.body).toEqual({
      cli_nome: 'Maria Oliveira',
      cli_telefone: '11987654321',
      ad_name: 'Implante em 24h',
      informacoesExtra: { cep: '01310100' },
    });
    expect(await screen.findByText('Contato cadastrado com sucesso.')).toBeTruthy();
  });

  it("says the server's message when the phone already exists", async () => {
    const message = 'Já existe um lead com este telefone nesta unidade: Ana (#7).';
    answerRequests({ 'POST /contato/cadastrarcontato/manual': { status: 409, body: { message, status: 409 } } });
    renderDialog();
    type('Nome', 'Maria');
    type('Celular', '11987654321');
    fireEvent.click(cadastrar());
    expect(await screen.findByText(message)).toBeTruthy();
  });
});

describe("001 §2 'Novo Cliente' (the chat's add button, issue 21)", { timeout: 20_000 }, () => {
  it('asks Nome, Telefone and Email only, with Cadastrar, and no CSV import', () => {
    renderDialog('novoCliente');
    expect(screen.getByRole('heading', { name: 'Novo Cliente' })).toBeTruthy();
    expect(screen.getByLabelText('Telefone', { exact: false })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.queryByLabelText('Anúncio')).toBeNull();
    expect(screen.queryByLabelText('CEP')).toBeNull();
    expect(screen.queryByText(/CSV/)).toBeNull();
    // 001 §5 'New client': Nome and Telefone required.
    expect(cadastrar().disabled).toBe(true);
    type('Nome', 'Maria Oliveira');
    type('Telefone', '11987654321');
    expect(cadastrar().disabled).toBe(false);
  });
});
