// 000 §2 classic dashboard, §6 'Dashboard': the tabs and the unit multi-select by role, the radio
// Atendimento / Captação, units joined by '&' ('0' for none), ads by '@' (000 §5, §7).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Permission } from '@funil/domain/access/roles';
import { campaignsResponseSchema } from '@funil/domain/dashboard/dashboard-api';

import { sessionModule, shell } from '../../../testing/kit.tsx';
import {
  dashboardAnswers,
  dashboardUnitData,
  renderDashboard,
  stubDashboardApi,
  type SentCall,
} from '../testing/dashboard-test-kit.tsx';
import { ClassicDashboard } from './classic-dashboard.tsx';

vi.mock('../../../lib/session.ts', () => sessionModule);
vi.mock('../../../lib/unit-data.ts', () => ({ useLoadedUnitData: () => dashboardUnitData({ dash_v2: false }) }));

const NOW = new Date('2026-11-25T15:00:00Z');
const PERIOD = '2026-11-19/2026-11-25';
const lastOf = (sent: SentCall[], call: string) => sent.filter((s) => s.call === call).at(-1)?.tail;

const campaigns = campaignsResponseSchema.parse({
  data: {
    crm_campanhas: [
      {
        cli_campanha_nome: 'Black Friday',
        ad_id: '120210',
        ad_name: 'Vídeo 30s',
        leads: 40,
        atendidos: 30,
        ligacoes: 50,
        minutos_cobrados: 120,
        conversoes: 4,
        valor: 20000,
        taxa_conversao: 10,
        ticket_medio: 5000,
      },
      {
        cli_campanha_nome: 'Black Friday',
        ad_id: '120211',
        ad_name: 'Carrossel',
        leads: 20,
        atendidos: 10,
        ligacoes: 15,
        minutos_cobrados: 30,
        conversoes: 0,
        valor: 0,
        taxa_conversao: 0,
        ticket_medio: 0,
      },
    ],
    melhor: { nome: 'Black Friday / Vídeo 30s', taxa_conversao: 10, conversoes: 4, leads: 40 },
    media: { taxa_conversao: 5, conversoes: 2, leads: 30 },
    pior: { nome: 'Black Friday / Carrossel', taxa_conversao: 0, conversoes: 0, leads: 20 },
    minutos_por_conversao: 37.5,
    ticket_medio: 5000,
    por_dia: [{ dia: '2026-11-24', leads: 60, conversoes: 4, valor: 20000 }],
    custos: {
      campanhas: [
        {
          id_campanha: 7,
          campaign_id: '9001',
          campanha: 'Black Friday',
          id_unidade: 1,
          unidade: 'Centro',
          custo: 3000,
          leads: 60,
          vendas: 4,
          valor: 20000,
          custo_por_lead: 50,
          custo_por_venda: 750,
          roas: 6.67,
        },
        {
          id_campanha: 8,
          campaign_id: '9002',
          campanha: 'Clareamento',
          id_unidade: 1,
          unidade: 'Centro',
          custo: null,
          leads: 12,
          vendas: 1,
          valor: 900,
          custo_por_lead: null,
          custo_por_venda: null,
          roas: null,
        },
      ],
      total: { custo: 3000, leads: 60, vendas: 4, valor: 20000, custo_por_lead: 50, custo_por_venda: 750, roas: 6.67 },
      leads_sem_anuncio: 3,
    },
    unidades: [1],
    periodo: { inicio: '2026-11-19 00:00:00', fim: '2026-11-25 23:59:59' },
    periodo_anterior: { inicio: '2026-11-12 00:00:00', fim: '2026-11-18 23:59:59' },
  },
});

afterEach(cleanup);

