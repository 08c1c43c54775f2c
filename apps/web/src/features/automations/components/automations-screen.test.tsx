// /automacao (issue 25; 002 §2.7): the triggers table with real rows, 5 per page, Habilitado /
// Desabilitado; 'Cadastro de Gatilho'; the step builder read top to bottom; 'Visualizar Desempenho';
// the user with the flag sees but does not change (docs/decisions.md "Automations").
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
      { id: 1, idFunil: 1, nome: 'Novo', cor: '#000', descricao: null },
      { id: 4, idFunil: 4, nome: 'Em negociação', cor: '#000', descricao: null },
      { id: 9, idFunil: 9, nome: 'Whatsapp', cor: '#000', descricao: null },
    ],
    statusNegociacaoVenda: [{ id: 1, idFunilVenda: 2, nome: 'Orçamento enviado', cor: '#000', descricao: null }],
    usuarios: [{ id: 5, nome: 'Bruna Atendente', cor: '#000' }],
    tags: [{ id: 3, nome: 'Quente', cor: '#000', descricao: null }],
    plataformas: [{ id: 1, nome: 'Facebook' }],
  }),
}));
vi.setConfig({ testTimeout: 30_000 });

const rule = (id: number, nome: string, habilitado = true): RuleView => ({
  id,
  nome,
  gatilho: { tipo: 'status-entrou', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 4 },
  opcoes: { limiteDiario: 1 },
  passos: [{ tipo: 'mensagem', texto: 'Olá [nome_cliente], segue a tabela.' }],
  habilitado,
  dataCad: '2026-11-20T13:00:00.000Z',
  dataAtualizacao: '2026-11-20T13:00:00.000Z',
});
const rules = [
  rule(1, 'Tabela de preços'),
  rule(2, 'Requalificação', false),
  ...[3, 4, 5, 6, 7].map((i) => rule(i, `Regra ${i}`)),
];

function api() {
  return stubApi({
    'GET /automacoes': { body: { data: rules } },
    'POST /automacoes': (body) => ({
      status: 201,
      body: { message: 'Automação cadastrada com sucesso!', data: { ...rule(8, 'x'), ...(body as object) } },
    }),
    'PUT /automacoes/1/status': { body: { message: 'Automação desabilitada.', data: rule(1, 'Tabela de preços', false) } },
    'GET /automacoes/1/desempenho': {
      body: {
        data: {
          automacao: rules[0],
          figuras: {
            iniciadas: 12,
            concluidas: 9,
            paradas: 1,
            falhas: 1,
            emAndamento: 1,
            medianaSegundos: 7200,
            mensagensEnviadas: 11,
            pausadasPorAtendente: 0,
            paradasPorCondicao: 0,
            respondidas: 0,
          },
          execucoes: [
            {
              id: 40,
              cliCrmId: 77,
              nomeLead: 'Carla Mendes',
              status: 'falhou',
              passo: 0,
              erro: 'Lead sem WhatsApp!',
              proximoEm: '2026-11-20T13:00:00.000Z',
              criadoEm: '2026-11-20T13:00:00.000Z',
              terminadoEm: '2026-11-20T13:01:00.000Z',
              passos: [
                {
                  passo: 0,
                  descricao: 'Enviar mensagem',
                  resultado: 'falhou',
                  detalhe: 'Lead sem WhatsApp!',
                  em: '2026-11-20T13:01:00.000Z',
                },
              ],
            },
          ],
        },
      },
    },
    'POST /automacoes/1/execucoes/40/repetir': { body: { message: 'Execução retomada.', data: { id: 40 } } },
  });
}

afterEach(() => {
  cleanup();
  shell.permissao = 'a';
});

