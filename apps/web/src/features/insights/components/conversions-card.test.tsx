// The Conversions API card of /insights (issue 24 'Closing the loop with Meta'): the unit admin reads the
// dataset id and the mapped statuses, saves a new mapping (the body the server receives), and sees the
// last sends with Meta's failure reason; on the screen with the kit's fake API (MSW).
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { MetaConversionsState } from '@funil/domain/meta-conversions/meta-conversions-api';

import { stubApi } from '../../../components/ui/admin-test-kit.tsx';
import { renderWithProviders } from '../../../testing/kit.tsx';
import { ConversionsCard } from './conversions-card.tsx';

vi.setConfig({ testTimeout: 40_000 });
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const state: MetaConversionsState = {
  datasetId: '123456789012345',
  statusNegociacao: [2],
  statusVenda: [],
  opcoes: {
    negociacao: [
      { id: 1, nome: 'Novo' },
      { id: 2, nome: 'Agendado' },
    ],
    venda: [{ id: 3, nome: 'Venda realizada' }],
  },
  envios: [
    {
      id: 1,
      cliCrmId: 42,
      nomeEvento: 'Agendado',
      momento: '2026-11-27T13:00:00.000Z',
      status: 'falhou',
      tentativas: 6,
      erro: 'A Meta recusou o evento (código 2): An unexpected error has occurred.',
      enviadoEm: null,
    },
  ],
};

describe('ConversionsCard', () => {
  it('shows the mapping and the last sends; Salvar sends the new mapping', async () => {
    const sent = stubApi({
      'GET /insights/conversoes': { body: state },
      'PUT /insights/conversoes': { body: { message: 'Configuração da API de Conversões salva.' } },
    });
    renderWithProviders(<ConversionsCard />);
    expect(await screen.findByText('API de Conversões da Meta')).toBeTruthy();
    expect((screen.getByLabelText('ID do conjunto de dados') as HTMLInputElement).value).toBe('123456789012345');
    expect(screen.getByText('Falhou')).toBeTruthy();
    expect(screen.getByText('A Meta recusou o evento (código 2): An unexpected error has occurred.')).toBeTruthy();
    expect(screen.getByText(/Agendado · lead 42 · 27\/11\/2026/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('ID do conjunto de dados'), { target: { value: ' 999 ' } });
    fireEvent.mouseDown(screen.getByLabelText('Status de venda enviados'));
    fireEvent.click(await screen.findByRole('option', { name: 'Venda realizada' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent.some((c) => c.method === 'PUT')).toBe(true));
    expect(sent.find((c) => c.method === 'PUT')!.body).toEqual({ datasetId: '999', statusNegociacao: [2], statusVenda: [3] });
    expect(await screen.findByText('Configuração da API de Conversões salva.')).toBeTruthy();
  });

  it('without sends it says so', async () => {
    stubApi({ 'GET /insights/conversoes': { body: { ...state, datasetId: null, envios: [] } } });
    renderWithProviders(<ConversionsCard />);
    expect(await screen.findByText('Nenhum evento enviado ainda.')).toBeTruthy();
    expect((screen.getByLabelText('ID do conjunto de dados') as HTMLInputElement).value).toBe('');
  });
});
