// Campaign costs (issue 23 §6; 002 §2.10 'Gerenciar Campanhas', §3 'Campaign cost (admin)', §5 'Campaign cost
// dialog', §7 'Admin'; 000 §6 /campanhas: admin, manager, multi-manager, each within its units): each call ×
// each role × another unit's and company's ids; a cost is for a month and prorates to any period.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { costListSchema } from '@funil/domain/ads/costs';

import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { auditoria } from '../audit/audit.table.ts';
import { costForPeriod, costsByCampaign } from './ads-costs.service.ts';
import { upsertMetaDailyCosts } from './ads-sync.service.ts';
import { anunciosAds, anunciosCampanhas, anunciosConjuntos, anunciosCustos } from './ads.table.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
type Role = 'sa' | 'ag' | 'a' | 'u' | 'm' | 'mg' | 'aB1';
beforeAll(async () => {
  t = await createTestApp();
  for (const key of ['sa', 'ag', 'a', 'u', 'm', 'mg', 'aB1'] as const) tokens[key] = await t.login(t.fixture.users[key].email);
});
afterAll(async () => {
  await t.close();
});

const call = (role: Role, method: 'GET' | 'POST' | 'PUT', payload?: object) =>
  t.as(tokens[role]!, {
    method,
    url: method === 'PUT' ? '/api/cadastros/campanha_custo' : '/api/cadastros/campanha',
    ...(payload ? { payload } : {}),
  });
const cost = (over: Record<string, unknown> = {}) => ({
  nome: 'Implantes | Leads | Junho',
  campaign_id: '120210000001',
  publico: 1,
  idTipoLead: 1,
  idUnidade: t.fixture.unitA1,
  custo: 'R$ 3.000,00',
  mes: '2026-06',
  ...over,
});

