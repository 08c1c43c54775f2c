// 002 §2.10 'Potencial de Negociação', §3 "Potential", §5 "Potential": the table, the form with the
// six level labels (defaults Nenhum, Pouco, Pouco+, Médio, Médio+, Muito), all fields required,
// edit with id, and a delete refused while leads are rated with it.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { POTENTIAL_MESSAGES, potentialInUseMessage, type PotentialRow } from '@funil/domain/admin-api/potentials';

import { answerRequests, companiesAnswer, OTHER_EMPRESA, renderWithProviders, shell } from '../../../testing/kit.tsx';
import { PotentialsScreen } from './potentials-screen.tsx';

vi.mock('../../../lib/session.ts', async () => (await import('../../../testing/kit.tsx')).sessionModule);
vi.mock('../../../lib/unit-data.ts', async () => (await import('../../../testing/kit.tsx')).unitDataModule);

vi.setConfig({ testTimeout: 30_000 });

const potential: PotentialRow = {
  id: 4,
  nome: 'Interesse',
  descricao: 'Quanto o lead quer comprar',
  status: 'Nenhum',
  status1: 'Pouco',
  status2: 'Pouco+',
  status3: 'Médio',
  status4: 'Médio+',
  status5: 'Muito',
  ativo: 1,
  dataCad: '2025-11-01T13:00:00.000Z',
  dataAtualizacao: '2025-11-02T13:00:00.000Z',
};
const list = { 'GET /cadastros/potencial': { body: { data: [potential] } } };
const loaded = () => screen.findByText('Interesse', {}, { timeout: 8000 });

afterEach(() => {
  cleanup();
  shell.permissao = 'a';
});

describe('002 §2.10 Potencial de Negociação', () => {
  it('lists the potentials with their level labels', async () => {
    answerRequests(list);
    renderWithProviders(<PotentialsScreen />);
    await loaded();
    expect(screen.getByRole('heading', { name: 'Potencial de Negociação' })).toBeTruthy();
    expect(screen.getByText('Nenhum · Pouco · Pouco+ · Médio · Médio+ · Muito')).toBeTruthy();
    expect(screen.getByText('Ativo')).toBeTruthy();
  });

  it('a new potential starts with the default labels; all fields are required (Obrigatório)', async () => {
    const sent = answerRequests({
      ...list,
      'POST /cadastros/potencial': {
        body: { message: POTENTIAL_MESSAGES.created, data: { ...potential, id: 5, nome: 'Urgência' } },
      },
    });
    renderWithProviders(<PotentialsScreen />);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar Potencial' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cadastrar Potencial' }));
    const levels = [0, 1, 2, 3, 4, 5].map((n) => (dialog.getByRole('textbox', { name: `Nível ${n}` }) as HTMLInputElement).value);
    expect(levels).toEqual(['Nenhum', 'Pouco', 'Pouco+', 'Médio', 'Médio+', 'Muito']);
    fireEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect((await dialog.findAllByText(POTENTIAL_MESSAGES.required)).length).toBe(2);
    expect(await screen.findByText('Campos obrigatórios não preenchidos')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Nome' }), { target: { value: 'Urgência' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Descrição' }), { target: { value: 'Quão rápido quer fechar' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Nível 5' }), { target: { value: 'Imediato' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(POTENTIAL_MESSAGES.created)).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      nome: 'Urgência',
      descricao: 'Quão rápido quer fechar',
      status: 'Nenhum',
      status1: 'Pouco',
      status2: 'Pouco+',
      status3: 'Médio',
      status4: 'Médio+',
      status5: 'Imediato',
      ativo: 1,
    });
  });

  it('editing sends the same fields plus id to PUT; the Ativo switch sends 0', async () => {
    const sent = answerRequests({
      ...list,
      'PUT /cadastros/potencial': { body: { message: POTENTIAL_MESSAGES.updated, data: { ...potential, ativo: 0 } } },
    });
    renderWithProviders(<PotentialsScreen />);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Editar Interesse' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar Potencial' }));
    fireEvent.click(dialog.getByRole('switch', { name: 'Ativo' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(POTENTIAL_MESSAGES.updated)).toBeTruthy();
    expect(sent.find((r) => r.method === 'PUT')?.body).toMatchObject({ id: 4, nome: 'Interesse', ativo: 0, status3: 'Médio' });
  });

  it('a potential leads are rated with is not deleted: the server says how many and to deactivate it', async () => {
    answerRequests({
      ...list,
      'DELETE /cadastros/potencial/4': { status: 409, body: { message: potentialInUseMessage(2), status: 409 } },
    });
    renderWithProviders(<PotentialsScreen />);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Interesse' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Excluir potencial' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Este potencial está em 2 leads. Desative-o em vez de excluir.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Excluir potencial' })).toBeTruthy());
  });
});

describe('issue 10: the super-admin picks the company whose potentials they manage', () => {
  it('lists and deletes in the picked company with ?idEmpresa=', async () => {
    shell.permissao = 'sa';
    const other = `?idEmpresa=${OTHER_EMPRESA}`;
    const sent = answerRequests({
      ...list,
      ...companiesAnswer,
      [`GET /cadastros/potencial${other}`]: { body: { data: [{ ...potential, id: 8, nome: 'Prazo da Sul' }] } },
      [`DELETE /cadastros/potencial/8${other}`]: { body: { message: POTENTIAL_MESSAGES.deleted } },
    });
    renderWithProviders(<PotentialsScreen />);
    await loaded();
    const picker = await screen.findByRole('combobox', { name: 'Empresa' });
    await waitFor(() => expect(picker.textContent).toBe('Imobiliária Horizonte'));
    fireEvent.mouseDown(picker);
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Construtora Sul'));
    expect(await screen.findByText('Prazo da Sul', {}, { timeout: 8000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Prazo da Sul' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Excluir potencial' })).getByRole('button', { name: 'Excluir' }),
    );
    expect(await screen.findByText(POTENTIAL_MESSAGES.deleted)).toBeTruthy();
    expect(sent.find((r) => r.method === 'DELETE')?.path).toBe(`/cadastros/potencial/8${other}`);
  });

  it('the company admin (ag) works on their own company, without a picker', async () => {
    shell.permissao = 'ag';
    answerRequests(list);
    renderWithProviders(<PotentialsScreen />);
    await loaded();
    expect(screen.queryByRole('combobox', { name: 'Empresa' })).toBeNull();
  });
});
