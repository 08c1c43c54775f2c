// Issue 25 end to end (002 §2.7): the admin builds an automation on /automacao (a message, a wait
// and a status change), a lead enters the trigger status through the pipeline's move (PUT
// kanban/status-negociacao), the message reaches the gateway and the lead's conversation, the lead
// reaches the final status, and the run shows in 'Visualizar Desempenho'. The engine runs on a clock
// inside the allowed hours (a Monday 10:00 in São Paulo) that runs 60 times faster than real time,
// so the one-minute wait takes a second.
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { leads } from '../../server/src/modules/leads/leads.table.ts';
import { whatsappMensagens } from '../../server/src/modules/whatsapp/chat/messages.table.ts';
import { DESKTOP, loginAs, SCREENSHOTS_DIR, startHarnessWithGateway, type GatewayHarness } from './harness.ts';

const INSTANCE = 'paulista-automacao';
const MONDAY_10H_SAO_PAULO = Date.parse('2026-11-23T13:00:00.000Z');
const started = Date.now();
const TEXT = 'Olá [nome_cliente], recebemos seu contato e já vamos te atender!';
let harness: GatewayHarness;

async function api(path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  return fetch(`${harness.baseURL}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function screenshot(page: Page, file: string): Promise<void> {
  for (const close of await page.getByRole('button', { name: 'Fechar aviso', includeHidden: true }).all())
    await close.click().catch(() => undefined);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}${file}` });
}

async function until<T>(read: () => Promise<T | null | undefined>, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`não aconteceu a tempo: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

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
  expect((await api('/instancias', admin, { method: 'POST', body: { name: INSTANCE } })).status).toBe(201);
  expect(
    await harness.emulatorControl(`/_emulator/instances/${INSTANCE}/scan`, { number: '5511900004444', profileName: 'Paulista' }),
  ).toBe(200);
}, 120_000);
afterAll(async () => {
  await harness?.close();
});

describe('automations (issue 25, 002 §2.7)', () => {
  it('builds message + wait + status change, a lead entering the status gets the message once and the run shows', async () => {
    const { page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'admin@demo.com.br');
    await page.goto('/automacao');
    const table = page.getByRole('table', { name: 'Gatilhos' });
    await table.getByRole('rowheader', { name: 'Tabela de preços em negociação' }).waitFor();
    await screenshot(page, 'automacao-gatilhos.png');

    await page.getByRole('button', { name: 'Criar automação' }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar automação' });
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('Boas-vindas do agendamento');
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Agendado' }).click();
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
    await add('Mudar status');
    await dialog.getByRole('combobox', { name: 'Novo status do passo 3' }).click();
    await page.getByRole('option', { name: 'Whatsapp' }).click();
    await expect.poll(() => dialog.getByRole('listitem').allTextContents()).toHaveLength(3);
    await screenshot(page, 'automacao-construtor.png');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await table.getByRole('rowheader', { name: 'Boas-vindas do agendamento' }).waitFor();

    // A new lead of the unit enters 'Agendado' (2) through the pipeline's move.
    const [lead] = await harness.db
      .select()
      .from(leads)
      .where(
        and(
          eq(leads.cliStatusNegociacao, 1),
          eq(leads.desativado, 0),
          eq(leads.idUnidade, (await harness.apiUnitData((await harness.apiLogin('admin@demo.com.br')).token)).dados_unidade.id),
        ),
      )
      .limit(1);
    expect(lead).toBeTruthy();
    const admin = (await harness.apiLogin('admin@demo.com.br')).token;
    const move = await api('/kanban/status-negociacao', admin, {
      method: 'PUT',
      body: { cli_crm_id: lead!.cliCrmId, idFunil: 2 },
    });
    expect(move.status, await move.text()).toBe(200);

    const firstName = lead!.cliNome.split(' ')[0]!;
    const expected = TEXT.replace('[nome_cliente]', firstName);
    const ourMessages = async () =>
      (await harness.db.select().from(whatsappMensagens).where(eq(whatsappMensagens.cliCrmId, lead!.cliCrmId))).filter(
        (m) => m.fromMe && m.body === expected,
      );
    await until(async () => ((await ourMessages()).length > 0 ? true : null), 'a mensagem da automação no chat do lead');
    await until(async () => {
      const [row] = await harness.db.select().from(leads).where(eq(leads.cliCrmId, lead!.cliCrmId));
      return row?.cliStatusNegociacao === 9 ? row : null;
    }, 'o lead no status Whatsapp');
    // Counted once the run is over: while a send settles, the gateway's send.message webhook may have
    // stored its row before the send's own pending row was merged into it (recordSent), for a moment.
    expect(await ourMessages()).toHaveLength(1);

    await page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Boas-vindas do agendamento' }) })
      .getByRole('button', { name: /^Visualizar Desempenho/ })
      .click();
    const perf = page.getByRole('dialog', { name: 'Desempenho: Boas-vindas do agendamento' });
    await perf.getByRole('rowheader', { name: lead!.cliNome }).waitFor({ timeout: 15_000 });
    await perf.getByText('Concluída', { exact: true }).waitFor({ timeout: 15_000 });
    await perf.getByRole('rowheader', { name: lead!.cliNome }).click();
    await perf.getByText(/Mensagem enviada/).waitFor();
    await screenshot(page, 'automacao-desempenho.png');
    // Still one message after the run ended.
    const after = await harness.db.select().from(whatsappMensagens).where(eq(whatsappMensagens.cliCrmId, lead!.cliCrmId));
    expect(after.filter((m) => m.fromMe && m.body === expected)).toHaveLength(1);
  });
});