describe('cadastros/campanha (002 §7 Admin)', () => {
  let id = 0;

  it('answers 403 to the super-admin and attendants (000 §6 /campanhas)', async () => {
    for (const role of ['sa', 'u'] as const) {
      expect((await call(role, 'GET')).statusCode).toBe(403);
      expect((await call(role, 'POST', cost())).statusCode).toBe(403);
      expect((await call(role, 'PUT', { id: 1, campaign_name: 'x', custo: 1 })).statusCode).toBe(403);
    }
  });

  it("a unit admin registers a campaign's month cost ('Campanha cadastrada com sucesso!'); it enters the unit's catalogue", async () => {
    const res = await call('a', 'POST', cost());
    expect([res.statusCode, res.json().message]).toEqual([201, 'Campanha cadastrada com sucesso!']);
    id = res.json().data.id;
    const list = costListSchema.parse((await call('a', 'GET')).json()).data;
    expect(list).toEqual([
      expect.objectContaining({
        id,
        unidade: 'Unidade A1',
        campaign_id: '120210000001',
        campaign_name: 'Implantes | Leads | Junho',
        custo: 3000,
        publico: 1,
        idTipoLead: 1,
        mes: '2026-06',
        periodo_inicio: '2026-06-01',
        periodo_fim: '2026-06-30',
        origem: 'manual',
      }),
    ]);
    expect(list[0]!.tipoLead).not.toBe('');
    const [campaign] = await t.app.db.select().from(anunciosCampanhas).where(eq(anunciosCampanhas.campaignId, '120210000001'));
    expect(campaign).toMatchObject({ idUnidade: t.fixture.unitA1, ativo: 1, oculto: 1 });
    // The same campaign, unit and month again is refused; another month is a new cost.
    expect((await call('a', 'POST', cost())).statusCode).toBe(409);
    expect((await call('a', 'POST', cost({ mes: '2026-07', custo: 1500 }))).statusCode).toBe(201);
  });

  it("002 §5: custo required ('Obrigatório'); -1 in publico, idTipoLead or idUnidade: 'Campos obrigatórios não preenchidos'", async () => {
    const noCost = await call('a', 'POST', cost({ custo: '', campaign_id: 'N1' }));
    expect([noCost.statusCode, noCost.body.includes('Obrigatório')]).toEqual([400, true]);
    expect((await call('a', 'POST', cost({ custo: 'abc', campaign_id: 'N1' }))).statusCode).toBe(400);
    for (const field of ['publico', 'idTipoLead', 'idUnidade']) {
      const res = await call('a', 'POST', cost({ [field]: -1, campaign_id: 'N1' }));
      expect([field, res.statusCode, res.body.includes('Campos obrigatórios não preenchidos')]).toEqual([field, 400, true]);
    }
    expect((await call('a', 'POST', cost({ mes: '2026-13', campaign_id: 'N1' }))).body).toContain(
      'Informe o mês no formato MM/AAAA.',
    );
    expect((await call('a', 'POST', cost({ idTipoLead: 999, campaign_id: 'N1' }))).body).toContain('Plataforma desconhecida.');
  });

  it("edits the cost and the campaign's name ('Campanha editada com sucesso!'), audited", async () => {
    const res = await call('a', 'PUT', {
      id,
      campaign_id: '120210000001',
      campaign_name: 'Implantes | Junho',
      custo: 'R$ 3.250,50',
    });
    expect([res.statusCode, res.json().message]).toEqual([200, 'Campanha editada com sucesso!']);
    const row = costListSchema.parse((await call('a', 'GET')).json()).data.find((r) => r.id === id)!;
    expect([row.custo, row.campaign_name]).toEqual([3250.5, 'Implantes | Junho']);
    expect((await call('a', 'PUT', { id, campaign_id: 'outro', campaign_name: 'x', custo: 1 })).statusCode).toBe(400);
    const audits = await t.app.db.select().from(auditoria).where(eq(auditoria.entidade, 'custo_campanha'));
    expect(audits.filter((a) => a.idEntidade === id).map((a) => a.acao)).toEqual(['create', 'update']);
  });

  it('managers see their unit, the company roles every unit of the company; a unit role may not write another unit (403)', async () => {
    expect((await call('m', 'GET')).json().data).toHaveLength(2);
    const other = await call('ag', 'POST', cost({ idUnidade: t.fixture.unitA2, campaign_id: 'A2-C' }));
    expect(other.statusCode).toBe(201);
    expect((await call('mg', 'GET')).json().data).toHaveLength(3);
    expect((await call('ag', 'GET')).json().data).toHaveLength(3);
    expect((await call('a', 'GET')).json().data).toHaveLength(2);
    expect((await call('m', 'GET')).json().data).toHaveLength(2);
    const denied = await call('a', 'POST', cost({ idUnidade: t.fixture.unitA2, campaign_id: 'A2-D' }));
    expect([denied.statusCode, denied.json().message]).toEqual([403, 'Você não pode gerenciar campanhas desta unidade.']);
    const put = await call('m', 'PUT', { id: other.json().data.id, campaign_name: 'x', custo: 1 });
    expect(put.statusCode).toBe(403);
  });

  it("another company's admin gets 404 for this company's unit and cost, and changes nothing", async () => {
    expect((await call('aB1', 'GET')).json().data).toHaveLength(0);
    expect((await call('aB1', 'POST', cost({ campaign_id: 'B' }))).statusCode).toBe(404);
    expect((await call('aB1', 'PUT', { id, campaign_name: 'Invasão', custo: 0 })).statusCode).toBe(404);
    const [row] = await t.app.db.select().from(anunciosCustos).where(eq(anunciosCustos.id, id));
    expect(row!.custo).toBe('3250.50');
  });

  it('costForPeriod prorates a month to any period and answers null without a cost (issue 23 §6)', async () => {
    const [campaign] = await t.app.db.select().from(anunciosCampanhas).where(eq(anunciosCampanhas.campaignId, '120210000001'));
    const units = [t.fixture.unitA1];
    // June 3,250.50 over 30 days; July 1,500 over 31 days.
    expect(
      await costForPeriod(t.app.db, { idUnidades: units, idCampanha: campaign!.id, inicio: '2026-06-01', fim: '2026-06-30' }),
    ).toBe(3250.5);
    expect(
      await costForPeriod(t.app.db, { idUnidades: units, idCampanha: campaign!.id, inicio: '2026-06-01', fim: '2026-06-15' }),
    ).toBe(1625.25);
    expect(
      await costForPeriod(t.app.db, { idUnidades: units, idCampanha: campaign!.id, inicio: '2026-06-16', fim: '2026-07-31' }),
    ).toBe(1625.25 + 1500);
    expect(
      await costForPeriod(t.app.db, { idUnidades: units, idCampanha: campaign!.id, inicio: '2026-01-01', fim: '2026-01-31' }),
    ).toBeNull();
    // A Meta sync's daily spend of a day the typed month covers is not added to it.
    await t.app.db.insert(anunciosCustos).values({
      idEmpresa: t.fixture.companyA,
      idUnidade: t.fixture.unitA1,
      idCampanha: campaign!.id,
      custo: '99.00',
      periodoInicio: '2026-06-10',
      periodoFim: '2026-06-10',
      origem: 'meta',
    });
    expect(
      await costForPeriod(t.app.db, { idUnidades: units, idCampanha: campaign!.id, inicio: '2026-06-01', fim: '2026-06-30' }),
    ).toBe(3250.5);
    const byCampaign = await costsByCampaign(t.app.db, { idUnidades: units, inicio: '2026-07-01', fim: '2026-07-31' });
    expect(byCampaign.get(campaign!.id)).toBe(1500);
  });
});

