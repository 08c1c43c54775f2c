// The pipeline's optimistic move (002 §4 "Pipeline", §7 PUT kanban/status-negociacao; issue 11):
// the card moves at once with both counts and sums, stays when the server accepts, and goes back
// with the server's Portuguese refusal. The board is read and the move sent through the app's real
// HTTP client; the server is the web test kit's fake API.
import { afterEach, describe, expect, it } from 'vitest';

import { LOGIN_MESSAGES } from '@funil/domain/auth/login';
import { LEAD_API_MESSAGES } from '@funil/domain/leads-api/messages';
import { EMPTY_PIPELINE_FILTER } from '@funil/domain/pipeline/pipeline';
import type { KanbanColumn, PipelineCard } from '@funil/domain/pipeline/pipeline-api';

import { serveApi, type ApiAnswer } from '../../testing/kit.tsx';
import { loadBoard, moveOptimistic } from './board-actions.ts';
import { getPipelineView, resetPipelineView } from './pipeline-store.ts';

const card = (id: number, status: number, valor: number): PipelineCard => ({
  cli_crm_id: id,
  cli_nome: `Lead ${id}`,
  cli_telefone: '11987654321',
  cli_url_foto: null,
  idUsuario: null,
  nome_atendimento: null,
  ad_name: null,
  cli_campanha_id: null,
  cli_campanha_nome: null,
  cli_data_captacao: '2026-11-20T13:00:00.000Z',
  valor_ticket: valor,
  cli_status_negociacao: status,
  cli_status_negociacao_venda: 1,
  posicao: id * 1000,
  dataAtualizacao: '2026-11-20T13:00:00.000Z',
});

const column = (idFunil: number, nome: string, leads: PipelineCard[]): KanbanColumn => ({
  id: idFunil,
  nome,
  cor: '#1976d2',
  idFunil,
  idFunilVenda: null,
  total_oportunidades: leads.length,
  valor_total: leads.reduce((sum, l) => sum + l.valor_ticket, 0),
  leads,
});

const BOARD = [
  column(2, 'Em contato', [card(11, 2, 1000), card(12, 2, 500)]),
  column(5, 'Proposta', [card(21, 5, 300), card(22, 5, 200)]),
];

/** The board's answer, and the move's answer held until `release` (to look at the board in between). */
function serveBoard(move: (body: unknown) => ApiAnswer) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const moves: unknown[] = [];
  serveApi(async (call) => {
    if (call.method === 'GET' && call.path.startsWith('/kanban/status-negociacao/'))
      return { body: { data: BOARD, total_leads: 4 } };
    if (call.method === 'PUT' && call.path === '/kanban/status-negociacao') {
      moves.push(call.body);
      await held;
      return move(call.body);
    }
    return 'network-error';
  });
  return { moves, release };
}

const columnOf = (coluna: number) => getPipelineView().dadosKanban!.columns.find((c) => c.coluna === coluna)!;
const idsOf = (coluna: number) => columnOf(coluna).leads.map((l) => l.cli_crm_id);

afterEach(() => resetPipelineView());

describe('002 §4 Pipeline: the optimistic move', () => {
  it(
    'moves the card at once (both counts by one, both sums by its ticket) and keeps it, with its new ' +
      'position, when the server accepts',
    async () => {
      const server = serveBoard(() => ({
        body: { message: LEAD_API_MESSAGES.statusUpdated, data: { cli_crm_id: 11, coluna: 5, posicao: 1500 } },
      }));
      await loadBoard('negociacao', EMPTY_PIPELINE_FILTER);
      const done = moveOptimistic('negociacao', EMPTY_PIPELINE_FILTER, 11, 2, { coluna: 5, index: 1 });
      // Before the server answers, the board already shows the move.
      expect(idsOf(2)).toEqual([12]);
      expect(idsOf(5)).toEqual([21, 11, 22]);
      expect([columnOf(2).total, columnOf(2).soma, columnOf(5).total, columnOf(5).soma]).toEqual([1, 500, 3, 1500]);
      expect(columnOf(5).leads[1]!.cli_status_negociacao).toBe(5);
      await expect.poll(() => server.moves.length).toBe(1);
      // 002 §7 PUT kanban/status-negociacao {cli_crm_id, idFunil}, with the neighbours of the drop (issue 11).
      expect(server.moves[0]).toEqual({ cli_crm_id: 11, idFunil: 5, acima: 21, abaixo: 22 });
      server.release();
      expect(await done).toBeNull();
      expect(idsOf(5)).toEqual([21, 11, 22]);
      expect(columnOf(5).leads[1]!.posicao).toBe(1500);
      expect([columnOf(2).total, columnOf(5).total]).toEqual([1, 3]);
    },
  );

  it("puts the card back in both columns and returns the server's Portuguese refusal", async () => {
    const server = serveBoard(() => ({ status: 409, body: { message: LEAD_API_MESSAGES.transitionNotAllowed, status: 409 } }));
    await loadBoard('negociacao', EMPTY_PIPELINE_FILTER);
    const done = moveOptimistic('negociacao', EMPTY_PIPELINE_FILTER, 12, 2, { coluna: 5, index: 0 });
    expect(idsOf(5)).toEqual([12, 21, 22]);
    server.release();
    expect(await done).toBe('Transição de status não permitida.');
    expect(idsOf(2)).toEqual([11, 12]);
    expect(idsOf(5)).toEqual([21, 22]);
    expect([columnOf(2).total, columnOf(2).soma, columnOf(5).total, columnOf(5).soma]).toEqual([2, 1500, 2, 500]);
  });

  it("says the unreachable server in the user's words (the HTTP client's text) and restores the board", async () => {
    const sent = serveApi((call) => (call.method === 'GET' ? { body: { data: BOARD, total_leads: 4 } } : 'network-error'));
    await loadBoard('negociacao', EMPTY_PIPELINE_FILTER);
    const answer = await moveOptimistic('negociacao', EMPTY_PIPELINE_FILTER, 21, 5, { coluna: 2, index: 2 });
    expect(answer).toBe(LOGIN_MESSAGES.unexpected);
    expect(sent.map((r) => r.method)).toEqual(['GET', 'PUT']);
    expect(idsOf(2)).toEqual([11, 12]);
    expect(idsOf(5)).toEqual([21, 22]);
  });
});
