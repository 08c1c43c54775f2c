// The demo's Meta Insights (issue 24 'The stand-in and the demo'): the first unit gets the `metaInsights`
// flag, the store is filled by the real refresh against the emulator (three months of daily insights at
// the three levels), and a share of the unit's recent leads carries the emulator's campaign, ad set and
// ad ids (as a Lead Ads or click-to-WhatsApp lead does), so /insights shows the CRM's sales and ROAS on
// first start. The emulator's ids are new at every start: the earlier runs' store rows are dropped.
// The demo seed writes rows directly (modules/README.md).
import { and, eq, gte, isNull, notInArray, sql } from 'drizzle-orm';

import type { DemoWorld } from '@funil/meta-emulator/world';

import type { Db } from '../db/handle.ts';
import { REFRESH_EVERY_MS, refreshCompany } from '../modules/insights/insights.service.ts';
import { metaInsights, metaInsightsSync } from '../modules/insights/insights.table.ts';
import { leads } from '../modules/leads/leads.table.ts';
import { conversionsState, saveConversionsSettings } from '../modules/meta-conversions/meta-conversions.service.ts';
import type { MetaRuntime } from '../modules/meta/meta.service.ts';
import { unidadeConfiguracoes } from '../modules/tenancy/tenancy.table.ts';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The demo's typed campaign a Meta campaign stands for (the first word of its name: Implante, Clareamento…). */
const topicOf = (name: string) => fold(name).split(/[\s-]+/)[0] ?? '';

export async function seedDemoInsights(
  db: Db,
  runtime: MetaRuntime,
  world: DemoWorld,
  company: { idEmpresa: number; idUnidade: number },
): Promise<{ rows: number; attributed: number }> {
  const [settings] = await db
    .select({ extras: unidadeConfiguracoes.configuracoesExtra })
    .from(unidadeConfiguracoes)
    .where(eq(unidadeConfiguracoes.idUnidade, company.idUnidade));
  const extras = JSON.parse(settings?.extras ?? '{}') as Record<string, unknown>;
  if (extras.metaInsights !== true)
    await db
      .update(unidadeConfiguracoes)
      .set({ configuracoesExtra: JSON.stringify({ ...extras, metaInsights: true }) })
      .where(eq(unidadeConfiguracoes.idUnidade, company.idUnidade));

  await db
    .delete(metaInsights)
    .where(and(eq(metaInsights.idEmpresa, company.idEmpresa), sql`${metaInsights.conta} <> ${world.account.id}`));
  const result = await refreshCompany(db, runtime, company.idEmpresa, { days: 92, pollMs: 200 });
  await db
    .update(metaInsightsSync)
    .set({ proximaEm: new Date(Date.now() + REFRESH_EVERY_MS), leaseAte: null })
    .where(eq(metaInsightsSync.idEmpresa, company.idEmpresa));

  // Leads of the last 92 days whose campaign is one of the clinic's Meta campaigns by topic get that
  // campaign's ad sets and ads in turn (not the real Lead Ads leads, which carry their own ids).
  const since = new Date(Date.now() - 92 * 86_400_000);
  const worldAds = world.ads.map((a) => a.id);
  const candidates = await db
    .select({ id: leads.cliCrmId, campanha: leads.cliCampanhaNome })
    .from(leads)
    .where(
      and(
        eq(leads.idUnidade, company.idUnidade),
        gte(leads.cliDataCaptacao, since),
        isNull(leads.leadgenId),
        worldAds.length > 0 ? sql`(${leads.adId} is null or ${notInArray(leads.adId, worldAds)})` : undefined,
      ),
    )
    .orderBy(leads.cliCrmId);
  let attributed = 0;
  const turn = new Map<string, number>();
  for (const lead of candidates) {
    const campaign = world.campaigns.find((c) => topicOf(c.name) === topicOf(lead.campanha ?? ''));
    if (!campaign) continue;
    const ads = world.ads.filter((a) => a.campaignId === campaign.id);
    if (ads.length === 0) continue;
    const n = turn.get(campaign.id) ?? 0;
    turn.set(campaign.id, n + 1);
    const ad = ads[n % ads.length]!;
    const adset = world.adsets.find((s) => s.id === ad.adsetId);
    await db
      .update(leads)
      .set({
        cliCampanhaId: campaign.id,
        adsetId: ad.adsetId,
        adsetName: adset?.name ?? null,
        adId: ad.id,
        adName: ad.name,
        origemCanal: campaign.objective === 'OUTCOME_LEADS' ? 'lead-ads' : 'whatsapp-anuncio',
      })
      .where(eq(leads.cliCrmId, lead.id));
    attributed += 1;
  }
  return { rows: result.rows, attributed };
}

/**
 * Issue 24 'Closing the loop with Meta': the first unit sends its sale statuses (all but the funnel's first,
 * the "not sold yet") to the emulator's dataset, so the emulator receives CRM events as the demo lives.
 * An admin's own choice, once saved, is kept on the next start.
 */
export async function seedDemoConversions(
  db: Db,
  world: DemoWorld,
  company: { idEmpresa: number; idUnidade: number },
): Promise<void> {
  const current = await conversionsState(db, company.idEmpresa, company.idUnidade);
  if (current.datasetId !== null) return;
  const sale = current.opcoes.venda.map((s) => s.id);
  const first = Math.min(...sale);
  await saveConversionsSettings(db, company.idEmpresa, company.idUnidade, {
    datasetId: world.dataset.id,
    statusNegociacao: [],
    statusVenda: sale.filter((id) => id !== first),
  });
}
