// /dashboard end to end (issue 14; 000 §2 'Dashboard screen', §4, §5, §6, §7, §9) on the demo seed:
// the v2 dashboard of the first unit (dash_v2) with its filters and the lead tables' paging, the
// classic tabs by role once the unit turns dash_v2 off, and the external frame once it has
// url_dashboard. Screenshots docs/screenshots/dashboard-v2.png, dashboard-classico.png,
// dashboard-campanhas.png, dashboard-ltv.png, dashboard-externo.png.

import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { unidadeConfiguracoes, unidades } from '../../server/src/modules/tenancy/tenancy.table.ts';
import { DESKTOP, downloadedBytes, loginAs, SCREENSHOTS_DIR, startHarness, type Harness } from './harness.ts';

let harness: Harness;
let unit1: number;
beforeAll(async () => {
  harness = await startHarness();
  const [row] = await harness.db
    .select({ id: unidades.id })
    .from(unidades)
    .where(sql`${unidades.nome} like 'Unidade Paulista%'`);
  unit1 = row!.id;
});
afterAll(async () => {
  await harness.close();
});

async function patchUnit1(change: { extras?: Record<string, unknown>; urlDashboard?: string | null }) {
  const [config] = await harness.db
    .select({ extra: unidadeConfiguracoes.configuracoesExtra })
    .from(unidadeConfiguracoes)
    .where(eq(unidadeConfiguracoes.idUnidade, unit1));
  const extras = { ...(JSON.parse(config!.extra) as Record<string, unknown>), ...change.extras };
  await harness.db
    .update(unidadeConfiguracoes)
    .set({
      configuracoesExtra: JSON.stringify(extras),
      ...(change.urlDashboard !== undefined ? { urlDashboard: change.urlDashboard } : {}),
    })
    .where(eq(unidadeConfiguracoes.idUnidade, unit1));
}

/** The dashboard calls the page sends, as 'call/tail'. */
function recordCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const match = /\/api\/dashboard\/(.+)$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) calls.push(match[1]);
  });
  return calls;
}

const saoPauloDay = (offsetDays: number) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + offsetDays * 86_400_000));
  return parts; // YYYY-MM-DD
};
const brDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const encodedPeriod = (start: string, end: string) =>
  `${encodeURIComponent(`${start} 00:00:00`)}/${encodeURIComponent(`${end} 23:59:59`)}`;

/** The login snackbar fades after 4.5 s (000 §8); pictures are taken without it. */
const noSnackbar = (page: Page) => page.getByText('Login com sucesso.').waitFor({ state: 'hidden', timeout: 10_000 });

/**
 * The whole page in one picture: the window grows to the page's height first, so the charts lay
 * out at the width they are shown at (a full-page capture resizes under them).
 */
