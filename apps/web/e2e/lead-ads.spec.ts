// Issue 23 §2 §7 end to end ("Tests and figures": a Lead Ads lead arriving live in the CRM list with its
// ad): the demo as `npm start` prepares it without META_APP_ID — the Meta emulator's clinic, the demo
// company connected to its page, the emulator's webhook pointed at Funil — then a lead filled on a form
// of an ad is posted by the emulator (signed raw bytes with unicode escapes), fetched by the intake
// worker and shows in the attendant's open CRM list without a reload, with its ad and the ad's tags; its detail shows the
// origin 'Meta Lead Ads'. The company admin's /leads-meta lists the forms. On /campanhas the demo's synced
// Meta spend is one row per campaign and month (issue 23 §6), and 'Editar Campanha' types a month's cost
// over it without touching Meta's rows. Screenshots to docs/screenshots/.
import { randomBytes } from 'node:crypto';

import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { formatBRL } from '@funil/domain/format/currency';
import { createMetaEmulator, type MetaEmulator } from '@funil/meta-emulator/emulator';

import { demoMetaApp, prepareDemoMeta, type DemoMetaResult } from '../../server/src/demo/demo-meta.ts';
import { anunciosAds, anunciosAdsTags, anunciosCampanhas, anunciosCustos } from '../../server/src/modules/ads/ads.table.ts';
import { leadAdsEntregas } from '../../server/src/modules/lead-ads/lead-ads.table.ts';
import { leads } from '../../server/src/modules/leads/leads.table.ts';
import { metaTokenKey } from '../../server/src/modules/meta/meta-crypto.ts';
import { leadTags, tags } from '../../server/src/modules/tags/tags.table.ts';
import { DESKTOP, loginAs, SCREENSHOTS_DIR, startHarness, type Harness } from './harness.ts';

let harness: Harness;
let meta: MetaEmulator;
let demo: DemoMetaResult;

beforeAll(async () => {
  const app = demoMetaApp();
  meta = createMetaEmulator({ appId: app.appId, appSecret: app.appSecret });
  const metaUrl = await meta.listen(0, '127.0.0.1');
  const options = {
    appId: app.appId,
    appSecret: app.appSecret,
    graphUrl: metaUrl,
    dialogUrl: metaUrl,
    tokenKey: metaTokenKey(randomBytes(32).toString('hex')),
  };
  harness = await startHarness({ meta: options, leadAds: { verifyToken: app.verifyToken } });
  // No live timer in the test: the lead below is the one that arrives.
  demo = await prepareDemoMeta(harness.db, meta, { options, verifyToken: app.verifyToken, funilUrl: harness.baseURL });
  meta.control.stopLive();
}, 120_000);
afterAll(async () => {
  meta?.control.stopLive();
  await harness?.close();
  await meta?.close();
});