function renderAs(permission: Permission) {
  shell.permissao = permission;
  const sent = stubDashboardApi(dashboardAnswers({ campanhas: campaigns }));
  renderDashboard(<ClassicDashboard now={() => NOW} />);
  return sent;
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('classic dashboard by role (000 §6 Dashboard)', { timeout: 30_000 }, () => {
  it.each([
    ['u', ['ATENDIMENTOS'], false],
    ['a', ['ATENDIMENTOS', 'CAMPANHAS'], false],
    ['m', ['ATENDIMENTOS', 'CAMPANHAS'], false],
    ['mg', ['ATENDIMENTOS', 'CAMPANHAS', 'LTV'], true],
    ['sa', ['ATENDIMENTOS', 'CAMPANHAS', 'LTV'], true],
  ] as const)('%s sees the tabs %j, unit multi-select: %s', async (permission, tabs, units) => {
    renderAs(permission);
    await screen.findByText('Mariana Alves');
    expect(tabNames()).toEqual(tabs);
    expect(screen.queryByRole('combobox', { name: 'Unidades' }) !== null).toBe(units);
  });
});

describe('classic ATENDIMENTOS (000 §2)', { timeout: 30_000 }, () => {
  it("reads dashboard/crmat for Atendimento and dashboard/crm for Captação, the last 7 days, '0' for no unit", async () => {
    const sent = renderAs('a');
    await screen.findByText('Mariana Alves');
    expect(lastOf(sent, 'crmat')).toBe(`0/${PERIOD}`);
    expect(lastOf(sent, 'crmdata')).toBe(`0/${PERIOD}`);
    expect(within(screen.getByRole('group', { name: 'Total de leads' })).getByTestId('kpi-valor').textContent).toBe('120');
    expect(within(screen.getByRole('group', { name: 'Ticket total' })).getByTestId('kpi-valor').textContent).toBe('R$ 25.000,00');
    fireEvent.click(screen.getByRole('radio', { name: 'Captação' }));
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(lastOf(sent, 'crm')).toBe(`0/${PERIOD}`));
    // The stack toggles of the daily bars.
    expect((screen.getByRole('switch', { name: 'Empilhar: Status de Ligações Diário' }) as HTMLInputElement).checked).toBe(true);
  });

  it("opens on the multi-unit manager's own unit, says so, and joins the chosen units with '&' (issue 21 item 18)", async () => {
    const sent = renderAs('mg');
    await screen.findByText('Mariana Alves');
    // The default is the manager's own unit (Centro, id 1), and the line over the tabs names it.
    expect(lastOf(sent, 'crmat')).toBe(`1/${PERIOD}`);
    expect(screen.getByTestId('dashboard-unidades').textContent).toBe('Unidade: Centro');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Unidades' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Zona Sul' }));
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Unidades' }), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(lastOf(sent, 'crmat')).toBe(`1&2/${PERIOD}`));
    expect(screen.getByTestId('dashboard-unidades').textContent).toBe('Unidades: Centro, Zona Sul');
    // Both chips removed: '0', every unit of the company, and the line says it.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Unidades' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Centro' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Zona Sul' }));
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Unidades' }), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(lastOf(sent, 'crmat')).toBe(`0/${PERIOD}`));
    expect(screen.getByTestId('dashboard-unidades').textContent).toBe('Todas as unidades da empresa');
    // Limpar goes back to the own unit.
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    await waitFor(() => expect(lastOf(sent, 'crmat')).toBe(`1/${PERIOD}`));
  });

  it('names the unit shown to those without the picker', async () => {
    renderAs('a');
    await screen.findByText('Mariana Alves');
    expect(screen.getByTestId('dashboard-unidades').textContent).toBe('Unidade: Centro');
  });
});

describe('classic CAMPANHAS (000 §2)', { timeout: 30_000 }, () => {
  it("shows best, average and worst, the call cost and ticket, and sends the chosen ads joined by '@'", async () => {
    const sent = renderAs('m');
    await screen.findByText('Mariana Alves');
    fireEvent.click(screen.getByRole('tab', { name: 'CAMPANHAS' }));
    const best = await screen.findByRole('group', { name: 'Melhor desempenho' });
    expect(await within(best).findByText('Black Friday / Vídeo 30s')).toBeTruthy();
    expect(within(best).getByTestId('kpi-valor').textContent).toBe('10,0%');
    expect(within(screen.getByRole('group', { name: 'Pior desempenho' })).getByText('Black Friday / Carrossel')).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Custo de ligação por conversão' })).getByTestId('kpi-valor').textContent,
    ).toBe('37,5 min');
    expect(within(screen.getByRole('group', { name: 'Ticket médio' })).getByTestId('kpi-valor').textContent).toBe('R$ 5.000,00');
    expect(within(screen.getByRole('table', { name: 'Campanhas' })).getByText('Vídeo 30s')).toBeTruthy();
    expect(lastOf(sent, 'campanhas')).toBe(`0/0/${PERIOD}`);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Campanhas / anúncios' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Vídeo 30s' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Carrossel' }));
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Campanhas / anúncios' }), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(lastOf(sent, 'campanhas')).toBe(`0/120210@120211/${PERIOD}`));
  });
});

describe('classic CAMPANHAS costs (issue 23 §6, §3)', { timeout: 30_000 }, () => {
  it("shows cost, cost per lead, cost per sale and ROAS; '—' for a campaign without a cost; the leads without a known ad", async () => {
    renderAs('a');
    await screen.findByText('Mariana Alves');
    fireEvent.click(screen.getByRole('tab', { name: 'CAMPANHAS' }));
    const value = (name: string) => within(screen.getByRole('group', { name })).getByTestId('kpi-valor').textContent;
    await within(await screen.findByRole('group', { name: 'ROAS' })).findByText('6,67x');
    expect(value('Custo em anúncios')).toBe('R$ 3.000,00');
    expect(value('Custo por lead')).toBe('R$ 50,00');
    expect(value('Custo por venda')).toBe('R$ 750,00');
    expect(value('ROAS')).toBe('6,67x');
    expect(screen.getByTestId('leads-sem-anuncio').textContent).toBe('3 leads sem anúncio identificado no período');
    const table = screen.getByRole('table', { name: 'Custos por campanha' });
    const rows = within(table).getAllByRole('row');
    // The campaign is the row's header; its cells follow.
    expect(within(table).getByRole('rowheader', { name: 'Black Friday' })).toBeTruthy();
    const cells = (text: string) =>
      within(rows.find((r) => r.textContent?.includes(text))!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('Black Friday')).toEqual(['R$ 3.000,00', '60', 'R$ 50,00', '4', 'R$ 750,00', 'R$ 20.000,00', '6,67x']);
    // No cost: '—', never R$ 0,00.
    expect(cells('Clareamento')).toEqual(['—', '12', '—', '1', '—', 'R$ 900,00', '—']);
  });
});
