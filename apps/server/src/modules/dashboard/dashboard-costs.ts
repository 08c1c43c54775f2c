// Issue 23 §6 and §3 in the dashboards: per catalogue campaign of the scope, the leads captured in
// the period and what they bought, against the campaign's cost of the period (prorated, through
// the ads module's `costsByCampaign` / `costForPeriod`: the costs have one source, anuncios_custos);
// and how many leads of the period came from an ad nobody identified. The lead's channel, campaign
// id and ad set are in the read model (migration 0032), the catalogue's keys are the ads module's
// fragments; docs/decisions.md "Issue 23 §3 §6, helper costs".
import { sql } from 'drizzle-orm';

import {
  campaignCostsSchema,
  costFigures,
  costTotals,
  type CampaignCostRow,
  type CampaignCosts,
} from '@funil/domain/dashboard/campaign-costs';
import { periodDays, type DashboardPeriod } from '@funil/domain/dashboard/dashboard-api';

import { executeRows as rows, type DbOrTx } from '../../db/handle.ts';
import { unknownAdSql } from '../../db/sql-rules.ts';
import { costForPeriod, costsByCampaign } from '../ads/ads-costs.service.ts';
import { catalogueCampaignOfSql, catalogueHasAdSql, catalogueNames, findAd } from '../ads/ads.service.ts';
import { unitById } from '../tenancy/tenancy.service.ts';
import { CONVERTED, CUSTOMER, narrowsLeads, scopeSql, type LeadScope, type Period } from './dashboard.repository.ts';

/** What a tab counts as a sale: conversions (CAMPANHAS, v2) or customers (LTV, 000 §9). */
export type SaleBasis = 'conversoes' | 'clientes';

const within = (p: Period) =>
  sql`d.data_captacao >= ${p.inicio.toISOString()}::timestamptz and d.data_captacao < ${p.fim.toISOString()}::timestamptz`;
const CAMPAIGN_KEY = sql.raw(
  catalogueCampaignOfSql('g.id_unidade', { campaignIdSql: 'g.campaign_id', adIdSql: 'g.ad_id', campaignNameSql: 'g.campanha' }),
);
export const UNKNOWN_AD = sql.raw(
  unknownAdSql(
    {
      canal: 'd.origem_canal',
      campaign_id: 'd.cli_campanha_id',
      campaign_name: 'd.cli_campanha_nome',
      adset_id: 'd.adset_id',
      adset_name: 'd.adset_name',
      ad_id: 'd.ad_id',
      ad_name: 'd.ad_name',
    },
    (adId) => catalogueHasAdSql('d.id_empresa', adId),
  ),
);

type CampaignFacts = {
  id_campanha: number;
  leads: number;
  conversoes: number;
  valor: number;
  clientes: number;
  valor_clientes: number;
};

/**
 * In one scan of the period's leads: per catalogue campaign of their unit, the leads and what they
 * bought (leads of no catalogue campaign left out), and the leads without a known ad (issue 23 §3,
 * the domain's one rule). Summed first per unit, campaign id, ad id, campaign name and company (a
 * few groups), then each group mapped to its catalogue campaign, so the catalogue is asked once per
 * group, not once per lead.
 */
export async function campaignFacts(
  db: DbOrTx,
  scope: LeadScope,
  p: Period,
): Promise<{ campaigns: CampaignFacts[]; unknownAd: number }> {
  const result = await rows<Record<keyof CampaignFacts | 'sem_anuncio', number | string | null>>(
    db,
    sql`with g as (
      select d.id_unidade, d.cli_campanha_id as campaign_id, d.ad_id, d.cli_campanha_nome as campanha, count(*)::int as leads,
        count(*) filter (where ${CONVERTED})::int as conversoes,
        coalesce(sum(d.valor_ticket) filter (where ${CONVERTED}), 0)::float8 as valor,
        count(*) filter (where ${CUSTOMER})::int as clientes,
        coalesce(sum(d.valor_ticket) filter (where ${CUSTOMER}), 0)::float8 as valor_clientes,
        count(*) filter (where ${UNKNOWN_AD})::int as sem_anuncio
      from dashboard_leads d
      where ${scopeSql(scope)} and ${within(p)}
      group by 1, 2, 3, 4, d.id_empresa
    )
    select k.id_campanha, sum(g.leads)::int as leads, sum(g.conversoes)::int as conversoes, sum(g.valor)::float8 as valor,
      sum(g.clientes)::int as clientes, sum(g.valor_clientes)::float8 as valor_clientes, sum(g.sem_anuncio)::int as sem_anuncio
    from g cross join lateral (select ${CAMPAIGN_KEY} as id_campanha) k
    group by 1`,
  );
  return {
    campaigns: result
      .filter((r) => r.id_campanha !== null)
      .map((r) => ({
        id_campanha: Number(r.id_campanha),
        leads: Number(r.leads),
        conversoes: Number(r.conversoes),
        valor: Number(r.valor),
        clientes: Number(r.clientes),
        valor_clientes: Number(r.valor_clientes),
      })),
    unknownAd: result.reduce((n, r) => n + Number(r.sem_anuncio ?? 0), 0),
  };
}

