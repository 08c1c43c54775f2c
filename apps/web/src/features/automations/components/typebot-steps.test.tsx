// Issue 25 'Typebot through the gateway' on /automacao: the admin's 'Configurar Typebot' (the unit's
// server and flows, validated before sending), the builder's 'Iniciar fluxo do Typebot' step that
// picks a configured flow, 'Aguardar resposta do lead' with its 'Se não responder' branch, and the
// 'Lead sem resposta' trigger; 'Pausadas por atendente' in 'Visualizar Desempenho'.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { RuleView } from '@funil/domain/automations/automations';

import { stubApi } from '../../../components/ui/admin-test-kit.tsx';
import { renderWithProviders, shell } from '../../../testing/kit.tsx';
import { AutomationsScreen } from './automations-screen.tsx';
import { openBuilder, stepRows } from './builder-test-kit.tsx';

vi.mock('../../../lib/session.ts', async () => (await import('../../../testing/kit.tsx')).sessionModule);
vi.mock('../../../lib/unit-data.ts', () => ({
  unitDataQuery: { queryKey: ['unit-data'] },
  useLoadedUnitData: () => ({
    statusNegociacao: [
      { id: 3, idFunil: 3, nome: 'Não Atendido', cor: '#000', descricao: null },
      { id: 4, idFunil: 4, nome: 'Em negociação', cor: '#000', descricao: null },
    ],
    statusNegociacaoVenda: [{ id: 1, idFunilVenda: 1, nome: 'Sem venda', cor: '#000', descricao: null }],
    usuarios: [],
    tags: [],
    plataformas: [],
  }),
}));
vi.setConfig({ testTimeout: 30_000 });

const rule: RuleView = {
  id: 1,
  nome: 'Requalificação',
  gatilho: { tipo: 'sem-resposta', horas: 48 },
  opcoes: { limiteDiario: 1 },
  passos: [{ tipo: 'typebot', fluxo: 'requalificar' }],
  habilitado: true,
  dataCad: '2026-11-20T13:00:00.000Z',
  dataAtualizacao: '2026-11-20T13:00:00.000Z',
};
const settings = {
  url: 'https://typebot.exemplo.com.br',
  fluxos: [{ nome: 'Requalificar lead frio', idPublico: 'requalificar' }],
};

function api() {
  return stubApi({
    'GET /automacoes': { body: { data: [rule] } },
    'GET /automacoes/typebot': { body: { data: settings } },
    'PUT /automacoes/typebot': (body) => ({ body: { message: 'Configurações do Typebot salvas com sucesso!', data: body } }),
    'POST /automacoes': (body) => ({
      status: 201,
      body: { message: 'Automação cadastrada com sucesso!', data: { ...rule, ...(body as object) } },
    }),
    'GET /automacoes/1/desempenho': {
      body: {
        data: {
          automacao: rule,
          figuras: {
            iniciadas: 4,
            concluidas: 1,
            paradas: 2,
            falhas: 0,
            emAndamento: 1,
            medianaSegundos: null,
            mensagensEnviadas: 6,
            pausadasPorAtendente: 3,
            paradasPorCondicao: 5,
            respondidas: 7,
          },
          execucoes: [],
        },
      },
    },
  });
}

afterEach(() => {
  cleanup();
  shell.permissao = 'a';
});

describe("/automacao: Typebot, 'Aguardar resposta' and 'Sem resposta' (issue 25)", () => {
  it("the admin's 'Configurar Typebot' checks the fields in Portuguese and saves the server and its flows", async () => {
    const sent = api();
    renderWithProviders(<AutomationsScreen />);
    await screen.findByRole('rowheader', { name: 'Requalificação' });
    expect(screen.getByText('Sem resposta')).toBeTruthy();
    expect(screen.getByText('48 horas sem resposta após a última mensagem enviada')).toBeTruthy();
    const open = screen.getByRole('button', { name: 'Configurar Typebot' });
    await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Configurar Typebot' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar fluxo' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nome do fluxo 2' }), { target: { value: 'Pós-venda' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Identificador público do fluxo 2' }), {
      target: { value: 'pos venda' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText('O identificador do fluxo deve ter só letras, números, hífen e sublinhado.'),
    ).toBeTruthy();
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Identificador público do fluxo 2' }), {
      target: { value: 'pos-venda' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT')).toBe(true));
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({
      url: settings.url,
      fluxos: [...settings.fluxos, { nome: 'Pós-venda', idPublico: 'pos-venda' }],
    });
  });

  it("builds 'Iniciar fluxo do Typebot' + 'Aguardar resposta' on 'Lead sem resposta', read top to bottom", async () => {
    const sent = api();
    renderWithProviders(<AutomationsScreen />);
    const { dialog, add } = await openBuilder('Requalificação', 'Lead frio');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Gatilho' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Lead sem resposta após a última mensagem enviada' }));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Horas sem resposta' }), { target: { value: '72' } });
    await add('Iniciar fluxo do Typebot');
    expect(within(dialog).getByRole('combobox', { name: 'Fluxo do Typebot do passo 1' }).textContent).toContain(
      'Requalificar lead frio',
    );
    await add('Aguardar resposta do lead');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Se não responder' }));
    fireEvent.click(await screen.findByRole('option', { name: 'continuar para o próximo passo' }));
    expect(stepRows(dialog)).toEqual([
      '1 | Iniciar fluxo do Typebot | Iniciar o fluxo do Typebot "Requalificar lead frio"',
      '2 | Aguardar resposta do lead | Aguardar a resposta do lead por até 1 dia. Se não responder: continuar',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    expect(sent.find((r) => r.method === 'POST')?.body).toMatchObject({
      gatilho: { tipo: 'sem-resposta', horas: 72 },
      passos: [
        { tipo: 'typebot', fluxo: 'requalificar' },
        { tipo: 'aguardar-resposta', quantidade: 1, unidade: 'dias', seNaoResponder: 'continuar' },
      ],
    });
  });

  it("'Visualizar Desempenho' counts the runs paused by an attendant", async () => {
    api();
    renderWithProviders(<AutomationsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Visualizar Desempenho Requalificação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desempenho: Requalificação' });
    expect(await within(dialog).findByText('Pausadas por atendente')).toBeTruthy();
    expect(within(dialog).getByText('3')).toBeTruthy();
    // Issue 25: messages sent and answered, and the runs a condition stopped apart from the other stops.
    const figure = (label: string) => within(dialog).getByText(label).parentElement?.textContent;
    expect(figure('Paradas por condição')).toContain('5');
    expect(figure('Mensagens enviadas')).toContain('6');
    expect(figure('Leads que responderam')).toContain('7');
  });
});
