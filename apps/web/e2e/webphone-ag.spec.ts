// issue 12, 002 §2.1 "For the permission value ag, a unit dropdown (label Unidades, placeholder
// Selecione a unidade) replaces the call controller and contacts are loaded by unit", end to end
// with the demo's company admin: no phone, the second unit's contacts, a read-only detail.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { leads } from '../../server/src/modules/leads/leads.table.ts';
import { unidades } from '../../server/src/modules/tenancy/tenancy.table.ts';
import { DESKTOP, loginAs, SCREENSHOTS_DIR, startHarness, type Harness } from './harness.ts';

const COMPANY_ADMIN = 'gestor@demo.com.br';
const OWN_UNIT = 'Unidade Paulista – São Paulo';
const SECOND_UNIT = 'Unidade Savassi – Belo Horizonte';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
  // The demo seed of the harness takes over a minute on a busy shared machine.
}, 180_000);
afterAll(async () => {
  await harness?.close();
});

describe('/webphone for the company admin (ag)', () => {
  it("shows 'Unidades' instead of the call controller, then the chosen unit's contacts and a read-only detail", async () => {
    const [unit] = await harness.db.select({ id: unidades.id }).from(unidades).where(eq(unidades.nome, SECOND_UNIT));
    const unitLeads = await harness.db
      .select({ nome: leads.cliNome })
      .from(leads)
      .where(and(eq(leads.idUnidade, unit!.id), eq(leads.desativado, 0)));
    const names = new Set(unitLeads.map((l) => l.nome));
    expect(names.size).toBeGreaterThan(0);
    const allLeads = await harness.db
      .select({ nome: leads.cliNome, idUnidade: leads.idUnidade })
      .from(leads)
      .where(eq(leads.desativado, 0));
    const onlyOtherUnits = new Set(allLeads.filter((l) => l.idUnidade !== unit!.id && !names.has(l.nome)).map((l) => l.nome));

    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, COMPANY_ADMIN);
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Webphone' }).click();
    await page.waitForURL('**/webphone');
    const select = page.getByRole('combobox', { name: 'Unidades' });
    await select.waitFor();
    expect(await select.innerText()).toContain('Selecione a unidade');
    await page.getByText('Selecione a unidade para ver os contatos.').waitFor();
    // No phone: neither the softphone's status nor its buttons.
    expect(await page.getByTestId('phone-status').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Conectar|Start/ }).count()).toBe(0);

    await select.click();
    await page.getByRole('option', { name: SECOND_UNIT }).click();
    await page.waitForURL(`**/webphone?unidade=${unit!.id}`);
    const rows = page.getByRole('list', { name: 'Leads' }).getByRole('listitem');
    await rows.first().waitFor();
    // Every row shown is a lead of the chosen unit (the demo's units have different names).
    // The name is the row's titled line (the avatar's initials come first in its text).
    const shown = await rows.evaluateAll((items) =>
      items.map((item) => item.querySelector('[title]:not([title="Data de captação"])')?.getAttribute('title') ?? ''),
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const name of shown) {
      expect([name, names.has(name)]).toEqual([name, true]);
      expect(onlyOtherUnits.has(name)).toBe(false);
    }

    await rows.first().click();
    await page.getByText(`Somente leitura: contato de ${SECOND_UNIT}.`).waitFor();
    const detail = page.getByRole('article');
    const title = await detail.getAttribute('aria-label');
    expect(names.has((title ?? '').replace(/^Lead /, ''))).toBe(true);
    expect(await page.getByRole('toolbar', { name: 'Ações do lead' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ligar Agora' }).count()).toBe(0);
    await page.getByText('Login com sucesso.').waitFor({ state: 'hidden', timeout: 10_000 });
    await page.screenshot({ path: `${SCREENSHOTS_DIR}webphone-ag-unidades.png` });

    // Its own unit: the CRM's full detail (ag edits its session unit's leads), still no call.
    await select.click();
    await page.getByRole('option', { name: OWN_UNIT }).click();
    await page.getByText('Selecione um contato no menu ao lado.').waitFor();
    await rows.first().click();
    await page.getByRole('toolbar', { name: 'Ações do lead' }).waitFor();
    expect(await page.getByText(/^Somente leitura/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ligar Agora' }).count()).toBe(0);
    await context.close();
  });
});
