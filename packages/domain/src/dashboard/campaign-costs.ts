// Issue 23 §6: cost per lead, cost per sale and ROAS (sales ticket ÷ cost) per campaign in the
// classic CAMPANHAS and LTV tabs and the v2 dashboard, from the campaign costs of the period asked
// (prorated). A campaign without a cost shows '—', never zero; beside the ROAS, how many leads of
// the period came from an ad nobody identified (issue 23 §3). docs/decisions.md "Issue 23: cost
// per lead, cost per sale and ROAS" says what each number counts.
import { z } from 'zod';

import { formatBRL } from '../format/currency.ts';

const count = z.number().int().nonnegative();
const money = z.number();

/** The figures of a cost against the leads and sales it bought; null where a division has nothing to divide. */
export const costFiguresSchema = z.object({
  /** R$ of the period (prorated); null: no cost typed or synced for it. */
  custo: money.nullable(),
  leads: count,
  /** CAMPANHAS and v2: conversions (000 §9); LTV: customers. */
  vendas: count,
  /** The ticket of those sales. */
  valor: money,
  custo_por_lead: money.nullable(),
  custo_por_venda: money.nullable(),
  /** valor ÷ custo, 2 decimals. */
  roas: z.number().nullable(),
});
export type CostFigures = z.infer<typeof costFiguresSchema>;

export const campaignCostRowSchema = costFiguresSchema.extend({
  /** The catalogue campaign (anuncios_campanhas.id). */
  id_campanha: z.number().int(),
  campaign_id: z.string(),
  campanha: z.string(),
  id_unidade: z.number().int(),
  unidade: z.string(),
});
export type CampaignCostRow = z.infer<typeof campaignCostRowSchema>;

export const campaignCostsSchema = z.object({
  /** The catalogue campaigns of the scope with leads or a cost in the period. */
  campanhas: z.array(campaignCostRowSchema),
  /** The campaigns with a cost, summed (custo null when none has one). */
  total: costFiguresSchema,
  /** Leads of the period and scope that came from an ad whose ad is unknown (issue 23 §3). */
  leads_sem_anuncio: count,
});
export type CampaignCosts = z.infer<typeof campaignCostsSchema>;

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The ratios of a cost: none without a cost; per lead and per sale only when there are some; ROAS of a positive cost. */
export function costFigures(input: { custo: number | null; leads: number; vendas: number; valor: number }): CostFigures {
  const { custo, leads, vendas } = input;
  const valor = round2(input.valor);
  if (custo === null) return { custo: null, leads, vendas, valor, custo_por_lead: null, custo_por_venda: null, roas: null };
  return {
    custo: round2(custo),
    leads,
    vendas,
    valor,
    custo_por_lead: leads > 0 ? round2(custo / leads) : null,
    custo_por_venda: vendas > 0 ? round2(custo / vendas) : null,
    roas: custo > 0 ? round2(valor / custo) : null,
  };
}

/** The total line: the campaigns that have a cost, summed (a campaign without one adds nothing it did not pay for). */
export function costTotals(rows: readonly CostFigures[]): CostFigures {
  const paid = rows.filter((r) => r.custo !== null);
  if (paid.length === 0) return costFigures({ custo: null, leads: 0, vendas: 0, valor: 0 });
  return costFigures({
    custo: paid.reduce((n, r) => n + (r.custo ?? 0), 0),
    leads: paid.reduce((n, r) => n + r.leads, 0),
    vendas: paid.reduce((n, r) => n + r.vendas, 0),
    valor: paid.reduce((n, r) => n + r.valor, 0),
  });
}

/** ROAS as the screens write it: '3,25x'; '—' without a cost. */
export function formatRoas(roas: number | null): string {
  if (roas === null) return '—';
  return `${roas.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}x`;
}

/** A cost figure in BRL (the domain's money format), '—' when there is none: never 'R$ 0,00' for a missing cost. */
export const formatCost = (value: number | null): string => (value === null ? '—' : formatBRL(value));
