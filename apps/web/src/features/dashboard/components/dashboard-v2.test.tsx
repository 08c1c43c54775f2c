// 000 §2 'Dashboard v2', §4 'Dashboard v2 load', §5, §7 'Dashboard GETs', §8, §9: the filter bar and
// its encoding, the cards' formats, the lead tables' paging rule and empty texts, on a stubbed API.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { makeCurrentUser, sessionModule, shell } from '../../../testing/kit.tsx';
import {
  capturedRows,
  dashboardAnswers,
  dashboardUnitData,
  renderDashboard,
  stubDashboardApi,
  type SentCall,
} from '../testing/dashboard-test-kit.tsx';
import { DashboardV2 } from './dashboard-v2.tsx';

vi.mock('../../../lib/session.ts', () => sessionModule);
vi.mock('../../../lib/unit-data.ts', () => ({ useLoadedUnitData: () => dashboardUnitData() }));

// 12:00 in São Paulo on 25/11/2026.
const NOW = new Date('2026-11-25T15:00:00Z');
const DEFAULT_DATES = '2026-11-19%2000%3A00%3A00/2026-11-25%2023%3A59%3A59';

const section = (name: string) => screen.getByRole('region', { name });
const captureCard = (label: string) => within(section('Performance de Captação')).getByRole('group', { name: label });
const card = (label: string) => within(section('Performance de Atendimento')).getByRole('group', { name: label });
const lastOf = (sent: SentCall[], call: string) => sent.filter((s) => s.call === call).at(-1)?.tail;

beforeEach(() => {
  expect(makeCurrentUser().permissao).toBeDefined();
});
afterEach(cleanup);

