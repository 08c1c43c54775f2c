// Issue 23 §2 §5 in Chromium, against the Meta emulator over HTTP: the company admin opens
// Cadastros > Integração Meta ('Por favor, faça login no Facebook.'), clicks 'Conectar com o
// Facebook', goes through the emulator's login dialog and lands back on the screen connected (the
// state checked against the SameSite=Lax cookie the browser carried across the redirect), chooses
// the page and a form with its unit, picks the default unit, and runs 'Sincronizar com o Meta';
// /anuncios then shows Meta's campaigns and the same button.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { MetaEmulator } from '@funil/meta-emulator/emulator';
import type { DemoWorld } from '@funil/meta-emulator/world';

import { DESKTOP, loginAs, SCREENSHOTS_DIR, startHarnessWithMeta, type Harness } from './harness.ts';

const APP_ID = '700100200300400';
const APP_SECRET = 'segredo-do-app-meta-e2e-0123456789';

let emu: MetaEmulator;
let demo: DemoWorld;
let harness: Harness;
beforeAll(async () => {
  ({ emu, demo, harness } = await startHarnessWithMeta({ appId: APP_ID, appSecret: APP_SECRET, days: 40 }));
}, 300_000);
afterAll(async () => {
  await harness?.close();
});

describe('issue 23 §2 the Meta connection in the browser', () => {
  it('connects through the login dialog, chooses the page and a form, and syncs the catalogue', async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'gestor@demo.com.br');
    await page.goto('/integracao-meta');
    await page.getByText('Por favor, faça login no Facebook.').waitFor();
    await page.getByRole('button', { name: 'Conectar com o Facebook' }).click();
    await page.waitForURL('**/integracao-meta');
    await page.getByText('Conta do Meta conectada com sucesso!').waitFor();
    await page.getByText(`Conectado como ${demo.user.name}`, { exact: false }).waitFor();
    expect(await page.getByText(/^Expira em \d{2}\/\d{2}\/\d{4}$/).count()).toBe(1);

    await page.getByRole('checkbox', { name: new RegExp(demo.page.name) }).check();
    await page.getByRole('checkbox', { name: demo.forms[0]!.name }).check();
    await page.getByRole('combobox', { name: `Unidade do formulário ${demo.forms[0]!.name}` }).click();
    await page.getByRole('listbox').getByRole('option').nth(1).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Salvar páginas e formulários' }).click();
    await page.getByText('Páginas e formulários salvos com sucesso!').waitFor();
    expect([...emu.state.nodes.values()].some((n) => n.type === 'page' && n.subscribedApps.size > 0)).toBe(true);

    // The session's unit (gestor's is Paulista), whose catalogue /anuncios shows below.
    await page.getByRole('combobox', { name: 'Unidade padrão' }).click();
    await page
      .getByRole('listbox')
      .getByRole('option', { name: /Paulista/ })
      .click();
    // The select's menu closes with a fade: the click goes to the button once it is gone.
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Salvar unidade padrão' }).click();
    await page.getByText('Configuração salva com sucesso!').waitFor();

    await page.getByRole('button', { name: 'Sincronizar com o Meta' }).click();
    await page.getByText('Sincronização com o Meta concluída.').waitFor({ timeout: 60_000 });
    await page.getByText(/^Última sincronização em/).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}meta-integracao.png`, fullPage: true });

    await page.goto('/anuncios');
    // Meta's campaigns in the session unit's catalogue (the default unit chosen above), by their Meta ids.
    for (const campaign of demo.campaigns) await page.getByText(campaign.id, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Sincronizar com o Meta' }).waitFor();
    await context.close();
  }, 300_000);
});
