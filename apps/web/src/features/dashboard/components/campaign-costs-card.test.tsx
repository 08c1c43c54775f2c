// Issue 23 §6 "a campaign without a cost shows '—', not zero" and §3 the leads without a known ad.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { campaignCostsSchema } from '@funil/domain/dashboard/campaign-costs';

import { emptyCosts, renderDashboard } from '../testing/dashboard-test-kit.tsx';
import { CampaignCostsCard } from './campaign-costs-card.tsx';

afterEach(cleanup);

const value = (name: string) => within(screen.getByRole('group', { name })).getByTestId('kpi-valor').textContent;

describe('CampaignCostsCard (issue 23 §6)', () => {
  it("without any cost every figure is '—', never R$ 0,00, and no lead without an ad says 0", () => {
    renderDashboard(
      <CampaignCostsCard custos={campaignCostsSchema.parse(emptyCosts)} loading={false} sale="venda" resetKey="" />,
    );
    for (const name of ['Custo em anúncios', 'Custo por lead', 'Custo por venda', 'ROAS']) expect(value(name)).toBe('—');
    expect(screen.queryByText('R$ 0,00')).toBeNull();
    expect(screen.getByTestId('leads-sem-anuncio').textContent).toBe('0 leads sem anúncio identificado no período');
  });

  it('LTV words: cost per customer; several units name the unit beside the campaign; one lead without an ad', () => {
    const row = {
      id_campanha: 1,
      campaign_id: '1',
      campanha: 'Implante',
      id_unidade: 1,
      unidade: 'Centro',
      custo: 1234.5,
      leads: 10,
      vendas: 2,
      valor: 5000,
      custo_por_lead: 123.45,
      custo_por_venda: 617.25,
      roas: 4.05,
    };
    const custos = campaignCostsSchema.parse({
      campanhas: [
        row,
        {
          ...row,
          id_campanha: 2,
          id_unidade: 2,
          unidade: 'Zona Sul',
          custo: null,
          custo_por_lead: null,
          custo_por_venda: null,
          roas: null,
        },
      ],
      total: { custo: 1234.5, leads: 10, vendas: 2, valor: 5000, custo_por_lead: 123.45, custo_por_venda: 617.25, roas: 4.05 },
      leads_sem_anuncio: 1,
    });
    renderDashboard(<CampaignCostsCard custos={custos} loading={false} sale="cliente" resetKey="" />);
    expect(value('Custo por cliente')).toBe('R$ 617,25');
    expect(value('Custo em anúncios')).toBe('R$ 1.234,50');
    expect(value('ROAS')).toBe('4,05x');
    const table = screen.getByRole('table', { name: 'Custos por campanha' });
    expect(within(table).getByText('Implante · Centro')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Custo por cliente' })).toBeTruthy();
    const zonaSul = within(table)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('Zona Sul'))!;
    expect(within(zonaSul).getAllByText('—')).toHaveLength(4);
    expect(screen.getByTestId('leads-sem-anuncio').textContent).toBe('1 lead sem anúncio identificado no período');
  });
});
