// Issue 24 in Chromium, against the Meta emulator over HTTP: the company admin opens /insights ('Por
// favor, faça login no Facebook.'), connects through 'Entrar com o Facebook' (the connection screen of
// issue 23 and the emulator's login dialog), the refresh fills the store (as the job does) and a share
// of the unit's leads carries the emulator's ad ids (the demo's seedDemoInsights); then picks the ad
// account, selects a campaign and sees its ad sets and ads with the CRM's sales and ROAS; maps a status to the
// Conversions API and finds it saved after a reload; the card on a phone.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DemoWorld } from '@funil/meta-emulator/world';

import { seedDemoInsights } from '../../server/src/demo/demo-insights.ts';
import { unidadeConfiguracoes } from '../../server/src/modules/tenancy/tenancy.table.ts';
import { DESKTOP, loginAs, MOBILE, SCREENSHOTS_DIR, startHarnessWithMeta, type Harness } from './harness.ts';

const APP_ID = '700100200300999';
const APP_SECRET = 'segredo-do-app-insights-e2e-012345';

let demo: DemoWorld;
let harness: Harness;
beforeAll(async () => {
  ({ demo, harness } = await startHarnessWithMeta({ appId: APP_ID, appSecret: APP_SECRET, days: 92 }));
}, 300_000);
afterAll(async () => {
  await harness?.close();
});