describe('issue 23 §6: /campanhas lists one row per campaign × month × unit, Meta spend summed, a typed month wins', () => {
  const metaCampaign = 'META-CAMP-1';
  let idCampanha = 0;
  const ads: number[] = [];

  beforeAll(async () => {
    const [campaign] = await t.app.db
      .insert(anunciosCampanhas)
      .values({
        idEmpresa: t.fixture.companyA,
        idUnidade: t.fixture.unitA1,
        campaignId: metaCampaign,
        campaignName: 'Lentes | Meta',
        origem: 'meta',
      })
      .returning();
    idCampanha = campaign!.id;
    const [adSet] = await t.app.db
      .insert(anunciosConjuntos)
      .values({ idCampanha, adsetId: 'META-SET-1', adsetName: 'Mulheres 30-50', origem: 'meta' })
      .returning();
    for (const [adId, adName] of [
      ['META-AD-1', 'Vídeo depoimento'],
      ['META-AD-2', 'Carrossel antes e depois'],
    ] as const) {
      const [ad] = await t.app.db.insert(anunciosAds).values({ idConjunto: adSet!.id, adId, adName, origem: 'meta' }).returning();
      ads.push(ad!.id);
    }
    // Two ads × three days of October and one day of November, as the insights sync writes them.
    const days = ['2026-10-01', '2026-10-02', '2026-10-03'];
    await upsertMetaDailyCosts(t.app.db, {
      idEmpresa: t.fixture.companyA,
      rows: [
        ...days.flatMap((day) => [
          { idUnidade: t.fixture.unitA1, idCampanha, idConjunto: adSet!.id, idAd: ads[0]!, day, custo: 10.1 },
          { idUnidade: t.fixture.unitA1, idCampanha, idConjunto: adSet!.id, idAd: ads[1]!, day, custo: 20 },
        ]),
        { idUnidade: t.fixture.unitA1, idCampanha, idConjunto: adSet!.id, idAd: ads[0]!, day: '2026-11-05', custo: 7.5 },
      ],
    });
  });

  const metaRows = async () =>
    costListSchema
      .parse((await call('a', 'GET')).json())
      .data.filter((r) => r.campaign_id === metaCampaign)
      .sort((a, b) => a.mes.localeCompare(b.mes));

  it("sums Meta's daily spend per month, marked 'meta', with the spend per ad as the row's detail", async () => {
    const [october, november] = await metaRows();
    expect(october).toMatchObject({
      id: null,
      mes: '2026-10',
      periodo_inicio: '2026-10-01',
      periodo_fim: '2026-10-31',
      custo: 90.3,
      custo_meta: 90.3,
      custo_manual: null,
      origem: 'meta',
      ad_id: null,
      campaign_name: 'Lentes | Meta',
      unidade: 'Unidade A1',
    });
    expect(october!.anuncios).toEqual([
      {
        adset_id: 'META-SET-1',
        adset_name: 'Mulheres 30-50',
        ad_id: 'META-AD-2',
        ad_name: 'Carrossel antes e depois',
        custo: 60,
        dias: 3,
      },
      {
        adset_id: 'META-SET-1',
        adset_name: 'Mulheres 30-50',
        ad_id: 'META-AD-1',
        ad_name: 'Vídeo depoimento',
        custo: 30.3,
        dias: 3,
      },
    ]);
    // One ad in the month: the row names it (002 §3 Row).
    expect(november).toMatchObject({ custo: 7.5, ad_id: 'META-AD-1', adset_name: 'Mulheres 30-50', origem: 'meta' });
  });

  it("'Editar Campanha' on a Meta month types the month's cost; Meta's rows stay, a later sync leaves the typed cost alone", async () => {
    const metaBefore = await t.app.db
      .select()
      .from(anunciosCustos)
      .where(and(eq(anunciosCustos.idCampanha, idCampanha), eq(anunciosCustos.origem, 'meta')));
    // Without an id the unit, the month and campaign_id are required.
    expect((await call('a', 'PUT', { campaign_id: metaCampaign, campaign_name: 'x', custo: 1 })).statusCode).toBe(400);
    const res = await call('a', 'PUT', {
      campaign_id: metaCampaign,
      idUnidade: t.fixture.unitA1,
      mes: '2026-10',
      campaign_name: 'Lentes | Meta',
      custo: 'R$ 150,00',
      publico: 2,
      idTipoLead: 1,
    });
    expect([res.statusCode, res.json().message]).toEqual([200, 'Campanha editada com sucesso!']);
    const [october] = await metaRows();
    expect(october).toMatchObject({ id: res.json().data.id, custo: 150, custo_manual: 150, custo_meta: 90.3, origem: 'manual' });
    expect(october!.anuncios).toHaveLength(2);
    const metaAfter = await t.app.db
      .select()
      .from(anunciosCustos)
      .where(and(eq(anunciosCustos.idCampanha, idCampanha), eq(anunciosCustos.origem, 'meta')));
    expect(metaAfter.map((r) => [r.id, r.custo])).toEqual(metaBefore.map((r) => [r.id, r.custo]));

    // A later sync changes Meta's day; the typed month still counts, and the row says what Meta spent.
    await upsertMetaDailyCosts(t.app.db, {
      idEmpresa: t.fixture.companyA,
      rows: [{ idUnidade: t.fixture.unitA1, idCampanha, idConjunto: null, idAd: ads[0]!, day: '2026-10-01', custo: 50 }],
    });
    const [again] = await metaRows();
    expect([again!.custo, again!.custo_manual, again!.origem]).toEqual([150, 150, 'manual']);

    // The id of a Meta row (an older client) also types the month, never the Meta row.
    const november = metaAfter.find((r) => r.periodoInicio === '2026-11-05')!;
    const byId = await call('a', 'PUT', { id: november.id, campaign_name: 'Lentes | Meta', custo: 40 });
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data.id).not.toBe(november.id);
    const [, nov] = await metaRows();
    expect([nov!.custo, nov!.custo_meta, nov!.origem]).toEqual([40, 7.5, 'manual']);
    const [metaNovember] = await t.app.db.select().from(anunciosCustos).where(eq(anunciosCustos.id, november.id));
    expect([metaNovember!.origem, metaNovember!.custo]).toEqual(['meta', '7.50']);
  });

  it("each row's total is what the dashboards count for that month (costForPeriod)", async () => {
    const list = costListSchema.parse((await call('ag', 'GET')).json()).data;
    expect(list.length).toBeGreaterThan(3);
    for (const row of list) {
      const counted = await costForPeriod(t.app.db, {
        idUnidades: [row.idUnidade],
        idCampanha: row.idCampanha,
        inicio: row.periodo_inicio,
        fim: row.periodo_fim,
      });
      expect([row.chave, row.custo]).toEqual([row.chave, counted]);
    }
  });

  it("another unit's manager may not type a month of this unit (403), another company's admin gets 404", async () => {
    const body = { campaign_id: metaCampaign, idUnidade: t.fixture.unitA1, mes: '2026-09', campaign_name: 'x', custo: 1 };
    expect((await call('aB1', 'PUT', body)).statusCode).toBe(404);
    const otherUnit = await call('ag', 'POST', cost({ idUnidade: t.fixture.unitA2, campaign_id: 'A2-META', mes: '2026-09' }));
    expect(otherUnit.statusCode).toBe(201);
    const denied = await call('a', 'PUT', { ...body, idUnidade: t.fixture.unitA2, campaign_id: 'A2-META' });
    expect(denied.statusCode).toBe(403);
  });
});
