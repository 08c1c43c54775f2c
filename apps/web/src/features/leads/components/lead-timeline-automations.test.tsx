// Issue 25 in the lead's history: a change an automation made shows 'Automação: {nome}' as its author,
// and the lead's automation runs (GET /automacoes/lead/{id}) show each step with when and its result.
// The real HTTP client against the fake API; the unit's lists mocked.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { LeadRunsResponse } from '@funil/domain/automations/automations';
import type { HistoryItem } from '@funil/domain/leads-api/lead-api';
import { makeHistoryEvent } from '@funil/domain/testing/factories';

import { renderWithProviders, sentRequests, serveApi } from '../../../testing/kit.tsx';
import { LeadTimeline } from './lead-timeline.tsx';

vi.mock('../../../lib/session.ts', async () => (await import('../../../testing/kit.tsx')).sessionModule);
vi.mock('../../../lib/unit-data.ts', () => ({
  unitDataQuery: { queryKey: ['unit-data'] },
  useLoadedUnitData: () => ({
    crm_contato_negociacao_status: [
      { idFunil: 4, nome: 'Em negociação' },
      { idFunil: 9, nome: 'Proposta enviada' },
    ],
    crm_contato_negociacao_status_venda: [],
    usuarios: [{ id: 3, nome: 'Adriana Moreira' }],
    tags: [],
  }),
}));

const LEAD = 41;
const byRule: HistoryItem = {
  ...makeHistoryEvent({ id: 2, cli_crm_id: LEAD, tipo: 5, id_antigo: 4, id_novo: 9, texto: null, atendente: 3 }),
  datacad: '2026-11-26T13:00:05.000Z',
  data_comentario: null,
  autor: 'Automação: Tabela de preços',
  nome_atendente: 'Automação: Tabela de preços',
};
const byPerson: HistoryItem = {
  ...makeHistoryEvent({ id: 1, cli_crm_id: LEAD, tipo: 5, id_antigo: 3, id_novo: 4, texto: null, atendente: 3 }),
  datacad: '2026-11-26T13:00:00.000Z',
  data_comentario: null,
  autor: null,
  nome_atendente: 'Adriana Moreira',
};
const runs: LeadRunsResponse['data'] = [
  {
    id: 7,
    cliCrmId: LEAD,
    nomeLead: 'Carla Mendes',
    status: 'falhou',
    passo: 1,
    erro: 'Chamar URL: A URL respondeu 500.',
    proximoEm: '2026-11-26T13:00:05.000Z',
    criadoEm: '2026-11-26T13:00:01.000Z',
    terminadoEm: '2026-11-26T13:10:00.000Z',
    automacao: { id: 3, nome: 'Tabela de preços' },
    passos: [
      { passo: 0, descricao: 'Mudar o status', resultado: 'ok', detalhe: 'Status alterado', em: '2026-11-26T13:00:05.000Z' },
      {
        passo: 0,
        descricao: 'Iniciar fluxo do Typebot',
        resultado: 'pausado',
        detalhe: 'Typebot pausado por atendente',
        em: '2026-11-26T13:05:00.000Z',
      },
      {
        passo: 1,
        descricao: 'Chamar URL',
        resultado: 'falhou',
        detalhe: 'Chamar URL: A URL respondeu 500.',
        em: '2026-11-26T13:10:00.000Z',
      },
    ],
  },
];

function serve(leadRuns: LeadRunsResponse['data']) {
  serveApi((call) => {
    if (call.path === `/negociacao/${LEAD}`) return { body: { data: [byRule, byPerson] } };
    if (call.path === `/automacoes/lead/${LEAD}`) return { body: { data: leadRuns } };
    if (call.path === '/tags') return { body: { data: [] } };
    return { status: 404, body: { message: 'Não encontrado', status: 404 } };
  });
}

afterEach(cleanup);

describe("the lead's history with its automations (issue 25)", () => {
  it("shows 'Automação: {nome}' as the author of the rule's change and the person's name on the person's", async () => {
    serve([]);
    renderWithProviders(<LeadTimeline leadId={LEAD} companyId={2} potentials={[]} readOnly />);
    const rows = await screen.findAllByRole('listitem', { name: 'Status da negociação alterado' });
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Em negociação → Proposta enviada');
    expect(rows[0]!.textContent).toContain('26/11/2026 10:00:05 · Automação: Tabela de preços');
    expect(rows[1]!.textContent).toContain('26/11/2026 10:00:00 · Adriana Moreira');
    // No run: no automations section.
    expect(sentRequests().some((r) => r.path === `/automacoes/lead/${LEAD}`)).toBe(true);
    expect(screen.queryByRole('region', { name: 'Automações do lead' })).toBeNull();
  });

  it('shows the run log: the automation, its status, each step with when and its result in Portuguese, and the error', async () => {
    serve(runs);
    renderWithProviders(<LeadTimeline leadId={LEAD} companyId={2} potentials={[]} readOnly />);
    const run = await screen.findByRole('region', { name: 'Execução de Tabela de preços' });
    expect(within(screen.getByRole('region', { name: 'Automações do lead' })).getByText('Automações')).toBeTruthy();
    expect(within(run).getByText('Falhou', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(run.textContent).toContain('Início 26/11/2026 10:00');
    const steps = within(run).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      '26/11/2026 10:00 — Mudar o status: Feito (Status alterado)',
      '26/11/2026 10:05 — Iniciar fluxo do Typebot: Pausado pelo atendente (Typebot pausado por atendente)',
      '26/11/2026 10:10 — Chamar URL: Falhou (Chamar URL: A URL respondeu 500.)',
    ]);
    expect(run.textContent).toContain('Chamar URL: A URL respondeu 500.');
  });
});