describe('issue 24 Meta Insights in the browser', () => {
  it('connects, picks the account, selects a campaign and sees its ad sets and ads with CRM sales and ROAS', async () => {
    const { currentUser } = await harness.apiLogin('gestor@demo.com.br');
    const idUnidade = currentUser.idUnidade;
    const idEmpresa = currentUser.idEmpresa;
    // The unit's feature toggle (002 §2.7), as the company admin sets it on the toggles screen.
    const [row] = await harness.db
      .select({ extras: unidadeConfiguracoes.configuracoesExtra })
      .from(unidadeConfiguracoes)
      .where(eq(unidadeConfiguracoes.idUnidade, idUnidade));
    await harness.db
      .update(unidadeConfiguracoes)
      .set({ configuracoesExtra: JSON.stringify({ ...JSON.parse(row?.extras ?? '{}'), metaInsights: true }) })
      .where(eq(unidadeConfiguracoes.idUnidade, idUnidade));

    const { page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'gestor@demo.com.br');
    await page.goto('/insights');
    await page.getByText('Por favor, faça login no Facebook.').waitFor();
    await page.getByRole('button', { name: 'Entrar com o Facebook' }).click();
    await page.waitForURL('**/integracao-meta');
    await page.getByRole('button', { name: 'Conectar com o Facebook' }).click();
    await page.getByText('Conta do Meta conectada com sucesso!').waitFor();
    // Campaigns not yet placed in a unit go to the default unit (this session's).
    await page.getByRole('combobox', { name: 'Unidade padrão' }).click();
    await page
      .getByRole('listbox')
      .getByRole('option', { name: /Paulista/ })
      .click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Salvar unidade padrão' }).click();
    await page.getByText('Configuração salva com sucesso!').waitFor();
    // The catalogue knows the ads (issue 23 §3: a lead's ad is 'unknown' until the catalogue has it).
    await page.getByRole('button', { name: 'Sincronizar com o Meta' }).click();
    await page.getByText('Sincronização com o Meta concluída.').waitFor({ timeout: 60_000 });

    // The refresh job's first import and the leads' attribution (the demo's step).
    const seeded = await seedDemoInsights(harness.db, harness.metaRuntime!, demo, { idEmpresa, idUnidade });
    expect(seeded.rows).toBeGreaterThan(0);
    expect(seeded.attributed).toBeGreaterThan(0);

    await page.goto('/insights');
    await page.getByRole('combobox', { name: 'Conta de anúncios' }).click();
    await page.getByRole('option', { name: new RegExp(demo.account.name) }).click();
    // The default period is the previous calendar month; the demo's figures are of the last weeks: this month.
    await page.getByRole('button', { name: 'Filtrar período' }).click();
    const digits = (d: Date) => d.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }).replace(/\D/g, '');
    await page.getByRole('group', { name: 'Data Início' }).getByRole('spinbutton').first().click();
    await page.keyboard.type(digits(new Date(Date.now() - 60 * 86_400_000)));
    await page.getByRole('group', { name: 'Data Fim' }).getByRole('spinbutton').first().click();
    await page.keyboard.type(digits(new Date()));
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });

    const campaign = demo.campaigns.find((c) => c.name.startsWith('Implante'))!;
    const campaignRow = page.locator(`tr[data-insight-id="${campaign.id}"]`);
    await campaignRow.waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}insights-campanhas.png`, fullPage: true });
    await page.getByRole('checkbox', { name: `Selecionar ${campaign.name}` }).check();
    await page.getByText('1 selecionado').waitFor();
    await page.getByRole('figure', { name: 'Evolução diária dos selecionados' }).locator('.recharts-line').first().waitFor();

    await page.getByRole('tab', { name: 'Conjunto de Anuncios' }).click();
    const adsets = demo.adsets.filter((s) => s.campaignId === campaign.id);
    const firstSet = page.locator(`tr[data-insight-id="${adsets[0]!.id}"]`);
    await firstSet.waitFor();
    expect(await page.locator('tbody tr[data-insight-id]').count()).toBe(adsets.length);
    await page.getByRole('checkbox', { name: `Selecionar ${adsets[0]!.name}` }).check();
    await page.getByRole('figure', { name: 'Evolução diária dos selecionados' }).locator('.recharts-line').first().waitFor();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}insights-conjuntos.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Anuncios', exact: true }).click();
    const ads = demo.ads.filter((a) => a.adsetId === adsets[0]!.id);
    await page.locator(`tr[data-insight-id="${ads[0]!.id}"]`).waitFor();
    // The CRM's columns (Leads CRM … ROAS) sit at the right of the wide table: in view for the picture.
    await page.locator('.MuiTableContainer-root').evaluate((el) => el.scrollBy({ left: 2000 }));
    await page.screenshot({ path: `${SCREENSHOTS_DIR}insights-anuncios.png`, fullPage: true });
    // Some ad of the set sold in the CRM: its Conversões above 0 and its ROAS a figure ('4,50x'), not '—'.
    const cells = await page.locator('tbody tr[data-insight-id]').evaluateAll((rows) =>
      rows.map((r) => ({
        conversoes: r.querySelector('[data-field="conversoes"]')?.textContent ?? '',
        roas: r.querySelector('[data-field="roas"]')?.textContent ?? '',
      })),
    );
    expect(cells.some((c) => Number(c.conversoes) > 0 && /^\d+,\d{2}x$/.test(c.roas))).toBe(true);
    // The catalogue has the ads: the leads the demo attributed are not of an unknown ad.
    expect(await page.getByTestId('insights-desconhecidos').textContent()).not.toMatch(/\(100%\)/);

    // 'Closing the loop with Meta': the admin maps a sale status to the Conversions API, saves, and finds the
    // mapping again after a reload (the server's, not the form's state).
    const card = page.getByTestId('conversions-card');
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('textbox', { name: 'ID do conjunto de dados' }).fill(demo.dataset.id);
    await card.getByRole('combobox', { name: 'Status de venda enviados' }).click();
    const statusName = 'Cliente ativo';
    await page.getByRole('listbox').getByRole('option', { name: statusName }).click();
    await page.keyboard.press('Escape');
    await card.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Configuração da API de Conversões salva.').waitFor();
    await page.reload();
    const saved = page.getByTestId('conversions-card');
    await saved.getByRole('button', { name: statusName }).waitFor();
    expect(await saved.getByRole('textbox', { name: 'ID do conjunto de dados' }).inputValue()).toBe(demo.dataset.id);

    await page.setViewportSize(MOBILE);
    await page.goto('/insights');
    await page.locator('tbody tr[data-insight-id]').first().waitFor();
    const widths = await page.evaluate(() => ({
      document: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
    }));
    expect(widths.document).toBeLessThanOrEqual(MOBILE.width);
    expect(widths.body).toBeLessThanOrEqual(MOBILE.width);
    // The top bar's title reads whole beside the phone's five icon buttons (it showed 'Meta I…').
    const title = page.getByRole('banner').getByRole('heading', { level: 1 });
    expect(await title.innerText()).toBe('Meta Insights');
    expect(await title.evaluate((h) => [h.scrollWidth <= h.clientWidth, h.scrollHeight <= h.clientHeight])).toEqual([true, true]);
    await page.screenshot({
      path: `${SCREENSHOTS_DIR}insights-titulo-celular.png`,
      clip: { x: 0, y: 0, width: MOBILE.width, height: 72 },
    });
    await page.screenshot({ path: `${SCREENSHOTS_DIR}insights-celular.png`, fullPage: true });
    // The Conversions API card on the phone: inside the page's width, its mapped status shown.
    const phoneCard = page.getByTestId('conversions-card');
    await phoneCard.getByRole('button', { name: statusName }).waitFor();
    const box = (await phoneCard.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    await phoneCard.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}insights-conversoes-celular.png`, clip: (await phoneCard.boundingBox())! });
  }, 180_000);
});
