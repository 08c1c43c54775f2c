// Meta Insights' store and API (issue 24; 002 §2.5, §7, 000 §6 '/insights') against the real Meta emulator
// over HTTP: the refresh pass fills the store, the 28-day re-read updates rows in place, 190 stops it with
// the reason on the screen; the reads per level with the CRM's leads, conversões, ticket and ROAS; roles,
// flag, another company and another unit's campaigns.
import { randomBytes } from 'node:crypto';

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { formatIsoDate } from '@funil/domain/format/date';
import { addIsoDays, INSIGHTS_MESSAGES, type InsightsRows } from '@funil/domain/insights/insights';
import { createMetaEmulator, type MetaEmulator } from '@funil/meta-emulator/emulator';
import type { DemoWorld } from '@funil/meta-emulator/world';

import { executeRows } from '../../db/handle.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { anunciosCampanhas } from '../ads/ads.table.ts';
import { phoneKey } from '../leads/phone-key.ts';
import { metaTokenKey } from '../meta/meta-crypto.ts';
import { metaAccessFor } from '../meta/meta.service.ts';
import { refreshPass, requestRefresh } from './insights.service.ts';
import { metaInsights } from './insights.table.ts';

const APP_ID = '555000111222444';
const APP_SECRET = 'segredo-do-app-insights-0123456789';

let emu: MetaEmulator;
let demo: DemoWorld;
let t: TestApp;
const tokens: Record<string, string> = {};
const today = formatIsoDate(new Date());
const period = { inicio: addIsoDays(today, -29), fim: today };
const noWait = { sleep: async () => {}, backoffMs: 1, pollMs: 1 };

