// 002 §2.2 composer, §5 "Mass send" rules and messages, §8 outcomes: the list states, the bounds
// of numeroDeClientes and intervaloTempo from the unit's settings, when 'Enviar' is enabled, the
// selection limit, the preview with unknown placeholders in red, the multipart POST and its
// snackbars, and the link of a pipeline column.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { formatDatePlusDays, formatDateTime } from '@funil/domain/format/date';
import { emptyFilter, MASS_SEND_CLIENTS_LAYOUT } from '@funil/domain/leads/filter-segments';
import { massSendSettingsOf } from '@funil/domain/mass-send/mass-send-api';
import { projectedFinish } from '@funil/domain/mass-send/pacing';

import { computedColor } from '../../../testing/kit.tsx';
import { MassSendComposerScreen } from './composer-screen.tsx';
import { answerRequests, makeCampaign, makeFoundLead, panel, postedCampaign, renderScreen, unitState } from './test-kit.tsx';

vi.mock('../../../lib/session.ts', async () => (await import('./test-kit.tsx')).sessionModule);
vi.mock('../../../lib/unit-data.ts', async () => (await import('./test-kit.tsx')).unitDataModule);
vi.mock('../../../lib/socket.ts', async () => (await import('./test-kit.tsx')).socketModule);

vi.setConfig({ testTimeout: 30_000 });

// jsdom lays nothing out: give the virtualised list a height so its rows mount.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 700 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });

const CLIENTES = '/envioemmassa/clientes/4/-1/-1/-1/-1/-1/-1/-1/-1/-1/';
const LEADS = [makeFoundLead(1, 'Maria Souza'), makeFoundLead(2, 'João Pereira'), makeFoundLead(3, 'Carla Dias')];
const answers = (overrides: Record<string, unknown> = {}) => ({
  [`GET ${CLIENTES}`]: { body: { data: { clientes: LEADS, total: LEADS.length } } },
  'GET /envio-em-massa': { body: { data: [] } },
  'GET /envio-em-massa/capacidade': {
    body: {
      data: {
        configuracoes: massSendSettingsOf({}),
        instancias: [{ nome: 'recepcao', conectada: true, enviadosHoje: 20, limiteHoje: 20, primeiroUso: null }],
      },
    },
  },
  ...overrides,
});

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input, textarea' });
const sendButton = () => screen.getByRole('button', { name: 'Enviar' });
const rowCheckbox = (name: string) => screen.getByRole('checkbox', { name });

async function applyFilter() {
  fireEvent.click(screen.getByRole('button', { name: 'Aplicar filtro de teste' }));
  await screen.findByText('Maria Souza');
}

beforeEach(() => {
  unitState.settings = { quantidade_max_leads: 300, tempo_minimo: 15, tempo_maximo: 40 };
  unitState.evolutionHabilitado = true;
  panel.next = { ...emptyFilter(MASS_SEND_CLIENTS_LAYOUT), status_negociacao: 4 };
});
afterEach(cleanup);

