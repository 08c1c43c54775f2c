// Issue 23 §2 §7 end to end ("Tests and figures": a Lead Ads lead arriving live in the CRM list with its
// ad): the demo as `npm start` prepares it without META_APP_ID — the Meta emulator's clinic, the demo
// company connected to its page, the emulator's webhook pointed at Funil — then a lead filled on a form
// of an ad is posted by the emulator (signed raw bytes with unicode escapes), fetched by the intake
// worker and shows in the attendant's open CRM list without a reload, with its ad and the ad's tags; its detail shows the
// origin 'Meta Lead Ads'. The company admin's /leads-meta lists the forms. Screenshots to docs/screenshots/.
import { randomBytes } from 'node:crypto';

import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createMetaEmulator, type MetaEmulator } from '@funil/meta-emulator/emulator';

import { demoMetaApp, prepareDemoMeta, type DemoMetaResult } from '../../server/src/demo/demo-meta.ts';
import { anunciosAds, anunciosAdsTags } from '../../server/src/modules/ads/ads.table.ts';
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
