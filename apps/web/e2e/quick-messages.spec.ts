// Issue 9 (9s): the 'Modelos' screen at /configuracoes-whatsapp in Chromium on the demo database.
// The unit admin sees the company's, the unit's and their own templates, creates one (Enter
// submits, n/100), edits and deletes a unit template ('Tem certeza que deseja excluir esta
// mensagem?'), cannot change the company's; an attendant has no Modelos entry and is sent away.
// Screenshots: docs/screenshots/modelos*.png.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DESKTOP, loginAs, MOBILE, readMenu, SCREENSHOTS_DIR, startHarness, type Harness } from './harness.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}${name}.png` });

describe("'Modelos' (000 §2 /configuracoes-whatsapp; 001 §5, §8)", () => {
  it('the unit admin manages templates; company ones are read-only for them', async () => {
    const { page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'admin@demo.com.br');
    expect(await readMenu(page)).toContain('Cadastros > Modelos');
    await page.goto('/configuracoes-whatsapp');
    await page.getByRole('heading', { name: 'Modelos de mensagem' }).waitFor();
    await page.getByText('Boas-vindas').waitFor();
    await page.getByText('Horário de funcionamento').waitFor();
    expect(await page.getByRole('button', { name: 'Editar Boas-vindas' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Editar Endereço' }).count()).toBe(1);
    await shot(page, 'modelos');

    await page.getByRole('button', { name: 'Nova mensagem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova mensagem' });
    await dialog.getByLabel(/Título/).fill('Estacionamento');
    await dialog.getByText('14/100').waitFor();
    await dialog.getByLabel(/Mensagem/).fill('Temos estacionamento conveniado no subsolo, [nome_cliente].');
    await shot(page, 'modelos-nova-mensagem');
    await dialog.getByLabel(/Mensagem/).press('Enter');
    await page.getByText('Mensagem adicionada com sucesso!').waitFor();
    await page.getByText('Estacionamento', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Editar Endereço' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar mensagem' });
    await edit.getByLabel(/Título/).fill('Endereço da unidade');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Mensagem editada com sucesso!').waitFor();
    await page.getByText('Endereço da unidade').waitFor();

    await page.getByRole('button', { name: 'Excluir Estacionamento' }).click();
    await page.getByText('Tem certeza que deseja excluir esta mensagem?').waitFor();
    await shot(page, 'modelos-excluir');
    await page.getByRole('button', { name: 'Excluir', exact: true }).click();
    await page.getByText('Mensagem deletada com sucesso!').waitFor();
    await page.getByText('Estacionamento', { exact: true }).waitFor({ state: 'detached' });

    // A blank title is refused in the browser with 'Dados inválidos!'.
    await page.getByRole('button', { name: 'Nova mensagem' }).click();
    await page.getByRole('dialog', { name: 'Nova mensagem' }).getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Dados inválidos!').waitFor();
  });

  it('an attendant has no Modelos entry and the route sends them to /', async () => {
    const { page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'atendente@demo.com.br');
    expect(await readMenu(page)).not.toContain('Cadastros > Modelos');
    await page.goto('/configuracoes-whatsapp');
    await page.waitForURL((url) => url.pathname !== '/configuracoes-whatsapp');
  });

  it('narrow screens: the list and the dialog fit', async () => {
    const { page } = await harness.newPage(MOBILE);
    await loginAs(page, 'gestor@demo.com.br');
    await page.goto('/configuracoes-whatsapp');
    await page.getByText('Boas-vindas').waitFor();
    await shot(page, 'modelos-celular');
    expect(await page.getByRole('button', { name: 'Editar Boas-vindas' }).count()).toBe(1);
  });
});
