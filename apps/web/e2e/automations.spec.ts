// Issue 25 end to end (002 §2.7): the admin builds an automation on /automacao through the UI (a
// message, a wait and a status change, each a row of the steps table), registers a trigger on a
// negotiation status in 'Cadastro de Gatilho', then drags a lead's card into that status on /pipeline;
// the message arrives in the lead's conversation (/whatsapp-v3/:id), the lead reaches the final status
// and the run shows in 'Visualizar Desempenho'. Then the same screen at 390 px: the table, the builder,
// 'Cadastro de Gatilho' and 'Visualizar Desempenho' without the page scrolling sideways. The engine runs
// on a clock inside the allowed hours (a Monday 10:00 in São Paulo) that runs 60 times faster than real
// time, so the one-minute wait takes a second.
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { leads } from '../../server/src/modules/leads/leads.table.ts';
import { whatsappMensagens } from '../../server/src/modules/whatsapp/chat/messages.table.ts';
import { DESKTOP, loginAs, MOBILE, SCREENSHOTS_DIR, startHarnessWithGateway, type GatewayHarness } from './harness.ts';

const INSTANCE = 'paulista-automacao';
const MONDAY_10H_SAO_PAULO = Date.parse('2026-11-23T13:00:00.000Z');
const started = Date.now();
const TEXT = 'Olá [nome_cliente], recebemos seu contato e já vamos te atender!';
const AUTOMATION = 'Boas-vindas com espera';
const TRIGGER = 'Boas-vindas do agendamento';
let harness: GatewayHarness;

