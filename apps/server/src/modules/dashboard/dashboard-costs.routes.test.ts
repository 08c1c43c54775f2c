// Issue 23 §6 "The classic dashboard's CAMPANHAS and LTV tabs and the v2 dashboard show cost per lead,
// cost per sale and ROAS (ticket ÷ cost) from these costs; a campaign without a cost shows '—', not
// zero", and §3 "Count and show how many leads of a period have no known ad": every figure on a small
// hand-made data set whose answers are written here, the scope (another unit's and company's costs
// never counted) and the one rule of the unknown ad, in TypeScript and in SQL, agreeing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CampaignCosts } from '@funil/domain/dashboard/campaign-costs';
import {
  buildDashboardPath,
  campaignsResponseSchema,
  captureResponseSchema,
  ltvResponseSchema,
} from '@funil/domain/dashboard/dashboard-api';
import { hasUnknownAd, UNIDENTIFIED_AD_NAME } from '@funil/domain/leads/unknown-ad';

import { executeRows } from '../../db/handle.ts';
import { unknownAdSql } from '../../db/sql-rules.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { anunciosAds, anunciosCampanhas, anunciosConjuntos, anunciosCustos } from '../ads/ads.table.ts';
import { phoneKey } from '../leads/phone-key.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

// The week of Monday 02/11/2026 to Sunday 08/11/2026 (São Paulo): 7 of November's 30 days.
const WEEK = { data_inicio: '2026-11-02 00:00:00', data_fim: '2026-11-08 23:59:59' };
const NOVEMBER = { data_inicio: '2026-11-01 00:00:00', data_fim: '2026-11-30 23:59:59' };
const sp = (text: string) => new Date(`${text.replace(' ', 'T')}:00-03:00`).toISOString();
const C: Record<string, number> = {};
const AD: Record<string, number> = {};
let phones = 0;

type Origin = {
  canal?: string | null;
  campaign_id?: string | null;
  campanha?: string | null;
  adset_id?: string | null;
  ad_id?: string | null;
  ad_name?: string | null;
  utm_source?: string | null;
};
async function lead(unit: number, company: number, captado: string, o: Origin, sale?: { negociacao: number; valor: number }) {
  phones += 1;
  const phone = `1198${String(phones).padStart(7, '0')}`;
  await t.database.db
    .execute(sql`insert into leads (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave, cli_data_captacao,
      cli_tipo_lead, cli_status_negociacao, valor_ticket, origem_canal, cli_campanha_id, cli_campanha_nome, adset_id, ad_id, ad_name,
      utm_source, origem_em)
    values (${company}, ${unit}, ${`Lead ${phones}`}, ${phone}, ${phoneKey(phone)}, ${sp(captado)}, 1, ${sale?.negociacao ?? 1},
      ${sale?.valor ?? 0}, ${o.canal ?? null}, ${o.campaign_id ?? null}, ${o.campanha ?? null}, ${o.adset_id ?? null},
      ${o.ad_id ?? null}, ${o.ad_name ?? null}, ${o.utm_source ?? null}, ${o.canal ? sp(captado) : null})`);
}

async function campaign(key: string, company: number, unit: number, campaignId: string, name: string, ads: string[] = []) {
  const [c] = await t.app.db
    .insert(anunciosCampanhas)
    .values({ idEmpresa: company, idUnidade: unit, campaignId, campaignName: name })
    .returning();
  C[key] = c!.id;
  if (ads.length === 0) return;
  const [s] = await t.app.db
    .insert(anunciosConjuntos)
    .values({ idCampanha: c!.id, adsetId: `${campaignId}-1`, adsetName: 'Conjunto' })
    .returning();
  for (const adId of ads) {
    const [a] = await t.app.db
      .insert(anunciosAds)
      .values({ idConjunto: s!.id, adId, adName: `Anúncio ${adId}` })
      .returning();
    AD[adId] = a!.id;
  }
}
async function cost(key: string, company: number, unit: number, custo: number, days: [string, string], idAd?: number) {
  await t.app.db.insert(anunciosCustos).values({
    idEmpresa: company,
    idUnidade: unit,
    idCampanha: C[key]!,
    idAd: idAd ?? null,
    custo: custo.toFixed(2),
    periodoInicio: days[0],
    periodoFim: days[1],
    origem: idAd === undefined ? 'manual' : 'meta',
  });
}

