// Issue 23 §6: cost per lead, cost per sale and ROAS; '—' without a cost, never zero.
import { describe, expect, it } from 'vitest';

import { costFigures, costTotals, formatCost, formatRoas } from './campaign-costs.ts';

describe('issue 23 §6 campaign cost figures', () => {
  it('divides only what there is to divide', () => {
    expect(costFigures({ custo: 700, leads: 4, vendas: 1, valor: 1500 })).toEqual({
      custo: 700,
      leads: 4,
      vendas: 1,
      valor: 1500,
      custo_por_lead: 175,
      custo_por_venda: 700,
      roas: 2.14,
    });
    expect(costFigures({ custo: 210, leads: 0, vendas: 0, valor: 0 })).toMatchObject({
      custo_por_lead: null,
      custo_por_venda: null,
      roas: 0,
    });
    expect(costFigures({ custo: null, leads: 3, vendas: 1, valor: 800 })).toMatchObject({
      custo: null,
      custo_por_lead: null,
      custo_por_venda: null,
      roas: null,
    });
    expect(costFigures({ custo: 0, leads: 3, vendas: 1, valor: 800 })).toMatchObject({ custo_por_lead: 0, roas: null });
  });

  it('totals only the campaigns with a cost', () => {
    const rows = [
      costFigures({ custo: 700, leads: 4, vendas: 1, valor: 1500 }),
      costFigures({ custo: 210, leads: 0, vendas: 0, valor: 0 }),
      costFigures({ custo: null, leads: 10, vendas: 3, valor: 9000 }),
    ];
    expect(costTotals(rows)).toMatchObject({ custo: 910, leads: 4, vendas: 1, valor: 1500, custo_por_lead: 227.5, roas: 1.65 });
    expect(costTotals([rows[2]!]).custo).toBeNull();
  });

  it("writes '—' without a cost and BRL with one", () => {
    expect(formatCost(null)).toBe('—');
    expect(formatCost(0)).toBe('R$ 0,00');
    expect(formatCost(1234.5)).toBe('R$ 1.234,50');
    expect(formatRoas(null)).toBe('—');
    expect(formatRoas(3.254)).toBe('3,25x');
  });
});