const get = (token: string, url: string) => t.as(token, { method: 'GET', url });
const rowsOf = async (token: string, level: string, extra = '') => {
  const res = await get(
    token,
    `/api/insights/${level}?conta=${demo.account.id}&inicio=${period.inicio}&fim=${period.fim}${extra}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InsightsRows;
};
let phones = 0;
async function lead(o: { campaign: string; adset: string; ad: string; sale?: number; unit?: number }) {
  phones += 1;
  const phone = `1197${String(phones).padStart(7, '0')}`;
  const captured = new Date(Date.now() - 2 * 86_400_000).toISOString();
  await t.database.db
    .execute(sql`insert into leads (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave, cli_data_captacao,
      cli_tipo_lead, cli_status_negociacao, valor_ticket, origem_canal, cli_campanha_id, adset_id, ad_id, origem_em)
    values (${t.fixture.companyA}, ${o.unit ?? t.fixture.unitA1}, ${`Lead ${phones}`}, ${phone}, ${phoneKey(phone)}, ${captured}, 1,
      ${o.sale ? 5 : 1}, ${o.sale ?? 0}, 'lead-ads', ${o.campaign}, ${o.adset}, ${o.ad}, ${captured})`);
}

beforeAll(async () => {
  emu = createMetaEmulator({ appId: APP_ID, appSecret: APP_SECRET });
  demo = emu.control.seedDemo({ days: 40 });
  const emuUrl = await emu.listen(0, '127.0.0.1');
  t = await createTestApp({
    meta: {
      appId: APP_ID,
      appSecret: APP_SECRET,
      graphUrl: emuUrl,
      dialogUrl: emuUrl,
      tokenKey: metaTokenKey(randomBytes(32).toString('hex')),
    },
    metaDailySyncMs: 0,
    insightsRefreshMs: 0,
    settings: { extras: { metaInsights: true } },
  });
  for (const key of ['ag', 'a', 'u', 'aB1'] as const) tokens[key] = await t.login(t.fixture.users[key].email);
  const connected = await t.as(tokens.ag!, { method: 'POST', url: '/api/meta/token', payload: { token: emu.control.token() } });
  expect(connected.statusCode, connected.body).toBe(200);
  const settings = await t.as(tokens.ag!, {
    method: 'PUT',
    url: '/api/meta/configuracao',
    payload: { idUnidadePadrao: t.fixture.unitA1, contasAnuncio: [demo.account.id] },
  });
  expect(settings.statusCode, settings.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await emu?.close();
});

describe('the insights store and its refresh (issue 24)', () => {
  it('says "not refreshed yet" before the first pass, then the first import fills three levels', async () => {
    const before = await get(tokens.a!, '/api/insights/estado');
    expect(before.json()).toMatchObject({ connected: true, atualizadoEm: null, atualizando: true, erro: null });
    expect(before.json().contas).toEqual([{ id: demo.account.id, nome: demo.account.id }]);
    // Issue 24 'Who connects': the company admins (ag) by name, for the unit admin who may not connect.
    expect(before.json().quemConecta).toEqual(['Usuário ag']);
    expect(await refreshPass(t.app.db, t.app.metaRuntime!, noWait)).toBe(true);
    const counts = await t.app.db
      .select({ nivel: metaInsights.nivel, n: sql<number>`count(*)::int` })
      .from(metaInsights)
      .groupBy(metaInsights.nivel);
    expect(Object.fromEntries(counts.map((c) => [c.nivel, c.n]))).toMatchObject({
      campaign: expect.any(Number),
      adset: expect.any(Number),
      ad: expect.any(Number),
    });
    // The first import is followed by ANALYZE: the planner counts the rows at once (a small table is sampled whole).
    const [stats] = await executeRows<{ estimated: number; n: number }>(
      t.app.db,
      sql`select reltuples::int as estimated, (select count(*)::int from meta_insights) as n
        from pg_class where relname = 'meta_insights'`,
    );
    expect(stats!.estimated).toBe(stats!.n);
    const state = (await get(tokens.a!, '/api/insights/estado')).json();
    expect(state.atualizadoEm).not.toBeNull();
    expect(state.atualizando).toBe(false);
    expect(state.contas[0].nome).toBe(demo.account.name);
    // Not due again for hours.
    expect(await refreshPass(t.app.db, t.app.metaRuntime!, noWait)).toBe(false);
  });

  it('the 28-day re-read updates a revised day in place, leaves older days alone, and drops a day Meta no longer has', async () => {
    const ad = demo.ads[0]!;
    const revised = addIsoDays(today, -5);
    const old = addIsoDays(today, -35);
    const key = (d: string) =>
      and(
        eq(metaInsights.nivel, 'ad'),
        eq(metaInsights.objetoId, ad.id),
        eq(metaInsights.dia, d),
        eq(metaInsights.conta, demo.account.id),
      );
    const [oldRow] = await t.app.db.select().from(metaInsights).where(key(old));
    const total = (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(metaInsights))[0]!.n;
    emu.control.dailyInsight({
      adId: ad.id,
      date: revised,
      impressions: 777,
      reach: 700,
      clicks: 7,
      spendCents: 4321,
      actions: { lead: 2 },
    });
    emu.state.insights.delete(`${ad.id}|${addIsoDays(today, -6)}`);
    await requestRefresh(t.app.db, t.fixture.companyA);
    expect(await refreshPass(t.app.db, t.app.metaRuntime!, noWait)).toBe(true);
    const [row] = await t.app.db.select().from(metaInsights).where(key(revised));
    expect(row).toMatchObject({ impressoes: 777, gastoCentavos: 4321, leads: 2 });
    expect(
      (
        await t.app.db
          .select()
          .from(metaInsights)
          .where(key(addIsoDays(today, -6)))
      ).length,
    ).toBe(0);
    const [oldAfter] = await t.app.db.select().from(metaInsights).where(key(old));
    expect(oldAfter!.atualizadoEm).toEqual(oldRow!.atualizadoEm);
    const after = (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(metaInsights))[0]!.n;
    expect(after).toBeLessThanOrEqual(total);
  });

  it('stores a name as Meta wrote it, quotes, backslashes, commas and braces (a page goes as column arrays)', async () => {
    const name = 'Anúncio "Black" \\ {1,2}, NULL';
    const ad = emu.control.ad({ adsetId: demo.adsets[0]!.id, name });
    emu.control.dailyInsight({ adId: ad.id, date: today, impressions: 10, reach: 9, clicks: 1, spendCents: 99 });
    await requestRefresh(t.app.db, t.fixture.companyA);
    expect(await refreshPass(t.app.db, t.app.metaRuntime!, noWait)).toBe(true);
    const [row] = await t.app.db.select().from(metaInsights).where(eq(metaInsights.objetoId, ad.id));
    expect(row).toMatchObject({
      nome: name,
      dia: today,
      impressoes: 10,
      gastoCentavos: 99,
      leads: null,
      conjuntoId: demo.adsets[0]!.id,
    });
  });
});

describe('GET /api/insights/{nivel} (002 §2.5, §7)', () => {
  it("'Alcance' is Meta's reach of the whole period (people once), cached per period; never the sum of the days", async () => {
    const { data } = await rowsOf(tokens.a!, 'campaign');
    const row = data.find((r) => r.alcance !== null)!;
    const [daily] = await t.app.db
      .select({ n: sql<number>`sum(${metaInsights.alcance})::int` })
      .from(metaInsights)
      .where(
        and(
          eq(metaInsights.nivel, 'campaign'),
          eq(metaInsights.objetoId, row.id),
          sql`${metaInsights.dia} between ${period.inicio} and ${period.fim}`,
        ),
      );
    // The emulator's range reach is smaller than the sum of its days, as Meta's is.
    expect(row.alcance!).toBeLessThan(daily!.n);
    // What Meta answers for the period itself (the company's session, signed).
    const access = (await metaAccessFor(t.app.db, t.fixture.companyA, t.app.metaRuntime))!;
    const answer = await access.graph.get<{ data: { reach: string }[] }>(`${demo.account.id}/insights`, {
      level: 'campaign',
      fields: 'campaign_id,reach',
      time_range: { since: period.inicio, until: period.fim },
      filtering: [{ field: 'campaign.id', operator: 'IN', value: [row.id] }],
    });
    expect(row.alcance).toBe(Number(answer.data[0]!.reach));
    // Cached: Meta unavailable, the same period still reads its reach; a period never read shows '—'.
    emu.control.fail({ code: 2, remaining: null });
    try {
      const again = (await rowsOf(tokens.a!, 'campaign')).data.find((r) => r.id === row.id)!;
      expect(again.alcance).toBe(row.alcance);
      const other = await get(
        tokens.a!,
        `/api/insights/campaign?conta=${demo.account.id}&inicio=${addIsoDays(today, -9)}&fim=${today}`,
      );
      expect(other.statusCode).toBe(200);
      expect((other.json() as InsightsRows).data.every((r) => r.alcance === null)).toBe(true);
    } finally {
      emu.control.clearFailures();
    }
  });

  it('campaigns with Meta’s numbers beside the CRM’s leads, conversões, ticket, cost per sale and ROAS', async () => {
    const c = demo.campaigns.find((x) => x.objective === 'OUTCOME_LEADS')!;
    const ad = demo.ads.find((x) => x.campaignId === c.id)!;
    await lead({ campaign: c.id, adset: ad.adsetId, ad: ad.id, sale: 1500 });
    await lead({ campaign: c.id, adset: ad.adsetId, ad: ad.id });
    await lead({ campaign: c.id, adset: ad.adsetId, ad: ad.id, sale: 250.5 });
    const { data } = await rowsOf(tokens.a!, 'campaign');
    const row = data.find((r) => r.id === c.id)!;
    expect(row).toMatchObject({
      nome: c.name,
      crmLeads: 3,
      conversoes: 2,
      ticketCentavos: 175050,
      provisorio: true,
      resultado: 'leads',
    });
    expect(row.gastoCentavos).toBeGreaterThan(0);
    expect(row.roas).toBeCloseTo(175050 / row.gastoCentavos!, 10);
    expect(row.custoPorVendaCentavos).toBeCloseTo(row.gastoCentavos! / 2, 10);
    expect(row.ctr).toBeCloseTo((row.cliques! / row.impressoes!) * 100, 10);
    // Sum of the stored cents, exact.
    const [sum] = await t.app.db
      .select({ s: sql<string>`sum(gasto_centavos)` })
      .from(metaInsights)
      .where(
        and(
          eq(metaInsights.nivel, 'campaign'),
          eq(metaInsights.objetoId, c.id),
          sql`dia between ${period.inicio} and ${period.fim}`,
        ),
      );
    expect(row.gastoCentavos).toBe(Number(sum!.s));
    const ad2 = (await rowsOf(tokens.a!, 'ad', `&pais=${ad.adsetId}`)).data.find((r) => r.id === ad.id)!;
    expect(ad2).toMatchObject({ crmLeads: 3, conversoes: 2 });
  });

  it('messaging campaigns show conversations started as their result', async () => {
    const c = demo.campaigns.find((x) => x.objective !== 'OUTCOME_LEADS');
    if (!c) return;
    const row = (await rowsOf(tokens.a!, 'campaign')).data.find((r) => r.id === c.id);
    if (row) expect(row.resultado).toBe('conversas');
  });

  it('ad sets only of the selected campaigns, ads only of the selected ad sets; none selected, none listed', async () => {
    const c = demo.campaigns[0]!;
    const sets = (await rowsOf(tokens.a!, 'adset', `&pais=${c.id}`)).data;
    expect(sets.length).toBeGreaterThan(0);
    expect(sets.every((s) => s.campanhaId === c.id)).toBe(true);
    expect((await rowsOf(tokens.a!, 'adset')).data).toEqual([]);
    const ads = (await rowsOf(tokens.a!, 'ad', `&pais=${sets[0]!.id}`)).data;
    expect(ads.length).toBeGreaterThan(0);
    expect(ads.every((a) => a.conjuntoId === sets[0]!.id)).toBe(true);
  });

  it('a daily series of the selected rows, days younger than 28 marked provisório', async () => {
    const c = demo.campaigns[0]!;
    const res = await get(
      tokens.a!,
      `/api/insights/serie?conta=${demo.account.id}&inicio=${period.inicio}&fim=${period.fim}&nivel=campaign&ids=${c.id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const days = res.json().data as { dia: string; gastoCentavos: number | null; provisorio: boolean }[];
    expect(days.length).toBe(30);
    expect(days.at(-1)!.provisorio).toBe(true);
    expect(days.some((d) => d.gastoCentavos !== null && d.gastoCentavos > 0)).toBe(true);
  });

  it("hides another unit's campaigns (placed in unit A2 by the catalogue) from unit A1", async () => {
    const c = demo.campaigns[1]!;
    await t.app.db
      .insert(anunciosCampanhas)
      .values({ idEmpresa: t.fixture.companyA, idUnidade: t.fixture.unitA2, campaignId: c.id, campaignName: c.name });
    const { data } = await rowsOf(tokens.a!, 'campaign');
    expect(data.some((r) => r.id === c.id)).toBe(false);
    const series = await get(
      tokens.a!,
      `/api/insights/serie?conta=${demo.account.id}&inicio=${period.inicio}&fim=${period.fim}&nivel=campaign&ids=${c.id}`,
    );
    expect(series.json().data).toEqual([]);
  });

  it('000 §6: admin with metaInsights only; a user gets 403; another company reads nothing of this account', async () => {
    expect((await get(tokens.u!, '/api/insights/estado')).statusCode).toBe(403);
    const other = await get(
      tokens.aB1!,
      `/api/insights/campaign?conta=${demo.account.id}&inicio=${period.inicio}&fim=${period.fim}`,
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(INSIGHTS_MESSAGES.notConnected);
  });

  it('bad input gets a clear Portuguese message', async () => {
    const bad = await get(tokens.a!, `/api/insights/campaign?conta=${demo.account.id}&inicio=${period.fim}&fim=${period.inicio}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(INSIGHTS_MESSAGES.periodInvalid);
    const unknown = await get(tokens.a!, `/api/insights/campaign?conta=act_1&inicio=${period.inicio}&fim=${period.fim}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(INSIGHTS_MESSAGES.accountUnknown);
    expect(
      (await get(tokens.a!, `/api/insights/campanha?conta=${demo.account.id}&inicio=${period.inicio}&fim=${period.fim}`))
        .statusCode,
    ).toBe(400);
  });

  it("stops on 190 and tells the admin on the screen; 'Atualizar agora' queues a new refresh", async () => {
    emu.control.fail({ code: 190, scope: 'insights', remaining: 1 });
    const queued = await t.as(tokens.a!, { method: 'POST', url: '/api/insights/atualizar' });
    expect(queued.statusCode).toBe(200);
    expect(queued.json().message).toBe(INSIGHTS_MESSAGES.refreshQueued);
    expect((await get(tokens.a!, '/api/insights/estado')).json().atualizando).toBe(true);
    expect(await refreshPass(t.app.db, t.app.metaRuntime!, noWait)).toBe(true);
    const state = (await get(tokens.a!, '/api/insights/estado')).json();
    expect(state.erro).toBe(INSIGHTS_MESSAGES.tokenStopped);
    expect(state.atualizando).toBe(false);
    await requestRefresh(t.app.db, t.fixture.companyA);
    expect(await refreshPass(t.app.db, t.app.metaRuntime!, noWait)).toBe(true);
    expect((await get(tokens.a!, '/api/insights/estado')).json().erro).toBeNull();
  });
});
