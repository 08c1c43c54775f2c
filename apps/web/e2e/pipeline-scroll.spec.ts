// Issue 21 items 8 and 9 (002 §2.4, §4 "Pipeline"): on a board scrolled sideways, or scrolled by the
// drag itself, the card lands in the column the outline shows (the one under the pointer) and the
// lead takes that column's status; a drop where no column is shown changes nothing; the drag never
// scrolls the page, which stays as wide as the window.
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DESKTOP, loginAs, SCREENSHOTS_DIR, startHarness, type Harness } from './harness.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

const board = (page: Page) => page.getByTestId('pipeline-quadro');
const cardsOf = (page: Page, coluna: number) => page.getByTestId(`coluna-${coluna}`).locator('[data-testid^="card-"]');

async function openBoard(page: Page) {
  await loginAs(page, 'admin@demo.com.br');
  await page.getByRole('link', { name: 'Pipeline' }).click();
  await page.waitForURL('**/pipeline');
  await cardsOf(page, 1).first().waitFor();
}

/** The column outlined as the drop target (a column outline or a card's line inside it), if any. */
const highlighted = (page: Page) =>
  page.evaluate(() => document.querySelector('section[data-alvo="true"]')?.getAttribute('data-testid') ?? null);

/**
 * The column the user sees under a point of the window (null over the drawer, the header, a gap); the dragged card's overlay lets
 * the pointer through.
 */
const columnUnder = (page: Page, x: number, y: number) =>
  page.evaluate(
    ([px, py]) =>
      document.elementFromPoint(px!, py!)?.closest('section[data-testid^="coluna-"]')?.getAttribute('data-testid') ?? null,
    [x, y],
  );

/** The columns fully inside the board's visible area, left to right, with their window x range. */
const visibleColumns = (page: Page) =>
  page.evaluate(() => {
    const area = document.querySelector('[data-testid="pipeline-quadro"]')!.getBoundingClientRect();
    return Array.from(document.querySelectorAll('section[data-testid^="coluna-"]'))
      .map((c) => ({
        id: c.getAttribute('data-testid')!,
        left: c.getBoundingClientRect().left,
        right: c.getBoundingClientRect().right,
      }))
      .filter((c) => c.left >= area.left && c.right <= area.right);
  });

async function statusOf(id: number) {
  const result = (await harness.db.execute(
    sql`select cli_status_negociacao as s from leads where cli_crm_id = ${id}`,
  )) as unknown as { rows: { s: number }[] };
  return Number(result.rows[0]!.s);
}

const pageGeometry = (page: Page) =>
  page.evaluate(() => ({ scrollX: window.scrollX, width: document.documentElement.scrollWidth, inner: window.innerWidth }));

/** Picks up the first card of a column (past the sensor's 6 px) and returns its lead id. */
async function pickUp(page: Page, coluna: number) {
  const card = cardsOf(page, coluna).first();
  const id = Number((await card.getAttribute('data-testid'))!.replace('card-', ''));
  const box = (await card.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 12, box.y + box.height / 2 + 12, { steps: 3 });
  return id;
}

describe('issue 21 item 8: the drop lands where the outline shows (002 §4 "Pipeline")', () => {
  it('on a board scrolled sideways, lands in the outlined column under the pointer and takes its status', async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await openBoard(page);
    await board(page).evaluate((el) => (el.scrollLeft = 400));
    const shown = await visibleColumns(page);
    expect(shown.length).toBeGreaterThanOrEqual(2);
    const source = Number(shown[0]!.id.replace('coluna-', ''));
    const target = shown[1]!;
    const id = await pickUp(page, source);
    const x = (target.left + target.right) / 2;
    await page.mouse.move(x, 600, { steps: 12 });
    await expect.poll(() => highlighted(page)).toBe(target.id);
    expect(await columnUnder(page, x, 600)).toBe(target.id);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/kanban/status-negociacao') && r.request().method() === 'PUT',
    );
    await page.mouse.up();
    expect((await saved).status()).toBe(200);
    expect(await statusOf(id)).toBe(Number(target.id.replace('coluna-', '')));
    await expect.poll(() => page.getByTestId(target.id).getByTestId(`card-${id}`).count()).toBe(1);
    expect(await pageGeometry(page)).toMatchObject({ scrollX: 0 });
    await page.screenshot({ path: `${SCREENSHOTS_DIR}pipeline-drag-scrolled.png` });
    await context.close();
  });

  it('a column scrolled out of sight behind the drawer is no target: the drop there changes nothing', async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await openBoard(page);
    await board(page).evaluate((el) => (el.scrollLeft = 400));
    const shown = await visibleColumns(page);
    const source = Number(shown[0]!.id.replace('coluna-', ''));
    const id = await pickUp(page, source);
    const before = await statusOf(id);
    // Column 1 now lies under the drawer, left of the board's visible area: the pointer is over the menu.
    const areaLeft = await board(page).evaluate((el) => el.getBoundingClientRect().left);
    await page.mouse.move(areaLeft - 120, 600, { steps: 12 });
    await page.waitForTimeout(300);
    expect(await columnUnder(page, areaLeft - 120, 600)).toBeNull();
    expect(await highlighted(page)).toBeNull();
    let puts = 0;
    page.on('request', (r) => {
      if (r.method() === 'PUT') puts += 1;
    });
    await page.mouse.up();
    await page.waitForTimeout(500);
    expect(puts).toBe(0);
    expect(await statusOf(id)).toBe(before);
    await context.close();
  });

  it('on a board scrolled by the drag itself, lands in the outlined column and never scrolls the page (item 9)', async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await openBoard(page);
    const id = await pickUp(page, 1);
    const area = await board(page).evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { right: r.right, maxScroll: el.scrollWidth - el.clientWidth };
    });
    // Held near the board's right edge, the drag scrolls the board to its end.
    const x = area.right - 30;
    await page.mouse.move(x, 600, { steps: 12 });
    await expect
      .poll(() => board(page).evaluate((el) => el.scrollLeft), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(area.maxScroll - 1);
    await page.mouse.move(x - 2, 600, { steps: 2 });
    const under = await columnUnder(page, x - 2, 600);
    expect(under).not.toBeNull();
    await expect.poll(() => highlighted(page)).toBe(under);
    expect(await pageGeometry(page)).toMatchObject({ scrollX: 0 });
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/kanban/status-negociacao') && r.request().method() === 'PUT',
    );
    await page.mouse.up();
    expect((await saved).status()).toBe(200);
    expect(await statusOf(id)).toBe(Number(under!.replace('coluna-', '')));
    const geometry = await pageGeometry(page);
    expect(geometry.scrollX).toBe(0);
    expect(geometry.width).toBeLessThanOrEqual(geometry.inner);
    await context.close();
  });
});
