// 001 §4 Conversion: direct for other units ('Cliente convertido para o sistema irmão', 'Cliente sem
// telefone'); for unit 58 the dialog 'Converter cliente para o sistema irmão' picks the unit first.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CrmContato } from '@funil/domain/leads-api/lead-api';

import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { shell } from '../../../testing/kit.tsx';
import { LeadHeader, UNIT_PICKED_CONVERSION_UNIT_ID } from './lead-header.tsx';
import { renderWithProviders, stubApi, testCrmContato } from './test-lead.tsx';
import type { LeadSettings } from './use-lead-settings.ts';

// The header asks the access rules whether the user may call from the webphone (issue 12).
vi.mock('../../../lib/session.ts', async () => (await import('../../../testing/kit.tsx')).sessionModule);
vi.mock('../../../lib/unit-data.ts', async () => {
  const { testUnitData } = await import('./test-unit-data.ts');
  const unit = testUnitData({});
  return { useLoadedUnitData: () => unit };
});

const settings: LeadSettings = {
  companyId: 1,
  unitId: 1,
  cadastrarCEP: false,
  clienteAtendente: true,
  listaAtendente: false,
  edicaoStatusCliente: true,
  atendimentoHabilitado: true,
  excluirLeads: false,
  viewer: { userId: 3, acessoAtribuidos: 1 },
};

const units = {
  data: [
    { id: 1, nome: 'Unidade Paulista', idFunil: 1, idFunilVenda: 2 },
    { id: 58, nome: 'Unidade Especial', idFunil: 1, idFunilVenda: 2 },
  ],
};
const converted = (lead: CrmContato) => () => ({
  body: { message: 'Cliente convertido para o sistema irmão', data: { ...lead, cli_id: 900 } },
});

function renderHeader(lead: CrmContato) {
  // 'Ligar Agora' (issue 12) navigates to the webphone, so the header lives inside the kit's router.
  renderWithProviders(<LeadHeader lead={lead} settings={settings} onLeave={() => undefined} />);
}

/** Opens the dialog's 'Unidade' picker once cadastros/unidades answered; returns its listbox. */
async function openUnitPicker(dialog: HTMLElement): Promise<HTMLElement> {
  const picker = within(dialog).getByRole('combobox', { name: 'Unidade' });
  // The picker waits for cadastros/unidades.
  await waitFor(() => expect(picker.getAttribute('aria-disabled')).toBeNull());
  fireEvent.mouseDown(picker);
  return screen.findByRole('listbox');
}

afterEach(cleanup);

describe('001 §4 lead conversion', { timeout: 20_000 }, () => {
  it('issue 7 §5: asks before converting a lead of another unit (it cannot be undone), then POSTs contato/convertercliente', async () => {
    const lead = testCrmContato({ unidade: 1 });
    const api = stubApi({ 'POST /api/contato/convertercliente/41': converted(lead) });
    renderHeader(lead);
    fireEvent.click(screen.getByRole('button', { name: 'Converter cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Converter cliente para o sistema irmão?' });
    expect(within(dialog).getByText(/Esta ação não pode ser desfeita\./)).toBeTruthy();
    expect(api.calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Converter' }));
    expect(await screen.findByText('Cliente convertido para o sistema irmão')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/contato/convertercliente/41']);
  });

  it("issue 7 §5: 'Cancelar' on the confirmation converts nothing", async () => {
    const api = stubApi({});
    renderHeader(testCrmContato({ unidade: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Converter cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Converter cliente para o sistema irmão?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls).toEqual([]);
  });

  it("says 'Cliente sem telefone' and sends nothing when the lead has no phone", async () => {
    const api = stubApi({});
    renderHeader(testCrmContato({ unidade: 1, cli_telefone: '' }));
    fireEvent.click(screen.getByRole('button', { name: 'Converter cliente' }));
    expect(await screen.findByText('Cliente sem telefone')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("for unit 58 opens 'Converter cliente para o sistema irmão' with a unit picker and sends idUnidade", async () => {
    expect(UNIT_PICKED_CONVERSION_UNIT_ID).toBe(58);
    const lead = testCrmContato({ unidade: 58 });
    const api = stubApi({
      'GET /api/cadastros/unidades': () => ({ body: units }),
      'POST /api/contato/converterclienteglobal/41': converted(lead),
    });
    renderHeader(lead);
    fireEvent.click(screen.getByRole('button', { name: 'Converter cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Converter cliente para o sistema irmão' });
    const confirm = within(dialog).getByRole('button', { name: 'Converter' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(await openUnitPicker(dialog)).getByRole('option', { name: 'Unidade Paulista' }));
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(await screen.findByText('Cliente convertido para o sistema irmão')).toBeTruthy();
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post).toEqual({ url: '/api/contato/converterclienteglobal/41', method: 'POST', body: { idUnidade: 1 } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes the unit-58 dialog with Cancelar without converting', async () => {
    const api = stubApi({ 'GET /api/cadastros/unidades': () => ({ body: units }) });
    renderHeader(testCrmContato({ unidade: 58 }));
    fireEvent.click(screen.getByRole('button', { name: 'Converter cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Converter cliente para o sistema irmão' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

describe("001 §2 'Transferir Contato'", { timeout: 20_000 }, () => {
  it("offers the other units only, keeps 'Transferir' disabled until one is chosen (001 §5), then transfers", async () => {
    const lead = testCrmContato({ unidade: 1 });
    const api = stubApi({
      'GET /api/cadastros/unidades': () => ({ body: units }),
      'POST /api/contato/transferircontato/41': () => ({ body: { message: 'Contato transferido com sucesso.', data: null } }),
    });
    renderHeader(lead);
    fireEvent.click(screen.getByRole('button', { name: 'Transferir Contato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transferir Contato' });
    const confirm = within(dialog).getByRole('button', { name: 'Transferir' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const listbox = await openUnitPicker(dialog);
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Unidade Especial']);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Unidade Especial' }));
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(await screen.findByText('Contato transferido com sucesso.')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/api/contato/transferircontato/41' });
  });
});

describe("issue 12 'Ligar Agora'", () => {
  afterEach(() => {
    shell.permissao = 'a';
    useLoadedUnitData().dados_usuario.idRamal = 0;
  });

  it('shows to an attendant with an extension, never to the company admin (ag has no softphone: 002 §2.1)', () => {
    useLoadedUnitData().dados_usuario.idRamal = 201;
    shell.permissao = 'u';
    renderHeader(testCrmContato());
    expect(screen.getByRole('button', { name: 'Ligar Agora' })).toBeTruthy();
    cleanup();
    shell.permissao = 'ag';
    renderHeader(testCrmContato());
    expect(screen.getByRole('toolbar', { name: 'Ações do lead' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ligar Agora' })).toBeNull();
  });

  it('readOnly: no actions at all (a lead of the unit ag reads on /webphone)', () => {
    renderWithProviders(<LeadHeader lead={testCrmContato()} settings={settings} onLeave={() => undefined} readOnly />);
    expect(screen.getByRole('heading', { level: 2 })).toBeTruthy();
    expect(screen.queryByRole('toolbar', { name: 'Ações do lead' })).toBeNull();
  });
});