describe('issue 23 §2: a Lead Ads lead arrives live in the CRM list', () => {
  it('shows the new lead with its ad in the open list, and its origin in the detail', async () => {
    expect(demo.connected).toBe(true);
    const { page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'atendente@demo.com.br');
    await page.goto('/crm');
    await page.getByRole('button', { name: 'Novo Contato' }).waitFor();

    const ad = demo.world.ads.find((a) => a.name === 'Vídeo depoimento - Dona Conceição')!;
    const person = { name: 'Lívia Conceição Lead Ads', phone: '+5511987001122', email: 'livia.lead@exemplo.com.br' };
    const { delivered } = meta.control.lead({ formId: demo.world.forms[0]!.id, adId: ad.id, person });
    expect(delivered).toBe(true);

    // The intake worker made the lead (the webhook stored, GET /{leadgen_id} fetched, captured).
    let made: { cliCrmId: number; idUnidade: number }[] = [];
    for (let i = 0; i < 100 && made.length === 0; i += 1) {
      made = await harness.db
        .select({ cliCrmId: leads.cliCrmId, idUnidade: leads.idUnidade })
        .from(leads)
        .where(eq(leads.cliNome, person.name));
      if (made.length === 0) await new Promise((r) => setTimeout(r, 200));
    }
    const [entrega] = await harness.db.select().from(leadAdsEntregas).orderBy(desc(leadAdsEntregas.id)).limit(1);
    expect(made, JSON.stringify(entrega)).toHaveLength(1);
    // No reload: the list hears of the new lead.
    const row = page.getByRole('list', { name: 'Leads' }).getByRole('listitem').filter({ hasText: person.name });
    await row.first().waitFor({ timeout: 30_000 });
    expect(await row.first().textContent()).toContain(ad.name);
    // Issue 23 §4: the lead got its ad's tags (the demo's sync gave each synced ad the unit's tags).
    const adTags = await harness.db
      .select({ nome: tags.nome })
      .from(anunciosAdsTags)
      .innerJoin(anunciosAds, eq(anunciosAds.id, anunciosAdsTags.idAd))
      .innerJoin(tags, eq(tags.id, anunciosAdsTags.idTag))
      .where(eq(anunciosAds.adId, ad.id));
    expect(adTags.length).toBeGreaterThan(0);
    const leadTagNames = await harness.db
      .select({ nome: tags.nome })
      .from(leadTags)
      .innerJoin(tags, eq(tags.id, leadTags.idTag))
      .where(eq(leadTags.cliCrmId, made[0]!.cliCrmId));
    expect(leadTagNames.map((t) => t.nome).sort()).toEqual(adTags.map((t) => t.nome).sort());
    await expect.poll(() => row.first().textContent()).toContain(adTags[0]!.nome);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}lead-ads-crm-list.png` });

    await row.first().click();
    await page.getByText('Meta Lead Ads').first().waitFor({ timeout: 15_000 });
    await page.getByText(ad.name).first().waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}lead-ads-origin.png` });
  });

  it("the company admin's /leads-meta lists the demo's forms and 'Buscar leads dos últimos 90 dias' finds the past leads", async () => {
    const { page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'gestor@demo.com.br');
    await page.goto('/leads-meta');
    const forms = page.getByRole('table', { name: 'Formulários do Lead Ads' });
    for (const form of demo.world.forms) await forms.getByText(form.name).waitFor();
    await forms.getByRole('button', { name: 'Buscar leads dos últimos 90 dias' }).first().click();
    await page.getByText(/lead\(s\) encontrados nos últimos 90 dias/).waitFor({ timeout: 30_000 });
    await page.getByRole('table', { name: 'Falhas de entrada do Lead Ads' }).getByText('Nenhuma falha de entrada.').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}lead-ads-screen.png` });
  });
});

describe("issue 23 §6: /campanhas shows the demo's Meta spend one row per campaign and month", () => {
  it("sums the month's Meta rows, shows them per ad in 'Editar Campanha', and a typed month leaves Meta's rows alone", async () => {
    const month = sql<string>`to_char(${anunciosCustos.periodoInicio}, 'YYYY-MM')`;
    const metaOf = () =>
      harness.db
        .select({
          idCampanha: anunciosCustos.idCampanha,
          nome: anunciosCampanhas.campaignName,
          mes: month,
          total: sql<string>`sum(${anunciosCustos.custo})::text`,
          linhas: sql<number>`count(*)::int`,
          anuncios: sql<number>`count(distinct ${anunciosCustos.idAd})::int`,
        })
        .from(anunciosCustos)
        .innerJoin(anunciosCampanhas, eq(anunciosCampanhas.id, anunciosCustos.idCampanha))
        .where(eq(anunciosCustos.origem, 'meta'))
        .groupBy(anunciosCustos.idCampanha, anunciosCampanhas.campaignName, month)
        .orderBy(desc(month), desc(sql`count(*)`));
    const groups = await metaOf();
    // The sync wrote a row per ad and day; the list shows one per campaign and month.
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.reduce((n, g) => n + g.linhas, 0)).toBeGreaterThan(groups.length);
    const group = groups[0]!;
    const mes = `${group.mes.slice(5, 7)}/${group.mes.slice(0, 4)}`;

    const { page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'gerente@demo.com.br');
    await page.goto('/campanhas');
    await page.getByRole('heading', { name: 'Gerenciar Campanhas' }).waitFor();
    const rowOf = (origin: string) =>
      page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: group.nome, exact: true }) })
        .filter({ has: page.getByRole('cell', { name: mes, exact: true }) })
        .filter({ has: page.getByText(origin, { exact: true }) });
    const metaRow = rowOf('Meta');
    await metaRow.getByRole('cell', { name: formatBRL(Number(group.total)), exact: true }).waitFor();
    await metaRow.getByRole('cell', { name: group.anuncios === 1 ? '1 anúncio' : `${group.anuncios} anúncios` }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}campaign-costs-meta.png` });

    await metaRow.getByRole('button', { name: /Editar Campanha/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Campanha' });
    const ads = dialog.getByRole('table', { name: new RegExp(`Gasto do Meta em ${mes.replace('/', '\\/')}`) });
    await ads.waitFor();
    expect(await ads.getByRole('rowheader').count()).toBe(group.anuncios);
    await dialog.getByRole('combobox', { name: /Público/ }).click();
    await page.getByRole('option', { name: 'Frio', exact: true }).click();
    const custo = dialog.locator('input[name="custo"]');
    await custo.fill('');
    await custo.pressSequentially('150000');
    expect(await custo.inputValue()).toBe('R$ 1.500,00');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}campaign-costs-meta-dialog.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Campanha editada com sucesso!').waitFor();

    // The typed month counts; the row says what Meta spent; Meta's rows are as they were.
    const typedRow = rowOf('Manual');
    await typedRow.getByRole('cell', { name: /R\$ 1\.500,00/ }).waitFor();
    await typedRow.getByText(`Meta: ${formatBRL(Number(group.total))}`).waitFor();
    const after = (await metaOf()).find((g) => g.idCampanha === group.idCampanha && g.mes === group.mes)!;
    expect([after.total, after.linhas]).toEqual([group.total, group.linhas]);
    const typed = await harness.db
      .select({ custo: anunciosCustos.custo })
      .from(anunciosCustos)
      .where(and(eq(anunciosCustos.idCampanha, group.idCampanha), eq(anunciosCustos.origem, 'manual')));
    expect(typed).toEqual([{ custo: '1500.00' }]);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}campaign-costs-meta-typed.png` });
  });
});