describe('dashboard v2 (000 §2)', { timeout: 30_000 }, () => {
  it('opens on the last 7 days with every filter empty (-1), dates as 00:00:00 … 23:59:59', async () => {
    const sent = stubDashboardApi(dashboardAnswers());
    renderDashboard(<DashboardV2 now={() => NOW} />);
    await screen.findByText('1.234');
    for (const call of ['captacao', 'atendimento', 'atendimento-conversao-valores', 'atendimento-tempo', 'ranking', 'etapas']) {
      expect(lastOf(sent, call)).toBe(`-1/-1/-1/-1/${DEFAULT_DATES}`);
    }
    expect(lastOf(sent, 'atendimento-leads')).toBe(`1/1/-1/-1/-1/-1/${DEFAULT_DATES}`);
    expect(screen.getByTestId('periodo-aplicado').textContent).toBe('19/11/2026 a 25/11/2026');
  });

  it('shows the cards as the spec labels them: Conversões in BRL, Valor em Conversões as a count, averages with 3 decimals', async () => {
    stubDashboardApi(dashboardAnswers());
    renderDashboard(<DashboardV2 now={() => NOW} />);
    await screen.findByText('1.234');
    expect(within(captureCard('Leads Captados')).getByTestId('kpi-valor').textContent).toBe('1.234');
    expect(within(captureCard('Impactados')).getByText('Mensagem 700 · Ligação 450')).toBeTruthy();
    expect(within(captureCard('Conversões')).getByTestId('kpi-valor').textContent).toBe('R$ 15.300,50');
    expect(within(card('Conversões')).getByTestId('kpi-valor').textContent).toBe('3');
    expect(within(card('Responderam')).getByTestId('kpi-valor').textContent).toBe('300');
    expect(within(card('Responderam')).getByText('33,3% dos impactados · Mensagem 31,4% · Ligação 26,7%')).toBeTruthy();
    expect(within(captureCard('Valor em Conversões')).getByTestId('kpi-valor').textContent).toBe('3');
    expect(within(card('Média de mensagens por lead')).getByTestId('kpi-valor').textContent).toBe('1,500');
    expect(within(card('Média de tentativas de ligação')).getByTestId('kpi-valor').textContent).toBe('2,667');
    // The six time cards of 000 §2.
    expect(within(card('Tempo médio para converter')).getByTestId('kpi-valor').textContent).toBe('3d 4h');
    expect(within(card('Tempo médio para contato por mensagem')).getByTestId('kpi-valor').textContent).toBe('3min 05s');
    expect(within(card('Tempo médio para contato por ligação')).getByTestId('kpi-valor').textContent).toBe('2h 07min');
    expect(within(card('Tempo médio de resposta às mensagens')).getByTestId('kpi-valor').textContent).toBe('42s');
    expect(within(card('Duração média das ligações')).getByTestId('kpi-valor').textContent).toBe('1min 35s');
    expect(within(card('Duração total das ligações')).getByTestId('kpi-valor').textContent).toBe('5h 00min');
    // The previous period on the cards: 1.000 → 1.234 leads, a wait halved (shorter is better).
    expect(within(captureCard('Leads Captados')).getByLabelText('+23,4% em relação ao período anterior')).toBeTruthy();
    expect(
      within(card('Tempo médio de resposta às mensagens')).getByLabelText('−50,0% em relação ao período anterior'),
    ).toBeTruthy();
    expect(within(captureCard('Conversões')).getByText('sem base no período anterior')).toBeTruthy();
  });

  it('sends the chosen filters on Atualizar and the defaults again on Limpar (000 §4)', async () => {
    const sent = stubDashboardApi(dashboardAnswers());
    renderDashboard(<DashboardV2 now={() => NOW} />);
    await screen.findByText('1.234');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Plataforma' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Google' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Atendente' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Carlos Souza' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status de venda do cliente' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cliente' }));
    const campaign = screen.getByRole('combobox', { name: 'Campanha' });
    fireEvent.change(campaign, { target: { value: 'Black' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Black Friday' }));
    // Nothing is sent before Atualizar.
    expect(lastOf(sent, 'captacao')).toBe(`-1/-1/-1/-1/${DEFAULT_DATES}`);
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(lastOf(sent, 'captacao')).toBe(`Black%2520Friday/2/2/5/${DEFAULT_DATES}`));
    expect(lastOf(sent, 'atendimento-leads')).toBe(`1/1/Black%2520Friday/2/2/5/${DEFAULT_DATES}`);
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    await waitFor(() => expect(lastOf(sent, 'captacao')).toBe(`-1/-1/-1/-1/${DEFAULT_DATES}`));
  });

  it('collapses the filter bar', async () => {
    stubDashboardApi(dashboardAnswers());
    renderDashboard(<DashboardV2 now={() => NOW} />);
    await screen.findByText('1.234');
    fireEvent.click(screen.getByRole('button', { name: 'Recolher filtros' }));
    expect(screen.getByRole('button', { name: 'Mostrar filtros' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('pages the lead tables 5 rows at a time and asks for the next server page on page index 3 only (000 §2, §9)', async () => {
    const sent = stubDashboardApi(
      dashboardAnswers({
        'atendimento-leads': (tail: string) => {
          const page = Number(tail.split('/')[0]);
          return {
            data: {
              tabela_leads_captados: capturedRows(page <= 2 ? 25 : 10, (page - 1) * 25),
              tabela_leads_antendidos: [],
              total_captados: 60,
              total_atendidos: 0,
              pagina_captacao: page,
              pagina_atendimento: 1,
              por_pagina: 25,
            },
          };
        },
      }),
    );
    renderDashboard(<DashboardV2 now={() => NOW} />);
    const table = await screen.findByRole('table', { name: 'Leads captados' });
    await within(table).findByText('Lead 1');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 5);
    expect(within(table.closest('[role="tabpanel"]') as HTMLElement).getByText('1–5 de 60')).toBeTruthy();
    const panel = table.closest('[role="tabpanel"]') as HTMLElement;
    const next = () => fireEvent.click(within(panel).getByRole('button', { name: /próxima página/i }));
    const leadPages = () =>
      sent.filter((s) => s.call === 'atendimento-leads').map((s) => s.tail.split('/').slice(0, 2).join('/'));
    next(); // page index 1
    next(); // page index 2
    expect(leadPages()).toEqual(['1/1']);
    next(); // page index 3: (3 + 2) % 5 === 0
    await waitFor(() => expect(leadPages()).toContain('2/1'));
    expect(within(table).getByText('Lead 16')).toBeTruthy();
    next(); // 4
    next(); // 5: rows 26–30 from server page 2, already there
    expect(await within(table).findByText('Lead 26')).toBeTruthy();
    expect(leadPages().filter((p) => p.startsWith('3/'))).toEqual([]);
    // A new filter starts the tables over from their first page and server page 1.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Plataforma' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Google' }));
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(sent.some((s) => s.call === 'atendimento-leads' && s.tail.startsWith('1/1/-1/-1/2/'))).toBe(true));
    expect(await within(panel).findByText('1–5 de 60')).toBeTruthy();
  });

  it("says 'Nenhum registro encontrado!' and 'Nenhum registro para exibir' on empty tables (000 §8)", async () => {
    stubDashboardApi(dashboardAnswers());
    renderDashboard(<DashboardV2 now={() => NOW} />);
    expect(await screen.findByText('Nenhum registro encontrado!')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Tabela leads atendidos' }));
    expect(
      await within(screen.getByRole('table', { name: 'Leads atendidos' })).findByText('Nenhum registro para exibir'),
    ).toBeTruthy();
  });
});

describe('dashboard v2 costs (issue 23 §6; 000 §6)', { timeout: 30_000 }, () => {
  it("the managers see 'Custos e retorno por campanha'; the attendant, who has no CAMPANHAS tab, does not", async () => {
    const before = shell.permissao;
    try {
      shell.permissao = 'a';
      stubDashboardApi(dashboardAnswers());
      renderDashboard(<DashboardV2 now={() => NOW} />);
      await screen.findByText('1.234');
      expect(within(section('Performance de Captação')).getByText('Custos e retorno por campanha')).toBeTruthy();
      expect(within(captureCard('ROAS')).getByTestId('kpi-valor').textContent).toBe('—');
      cleanup();
      shell.permissao = 'u';
      stubDashboardApi(dashboardAnswers());
      renderDashboard(<DashboardV2 now={() => NOW} />);
      await screen.findByText('1.234');
      expect(screen.queryByText('Custos e retorno por campanha')).toBeNull();
    } finally {
      shell.permissao = before;
    }
  });
});