async function get<T>(who: string, path: string, schema: { parse(v: unknown): T }): Promise<T> {
  const res = await t.as(tokens[who]!, { method: 'GET', url: `/api/${path}` });
  expect(res.statusCode, `${who} ${path}: ${res.body}`).toBe(200);
  return schema.parse(res.json());
}
const campanhas = (who: string, filter: { unidades?: number[]; anuncios?: string[] } = {}, period = WEEK) =>
  get(who, buildDashboardPath('campanhas', { unidades: [], anuncios: [], ...filter, ...period }), campaignsResponseSchema);
const byName = (custos: CampaignCosts) => Object.fromEntries(custos.campanhas.map((c) => [c.campanha, c]));

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['sa', 'ag', 'a', 'u', 'm', 'mg', 'aB1'] as const) tokens[role] = await t.login(t.fixture.users[role].email);
  const { companyA, companyB, unitA1, unitA2, unitB1 } = t.fixture;
  await campaign('implante', companyA, unitA1, '9001', 'Implante Dentário', ['111', '112']);
  await campaign('clareamento', companyA, unitA1, '9002', 'Clareamento');
  await campaign('orto', companyA, unitA1, '9003', 'Ortodontia');
  await campaign('implanteA2', companyA, unitA2, '9001', 'Implante Dentário', ['211']);
  await campaign('implanteB1', companyB, unitB1, '9001', 'Implante Dentário', ['311']);
  // November: R$ 3.000,00 (R$ 100,00 a day) for Implante, R$ 900,00 for Ortodontia; none for Clareamento.
  await cost('implante', companyA, unitA1, 3000, ['2026-11-01', '2026-11-30']);
  await cost('orto', companyA, unitA1, 900, ['2026-11-01', '2026-11-30']);
  // A Meta spend of ad 111 on a day the typed campaign cost covers: counted for the ad, never twice for the campaign.
  await cost('implante', companyA, unitA1, 50, ['2026-11-03', '2026-11-03'], AD['111']);
  // Another unit's and another company's costs of a campaign with the same id and name.
  await cost('implanteA2', companyA, unitA2, 30000, ['2026-11-01', '2026-11-30']);
  await cost('implanteB1', companyB, unitB1, 60000, ['2026-11-01', '2026-11-30']);

  // Unit A1, in the week:
  await lead(
    unitA1,
    companyA,
    '2026-11-02 09:00',
    { canal: 'lead-ads', campaign_id: '9001', campanha: 'Implante Dentário', ad_id: '111' },
    {
      negociacao: 5,
      valor: 1500,
    },
  );
  await lead(unitA1, companyA, '2026-11-03 10:00', { campanha: 'Implante Dentário' }); // by name (older leads, the demo's)
  await lead(unitA1, companyA, '2026-11-04 10:00', { canal: 'lead-ads', campaign_id: '9001', ad_id: '999' }); // ad not in the catalogue
  await lead(unitA1, companyA, '2026-11-04 11:00', { canal: 'captura', ad_id: '111' }); // by its ad only
  await lead(unitA1, companyA, '2026-11-05 10:00', { canal: 'manual', campanha: 'Clareamento' }, { negociacao: 6, valor: 800 });
  await lead(unitA1, companyA, '2026-11-05 11:00', { canal: 'whatsapp-anuncio', ad_name: UNIDENTIFIED_AD_NAME });
  await lead(unitA1, companyA, '2026-11-06 10:00', { canal: 'captura', utm_source: 'google' }); // names no ad: not from an ad
  await lead(unitA1, companyA, '2026-11-06 11:00', { canal: 'captura', campanha: 'Sem catálogo' }); // names a campaign, no ad
  await lead(unitA1, companyA, '2026-11-07 10:00', { canal: 'whatsapp-organico' });
  await lead(unitA1, companyA, '2026-11-07 11:00', { canal: 'manual', ad_name: 'Anúncio digitado' });
  // Outside the week (counted in November), and other units' leads.
  await lead(unitA1, companyA, '2026-11-20 10:00', { canal: 'lead-ads', campaign_id: '9001', ad_id: '112' });
  await lead(unitA2, companyA, '2026-11-03 10:00', { canal: 'lead-ads', campaign_id: '9001', ad_id: '888' });
  await lead(unitB1, companyB, '2026-11-03 10:00', { canal: 'whatsapp-anuncio', ad_name: UNIDENTIFIED_AD_NAME });
});
afterAll(async () => {
  await t.close();
});