/**
 * With an ad filter the leads are those ads' leads, so a campaign's whole cost would be spread over
 * part of its leads: the cost is then the filtered ads' own spend (a Meta sync's per-ad rows), and
 * '—' where the campaign has only a campaign-level (typed) cost.
 */
async function costsOfAds(
  db: DbOrTx,
  units: readonly number[],
  days: { inicio: string; fim: string },
  adIds: readonly string[],
): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  for (const idUnidade of units) {
    const unit = await unitById(db, idUnidade);
    if (!unit) continue;
    for (const adId of new Set(adIds)) {
      const ad = await findAd(db, { idEmpresa: unit.idEmpresa, idUnidade }, { adId });
      if (!ad || ad.idUnidade !== idUnidade) continue;
      const cost = await costForPeriod(db, { idUnidades: [idUnidade], idCampanha: ad.idCampanha, idAd: ad.idAd, ...days });
      if (cost !== null) result.set(ad.idCampanha, Math.round(((result.get(ad.idCampanha) ?? 0) + cost) * 100) / 100);
    }
  }
  return result;
}

/**
 * The `custos` block of CAMPANHAS, LTV and the v2 capture (issue 23 §6): every catalogue campaign of
 * the scope's units with leads or a cost in the period, its figures, the total of those with a
 * cost, and the leads without a known ad (§3). Only the scope's units' costs are read.
 */
export async function campaignCosts(
  db: DbOrTx,
  scope: LeadScope,
  period: DashboardPeriod,
  basis: SaleBasis,
): Promise<CampaignCosts> {
  const { primeiro, ultimo } = periodDays(period);
  const days = { inicio: primeiro, fim: ultimo };
  const adFilter = scope.anuncios ?? [];
  const [{ campaigns: facts, unknownAd: semAnuncio }, costs] = await Promise.all([
    campaignFacts(db, scope, period),
    adFilter.length > 0 ? costsOfAds(db, scope.units, days, adFilter) : costsByCampaign(db, { idUnidades: scope.units, ...days }),
  ]);
  const byId = new Map(facts.map((f) => [f.id_campanha, f]));
  // A campaign that spent in the period but brought no lead is shown too (its cost per lead is '—'),
  // unless a filter narrows the leads (a campaign, an ad, a platform, a status, an attendant, an
  // attendant's own leads): then only the campaigns of the leads shown.
  const ids = [...new Set([...byId.keys(), ...(narrowsLeads(scope) ? [] : costs.keys())])];
  const names = await catalogueCampaignsOf(db, ids);
  const unitNames = new Map<number, string>();
  for (const id of new Set([...names.values()].map((c) => c.idUnidade))) unitNames.set(id, (await unitById(db, id))?.nome ?? '');
  const campanhas: CampaignCostRow[] = ids
    .flatMap((id) => {
      const name = names.get(id);
      if (!name || !scope.units.includes(name.idUnidade)) return [];
      const f = byId.get(id);
      const sales = basis === 'conversoes' ? (f?.conversoes ?? 0) : (f?.clientes ?? 0);
      const value = basis === 'conversoes' ? (f?.valor ?? 0) : (f?.valor_clientes ?? 0);
      return [
        {
          id_campanha: id,
          campaign_id: name.campaignId,
          campanha: name.nome,
          id_unidade: name.idUnidade,
          unidade: unitNames.get(name.idUnidade) ?? '',
          ...costFigures({ custo: costs.get(id) ?? null, leads: f?.leads ?? 0, vendas: sales, valor: value }),
        },
      ];
    })
    .sort((a, b) => (b.custo ?? -1) - (a.custo ?? -1) || b.leads - a.leads || a.campanha.localeCompare(b.campanha, 'pt-BR'));
  return campaignCostsSchema.parse({ campanhas, total: costTotals(campanhas), leads_sem_anuncio: semAnuncio });
}

async function catalogueCampaignsOf(db: DbOrTx, ids: number[]) {
  const { campaigns } = await catalogueNames(db, { campaigns: ids, adSets: [], ads: [] });
  const out = new Map<number, { campaignId: string; nome: string; idUnidade: number }>();
  for (const [id, c] of campaigns) out.set(id, { campaignId: c.id, nome: c.name, idUnidade: c.idUnidade });
  return out;
}