async function fullShot(page: Page, name: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: DESKTOP.width, height });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}${name}` });
  await page.setViewportSize(DESKTOP);
}

const filters = (page: Page) => page.getByRole('form', { name: 'Filtros do dashboard' });

async function openDashboard(page: Page, email: string) {
  await loginAs(page, email);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.waitForURL('**/dashboard');
}

describe('dashboard v2 (000 §2, dash_v2 on the demo first unit)', () => {
  it('follows the unit live: a lead captured elsewhere shows up without Atualizar (issue 14)', async () => {
    const { page } = await harness.newPage(DESKTOP);
    await openDashboard(page, 'gerente@demo.com.br');
    const value = page
      .getByRole('region', { name: 'Performance de Captação' })
      .getByRole('group', { name: 'Leads Captados' })
      .getByTestId('kpi-valor');
    await value.waitFor();
    const count = async () => Number((await value.innerText()).replace(/\D/g, ''));
    await expect.poll(count).toBeGreaterThan(0);
    const before = await count();
    // The admin of the same unit registers a lead through the API (another browser, another person).
    const { token } = await harness.apiLogin('admin@demo.com.br');
    const created = await fetch(`${harness.baseURL}/api/contato/cadastrarcontato/manual`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cli_nome: 'Lead Ao Vivo', cli_telefone: '11987650001' }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    // The company's contact event marks the dashboard stale; it reads again within DASHBOARD_LIVE_REFRESH_MS.
    await expect.poll(count, { timeout: 25_000, interval: 500 }).toBe(before + 1);
  });

  it('opens on the last 7 days, filters with -1 for empty, pages the lead tables by the 000 §2 rule', async () => {
    const { page } = await harness.newPage(DESKTOP);
    const calls = recordCalls(page);
    await openDashboard(page, 'gerente@demo.com.br');
    const capture = page.getByRole('region', { name: 'Performance de Captação' });
    await capture.getByRole('heading', { name: 'Performance de Captação' }).waitFor();
    const leadsCard = capture.getByRole('group', { name: 'Leads Captados' });
    await leadsCard.getByTestId('kpi-valor').waitFor();

    // 000 §4, §7, §9: the last 7 days, 'YYYY-MM-DD 00:00:00' … '23:59:59', -1 for every empty filter.
    const today = saoPauloDay(0);
    const weekAgo = saoPauloDay(-6);
    const week = encodedPeriod(weekAgo, today);
    await expect.poll(() => calls.filter((c) => c === `captacao/-1/-1/-1/-1/${week}`).length).toBeGreaterThan(0);
    expect(calls).toContain(`atendimento-tempo/-1/-1/-1/-1/${week}`);
    expect(calls).toContain(`atendimento-leads/1/1/-1/-1/-1/-1/${week}`);
    expect(await page.getByTestId('periodo-aplicado').innerText()).toBe(`${brDay(weekAgo)} a ${brDay(today)}`);

    // The last 30 days, so the demo's history (90 days) fills every chart, the cards have a previous
    // period to compare with, and the tables page.
    const start = saoPauloDay(-29);
    await page.getByRole('group', { name: 'Data inicial' }).getByRole('spinbutton').first().click();
    await page.keyboard.type(brDay(start).replace(/\D/g, ''));
    await filters(page).getByRole('button', { name: 'Atualizar' }).click();
    const month = encodedPeriod(start, today);
    await expect.poll(() => calls.includes(`captacao/-1/-1/-1/-1/${month}`)).toBe(true);
    await expect
      .poll(async () => Number((await leadsCard.getByTestId('kpi-valor').innerText()).replace(/\D/g, '')))
      .toBeGreaterThan(20);
    await page.getByRole('figure', { name: 'Leads Captados Por Plataforma' }).locator('svg.recharts-surface').first().waitFor();
    await page
      .getByRole('figure', { name: 'Leads Por Campanha e Status de Negociação' })
      .locator('.recharts-bar-rectangle')
      .first()
      .waitFor();
    await page.getByRole('region', { name: 'Ranking de atendentes' }).getByRole('row').nth(1).waitFor();

    // Beyond the spec: a chart downloads as PNG, a table as CSV in pt-BR.
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar PNG: Leads Captados Por Plataforma' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe('leads-captados-por-plataforma.png');
    const pngBytes = await downloadedBytes(png);
    expect([...pngBytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(pngBytes.length).toBeGreaterThan(5_000);
    const ranking = page.getByRole('region', { name: 'Ranking de atendentes' });
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      ranking.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe('ranking-de-atendentes.csv');
    const csvText = (await downloadedBytes(csv)).toString('utf8');
    // Issue 21 item 17: the one CSV writer of every export (';', a BOM, CRLF).
    expect(csvText.split('\r\n')[0]).toBe(
      '\ufeff#;Atendente;Ligações;Minutos falados;Mensagens;Leads contatados;1ª resposta (média);Conversões;Valor',
    );
    expect(csvText).toMatch(/"R\$ [\d.]+,\d{2}"/);

    // A platform and an attendant: their ids travel in their positions.
    await page.getByRole('combobox', { name: 'Plataforma' }).click();
    const platform = page.getByRole('option').nth(1);
    const platformName = await platform.innerText();
    await platform.click();
    const unitData = await harness.apiUnitData((await harness.apiLogin('gerente@demo.com.br')).token);
    const platformId = unitData.plataformas.find((p) => p.nome === platformName)!.id;
    await filters(page).getByRole('button', { name: 'Atualizar' }).click();
    await expect.poll(() => calls.includes(`captacao/-1/-1/${platformId}/-1/${month}`)).toBe(true);
    // Limpar: back to the last 7 days and no filter (000 §4).
    // Limpar: back to the last 7 days and no filter (000 §4); the week's answers are still fresh in the cache.
    await filters(page).getByRole('button', { name: 'Limpar' }).click();
    await expect.poll(() => page.getByTestId('periodo-aplicado').innerText()).toBe(`${brDay(weekAgo)} a ${brDay(today)}`);
    expect(await page.getByRole('combobox', { name: 'Plataforma' }).innerText()).toBe('Todos');

    // Back to 30 days for the tables: 5 rows a page, the next server page on page index 3.
    await page.getByRole('group', { name: 'Data inicial' }).getByRole('spinbutton').first().click();
    await page.keyboard.type(brDay(start).replace(/\D/g, ''));
    await filters(page).getByRole('button', { name: 'Atualizar' }).click();
    const table = page.getByRole('table', { name: 'Leads captados' });
    await table.scrollIntoViewIfNeeded();
    await expect.poll(async () => table.getByRole('row').count()).toBe(6);
    const panel = page.getByRole('tabpanel').filter({ has: table });
    const total = Number(/de (\d+)/.exec((await panel.getByText(/^1–5 de /).innerText()).replace(/\./g, ''))?.[1]);
    expect(total).toBeGreaterThan(25);
    const leadPages = () =>
      calls.filter((c) => c.startsWith('atendimento-leads/') && c.endsWith(month)).map((c) => c.split('/').slice(1, 3).join('/'));
    const next = panel.getByRole('button', { name: /próxima página/i });
    await next.click();
    await next.click();
    expect(leadPages()).not.toContain('2/1');
    await next.click(); // page index 3: (3 + 2) % 5 === 0
    await expect.poll(leadPages).toContain('2/1');
    await next.click();
    await next.click(); // page index 5: rows 26–30 come from server page 2
    await panel.getByText(/^26–30 de /).waitFor();
    await expect.poll(async () => table.getByRole('row').count()).toBe(6);

    // The attended leads tab.
    await page.getByRole('tab', { name: 'Tabela leads atendidos' }).click();
    await page.getByRole('table', { name: 'Leads atendidos' }).getByRole('row').nth(1).waitFor();

    await page.evaluate(() => window.scrollTo(0, 0));
    await noSnackbar(page);
    await fullShot(page, 'dashboard-v2.png');
  });
});

describe('classic dashboard (000 §2, §6) once the unit turns dash_v2 off', () => {
  it('gives each role its tabs; the multi-manager picks units; CAMPANHAS and LTV show their cards', async () => {
    await patchUnit1({ extras: { dash_v2: false } });
    try {
      const { page: attendant } = await harness.newPage(DESKTOP);
      await openDashboard(attendant, 'atendente@demo.com.br');
      await attendant.getByRole('tab', { name: 'ATENDIMENTOS' }).waitFor();
      expect(await attendant.getByRole('tab').allInnerTexts()).toEqual(['ATENDIMENTOS']);
      expect(await attendant.getByRole('combobox', { name: 'Unidades' }).count()).toBe(0);

      const { page: manager } = await harness.newPage(DESKTOP);
      await openDashboard(manager, 'gerente@demo.com.br');
      await manager.getByRole('tab', { name: 'ATENDIMENTOS' }).waitFor();
      expect(await manager.getByRole('tab').allInnerTexts()).toEqual(['ATENDIMENTOS', 'CAMPANHAS']);

      const { page } = await harness.newPage(DESKTOP);
      const calls = recordCalls(page);
      await openDashboard(page, 'multigerente@demo.com.br');
      await page.getByRole('tab', { name: 'LTV' }).waitFor();
      expect(await page.getByRole('tab').allInnerTexts()).toEqual(['ATENDIMENTOS', 'CAMPANHAS', 'LTV']);
      const today = saoPauloDay(0);
      // Issue 21 item 18: the multi-manager opens on their own unit (one id), not on every unit (0).
      await expect.poll(() => calls.some((c) => new RegExp(`^crmat/\\d+/${saoPauloDay(-6)}/${today}$`).test(c))).toBe(true);

      // 30 days of history, both units: '&' joins them (000 §5).
      const start = saoPauloDay(-29);
      await page.getByRole('group', { name: 'Data inicial' }).getByRole('spinbutton').first().click();
      await page.keyboard.type(brDay(start).replace(/\D/g, ''));
      const units = page.getByRole('combobox', { name: 'Unidades' });
      await units.click();
      const options = page.getByRole('option');
      await options.first().waitFor();
      const optionCount = await options.count();
      // The own unit is already chosen: add the others.
      for (let i = 0; i < optionCount; i += 1)
        if ((await options.nth(i).getAttribute('aria-selected')) !== 'true') await options.nth(i).click();
      await page.keyboard.press('Escape');
      await filters(page).getByRole('button', { name: 'Atualizar' }).click();
      await expect.poll(() => calls.some((c) => new RegExp(`^crmat/\\d+&\\d+/${start}/${today}$`).test(c))).toBe(true);
      // Captação reads dashboard/crm.
      await page.getByRole('radio', { name: 'Captação' }).check();
      await filters(page).getByRole('button', { name: 'Atualizar' }).click();
      await expect.poll(() => calls.some((c) => new RegExp(`^crm/\\d+&\\d+/${start}/${today}$`).test(c))).toBe(true);
      await expect
        .poll(async () =>
          Number(
            (await page.getByRole('group', { name: 'Total de leads' }).getByTestId('kpi-valor').innerText()).replace(/\D/g, ''),
          ),
        )
        .toBeGreaterThan(0);
      await page.getByRole('figure', { name: 'Status Negociação' }).locator('svg.recharts-surface').first().waitFor();
      await page
        .getByRole('figure', { name: 'Status de Atendimento Diário' })
        .locator('.recharts-bar-rectangle')
        .first()
        .waitFor();
      await page.getByRole('table', { name: 'Recentes' }).getByRole('row').nth(1).waitFor();
      await page.getByRole('figure', { name: 'Status de Ligações Diário' }).locator('.recharts-bar-rectangle').first().waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await noSnackbar(page);
      await fullShot(page, 'dashboard-classico.png');
      // The stack toggle of a daily chart: side by side, then stacked again.
      const stack = page.getByRole('switch', { name: 'Empilhar: Status de Ligações Diário' });
      await stack.uncheck();
      expect(await stack.isChecked()).toBe(false);
      await stack.check();

      await page.getByRole('tab', { name: 'CAMPANHAS' }).click();
      await page.getByRole('group', { name: 'Melhor desempenho' }).waitFor();
      await page.getByRole('table', { name: 'Campanhas' }).getByRole('row').nth(1).waitFor();
      await expect.poll(() => calls.some((c) => /^campanhas\/\d+&\d+\/0\//.test(c))).toBe(true);
      await page.getByRole('figure', { name: 'Leads e conversões por dia' }).locator('.recharts-bar-rectangle').first().waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await fullShot(page, 'dashboard-campanhas.png');
      await page.getByRole('tab', { name: 'LTV' }).click();
      await page.getByRole('group', { name: 'Desempenho médio' }).waitFor();
      await expect.poll(() => calls.some((c) => /^ltv\/\d+&\d+\/0\//.test(c))).toBe(true);
      // The last 90 days (the demo's older leads): the value by month of capture shows four months.
      const start90 = saoPauloDay(-89);
      await page.getByRole('group', { name: 'Data inicial' }).getByRole('spinbutton').first().click();
      await page.keyboard.type(brDay(start90).replace(/\D/g, ''));
      await filters(page).getByRole('button', { name: 'Atualizar' }).click();
      await expect.poll(() => calls.some((c) => new RegExp(`^ltv/\\d+&\\d+/0/${start90}/${today}$`).test(c))).toBe(true);
      await page.getByRole('table', { name: 'LTV' }).getByRole('row').nth(1).waitFor();
      const months = page
        .getByRole('figure', { name: 'Valor dos clientes por mês de captação' })
        .locator('.recharts-bar-rectangle');
      await expect.poll(() => months.count()).toBeGreaterThanOrEqual(3);
      await page.evaluate(() => window.scrollTo(0, 0));
      await fullShot(page, 'dashboard-ltv.png');
    } finally {
      await patchUnit1({ extras: { dash_v2: true } });
    }
  });
});

describe('external dashboard (000 §2 variant 1, §9)', () => {
  it('frames url_dashboard full width at the window height minus 140', async () => {
    const url = 'https://bi.sorrisoperfeito.com.br/painel/paulista';
    await patchUnit1({ urlDashboard: url });
    try {
      const { page } = await harness.newPage(DESKTOP);
      // The unit's BI page lives outside Funil; the browser gets a stand-in page at its address.
      await page.route('https://bi.sorrisoperfeito.com.br/**', (route) =>
        route.fulfill({ contentType: 'text/html; charset=utf-8', body: EXTERNAL_PAGE }),
      );
      await openDashboard(page, 'gerente@demo.com.br');
      const frame = page.locator('iframe[title^="Dashboard de"]');
      await frame.waitFor();
      expect(await frame.getAttribute('src')).toBe(url);
      const box = (await frame.boundingBox())!;
      expect(Math.round(box.height)).toBe(DESKTOP.height - 140);
      const main = (await page.locator('main').boundingBox())!;
      expect(box.width).toBeGreaterThan(main.width - 80);
      await page.frameLocator('iframe[title^="Dashboard de"]').getByText('Vendas do mês').waitFor();
      await noSnackbar(page);
      await page.screenshot({ path: `${SCREENSHOTS_DIR}dashboard-externo.png` });
    } finally {
      await patchUnit1({ urlDashboard: null });
    }
  });
});

const EXTERNAL_PAGE = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><style>
body{margin:0;font-family:Arial,sans-serif;background:#0f172a;color:#e2e8f0}
header{padding:18px 24px;background:#1e293b;font-size:18px;font-weight:700}
.grid{display:grid;grid-template-columns:repeat(4,1fr);gap:16px;padding:24px}
.tile{background:#1e293b;border-radius:10px;padding:18px}.tile b{display:block;font-size:28px;margin-top:8px;color:#38bdf8}
.bars{display:flex;align-items:flex-end;gap:10px;height:220px;margin:0 24px;padding:16px;background:#1e293b;border-radius:10px}
.bars div{flex:1;background:linear-gradient(#38bdf8,#0ea5e9);border-radius:4px 4px 0 0}
</style></head><body><header>Painel BI · Unidade Paulista</header><div class="grid">
<div class="tile">Vendas do mês<b>R$ 184.320,00</b></div><div class="tile">Leads<b>1.248</b></div>
<div class="tile">Conversão<b>7,4%</b></div><div class="tile">Ticket médio<b>R$ 2.010,00</b></div></div>
<div class="bars">${[40, 65, 52, 80, 72, 90, 61, 77, 95, 70, 84, 100]
  .map((h) => `<div style="height:${h}%"></div>`)
  .join('')}</div></body></html>`;