describe('/automacao (002 §2.7)', () => {
  it('lists the real triggers 5 per page with Habilitado / Desabilitado, and Desabilitar sends the change', async () => {
    const sent = api();
    renderWithProviders(<AutomationsScreen />);
    const table = await screen.findByRole('table', { name: 'Gatilhos' });
    await within(table).findByRole('rowheader', { name: 'Tabela de preços' });
    expect(within(table).getAllByRole('rowheader')).toHaveLength(5);
    expect(within(table).getAllByText('Status do Funil').length).toBe(5);
    expect(within(table).getAllByText('Entrou em Em negociação').length).toBe(5);
    expect(within(table).getByText('Desabilitado')).toBeTruthy();
    expect(within(table).getAllByText('Habilitado')).toHaveLength(4);
    fireEvent.click(within(table).getByRole('button', { name: 'Desabilitar Tabela de preços' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT' && r.path.endsWith('/automacoes/1/status'))).toBe(true));
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ habilitado: false });
  });

  it("'Cadastro de Gatilho' creates a trigger on a status that runs the chosen automation's steps", async () => {
    const sent = api();
    renderWithProviders(<AutomationsScreen />);
    await screen.findByRole('rowheader', { name: 'Tabela de preços' });
    fireEvent.click(screen.getByRole('button', { name: 'Criar gatilho' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastro de Gatilho' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    expect(await within(dialog).findByText('Informe o nome.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nome' }), { target: { value: 'Preço no WhatsApp' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Status/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Whatsapp' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Automação/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Tabela de preços' }));
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    expect(sent.find((r) => r.method === 'POST')?.body).toMatchObject({
      nome: 'Preço no WhatsApp',
      gatilho: { tipo: 'status-entrou', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 9 },
      passos: rules[0]!.passos,
    });
  });

  it("'Cadastro de Gatilho' offers 'Status do contato' with the contact statuses (002 §3 STATUS_CONTATO)", async () => {
    const sent = api();
    renderWithProviders(<AutomationsScreen />);
    await screen.findByRole('rowheader', { name: 'Tabela de preços' });
    fireEvent.click(screen.getByRole('button', { name: 'Criar gatilho' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastro de Gatilho' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nome' }), { target: { value: 'Atendeu' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Tipo do Gatilho/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Status do Funil',
      'Status do ERP',
      'Status do contato',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Status do contato' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Status/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Novo',
      'Não Atendido',
      'Atendido',
      'Em Atendimento',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Atendido' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Automação/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Tabela de preços' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    expect(sent.find((r) => r.method === 'POST')?.body).toMatchObject({
      nome: 'Atendeu',
      gatilho: { tipo: 'status-entrou', tipoStatus: 'STATUS_CONTATO', idStatus: 3 },
    });
  });

  it("'Criar automação' builds message + wait + status change as a table read top to bottom", async () => {
    const sent = api();
    renderWithProviders(<AutomationsScreen />);
    const { dialog, add } = await openBuilder('Tabela de preços', 'Tabela');
    expect(within(dialog).getByText('Nenhum passo ainda. Adicione o primeiro abaixo.')).toBeTruthy();
    await add('Enviar mensagem no WhatsApp');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Mensagem do passo 1' }), {
      target: { value: 'Olá [nome_cliente], segue a tabela.' },
    });
    await add('Esperar');
    await add('Mudar status');
    expect(stepRows(dialog)).toEqual([
      '1 | Enviar mensagem no WhatsApp | Enviar mensagem no WhatsApp: "Olá [nome_cliente], segue a tabela."',
      '2 | Esperar | Esperar 1 dia (em horário comercial)',
      '3 | Mudar status | Mudar o status de negociação para Novo',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    expect((sent.find((r) => r.method === 'POST')?.body as { passos: unknown[] }).passos).toEqual([
      { tipo: 'mensagem', texto: 'Olá [nome_cliente], segue a tabela.' },
      { tipo: 'esperar', quantidade: 1, unidade: 'dias', horarioComercial: true },
      { tipo: 'status', familia: 'negociacao', idStatus: 1 },
    ]);
  });

  it('edits one step at a time under the table; Subir, Descer and Remover reorder what is saved', async () => {
    const sent = api();
    renderWithProviders(<AutomationsScreen />);
    const { dialog, add } = await openBuilder('Tabela de preços', 'Ordem');
    await add('Esperar');
    await add('Condição');
    await add('Adicionar anotação');
    // Only the step just added shows its fields, under the table, and its row is the current one.
    expect(within(dialog).getByRole('region', { name: 'Editar o passo 3' })).toBeTruthy();
    expect(within(dialog).queryByRole('spinbutton', { name: 'Quanto esperar no passo 1' })).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Anotação do passo 3' }), { target: { value: 'Lead quente' } });
    const current = () =>
      within(within(dialog).getByRole('table', { name: 'Passos da automação' }))
        .getAllByRole('row')
        .findIndex((row) => row.getAttribute('aria-current') === 'step');
    expect(current()).toBe(3);
    // The condition reads with the unit's names.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Editar o passo 2' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Anotação do passo 3' })).toBeNull();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Valor' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Em negociação' }));
    expect(stepRows(dialog)[1]).toBe('2 | Condição | Continuar só se o status do funil for Em negociação');
    // Another field takes its first choice, not the status id.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Continuar só se' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Tag' }));
    expect(stepRows(dialog)[1]).toBe('2 | Condição | Continuar só se o lead tiver a tag "Quente"');
    // Subir takes the note to the top; the fields shown follow the step being edited (now the 3rd).
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subir o passo 3' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subir o passo 2' }));
    expect(within(dialog).getByRole('region', { name: 'Editar o passo 3' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Subir o passo 1' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Descer o passo 3' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Descer o passo 2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover o passo 2' }));
    expect(stepRows(dialog)).toEqual([
      '1 | Adicionar anotação | Adicionar anotação: "Lead quente"',
      '2 | Esperar | Esperar 1 dia (em horário comercial)',
    ]);
    expect(within(dialog).queryByRole('region', { name: /^Editar o passo/ })).toBeNull();
    // A click on a row edits it; 'Concluir o passo' closes its fields.
    fireEvent.click(within(dialog).getByRole('cell', { name: 'Esperar 1 dia (em horário comercial)' }));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Quanto esperar no passo 2' }), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Concluir o passo' }));
    expect(within(dialog).queryByRole('region', { name: /^Editar o passo/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    expect((sent.find((r) => r.method === 'POST')?.body as { passos: unknown[] }).passos).toEqual([
      { tipo: 'anotacao', texto: 'Lead quente' },
      { tipo: 'esperar', quantidade: 2, unidade: 'dias', horarioComercial: true },
    ]);
  });

  it('the user sees the table and Visualizar Desempenho, retries a failed run, and cannot change rules', async () => {
    shell.permissao = 'u';
    const sent = api();
    renderWithProviders(<AutomationsScreen />);
    const table = await screen.findByRole('table', { name: 'Gatilhos' });
    await within(table).findByRole('rowheader', { name: 'Tabela de preços' });
    expect(screen.queryByRole('button', { name: 'Criar automação' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Criar gatilho' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Editar Tabela de preços' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Desabilitar Tabela de preços' })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Visualizar Desempenho Tabela de preços' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desempenho: Tabela de preços' });
    expect(await within(dialog).findByText('12')).toBeTruthy();
    expect(within(dialog).getByText('2,0 h')).toBeTruthy();
    fireEvent.click(await within(dialog).findByRole('rowheader', { name: 'Carla Mendes' }));
    // The step's result in Portuguese (STEP_RESULT_LABELS), never the stored word 'falhou'.
    const log = within(dialog).getByRole('region', { name: 'Registro da execução de Carla Mendes' });
    expect(within(log).getByRole('listitem').textContent).toMatch(/: Falhou \(Lead sem WhatsApp!\)$/);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Tentar de novo a partir do passo' }));
    await waitFor(() => expect(sent.some((r) => r.path.endsWith('/automacoes/1/execucoes/40/repetir'))).toBe(true));
    expect(sent.find((r) => r.path.endsWith('/automacoes/1/execucoes/40/repetir'))?.body).toEqual({ passo: 1 });
  });
});
