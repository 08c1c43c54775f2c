// Issue 22 §4: the admin lists on a phone. The desktop widths of every route (issue 21 item 9: no page
// scrolls sideways at 1280 and 1440 px) are checked on texts.spec.ts's walk of every route.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_LOGINS, loginAs, SCREENSHOTS_DIR, startHarness, type Harness } from './harness.ts';

let harness: Harness;
// The seed of a fresh database can take minutes on a loaded machine.
beforeAll(async () => {
  harness = await startHarness();
}, 300_000);
afterAll(async () => {
  await harness?.close();
});

/** Opens a route by its address and waits for its content (no skeleton or spinner left in the main area). */
async function open(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await page.waitForURL(`**${route}`);
  await page.locator('main').waitFor();
  await page
    .waitForFunction(
      () => !document.querySelector('main .MuiSkeleton-root, main [role="progressbar"], main [aria-busy="true"]'),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

// Issue 22 §4: the walk at 390 px found the admin lists' row buttons off-screen (the 'Ações' column
// is now pinned to the right on a phone), and the next-page arrow cut off. On the lists of the one
// table (DataTable), each row button of the first rows and the pager's arrows lie
// inside a 390 px window (each list opened by a login whose role may open it, 000 §6).
const SUPER_ADMIN = DEMO_LOGINS.find((login) => login.permissao === 'sa')!;
const ADMIN = DEMO_LOGINS.find((login) => login.permissao === 'a')!;
const COMPANY_ADMIN = DEMO_LOGINS.find((login) => login.permissao === 'ag')!;
const PHONE_LISTS = [
  ['/usuarios', ADMIN],
  ['/unidades', SUPER_ADMIN],
  ['/campanhas', ADMIN],
  // Issue 25: the triggers table (its dialogs at 390 px: automations.spec.ts).
  ['/automacao', ADMIN],
] as const;

describe('issue 22 §4: the admin lists on a phone (390 px)', () => {
  it.each(PHONE_LISTS)('%s: the row buttons and the pager stay inside the window', { timeout: 120_000 }, async (route, login) => {
    const { context, page } = await harness.newPage({ width: 390, height: 844 });
    await loginAs(page, login.email);
    await open(page, route);
    const table = page.locator('main table').first();
    const buttons = table.locator('tbody tr td:last-child button');
    await buttons.first().waitFor();
    const outside: string[] = [];
    const inside = async (name: string, box: { x: number; width: number } | null) => {
      if (!box || box.x < 0 || box.x + box.width > 390) outside.push(`${name}: ${JSON.stringify(box)}`);
    };
    for (const button of (await buttons.all()).slice(0, 6))
      await inside((await button.getAttribute('aria-label')) ?? 'botão', await button.boundingBox());
    for (const name of ['Página anterior', 'Próxima página'])
      await inside(name, await page.getByRole('button', { name }).first().boundingBox());
    expect(outside).toEqual([]);
    await context.close();
  });
});

// Issue 23 §6 (002 §2.10): on /campanhas the campaign's name came after the wide 'ID da campanha' (and
// 'Unidade' for a company-wide role), so at 390 px the pinned 'Ações' lay over it. On a phone the row's
// name comes first (DataTable): each of the first rows shows its name clear of its buttons, and the point
// at the name's centre is the name's own cell. The desktop order is checked on ads.spec.ts.
describe("issue 23 §6: /campanhas on a phone (390 px), the campaign's name clear of 'Ações'", () => {
  it.each([ADMIN, COMPANY_ADMIN])('$email: the name cell is not under the buttons', { timeout: 120_000 }, async (login) => {
    const { context, page } = await harness.newPage({ width: 390, height: 844 });
    await loginAs(page, login.email);
    await open(page, '/campanhas');
    const table = page.getByRole('table', { name: 'Gerenciar Campanhas' });
    await table.getByRole('rowheader').first().waitFor();
    const rows = await table.locator('tbody tr').evaluateAll((trs) =>
      trs.slice(0, 6).map((tr) => {
        const name = tr.querySelector('th[scope="row"]')!;
        const box = name.getBoundingClientRect();
        const actions = tr.querySelector('td:last-child')!.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return { name: name.textContent, clear: box.right <= actions.left + 0.5, onTop: hit !== null && name.contains(hit) };
      }),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => !row.clear || !row.onTop)).toEqual([]);
    if (login === COMPANY_ADMIN) {
      // The toolbar's buttons end their colour transition (the CSV button enabled with the rows).
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${SCREENSHOTS_DIR}campaign-costs-mobile.png` });
    }
    await context.close();
  });
});
