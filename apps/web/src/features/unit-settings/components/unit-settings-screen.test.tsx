// 002 §2.10 "Configurações", §3 "Settings (per unit)", §4 "Settings rule", §5 "Settings", §8: the
// unit settings form with SALVAR and refresh, the transfer lists, numbers ≥ 1 and the
// daily-above-total rule that saves nothing.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SETTINGS_MESSAGES, type UnitSettings } from '@funil/domain/admin-api/settings';
import { massSendSettingsOf } from '@funil/domain/mass-send/mass-send-api';

import { answerRequests, renderWithProviders, shell } from '../../../testing/kit.tsx';
import { UnitSettingsScreen } from './unit-settings-screen.tsx';

vi.mock('../../../lib/session.ts', async () => (await import('../../../testing/kit.tsx')).sessionModule);
vi.mock('../../../lib/unit-data.ts', async () => (await import('../../../testing/kit.tsx')).unitDataModule);

// Each case types into many MUI fields; on a loaded 2-core machine one takes over 20 s.
vi.setConfig({ testTimeout: 60_000 });

const status = (id: number, nome: string) => ({ id, nome, cor: '#2196f3' });
const settings = (overrides: Partial<UnitSettings> = {}): UnitSettings => ({
  idUnidade: 1,
  ligacao_limite_tentativas: 6,
  ligacao_limite_tentativas_diarias: 3,
  ligacao_intervalo_nao_atendida: 60,
  intervalo_dias_crm: 62,
  valor_minimo_segundos_chamada_atendida: 20,
  regra_fila_1: '1,7',
  regra_fila_2: '2',
  regra_fila_3: '5,3',
  mensagem_whatsapp: 'Olá {nome}, vimos seu interesse em {anuncio}.',
  habilita_mensagem_whatsapp: false,
  status_negociacao_permitidos: '4',
  ligacao_intervalo_ocupado: 15,
  horario_ligacao: null,
  feriados: [],
  idInstanciaWhatsapp: null,
  evolution_habilitado: false,
  url_dashboard: null,
  habilita_envio_em_massa: false,
  configuracoes_envio_em_massa: massSendSettingsOf({}),
  regra_fila_1_disponiveis: [status(2, 'Atendido')],
  regra_fila_1_usados: [status(1, 'Novo'), status(7, 'Retornar')],
  regra_fila_2_disponiveis: [status(1, 'Novo')],
  regra_fila_2_usados: [status(2, 'Atendido')],
  regra_fila_3_disponiveis: [status(4, 'Em negociação')],
  regra_fila_3_usados: [status(5, 'Proposta'), status(3, 'Não Atendido')],
  status_negociacao_disponiveis: [status(5, 'Proposta')],
  status_negociacao_usados: [status(4, 'Em negociação')],
  dataAtualizacao: '2025-11-20T10:00:00.000Z',
  ...overrides,
});

const field = (label: string) => screen.getByRole('spinbutton', { name: label });
const typeIn = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

beforeEach(() => {
  vi.unstubAllGlobals();
  shell.permissao = 'a';
});
afterEach(cleanup);

