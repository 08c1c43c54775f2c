// 002 §2.2 "filter panel" with the segments of 002 §7 `envioemmassa/clientes/{status_negociacao}/
// {status_venda}/{status_contato}/{tipo_lead}/{status_mensagem}/…`: the composer's panel is the
// CRM's advanced filters (no 'Atendimento', no 'Tipo de data') plus 001 §4's 'Status da Mensagem',
// and what it applies becomes those segments.
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  buildMassSendClientsPath,
  emptyFilter,
  MASS_SEND_CLIENTS_LAYOUT,
  type MassSendClientsFilter,
} from '@funil/domain/leads/filter-segments';

import { answerRequests, renderWithProviders } from '../testing/kit.tsx';
import { MassSendFilterPanel } from './mass-send-screens.tsx';

vi.mock('../lib/unit-data.ts', () => ({
  unitDataQuery: { queryKey: ['unit-data'] },
  useLoadedUnitData: () => ({
    crm_contato_negociacao_status: [
      { id: 1, idFunil: 1, nome: 'Novo', cor: '#2196f3' },
      { id: 2, idFunil: 4, nome: 'Em negociação', cor: '#ff9800' },
    ],
    crm_contato_negociacao_status_venda: [],
    crm_cliente_contato_status: [{ id: 1, nome: 'Novo' }],
    plataformas: [{ id: 1, nome: 'Facebook' }],
    tags: [],
    usuarios: [],
    dados_usuario: { acesso_atribuidos: 0 },
  }),
}));

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  answerRequests({ 'GET /contato/lista-campanhas': { body: { data: [] } }, 'GET /tags': { body: { data: [] } } });
});
afterEach(cleanup);

function renderPanel(applied: MassSendClientsFilter, onApply: (f: MassSendClientsFilter) => void) {
  return renderWithProviders(
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="pt-br">
      <MassSendFilterPanel applied={applied} onApply={onApply} />
    </LocalizationProvider>,
  );
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(
    within(screen.getByLabelText(label, { selector: '[role="combobox"]' }).parentElement!).getByRole('combobox'),
  );
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('002 §7 envioemmassa/clientes: the composer filter panel', () => {
  it("offers 001 §4's message statuses, leaves out the CRM-only fields, and applies status_mensagem as its segment", async () => {
    const applied: MassSendClientsFilter[] = [];
    renderPanel(emptyFilter(MASS_SEND_CLIENTS_LAYOUT), (f) => applied.push(f));
    expect(screen.queryByLabelText('Atendimento', { selector: '[role="combobox"]' })).toBeNull();
    expect(screen.queryByLabelText('Tipo de data', { selector: '[role="combobox"]' })).toBeNull();
    fireEvent.mouseDown(screen.getByLabelText('Status da Mensagem', { selector: '[role="combobox"]' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Todos',
      'Não enviada',
      'Nunca respondeu',
      'Respondeu',
      'Respondeu a última mensagem',
      'Bloqueado',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Nunca respondeu' }));
    await choose('Status da Negociação', 'Em negociação');
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(applied.at(-1)).toEqual({ ...emptyFilter(MASS_SEND_CLIENTS_LAYOUT), status_negociacao: 4, status_mensagem: 1 });
    // The segments: status_mensagem is the fifth.
    expect(buildMassSendClientsPath(applied.at(-1)!)).toBe('envioemmassa/clientes/4/-1/-1/-1/1/-1/-1/-1/-1/-1/');
  });

  it('shows the applied message status again and Limpar empties it', async () => {
    const applied: MassSendClientsFilter[] = [];
    renderPanel({ ...emptyFilter(MASS_SEND_CLIENTS_LAYOUT), status_mensagem: 2 }, (f) => applied.push(f));
    expect(screen.getByLabelText('Status da Mensagem', { selector: '[role="combobox"]' }).textContent).toBe('Respondeu');
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(applied.at(-1)).toEqual(emptyFilter(MASS_SEND_CLIENTS_LAYOUT));
  });
});
