// The pipeline in Chromium with 5,000 cards in one column (issue 11 "Scale", docs/performance.md
// "Pipeline"): the board's first paint, loading the whole column by scrolling it, the cards mounted
// (virtualised) and the drag feedback. Reported, not asserted (only that the column loaded). Was
// the last test of apps/web/e2e/pipeline.spec.ts until issue 22 §5 moved it here, out of CI.
//
//   npm run bench -- chromium-pipeline
//   (the real server in-process on PGlite with the demo, the built web app: built first if absent)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';

import { unidades } from '../apps/server/src/modules/tenancy/tenancy.table.ts';
import { DESKTOP, loginAs, startHarness } from '../apps/web/e2e/harness.ts';

const WEB_INDEX = fileURLToPath(new URL('../apps/web/dist/index.html', import.meta.url));

const column = (page: Page, coluna: number) => page.getByTestId(`coluna-${coluna}`);
const cardsOf = (page: Page, coluna: number) => column(page, coluna).locator('[data-testid^="card-"]');

export async function run(): Promise<void> {
  if (!existsSync(WEB_INDEX)) execFileSync('npm', ['run', 'build', '-w', '@funil/web'], { stdio: 'inherit' });
  const harness = await startHarness();
  try {
    const [row] = await harness.db
      .select({ id: unidades.id })
      .from(unidades)
      .where(sql`${unidades.nome} like 'Unidade Paulista%'`);
    const unit1 = row!.id;
    // 5,000 more leads in 'Tentando contato' (7, issue 21 item 19) of the first unit: the column measured below.
    await harness.db
      .execute(sql`insert into leads (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave, cli_status_negociacao,
        posicao_pipeline, ad_name)
      select u.id_empresa, u.id, 'Carga ' || g, '1190' || lpad(g::text, 7, '0'), '1190' || lpad(g::text, 6, '0'), 7, g, 'Anúncio de carga'
      from unidades u, generate_series(1, 5000) g where u.id = ${unit1}`);
    // The column counts are cached a few seconds per unit (lead-count-cache.ts); a bare SQL insert does not drop them.
    await new Promise((r) => setTimeout(r, 5_500));
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'admin@demo.com.br');
    const paints: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await page.goto('/pipeline');
      await cardsOf(page, 7).first().waitFor();
      paints.push(await page.evaluate(() => performance.getEntriesByName('pipeline-board-painted')[0]?.startTime ?? -1));
    }
    // Load all 5,000 cards of the column by scrolling it to its end, page after page.
    const scroller = column(page, 7).getByTestId('coluna-rolagem');
    const started = Date.now();
    await scroller.evaluate(async (el) => {
      for (let i = 0; i < 2000 && el.scrollHeight < 5000 * 120; i += 1) {
        el.scrollTop = el.scrollHeight;
        await new Promise((r) => setTimeout(r, 25));
      }
      el.scrollTop = 0;
    });
    const loadSeconds = (Date.now() - started) / 1000;
    const loaded = await scroller.evaluate((el) => Math.round(el.scrollHeight / 120));
    const mounted = await page.locator('[data-testid^="card-"]').count();
    // Drag feedback: from each pointer move to the frame after it (the overlay and the drop hint drawn).
    await page.evaluate(() => {
      const w = window as unknown as { dragLatencies: number[] };
      w.dragLatencies = [];
      window.addEventListener(
        'pointermove',
        (e) => requestAnimationFrame(() => requestAnimationFrame(() => w.dragLatencies.push(performance.now() - e.timeStamp))),
        { capture: true },
      );
    });
    const card = (await cardsOf(page, 7).first().boundingBox())!;
    const target = (await column(page, 5).boundingBox())!;
    await page.mouse.move(card.x + card.width / 2, card.y + card.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 80; i += 1) {
      await page.mouse.move(
        card.x + card.width / 2 + ((target.x - card.x) * i) / 80,
        card.y + card.height / 2 + 40 * Math.sin(i / 5),
      );
      await page.waitForTimeout(16);
    }
    await page.keyboard.press('Escape');
    await page.mouse.up();
    const latencies = (await page.evaluate(() => (window as unknown as { dragLatencies: number[] }).dragLatencies)).sort(
      (a, b) => a - b,
    );
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
    console.log(
      `  pipeline chromium: first paint ms ${paints.map((v) => v.toFixed(0)).join(', ')}; loaded ${loaded} cards in ` +
        `${loadSeconds.toFixed(1)} s; mounted ${mounted}; drag feedback n=${latencies.length} ` +
        `p50 ${p(0.5).toFixed(1)} ms p95 ${p(0.95).toFixed(1)} ms max ${latencies[latencies.length - 1]!.toFixed(1)} ms`,
    );
    if (loaded <= 1000) throw new Error(`a coluna carregou só ${loaded} cards (esperado mais de 1.000)`);
    await context.close();
  } finally {
    await harness.close();
  }
}