describe('002 §2.10 Configurações', () => {
  it('shows the unit settings: numbers, message, switch and the used side of each transfer list', async () => {
    answerRequests({ 'GET /configuracoes/unidade': { body: { data: settings() } } });
    renderWithProviders(<UnitSettingsScreen />);
    expect(await screen.findByRole('heading', { name: 'Configurações' })).toBeTruthy();
    expect((field('Total de tentativas') as HTMLInputElement).value).toBe('6');
    expect((field('Tentativas diárias') as HTMLInputElement).value).toBe('3');
    expect((field('Dias no CRM') as HTMLInputElement).value).toBe('62');
    expect((screen.getByRole('textbox', { name: 'Mensagem' }) as HTMLTextAreaElement).value).toContain('{nome}');
    const rule1 = screen.getByRole('group', { name: 'Regra da fila 1' });
    const used = within(within(rule1).getByRole('group', { name: 'Usados' }));
    expect(used.getByText('Novo')).toBeTruthy();
    expect(used.getByText('Retornar')).toBeTruthy();
    expect(within(within(rule1).getByRole('group', { name: 'Disponíveis' })).getByText('Atendido')).toBeTruthy();
  });

  it('002 §4 transfer list: a status moved to Usados goes in the PUT, then Configurações salvas com sucesso!', async () => {
    const sent = answerRequests({
      'GET /configuracoes/unidade': { body: { data: settings() } },
      'PUT /configuracoes/unidade': (body) => ({
        body: { message: SETTINGS_MESSAGES.saved, data: settings({ regra_fila_1: '1,7,2' }) },
        status: body ? 200 : 400,
      }),
    });
    renderWithProviders(<UnitSettingsScreen />);
    const rule1 = await screen.findByRole('group', { name: 'Regra da fila 1' });
    fireEvent.click(within(rule1).getByRole('checkbox', { name: 'Atendido' }));
    fireEvent.click(within(rule1).getByRole('button', { name: 'Usar os selecionados em Regra da fila 1' }));
    expect(within(within(rule1).getByRole('group', { name: 'Usados' })).getByText('Atendido')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Habilitar mensagem de WhatsApp' }));
    fireEvent.click(screen.getByRole('button', { name: 'SALVAR' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.saved)).toBeTruthy();
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({
      regra_fila_1: [1, 7, 2],
      regra_fila_2: [2],
      regra_fila_3: [5, 3],
      status_negociacao_permitidos: [4],
      habilita_mensagem_whatsapp: true,
      ligacao_limite_tentativas: 6,
    });
  });

  it(
    "issue 21 item 15: the unit's WhatsApp (Evolution) switch and external dashboard go in the PUT; " +
      'an address without https:// saves nothing',
    async () => {
      const sent = answerRequests({
        'GET /configuracoes/unidade': { body: { data: settings() } },
        'PUT /configuracoes/unidade': {
          body: {
            message: SETTINGS_MESSAGES.saved,
            data: settings({ evolution_habilitado: true, url_dashboard: 'https://bi.exemplo.com.br/painel' }),
          },
        },
      });
      renderWithProviders(<UnitSettingsScreen />);
      const url = (await screen.findByRole('textbox', { name: 'Dashboard externo (endereço)' })) as HTMLInputElement;
      expect(url.value).toBe('');
      fireEvent.click(screen.getByRole('switch', { name: 'Habilitar WhatsApp (Evolution)' }));
      fireEvent.change(url, { target: { value: 'http://bi.exemplo.com.br' } });
      expect(await screen.findByText(SETTINGS_MESSAGES.urlDashboard)).toBeTruthy();
      await waitFor(() => expect((screen.getByRole('button', { name: 'SALVAR' }) as HTMLButtonElement).disabled).toBe(true));
      fireEvent.change(url, { target: { value: 'https://bi.exemplo.com.br/painel' } });
      await waitFor(() => expect((screen.getByRole('button', { name: 'SALVAR' }) as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(screen.getByRole('button', { name: 'SALVAR' }));
      expect(await screen.findByText(SETTINGS_MESSAGES.saved)).toBeTruthy();
      expect(sent.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
        expect.objectContaining({ evolution_habilitado: true, url_dashboard: 'https://bi.exemplo.com.br/painel' }),
      ]);
    },
  );

  it('issue 12: the busy delay, the call hours per weekday and the holidays go in the PUT', async () => {
    const sent = answerRequests({
      'GET /configuracoes/unidade': { body: { data: settings({ feriados: ['2026-12-25'] }) } },
      'PUT /configuracoes/unidade': { body: { message: SETTINGS_MESSAGES.saved, data: settings() } },
    });
    renderWithProviders(<UnitSettingsScreen />);
    await screen.findByRole('heading', { name: 'Configurações' });
    expect(await screen.findByText('25/12/2026')).toBeTruthy();
    typeIn('Intervalo após ocupado (minutos)', '20');
    // Any time until restricted; turning it on suggests weekdays 08:00–20:00 and Saturday morning.
    expect(screen.queryByLabelText('Segunda-feira: início')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Restringir o horário de ligações da fila' }));
    expect((screen.getByLabelText('Segunda-feira: início') as HTMLInputElement).value).toBe('08:00');
    fireEvent.change(screen.getByLabelText('Segunda-feira: fim'), { target: { value: '1830' } });
    // Saturday off, Sunday on.
    fireEvent.click(screen.getByRole('switch', { name: 'Sábado' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Domingo' }));
    fireEvent.change(screen.getByLabelText('Data do feriado'), { target: { value: '20112026' } });
    expect((screen.getByLabelText('Data do feriado') as HTMLInputElement).value).toBe('20/11/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar feriado' }));
    fireEvent.click(screen.getByRole('button', { name: 'SALVAR' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.saved)).toBeTruthy();
    const put = sent.find((r) => r.method === 'PUT');
    const weekday = { inicio: '08:00', fim: '20:00' };
    expect(put?.body).toMatchObject({
      ligacao_intervalo_ocupado: 20,
      horario_ligacao: [
        { inicio: '08:00', fim: '18:00' },
        { inicio: '08:00', fim: '18:30' },
        weekday,
        weekday,
        weekday,
        weekday,
        null,
      ],
      feriados: ['2026-11-20', '2026-12-25'],
    });
  });

  it('issue 12: a window ending before it starts says so and SALVAR waits', async () => {
    answerRequests({
      'GET /configuracoes/unidade': {
        body: { data: settings({ horario_ligacao: [null, { inicio: '08:00', fim: '20:00' }, null, null, null, null, null] }) },
      },
    });
    renderWithProviders(<UnitSettingsScreen />);
    await screen.findByRole('heading', { name: 'Configurações' });
    fireEvent.change(screen.getByLabelText('Segunda-feira: fim'), { target: { value: '07:00' } });
    expect(await screen.findByText('O fim deve ser depois do início.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: 'SALVAR' }) as HTMLButtonElement).disabled).toBe(true));
  });

  it("issue 13: without mass send the unit has no 'Envio em massa' section and the PUT leaves its settings alone", async () => {
    const sent = answerRequests({
      'GET /configuracoes/unidade': { body: { data: settings() } },
      'PUT /configuracoes/unidade': { body: { message: SETTINGS_MESSAGES.saved, data: settings() } },
    });
    renderWithProviders(<UnitSettingsScreen />);
    await screen.findByRole('heading', { name: 'Configurações' });
    expect(screen.queryByRole('heading', { name: 'Envio em massa' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'SALVAR' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.saved)).toBeTruthy();
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.body).not.toHaveProperty('configuracoes_envio_em_massa');
    expect(put?.body).not.toHaveProperty('habilita_envio_em_massa');
  });

  it("issue 13: 'Envio em massa' edits the unit's caps, hours, days, warm-up and error share, and they go in the PUT", async () => {
    const sent = answerRequests({
      'GET /configuracoes/unidade': { body: { data: settings({ habilita_envio_em_massa: true }) } },
      'PUT /configuracoes/unidade': {
        body: { message: SETTINGS_MESSAGES.saved, data: settings({ habilita_envio_em_massa: true }) },
      },
    });
    renderWithProviders(<UnitSettingsScreen />);
    const section = within((await screen.findByRole('heading', { name: 'Envio em massa' })).closest('section')!);
    // The defaults of 002 §9 and issue 13 are shown.
    expect((field('Máximo de leads por disparo') as HTMLInputElement).value).toBe('500');
    expect((field('Intervalo mínimo (segundos)') as HTMLInputElement).value).toBe('10');
    expect((section.getByLabelText('Início dos envios') as HTMLInputElement).value).toBe('08:00');
    expect((section.getByRole('checkbox', { name: 'Domingo' }) as HTMLInputElement).checked).toBe(false);
    expect(section.getAllByLabelText(/envios por dia$/).map((e) => (e as HTMLInputElement).value)).toEqual([
      '20',
      '50',
      '100',
      '150',
      '200',
    ]);
    typeIn('Máximo de leads por disparo', '300');
    typeIn('Intervalo mínimo (segundos)', '15');
    typeIn('Intervalo máximo (segundos)', '40');
    fireEvent.change(section.getByLabelText('Fim dos envios'), { target: { value: '1830' } });
    fireEvent.click(section.getByRole('checkbox', { name: 'Sábado' }));
    fireEvent.click(section.getByRole('button', { name: 'Remover etapa 5' }));
    fireEvent.change(section.getByLabelText('Etapa 1: envios por dia'), { target: { value: '10' } });
    typeIn('Percentual de erros que pausa (%)', '25');
    fireEvent.click(screen.getByRole('button', { name: 'SALVAR' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.saved)).toBeTruthy();
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({
      configuracoes_envio_em_massa: {
        quantidade_max_leads: 300,
        tempo_minimo: 15,
        tempo_maximo: 40,
        horario_inicio: '08:00',
        horario_fim: '18:30',
        dias_semana: [1, 2, 3, 4, 5],
        aquecimento: [
          { dias: 0, limite: 10 },
          { dias: 4, limite: 50 },
          { dias: 8, limite: 100 },
          { dias: 15, limite: 150 },
        ],
        janela_erros: 20,
        percentual_erros: 25,
      },
    });
    expect(put?.body).not.toHaveProperty('habilita_envio_em_massa');
  });

  it('issue 13: bad mass-send values say why in Portuguese and SALVAR waits', async () => {
    const sent = answerRequests({
      'GET /configuracoes/unidade': { body: { data: settings({ habilita_envio_em_massa: true }) } },
    });
    renderWithProviders(<UnitSettingsScreen />);
    const section = within((await screen.findByRole('heading', { name: 'Envio em massa' })).closest('section')!);
    const save = () => screen.getByRole('button', { name: 'SALVAR' }) as HTMLButtonElement;
    typeIn('Intervalo mínimo (segundos)', '45');
    typeIn('Intervalo máximo (segundos)', '40');
    expect(await section.findByText('O tempo mínimo deve ser menor ou igual ao máximo.')).toBeTruthy();
    await waitFor(() => expect(save().disabled).toBe(true));
    typeIn('Intervalo máximo (segundos)', '90');
    expect(await section.findByText('O valor deve ser no máximo 60')).toBeTruthy();
    typeIn('Intervalo máximo (segundos)', '50');
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.change(section.getByLabelText('Etapa 2: a partir do dia'), { target: { value: '0' } });
    expect(await section.findByText('Os dias do aquecimento devem ser crescentes e sem repetição.')).toBeTruthy();
    await waitFor(() => expect(save().disabled).toBe(true));
    fireEvent.change(section.getByLabelText('Etapa 2: a partir do dia'), { target: { value: '4' } });
    for (const day of ['Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'])
      fireEvent.click(section.getByRole('checkbox', { name: day }));
    expect(await section.findByText('Escolha ao menos um dia da semana.')).toBeTruthy();
    fireEvent.click(section.getByRole('checkbox', { name: 'Domingo' }));
    fireEvent.change(section.getByLabelText('Início dos envios'), { target: { value: '2100' } });
    expect(await section.findByText('O horário final deve ser depois do inicial.')).toBeTruthy();
    await waitFor(() => expect(save().disabled).toBe(true));
    fireEvent.change(section.getByLabelText('Início dos envios'), { target: { value: '0700' } });
    await waitFor(() => expect(save().disabled).toBe(false));
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([]);
  }, 120_000);

  it('002 §5: daily attempts above the total show the message and save nothing', async () => {
    const sent = answerRequests({ 'GET /configuracoes/unidade': { body: { data: settings() } } });
    renderWithProviders(<UnitSettingsScreen />);
    await screen.findByRole('heading', { name: 'Configurações' });
    typeIn('Tentativas diárias', '7');
    fireEvent.click(screen.getByRole('button', { name: 'SALVAR' }));
    expect((await screen.findAllByText(SETTINGS_MESSAGES.dailyAboveTotal)).length).toBeGreaterThan(0);
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('002 §5: number inputs have a minimum of 1; SALVAR waits for a valid number', async () => {
    answerRequests({ 'GET /configuracoes/unidade': { body: { data: settings() } } });
    renderWithProviders(<UnitSettingsScreen />);
    await screen.findByRole('heading', { name: 'Configurações' });
    typeIn('Intervalo entre tentativas (minutos)', '0');
    expect(await screen.findByText(SETTINGS_MESSAGES.minimumOne)).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: 'SALVAR' }) as HTMLButtonElement).disabled).toBe(true));
    typeIn('Intervalo entre tentativas (minutos)', '30');
    await waitFor(() => expect((screen.getByRole('button', { name: 'SALVAR' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('002 §2.10: the refresh icon reads the settings again and drops unsaved edits', async () => {
    let reads = 0;
    answerRequests({
      'GET /configuracoes/unidade': () => ({ body: { data: settings({ intervalo_dias_crm: ++reads === 1 ? 62 : 90 }) } }),
    });
    renderWithProviders(<UnitSettingsScreen />);
    await screen.findByRole('heading', { name: 'Configurações' });
    typeIn('Total de tentativas', '9');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect((field('Dias no CRM') as HTMLInputElement).value).toBe('90'));
    expect((field('Total de tentativas') as HTMLInputElement).value).toBe('6');
  });

  it('shows the server refusal in Portuguese', async () => {
    answerRequests({
      'GET /configuracoes/unidade': { body: { data: settings() } },
      'PUT /configuracoes/unidade': { status: 403, body: { message: 'Você não tem permissão para esta ação.', status: 403 } },
    });
    renderWithProviders(<UnitSettingsScreen />);
    await screen.findByRole('heading', { name: 'Configurações' });
    fireEvent.click(screen.getByRole('button', { name: 'SALVAR' }));
    expect(await screen.findByText('Você não tem permissão para esta ação.')).toBeTruthy();
  });

  it('a unit admin sets only their unit; a company admin (ag) picks any unit of the company', async () => {
    const units = {
      data: [
        { id: 1, nome: 'Centro', idFunil: null, idFunilVenda: null },
        { id: 2, nome: 'Zona Sul', idFunil: null, idFunilVenda: null },
      ],
    };
    const sent = answerRequests({
      'GET /configuracoes/unidade': { body: { data: settings() } },
      'GET /configuracoes/unidade?idUnidade=2': { body: { data: settings({ idUnidade: 2, intervalo_dias_crm: 30 }) } },
      'PUT /configuracoes/unidade?idUnidade=2': {
        body: { message: SETTINGS_MESSAGES.saved, data: settings({ idUnidade: 2, intervalo_dias_crm: 30 }) },
      },
      'GET /cadastros/unidades': { body: units },
    });
    const { unmount } = renderWithProviders(<UnitSettingsScreen />);
    await screen.findByRole('heading', { name: 'Configurações' });
    expect(screen.queryByRole('combobox', { name: 'Unidade' })).toBeNull();
    unmount();
    shell.permissao = 'ag';
    renderWithProviders(<UnitSettingsScreen />);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Unidade' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByText('Zona Sul'));
    await waitFor(() => expect((field('Dias no CRM') as HTMLInputElement).value).toBe('30'));
    fireEvent.click(screen.getByRole('button', { name: 'SALVAR' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.saved)).toBeTruthy();
    expect(sent.some((r) => r.method === 'PUT' && r.path === '/configuracoes/unidade?idUnidade=2')).toBe(true);
    expect(sent.some((r) => r.method === 'GET' && r.path === '/cadastros/unidades')).toBe(true);
  });
});