describe('002 §2.2 list states', () => {
  it(
    "says 'Filtro não aplicado' before a filter, 'Carregando...' while searching and 'Nenhum lead " +
      "encontrado' for an empty result",
    async () => {
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      answerRequests(
        answers({
          [`GET ${CLIENTES}`]: async () => {
            await gate;
            return { body: { data: { clientes: [], total: 0 } } };
          },
        }),
      );
      renderScreen(<MassSendComposerScreen />);
      expect(screen.getByText('Filtro não aplicado')).toBeTruthy();
      expect(screen.queryByText('Chips de conexão')).toBeNull();
      expect(screen.getByRole('combobox', { name: 'Enviar pela instância' }).textContent).toBe('recepcao — (11) 98765-4321');
      fireEvent.click(screen.getByRole('button', { name: 'Aplicar filtro de teste' }));
      await screen.findByText('Carregando...');
      release();
      await screen.findByText('Nenhum lead encontrado');
    },
  );

  it('shows the chips without the gateway, and a filter with no value counts as none', async () => {
    unitState.evolutionHabilitado = false;
    panel.next = emptyFilter(MASS_SEND_CLIENTS_LAYOUT);
    const sent = answerRequests(answers());
    renderScreen(<MassSendComposerScreen />);
    expect(screen.getByText('Chips de conexão')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar filtro de teste' }));
    expect(screen.getByText('Filtro não aplicado')).toBeTruthy();
    expect(sent.some((r) => r.path.startsWith('/envioemmassa'))).toBe(false);
  });
});

describe('002 §5 the dispatch form', () => {
  it('bounds numeroDeClientes by quantidade_max_leads and intervaloTempo by tempo_minimo/tempo_maximo, in the spec words', async () => {
    answerRequests(answers());
    renderScreen(<MassSendComposerScreen />);
    const count = field('Número de clientes');
    expect((count as HTMLInputElement).value).toBe('300');
    fireEvent.change(count, { target: { value: '' } });
    expect(screen.getByText('Campo obrigatório')).toBeTruthy();
    fireEvent.change(count, { target: { value: '0' } });
    expect(screen.getByText('O valor deve ser no mínimo 1')).toBeTruthy();
    fireEvent.change(count, { target: { value: '301' } });
    expect(screen.getByText('O valor deve ser no máximo 300')).toBeTruthy();
    fireEvent.change(count, { target: { value: '300' } });
    const interval = field('Intervalo (segundos)');
    expect((interval as HTMLInputElement).value).toBe('15');
    fireEvent.change(interval, { target: { value: '14' } });
    expect(screen.getByText('O valor deve ser no mínimo 15')).toBeTruthy();
    fireEvent.change(interval, { target: { value: '41' } });
    expect(screen.getByText('O valor deve ser no máximo 40')).toBeTruthy();
  });

  it("enables 'Enviar' only with leads selected, a message or media, a name, an active filter and no errors", async () => {
    answerRequests(answers());
    renderScreen(<MassSendComposerScreen />);
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    await applyFilter();
    fireEvent.click(rowCheckbox('Maria Souza'));
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field('Nome do Disparo'), { target: { value: 'Retorno' } });
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field('Mensagem'), { target: { value: 'Olá' } });
    expect((sendButton() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(field('Intervalo (segundos)'), { target: { value: '5' } });
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field('Intervalo (segundos)'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Mudar status após envio?' }));
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it(
    "caps the selection at numeroDeClientes with 'Quantidade máxima de leads selecionados atingida'; " +
      'select-all takes the first ones',
    async () => {
      answerRequests(answers());
      renderScreen(<MassSendComposerScreen />);
      await applyFilter();
      fireEvent.change(field('Número de clientes'), { target: { value: '2' } });
      fireEvent.click(rowCheckbox('Maria Souza'));
      fireEvent.click(rowCheckbox('João Pereira'));
      fireEvent.click(rowCheckbox('Carla Dias'));
      await screen.findByText('Quantidade máxima de leads selecionados atingida');
      expect((rowCheckbox('Carla Dias') as HTMLInputElement).checked).toBe(false);
      fireEvent.click(rowCheckbox('Maria Souza'));
      fireEvent.click(screen.getByRole('checkbox', { name: 'Selecionar todos' }));
      expect((rowCheckbox('Maria Souza') as HTMLInputElement).checked).toBe(true);
      expect((rowCheckbox('João Pereira') as HTMLInputElement).checked).toBe(true);
      expect((rowCheckbox('Carla Dias') as HTMLInputElement).checked).toBe(false);
      expect(screen.getByTestId('contagem-selecionados').textContent).toContain('2 de 3 selecionados (máx. 2)');
    },
  );

  it('keeps Enviar disabled without a selected lead, whatever else is filled (002 §5)', async () => {
    answerRequests(answers());
    renderScreen(<MassSendComposerScreen />);
    await applyFilter();
    fireEvent.change(field('Nome do Disparo'), { target: { value: 'Retorno' } });
    fireEvent.change(field('Mensagem'), { target: { value: 'Olá' } });
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('002 §2.2 preview', () => {
  it("shows the first selected lead's first name, the date and unknown placeholders in red", async () => {
    answerRequests(answers());
    renderScreen(<MassSendComposerScreen />);
    await applyFilter();
    fireEvent.click(rowCheckbox('João Pereira'));
    fireEvent.change(field('Mensagem'), {
      target: { value: 'Oi {{nome_do_cliente}}, até [data_atual+2]. {{cupom}} [nome_da_cliente]' },
    });
    const preview = screen.getByRole('region', { name: 'Pré-visualização' });
    const today = new Date();
    expect(within(preview).getByTestId('preview-text').textContent).toBe(
      `Oi João, até ${formatDatePlusDays(today, 2)}. {{cupom}} João`,
    );
    const unknown = preview.querySelector('[data-unknown-placeholder]');
    expect(unknown?.textContent).toBe('{{cupom}}');
    expect(computedColor(unknown!)).toBe('rgb(211, 47, 47)');
  });

  it('keeps up to 5 variants, one tab each', async () => {
    answerRequests(answers());
    renderScreen(<MassSendComposerScreen />);
    const add = screen.getByRole('button', { name: 'Adicionar variação' });
    for (let i = 0; i < 4; i += 1) fireEvent.click(add);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Mensagem 1',
      'Mensagem 2',
      'Mensagem 3',
      'Mensagem 4',
      'Mensagem 5',
    ]);
    expect((add as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('issue 13 projected finish', () => {
  it("uses the sending number's cap and sends today from envio-em-massa/capacidade", async () => {
    answerRequests(answers());
    renderScreen(<MassSendComposerScreen />);
    await applyFilter();
    fireEvent.click(rowCheckbox('Maria Souza'));
    fireEvent.click(rowCheckbox('João Pereira'));
    const note = await screen.findByText(/20 de 20 envios de hoje usados em recepcao/);
    // The number's cap is spent today: both sends wait for the next allowed day.
    const expected = projectedFinish(
      massSendSettingsOf({}),
      { count: 2, intervalSeconds: 15, sentToday: 20, firstUse: null },
      new Date(),
    );
    expect(note.closest('[data-testid="previsao-termino"]')?.textContent).toContain(formatDateTime(expected));
  });
});

describe('002 §7 POST envio-em-massa and §8 outcomes', () => {
  async function compose() {
    await applyFilter();
    fireEvent.click(rowCheckbox('Maria Souza'));
    fireEvent.click(rowCheckbox('Carla Dias'));
    fireEvent.change(field('Nome do Disparo'), { target: { value: '  Retorno de novembro ' } });
    fireEvent.change(field('Mensagem'), { target: { value: 'Olá {{nome_do_cliente}}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar variação' }));
    fireEvent.change(field('Mensagem'), { target: { value: 'Oi {{nome_do_cliente}}!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar variação' }));
    const file = new File(['%PDF-1.4'], 'tabela.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('arquivo-midia'), { target: { files: [file] } });
    await screen.findByRole('button', { name: 'Arquivo tabela.pdf' });
  }

  it("posts multipart body + medias, says 'Disparo cadastrado com sucesso' and clears the message and the media", async () => {
    answerRequests(
      answers({
        'POST /envio-em-massa': { status: 201, body: { message: 'Disparo cadastrado com sucesso', data: makeCampaign() } },
      }),
    );
    renderScreen(<MassSendComposerScreen />);
    await compose();
    fireEvent.change(field('Intervalo (segundos)'), { target: { value: '20' } });
    fireEvent.click(sendButton());
    await screen.findByText('Disparo cadastrado com sucesso');
    const posted = postedCampaign();
    expect(posted?.media?.name).toBe('tabela.pdf');
    expect(posted?.body).toMatchObject({
      nomeDisparo: 'Retorno de novembro',
      intervaloMensagem: 20,
      leads: [
        { cli_crm_id: 1, cli_telefone: LEADS[0]!.cli_telefone, cli_nome: 'Maria Souza', ticketId: null },
        { cli_crm_id: 3, cli_telefone: LEADS[2]!.cli_telefone, cli_nome: 'Carla Dias', ticketId: null },
      ],
      mensagens: ['Olá {{nome_do_cliente}}', 'Oi {{nome_do_cliente}}!'],
      idStatusNovo: null,
      evolutionInstanceName: 'recepcao',
    });
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(1));
    expect((field('Mensagem') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Arquivo tabela.pdf' })).toBeNull();
  });

  it("warns 'Já existe um disparo em andamento. Aguarde a conclusão.' on CAMPANHA_EXISTE", async () => {
    answerRequests(
      answers({
        'POST /envio-em-massa': {
          status: 409,
          body: { status: 409, message: 'Já existe um disparo em andamento. Aguarde a conclusão.', code: 'CAMPANHA_EXISTE' },
        },
      }),
    );
    renderScreen(<MassSendComposerScreen />);
    await compose();
    fireEvent.click(sendButton());
    await screen.findByText('Já existe um disparo em andamento. Aguarde a conclusão.');
    // Nothing is cleared: the variants and the file wait for the running campaign to end.
    expect(screen.getAllByRole('tab')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Arquivo tabela.pdf' })).toBeTruthy();
  });

  it("says 'Erro ao cadastrar disparo' on any other failure", async () => {
    answerRequests(answers({ 'POST /envio-em-massa': { status: 500, body: { status: 500, message: 'Erro interno' } } }));
    renderScreen(<MassSendComposerScreen />);
    await compose();
    fireEvent.click(sendButton());
    await screen.findByText('Erro ao cadastrar disparo');
  });

  it('branches on the error code, not the text (issue 22 §3): a 409 without CAMPANHA_EXISTE is a failure with its reason', async () => {
    answerRequests(
      answers({
        'POST /envio-em-massa': {
          status: 409,
          body: { status: 409, message: 'Já existe um disparo em andamento. Aguarde a conclusão.' },
        },
      }),
    );
    renderScreen(<MassSendComposerScreen />);
    await compose();
    fireEvent.click(sendButton());
    await screen.findByText('Erro ao cadastrar disparo: Já existe um disparo em andamento. Aguarde a conclusão.');
  });

  it("adds the server's reason to 'Erro ao cadastrar disparo' (002 §8), but not to a refusal of code DISPARO_RECUSADO", async () => {
    answerRequests(
      answers({
        'POST /envio-em-massa': { status: 409, body: { status: 409, message: 'Nenhuma instância conectada para o envio.' } },
      }),
    );
    renderScreen(<MassSendComposerScreen />);
    await compose();
    fireEvent.click(sendButton());
    await screen.findByText('Erro ao cadastrar disparo: Nenhuma instância conectada para o envio.');
    cleanup();
    answerRequests(
      answers({
        'POST /envio-em-massa': {
          status: 400,
          body: { status: 400, message: 'Erro ao cadastrar disparo', code: 'DISPARO_RECUSADO' },
        },
      }),
    );
    renderScreen(<MassSendComposerScreen />);
    await compose();
    fireEvent.click(sendButton());
    await screen.findByText('Erro ao cadastrar disparo');
    expect(screen.queryByText('Erro ao cadastrar disparo: Erro ao cadastrar disparo')).toBeNull();
  });
});

describe('issue 21 item 10: one campaign at a time per WhatsApp number (002 §4 "Composer", §8)', () => {
  const pausedElsewhere = makeCampaign({
    id: 9,
    name: 'Retorno de orçamentos',
    status: 'PAUSADO',
    instancia: 'campanhas',
    totalClientes: 10,
    clientesEnviados: 5,
    clientesErro: 0,
    motivoPausa:
      'Pausado automaticamente: o WhatsApp limitou temporariamente os envios deste número. Espere algumas horas antes de continuar.',
  });
  async function pickNumber(name: string) {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Enviar pela instância' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: new RegExp(`^${name}`) }));
  }

  it(
    'a campaign paused on another number leaves the message box and Enviar to the chosen number',
    { timeout: 60_000 },
    async () => {
      answerRequests(
        answers({
          'GET /envio-em-massa': { body: { data: [pausedElsewhere] } },
          'POST /envio-em-massa': {
            status: 201,
            body: { message: 'Disparo cadastrado com sucesso', data: makeCampaign({ id: 10 }) },
          },
        }),
      );
      renderScreen(<MassSendComposerScreen />);
      await applyFilter();
      fireEvent.click(rowCheckbox('Maria Souza'));
      fireEvent.change(field('Nome do Disparo'), { target: { value: 'Primeiro disparo' } });
      fireEvent.change(field('Mensagem'), { target: { value: 'Olá {{nome_do_cliente}}' } });
      expect(screen.queryByTestId('disparo-ocupando')).toBeNull();
      // Under the free number, which number is held and by what.
      await waitFor(() =>
        expect(document.getElementById('instancia-envio-helper-text')?.textContent).toBe(
          'campanhas: “Retorno de orçamentos” pausado. Este número está livre.',
        ),
      );
      expect((sendButton() as HTMLButtonElement).disabled).toBe(false);
      fireEvent.click(sendButton());
      await screen.findByText('Disparo cadastrado com sucesso');
      expect(postedCampaign()?.body).toMatchObject({ evolutionInstanceName: 'recepcao' });
    },
  );

  it('says which campaign holds the chosen number, by its real status, and offers Continuar in place', async () => {
    const sent = answerRequests(
      answers({
        'GET /envio-em-massa': { body: { data: [pausedElsewhere] } },
        'PUT /envio-em-massa/9': { body: { data: { ...pausedElsewhere, status: 'EM_ANDAMENTO' } } },
      }),
    );
    renderScreen(<MassSendComposerScreen />);
    await screen.findByRole('combobox', { name: 'Enviar pela instância' });
    await waitFor(() => expect(sent.some((r) => r.path === '/envio-em-massa')).toBe(true));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Enviar pela instância' }));
    expect((await screen.findByRole('option', { name: /^campanhas/ })).textContent).toBe(
      'campanhas — (11) 91234-5678 — ocupada por “Retorno de orçamentos” (Pausado)',
    );
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    await pickNumber('campanhas');
    const holder = await screen.findByRole('status', { name: 'Disparo que ocupa o número' });
    expect(within(holder).getByTestId('disparo-ocupando').textContent).toBe(
      'O número campanhas está ocupado: disparo “Retorno de orçamentos” pausado',
    );
    expect(holder.textContent).toContain('10 leads: 5 enviados, 5 pendentes · 50% concluído');
    expect(holder.textContent).toContain('Espere algumas horas antes de continuar.');
    expect(holder.textContent).not.toContain('em andamento');
    // The message box stays, for another number or for later.
    expect(field('Mensagem')).toBeTruthy();
    expect(within(holder).queryByRole('button', { name: 'Pausar' })).toBeNull();
    await act(async () => fireEvent.click(within(holder).getByRole('button', { name: 'Continuar' })));
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'PUT')).toMatchObject({ path: '/envio-em-massa/9', body: { status: 'EM_ANDAMENTO' } }),
    );
  });

  it("'Parar envio' asks first (it cannot be undone, 002 §4) and finalizes only after Finalizar (item 11)", async () => {
    const running = makeCampaign({
      id: 9,
      name: 'Retorno de novembro',
      instancia: 'recepcao',
      clientesEnviados: 4,
      clientesErro: 0,
      totalClientes: 10,
    });
    const sent = answerRequests(
      answers({
        'GET /envio-em-massa': { body: { data: [running] } },
        'PUT /envio-em-massa/9': { body: { data: { ...running, status: 'FINALIZADO' } } },
      }),
    );
    renderScreen(<MassSendComposerScreen />);
    const holder = await screen.findByRole('status', { name: 'Disparo que ocupa o número' });
    expect(within(holder).getByTestId('disparo-ocupando').textContent).toBe(
      'O número recepcao está ocupado: disparo “Retorno de novembro” em andamento',
    );
    expect(within(holder).getByRole('button', { name: 'Pausar' })).toBeTruthy();
    fireEvent.click(within(holder).getByRole('button', { name: 'Parar envio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Parar envio' });
    expect(dialog.textContent).toContain('Finalizar “Retorno de novembro”?');
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Parar envio' })).toBeNull());
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.click(within(holder).getByRole('button', { name: 'Parar envio' }));
    await act(async () =>
      fireEvent.click(
        within(await screen.findByRole('dialog', { name: 'Parar envio' })).getByRole('button', { name: 'Finalizar' }),
      ),
    );
    await waitFor(() => expect(sent.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ status: 'FINALIZADO' }]));
  });

  it("a grey 'Enviar' says why", async () => {
    answerRequests(answers());
    renderScreen(<MassSendComposerScreen />);
    expect(screen.getByTestId('motivo-enviar').textContent).toBe(
      'Filtro não aplicado: aplique um filtro para encontrar os leads.',
    );
    await applyFilter();
    expect(screen.getByTestId('motivo-enviar').textContent).toBe('Nenhum lead selecionado');
  });
});

describe("002 §2.4 'Iniciar envio em massa' link", () => {
  it('searches the column at once from ?status_negociacao=', async () => {
    answerRequests(answers());
    renderScreen(<MassSendComposerScreen />, '/envio-em-massa-cadastro?status_negociacao=4');
    await screen.findByText('Maria Souza');
  });
});