async function screenshot(page: Page, file: string): Promise<void> {
  for (const close of await page.getByRole('button', { name: 'Fechar aviso', includeHidden: true }).all())
    await close.click().catch(() => undefined);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}${file}` });
}

/** How far the page scrolls sideways (0: it does not). */
const sideways = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

/** A pointer drag from the middle of `from` to near the top of `to` (as pipeline.spec.ts drags). */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + 12, { steps: 15 });
  await page.mouse.up();
}

/** The steps table of the builder, one "Nº | Passo | O que faz" per row. */
const stepRows = (dialog: Locator) =>
  dialog
    .getByRole('table', { name: 'Passos da automação' })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('td, th'))
          .slice(0, 3)
          .map((cell) => cell.textContent)
          .join(' | '),
      ),
    );

beforeAll(async () => {
  harness = await startHarnessWithGateway(
    {},
    {
      automations: {
        now: () => new Date(MONDAY_10H_SAO_PAULO + (Date.now() - started) * 60),
        leaseMs: 30 * 60_000,
        idleMs: 200,
      },
    },
  );
  const admin = (await harness.apiLogin('admin@demo.com.br')).token;
  const created = await fetch(`${harness.baseURL}/api/instancias`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: INSTANCE }),
  });
  expect(created.status).toBe(201);
  expect(
    await harness.emulatorControl(`/_emulator/instances/${INSTANCE}/scan`, { number: '5511900004444', profileName: 'Paulista' }),
  ).toBe(200);
}, 120_000);
afterAll(async () => {
  await harness?.close();
});

describe('automations (issue 25, 002 §2.7)', () => {
  it('builds message + wait + status change, a card dragged into the trigger status gets the message once and the run shows', async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'admin@demo.com.br');
    await page.goto('/automacao');
    const table = page.getByRole('table', { name: 'Gatilhos' });
    await table.getByRole('rowheader', { name: 'Tabela de preços em negociação' }).waitFor();
    await screenshot(page, 'automacao-gatilhos.png');

    // 'Criar automação': the steps, each a row of one table; only the step being edited shows its fields.
    await page.getByRole('button', { name: 'Criar automação' }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar automação' });
    await dialog.getByRole('textbox', { name: 'Nome' }).fill(AUTOMATION);
    const add = async (label: string) => {
      await dialog.getByRole('combobox', { name: 'Adicionar passo' }).click();
      await page.getByRole('option', { name: label, exact: true }).click();
    };
    await add('Enviar mensagem no WhatsApp');
    await dialog.getByRole('textbox', { name: 'Mensagem do passo 1' }).fill(TEXT);
    await add('Esperar');
    await dialog.getByRole('spinbutton', { name: 'Quanto esperar no passo 2' }).fill('1');
    await dialog.getByRole('combobox', { name: 'Unidade' }).click();
    await page.getByRole('option', { name: 'minutos' }).click();
    await dialog.getByLabel(/horário comercial/).uncheck();
    // 'Unidade' stands on the line of 'Quanto', at its top, right after it.
    const quanto = (await dialog.getByRole('spinbutton', { name: 'Quanto esperar no passo 2' }).boundingBox())!;
    const unidade = (await dialog.getByRole('combobox', { name: 'Unidade' }).boundingBox())!;
    expect(Math.abs(unidade.y - quanto.y)).toBeLessThan(2);
    expect(unidade.x).toBeGreaterThan(quanto.x + quanto.width);
    await add('Mudar status');
    await dialog.getByRole('combobox', { name: 'Novo status do passo 3' }).click();
    await page.getByRole('option', { name: 'Whatsapp' }).click();
    expect(await stepRows(dialog)).toEqual([
      `1 | Enviar mensagem no WhatsApp | Enviar mensagem no WhatsApp: "${TEXT.slice(0, 57)}..."`,
      '2 | Esperar | Esperar 1 minuto',
      '3 | Mudar status | Mudar o status de negociação para Whatsapp',
    ]);
    // Its own trigger off: the automation runs through the trigger registered next.
    await dialog.getByLabel('Habilitado', { exact: true }).click();
    await dialog.getByLabel('Desabilitado', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Editar o passo 2' }).click();
    await screenshot(page, 'automacao-construtor.png');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await table.getByRole('rowheader', { name: AUTOMATION }).waitFor();

    // 'Cadastro de Gatilho': the automation's steps when a lead enters 'Agendado'.
    await page.getByRole('button', { name: 'Criar gatilho' }).click();
    const trigger = page.getByRole('dialog', { name: 'Cadastro de Gatilho' });
    await trigger.getByRole('textbox', { name: 'Nome' }).fill(TRIGGER);
    await trigger.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Agendado' }).click();
    await trigger.getByRole('combobox', { name: /^Automação/ }).click();
    await page.getByRole('option', { name: AUTOMATION }).click();
    await trigger.getByRole('button', { name: 'Cadastrar' }).click();
    await table.getByRole('rowheader', { name: TRIGGER }).waitFor();

    // /pipeline: a card of 'Novo' (1) dragged onto 'Agendado' (2).
    await page.getByRole('link', { name: 'Pipeline' }).click();
    await page.waitForURL('**/pipeline');
    const cards = (coluna: number) => page.getByTestId(`coluna-${coluna}`).locator('[data-testid^="card-"]');
    await cards(1).first().waitFor();
    await cards(2).first().waitFor();
    const card = cards(1).first();
    const id = Number((await card.getAttribute('data-testid'))!.replace('card-', ''));
    const moved = page.waitForResponse(
      (r) => r.url().endsWith('/api/kanban/status-negociacao') && r.request().method() === 'PUT',
    );
    await drag(page, card, cards(2).first());
    expect((await moved).status()).toBe(200);
    const [lead] = await harness.db.select().from(leads).where(eq(leads.cliCrmId, id));
    const expected = TEXT.replace('[nome_cliente]', lead!.cliNome.split(' ')[0]!);

    // The message in the lead's conversation, and the lead in the automation's final status.
    await page.goto(`/whatsapp-v3/${id}`);
    const conversation = page.getByTestId('chat-conversation');
    await expect
      .poll(() => conversation.getByTestId('message').filter({ hasText: expected }).count(), { timeout: 30_000 })
      .toBe(1);
    await expect
      .poll(async () => (await harness.db.select().from(leads).where(eq(leads.cliCrmId, id)))[0]?.cliStatusNegociacao, {
        timeout: 30_000,
      })
      .toBe(9);
    // Sent once, also once the run is over.
    const ours = async () =>
      (await harness.db.select().from(whatsappMensagens).where(eq(whatsappMensagens.cliCrmId, id))).filter(
        (m) => m.fromMe && m.body === expected,
      ).length;
    await expect.poll(ours).toBe(1);

    // 'Visualizar Desempenho' of the trigger: the lead's run, completed, and its log.
    await page.goto('/automacao');
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: TRIGGER }) })
      .getByRole('button', { name: /^Visualizar Desempenho/ })
      .click();
    const perf = page.getByRole('dialog', { name: `Desempenho: ${TRIGGER}` });
    const run = perf.getByRole('row').filter({ has: page.getByRole('rowheader', { name: lead!.cliNome }) });
    await expect.poll(() => run.getByText('Concluída', { exact: true }).count(), { timeout: 20_000 }).toBe(1);
    await run.getByRole('rowheader').click();
    await perf.getByText(/Enviar mensagem no WhatsApp/).waitFor();
    await perf.getByText(/Mudar o status de negociação para Whatsapp/).waitFor();
    await screenshot(page, 'automacao-desempenho.png');
    expect(await ours()).toBe(1);
    await context.close();
  });

  it('at 390 px the table, the builder, Cadastro de Gatilho and Visualizar Desempenho fit the phone', async () => {
    const { context, page } = await harness.newPage(MOBILE);
    await loginAs(page, 'admin@demo.com.br');
    await page.goto('/automacao');
    const table = page.getByRole('table', { name: 'Gatilhos' });
    await table.getByRole('rowheader', { name: TRIGGER }).waitFor();
    expect(await sideways(page)).toBe(0);
    // The row buttons stay in the window (the 'Ações' column is pinned on a phone).
    for (const button of await table.locator('tbody tr').first().locator('td:last-child button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= MOBILE.width, (await button.getAttribute('aria-label')) ?? '').toBe(true);
    }
    // Each row's Habilitado / Desabilitado stands clear of the pinned buttons.
    for (const row of await table.locator('tbody tr').all()) {
      const chip = (await row.locator('td[data-field="habilitado"] .MuiChip-root').boundingBox())!;
      const buttons = (await row.locator('td:last-child').boundingBox())!;
      expect(chip.x + chip.width, await row.locator('th').innerText()).toBeLessThanOrEqual(buttons.x);
    }
    await screenshot(page, 'automacao-gatilhos-mobile.png');

    // The builder of the automation: full screen, its steps table and the fields of a step.
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: AUTOMATION }) })
      .getByRole('button', { name: /^Editar/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Editar automação' });
    await dialog.getByRole('table', { name: 'Passos da automação' }).waitFor();
    await dialog.getByRole('button', { name: 'Editar o passo 2' }).click();
    const quanto = (await dialog.getByRole('spinbutton', { name: 'Quanto esperar no passo 2' }).boundingBox())!;
    const unidade = (await dialog.getByRole('combobox', { name: 'Unidade' }).boundingBox())!;
    expect(Math.abs(unidade.y - quanto.y)).toBeLessThan(2);
    expect(unidade.x + unidade.width).toBeLessThanOrEqual(MOBILE.width);
    for (const name of ['Editar o passo 1', 'Remover o passo 3']) {
      const box = (await dialog.getByRole('button', { name }).boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= MOBILE.width, name).toBe(true);
    }
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'automacao-construtor-mobile.png');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByRole('button', { name: 'Criar gatilho' }).click();
    const trigger = page.getByRole('dialog', { name: 'Cadastro de Gatilho' });
    await trigger.getByRole('button', { name: 'Cadastrar' }).waitFor();
    const cadastrar = (await trigger.getByRole('button', { name: 'Cadastrar' }).boundingBox())!;
    expect(cadastrar.x + cadastrar.width).toBeLessThanOrEqual(MOBILE.width);
    expect(await sideways(page)).toBe(0);
    await trigger.getByRole('button', { name: 'Cancelar' }).click();

    await page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: TRIGGER }) })
      .getByRole('button', { name: /^Visualizar Desempenho/ })
      .click();
    const perf = page.getByRole('dialog', { name: `Desempenho: ${TRIGGER}` });
    await perf.getByText('Concluídas').waitFor();
    await perf.getByRole('table', { name: 'Execuções da automação' }).locator('tbody th').first().click();
    await perf.getByText(/Mudar o status de negociação para Whatsapp/).waitFor();
    expect(await sideways(page)).toBe(0);
    // Nor inside the dialog: the 'Execuções' table (lead with its start, situation with its step) fits its width.
    const runs = perf.getByRole('table', { name: 'Execuções da automação' });
    expect(await runs.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(0);
    expect(await perf.locator('.MuiDialogContent-root').evaluate((c) => c.scrollWidth - c.clientWidth)).toBe(0);
    expect(await runs.locator('tbody tr').first().innerText()).toMatch(/Início \d{2}\/\d{2}\/\d{4}[\s\S]*Passo \d+ de 3/);
    const fechar = (await perf.getByRole('button', { name: 'Fechar' }).boundingBox())!;
    expect(fechar.x + fechar.width).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'automacao-desempenho-mobile.png');
    await context.close();
  });
});