describe('issue 23 §6: cost per lead, cost per sale and ROAS in CAMPANHAS', () => {
  it("prorates each campaign's cost to the period; a campaign without a cost has null figures ('—'), not zero", async () => {
    const { data } = await campanhas('a');
    const rows = byName(data.custos);
    // R$ 3.000,00 × 7/30 = R$ 700,00; 4 leads (by campaign id, by name, an unknown ad of the campaign, by its ad); 1 sale of R$ 1.500,00.
    expect(rows['Implante Dentário']).toMatchObject({
      id_campanha: C['implante'],
      campaign_id: '9001',
      id_unidade: t.fixture.unitA1,
      unidade: 'Unidade A1',
      custo: 700,
      leads: 4,
      vendas: 1,
      valor: 1500,
      custo_por_lead: 175,
      custo_por_venda: 700,
      roas: 2.14,
    });
    expect(rows['Clareamento']).toMatchObject({
      custo: null,
      leads: 1,
      vendas: 1,
      valor: 800,
      custo_por_lead: null,
      custo_por_venda: null,
      roas: null,
    });
    // Spent without a lead: R$ 210,00, nothing per lead or per sale, ROAS 0.
    expect(rows['Ortodontia']).toMatchObject({
      custo: 210,
      leads: 0,
      vendas: 0,
      custo_por_lead: null,
      custo_por_venda: null,
      roas: 0,
    });
    expect(data.custos.campanhas.map((c) => c.campanha)).toEqual(['Implante Dentário', 'Ortodontia', 'Clareamento']);
    // The total sums the campaigns that have a cost.
    expect(data.custos.total).toEqual({
      custo: 910,
      leads: 4,
      vendas: 1,
      valor: 1500,
      custo_por_lead: 227.5,
      custo_por_venda: 910,
      roas: 1.65,
    });
  });

  it('a whole month reads the whole cost', async () => {
    const { data } = await campanhas('a', {}, NOVEMBER);
    expect(byName(data.custos)['Implante Dentário']).toMatchObject({ custo: 3000, leads: 5, custo_por_lead: 600 });
  });

  it("§3: counts the period's leads from an ad whose ad is unknown (no ad id, or one the catalogue lacks)", async () => {
    // The Lead Ads lead of ad 999, the unidentified click-to-WhatsApp and the capture post naming a campaign only.
    expect((await campanhas('a')).data.custos.leads_sem_anuncio).toBe(3);
    expect((await campanhas('a', {}, NOVEMBER)).data.custos.leads_sem_anuncio).toBe(3);
  });

  it("with an ad filter, a campaign's cost is its filtered ads' own spend", async () => {
    const { data } = await campanhas('a', { anuncios: ['111'] });
    expect(byName(data.custos)['Implante Dentário']).toMatchObject({
      custo: 50,
      leads: 2,
      custo_por_lead: 25,
      vendas: 1,
      roas: 30,
    });
    expect(data.custos.campanhas).toHaveLength(1);
    const typedOnly = await campanhas('a', { anuncios: ['112'] }, NOVEMBER);
    expect(byName(typedOnly.data.custos)['Implante Dentário']).toMatchObject({ custo: null, leads: 1, custo_por_lead: null });
  });

  it("scope: another unit's and another company's costs and leads are never counted", async () => {
    // The multi-manager choosing unit A1 sees A1's figures; choosing A2, A2's own campaign only.
    const a1 = await campanhas('mg', { unidades: [t.fixture.unitA1] });
    expect(byName(a1.data.custos)['Implante Dentário']!.custo).toBe(700);
    const a2 = await campanhas('mg', { unidades: [t.fixture.unitA2] });
    expect(a2.data.custos.campanhas.map((c) => [c.id_campanha, c.custo, c.leads])).toEqual([[C['implanteA2'], 7000, 1]]);
    expect(a2.data.custos.leads_sem_anuncio).toBe(1);
    // Both units: one row per unit's campaign, A2's R$ 7.000,00 apart from A1's R$ 700,00; never company B's.
    const both = await campanhas('mg', { unidades: [t.fixture.unitA1, t.fixture.unitA2] });
    expect(both.data.custos.total.custo).toBe(7910);
    expect(both.data.custos.leads_sem_anuncio).toBe(4);
    // Company B's admin sees only B's campaign and its unidentified lead.
    const b = await campanhas('aB1');
    expect(b.data.custos.campanhas.map((c) => [c.id_campanha, c.custo, c.leads])).toEqual([[C['implanteB1'], 14000, 0]]);
    expect(b.data.custos.leads_sem_anuncio).toBe(1);
    // A unit admin naming another unit is refused (000 §6), nothing read.
    const res = await t.as(tokens['a']!, {
      method: 'GET',
      url: `/api/${buildDashboardPath('campanhas', { unidades: [t.fixture.unitA2], anuncios: [], ...WEEK })}`,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('issue 23 §6: LTV and the v2 dashboard', () => {
  it('LTV: cost per customer and ROAS of the customers’ value', async () => {
    const { data } = await get(
      'mg',
      buildDashboardPath('ltv', { unidades: [t.fixture.unitA1], anuncios: [], ...WEEK }),
      ltvResponseSchema,
    );
    expect(byName(data.custos)['Implante Dentário']).toMatchObject({ custo: 700, leads: 4, vendas: 1, valor: 1500, roas: 2.14 });
    expect(byName(data.custos)['Clareamento']).toMatchObject({ custo: null, roas: null });
    expect(data.custos.leads_sem_anuncio).toBe(3);
  });

  it("v2 capture: the session's unit, with the bar's campaign filter", async () => {
    const v2 = { campanha: '', status_cliente: null, plataforma: null, atendente: null, ...WEEK };
    const { data } = await get('a', buildDashboardPath('captacao', v2), captureResponseSchema);
    expect(data.custos!.total).toMatchObject({ custo: 910, leads: 4, custo_por_lead: 227.5 });
    expect(data.custos!.leads_sem_anuncio).toBe(3);
    const filtered = await get('a', buildDashboardPath('captacao', { ...v2, campanha: 'Clareamento' }), captureResponseSchema);
    // A filter narrows the leads: only the campaigns of the leads shown, no other campaign's cost in the total.
    expect(filtered.data.custos!.campanhas.map((c) => [c.campanha, c.custo, c.leads])).toEqual([['Clareamento', null, 1]]);
    expect(filtered.data.custos!.total.custo).toBeNull();
    expect(filtered.data.custos!.leads_sem_anuncio).toBe(0);
    // 000 §6: the attendant, who has no CAMPANHAS tab, gets no costs on v2 either.
    expect((await get('u', buildDashboardPath('captacao', v2), captureResponseSchema)).data.custos).toBeNull();
    // The multi-manager's v2 reads the session's unit (A1), never the company's other units.
    expect((await get('mg', buildDashboardPath('captacao', v2), captureResponseSchema)).data.custos!.total.custo).toBe(910);
  });
});

describe('issue 23 §3: one rule for the unknown ad', () => {
  it('the SQL of sql-rules.ts answers as hasUnknownAd of @funil/domain for every kind of origin', async () => {
    const catalogue = new Set(['111']);
    const cases: Record<string, string | null>[] = [];
    for (const canal of ['lead-ads', 'whatsapp-anuncio', 'captura', 'manual', 'csv', 'whatsapp-organico', null])
      for (const ad_id of ['111', '999', ' ', null])
        for (const campaign_name of ['Implante', null]) cases.push({ canal, ad_id, campaign_name, ad_name: null });
    for (const c of cases) {
      const column = (v: string | null | undefined) => (v === null || v === undefined ? 'null::text' : `'${v}'::text`);
      const where = unknownAdSql(
        {
          canal: column(c['canal']),
          campaign_id: 'null::text',
          campaign_name: column(c['campaign_name']),
          adset_id: 'null::text',
          adset_name: 'null::text',
          ad_id: column(c['ad_id']),
          ad_name: 'null::text',
        },
        (adId) => `(btrim(${adId}) = '111')`,
      );
      const [row] = await executeRows<{ unknown: boolean | null }>(
        t.app.db,
        sql.raw(`select coalesce(${where}, false) as unknown`),
      );
      const expected = hasUnknownAd(
        {
          canal: c['canal'] ?? null,
          campaign_id: null,
          campaign_name: c['campaign_name'] ?? null,
          adset_id: null,
          adset_name: null,
          ad_id: c['ad_id'] ?? null,
          ad_name: null,
        },
        (id) => catalogue.has(id),
      );
      expect(row!.unknown, JSON.stringify(c)).toBe(expected);
    }
  });
});
