// 001 §5 Search / 002 §2.1 (issue 8): the CRM's search box finds a lead by the starts of the words
// of its name, accents and case ignored ("conc mag" finds "Conceição Magalhães"), through the
// real server on the real database (the normalised, unit-qualified name words).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { nameMatchesSearch } from '@funil/domain/leads/name-search';

import { DESKTOP, loginAs, SCREENSHOTS_DIR, startHarness, type Harness } from './harness.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

describe('001 §5 CRM search by word prefixes', () => {
  it('"conc mag" finds "Conceição Magalhães", and only leads whose name words start so', async () => {
    const { token } = await harness.apiLogin('admin@demo.com.br');
    const created = await fetch(`${harness.baseURL}/api/contato/cadastrarcontato/manual`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cli_nome: 'Conceição Magalhães', cli_telefone: '11987659321' }),
    });
    expect(created.status, await created.clone().text()).toBe(200);

    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'admin@demo.com.br');
    await page.goto('/crm');
    await page.getByRole('heading', { name: 'CRM', level: 2 }).waitFor();
    await page.getByLabel('Buscar').fill('conc mag');
    const rows = page.getByRole('list', { name: 'Leads' }).getByRole('listitem');
    // The new lead is also the first of the unfiltered list: wait for the searched list, where
    // every row answers the rule (each typed word starts a word of the row's name) and it is there.
    await expect
      .poll(
        async () => {
          const texts = await rows.allInnerTexts();
          return (
            texts.length > 0 &&
            texts.every((text) => nameMatchesSearch(text, 'conc mag')) &&
            texts.some((text) => text.includes('Conceição Magalhães'))
          );
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}crm-search-word-prefix.png` });

    // A word's middle is not a word's start: nothing of this lead for "agalhaes".
    await page.getByLabel('Buscar').fill('agalhaes');
    await expect
      .poll(async () => (await rows.allInnerTexts()).some((text) => text.includes('Conceição Magalhães')), { timeout: 15_000 })
      .toBe(false);
    await context.close();
  });
});
