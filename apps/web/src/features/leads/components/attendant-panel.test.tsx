// 001 §2 Atendente section, §4 Assignment, §8 messages: the listaAtendente autocomplete ('Todos'
// unassigns, 'Não atribuído' when unassigned, 'Nenhum atendente encontrado') and the buttons without it.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CrmContato } from '@funil/domain/leads-api/lead-api';

import { AttendantPanel } from './attendant-panel.tsx';
import { renderWithProviders, stubApi, testCrmContato } from './test-lead.tsx';

vi.mock('../../../lib/unit-data.ts', async () => {
  const { testUnitData } = await import('./test-unit-data.ts');
  const unit = testUnitData({ clienteAtendente: true, listaAtendente: true });
  unit.usuarios = [
    { id: 3, nome: 'Adriana Moreira', cor: '#3f51b5' },
    { id: 5, nome: 'Bruno Carvalho', cor: '#009688' },
  ];
  return { useLoadedUnitData: () => unit };
});

const VIEWER = 3;
const changed = (lead: CrmContato) => () => ({ body: { message: 'ok', data: lead } });

function renderPanel(lead: CrmContato, asList = true) {
  const onLeave = vi.fn();
  renderWithProviders(<AttendantPanel lead={lead} viewerId={VIEWER} asList={asList} onLeave={onLeave} />);
  return { onLeave };
}

async function choose(option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Atendente' }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

afterEach(cleanup);

describe('001 §2 attendant autocomplete (listaAtendente)', { timeout: 20_000 }, () => {
  it("shows 'Não atribuído' when unassigned and lists 'Todos' and the unit's users", async () => {
    renderPanel(testCrmContato({ idUsuario: null }));
    const input = screen.getByRole('combobox', { name: 'Atendente' }) as HTMLInputElement;
    expect(input.value).toBe('');
    expect(input.placeholder).toBe('Não atribuído');
    fireEvent.mouseDown(input);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Todos', 'AMAdriana Moreira', 'BCBruno Carvalho']);
    expect(screen.queryByRole('button', { name: 'Atribuir cliente' })).toBeNull();
  });

  it("says 'Nenhum atendente encontrado' when the filter matches nobody", async () => {
    renderPanel(testCrmContato());
    const input = screen.getByRole('combobox', { name: 'Atendente' });
    input.focus();
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'Zuleica' } });
    expect(await screen.findByText('Nenhum atendente encontrado')).toBeTruthy();
  });

  it('assigns the lead to the current user (PUT contato/atribuiratendente) and keeps the selection', async () => {
    const api = stubApi({
      'PUT /api/contato/atribuiratendente/41': changed(
        testCrmContato({ idUsuario: VIEWER, nome_atendimento: 'Adriana Moreira' }),
      ),
    });
    const { onLeave } = renderPanel(testCrmContato({ idUsuario: null }));
    await choose('Adriana Moreira');
    expect(await screen.findByText('Cliente atribuído com sucesso.')).toBeTruthy();
    expect(api.calls.map((call) => `${call.method} ${call.url}`)).toEqual(['PUT /api/contato/atribuiratendente/41']);
    expect(screen.queryByText('Cliente atribuído a outro atendente.')).toBeNull();
    expect(onLeave).not.toHaveBeenCalled();
  });

  it('transfers to another user, warns and clears the selection (001 §4 Assignment)', async () => {
    stubApi({ 'POST /api/contato/transferircontatoatendente/41/5': changed(testCrmContato({ idUsuario: 5 })) });
    const { onLeave } = renderPanel(testCrmContato({ idUsuario: VIEWER, nome_atendimento: 'Adriana Moreira' }));
    expect((screen.getByRole('combobox', { name: 'Atendente' }) as HTMLInputElement).value).toBe('Adriana Moreira');
    await choose('Bruno Carvalho');
    expect(await screen.findByText('Cliente atribuído a outro atendente.')).toBeTruthy();
    expect(screen.getByText('Cliente atribuído com sucesso.')).toBeTruthy();
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it("unassigns with 'Todos' (PUT contato/removeratendente)", async () => {
    const api = stubApi({ 'PUT /api/contato/removeratendente/41': changed(testCrmContato({ idUsuario: null })) });
    const { onLeave } = renderPanel(testCrmContato({ idUsuario: 5, nome_atendimento: 'Bruno Carvalho' }));
    await choose('Todos');
    expect(await screen.findByText('Cliente desatribuído com sucesso.')).toBeTruthy();
    expect(api.calls.map((call) => `${call.method} ${call.url}`)).toEqual(['PUT /api/contato/removeratendente/41']);
    expect(onLeave).not.toHaveBeenCalled();
  });

  it("says 'Erro ao atribuir cliente.' when the call fails", async () => {
    stubApi({ 'PUT /api/contato/atribuiratendente/41': () => ({ status: 500, body: { message: 'Erro interno', status: 500 } }) });
    renderPanel(testCrmContato({ idUsuario: null }));
    await choose('Adriana Moreira');
    expect(await screen.findByText('Erro ao atribuir cliente.')).toBeTruthy();
  });
});

describe('001 §2 attendant buttons (without listaAtendente)', { timeout: 20_000 }, () => {
  it("offers 'Atribuir cliente' when unassigned, no autocomplete", () => {
    renderPanel(testCrmContato({ idUsuario: null }), false);
    expect(screen.getByRole('button', { name: 'Atribuir cliente' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Atendente' })).toBeNull();
    expect(screen.getByText('Não atribuído')).toBeTruthy();
  });

  it("offers 'Desatribuir cliente' and 'Transferir Cliente' when assigned", async () => {
    stubApi({ 'PUT /api/contato/removeratendente/41': changed(testCrmContato({ idUsuario: null })) });
    renderPanel(testCrmContato({ idUsuario: 5, nome_atendimento: 'Bruno Carvalho' }), false);
    expect(screen.getByRole('button', { name: 'Transferir Cliente' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Desatribuir cliente' }));
    await waitFor(() => expect(screen.getByText('Cliente desatribuído com sucesso.')).toBeTruthy());
  });
});
