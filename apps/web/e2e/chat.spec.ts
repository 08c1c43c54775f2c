// The chat page end to end (issue 9; 001 §2 "WhatsApp page layout", "Lead list panel", chat
// header, 'Informações do Lead'; 001 §4 "Reading", "Live updates"; 001 §5 "Opening a lead"; 000 §6
// route access and menu), with the gateway emulator beside the server: a lead writes through the
// emulator, the message reaches the attendant's list live, opening it clears the unread count.
import { and, eq, isNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { leads } from '../../server/src/modules/leads/leads.table.ts';
import { usuarios } from '../../server/src/modules/users/users.table.ts';
import { DESKTOP, loginAs, MOBILE, readMenu, SCREENSHOTS_DIR, startHarnessWithGateway, type GatewayHarness } from './harness.ts';

const INSTANCE = 'paulista-chat';
let harness: GatewayHarness;
let adminToken: string;

async function api(path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  return fetch(`${harness.baseURL}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

beforeAll(async () => {
  harness = await startHarnessWithGateway();
  // The first unit gets one open instance: its chat is the gateway chat (000 §6 menu 'WhatsApp v3').
  adminToken = (await harness.apiLogin('admin@demo.com.br')).token;
  expect((await api('/instancias', adminToken, { method: 'POST', body: { name: INSTANCE } })).status).toBe(201);
  expect(
    await harness.emulatorControl(`/_emulator/instances/${INSTANCE}/scan`, {
      number: '5511987650000',
      profileName: 'Recepção Paulista',
    }),
  ).toBe(200);
  const rows = await harness.db
    .select({ id: leads.cliCrmId, nome: leads.cliNome, telefone: leads.cliTelefone, unidade: leads.idUnidade })
    .from(leads)
    .where(and(isNull(leads.idUsuario), eq(leads.desativado, 0), isNull(leads.whatsappUltimaMensagemDataGeral)))
    .orderBy(leads.cliCrmId);
  quietLeads = rows.filter((r) => r.unidade === rows[0]!.unidade);
}, 60_000);
afterAll(async () => {
  await harness?.close();
});

type TestLead = { id: number; nome: string; telefone: string };
/** Unassigned live leads of the first unit without a demo conversation, read once before the tests write. */
let quietLeads: TestLead[] = [];
const unassignedLead = async (skip: number): Promise<TestLead> => quietLeads[skip]!;

const sendFromLead = (telefone: string, text: string, pushName: string) =>
  harness.emulatorControl(`/_emulator/instances/${INSTANCE}/messages`, { from: `55${telefone}`, text, pushName });

const leadRow = (page: Page, nome: string) =>
  page
    .getByRole('list', { name: 'Leads' })
    .getByRole('button', { name: new RegExp(`^${nome.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });

async function screenshot(page: Page, file: string): Promise<void> {
  for (const close of await page.getByRole('button', { name: 'Fechar aviso', includeHidden: true }).all())
    await close.click().catch(() => undefined);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(700);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}${file}` });
}

describe('001 §4 a message from a lead reaches the attendant live; opening it clears the unread count', () => {
  it('shows the new message at the top of the list with its unread count, opens the chat, clears the count', async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'atendente@demo.com.br');
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'WhatsApp v3' }).click();
    await page.waitForURL('**/whatsapp-v3');
    await page.getByText('Selecione um lead para começar').waitFor();
    await page.getByPlaceholder('Busque por contatos e mensagens').waitFor();
    await page
      .getByTestId('chat-lead-count')
      .filter({ hasText: /\d+ leads?$/ })
      .waitFor();
    // The demo's history (apps/server/src/demo/demo-chat.ts): conversations with their last message.
    await page.getByRole('list', { name: 'Leads' }).getByText('Quero sim! Vocês têm horário na quinta?').first().waitFor();

    // Two leads write: the latest goes to the top of the list, each with its unread count.
    const other = await unassignedLead(1);
    const lead = await unassignedLead(0);
    expect(await sendFromLead(other.telefone, 'Bom dia! Vocês abrem sábado?', other.nome)).toBe(201);
    await leadRow(page, other.nome).getByText('Bom dia! Vocês abrem sábado?').waitFor();
    expect(await sendFromLead(lead.telefone, 'Olá, quero marcar uma avaliação de implante', lead.nome)).toBe(201);
    expect(await sendFromLead(lead.telefone, 'Pode ser amanhã à tarde?', lead.nome)).toBe(201);
    const row = leadRow(page, lead.nome);
    await row.getByText('Pode ser amanhã à tarde?').waitFor();
    await row.getByLabel('2 mensagens não lidas').waitFor();

    // A further message of a listed lead patches its row: the list is not read again.
    const listReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/whatsapp/clientes/')) listReads.push(request.url());
    });
    expect(await sendFromLead(lead.telefone, 'Ou quinta de manhã também serve', lead.nome)).toBe(201);
    await row.getByText('Ou quinta de manhã também serve').waitFor();
    await row.getByLabel('3 mensagens não lidas').waitFor();
    await page.waitForTimeout(1_500);
    expect(listReads).toEqual([]);
    // Virtualised (001 §9): of the unit's leads only the rows in view (plus 5) are in the page.
    expect(await page.getByRole('list', { name: 'Leads' }).getByRole('listitem').count()).toBeLessThan(25);
    const firstRowName = await page
      .getByRole('list', { name: 'Leads' })
      .getByRole('listitem')
      .evaluateAll((items) => {
        const top = items
          .map((item) => ({
            y: item.getBoundingClientRect().top,
            name: item.querySelector('[data-testid="chat-lead-name"]')?.getAttribute('title'),
          }))
          .sort((a, b) => a.y - b.y)[0];
        return top?.name;
      });
    expect(firstRowName).toBe(lead.nome);

    // Opening it: the route carries its id, the header shows it, the unread count is gone.
    await row.click();
    await page.waitForURL(`**/whatsapp-v3/${lead.id}`);
    const header = page.getByTestId('chat-header');
    await header.getByText(`#${lead.id}`).waitFor();
    expect(await header.getByTestId('chat-header-name').getAttribute('title')).toBe(lead.nome);
    await expect.poll(() => row.getByLabel(/mensagens não lidas/).count(), { timeout: 5_000 }).toBe(0);
    await header.getByLabel('Status da Negociação').waitFor();
    await screenshot(page, 'chat-mensagem-ao-vivo.png');

    // A conversation of the demo's history (the README's picture).
    await page.getByRole('list', { name: 'Leads' }).getByText('Quero sim! Vocês têm horário na quinta?').first().click();
    await page.getByTestId('chat-header').waitFor();
    await page.getByText('Vi o anúncio do clareamento, qual o valor?', { exact: false }).first().waitFor();
    await screenshot(page, 'chat.png');
    await row.click();
    await page.waitForURL(`**/whatsapp-v3/${lead.id}`);
    // The header of this lead, not the one of the conversation just left, opens the panel.
    await header.getByText(`#${lead.id}`).waitFor();

    // 'Informações do Lead': the 320 px panel with the CRM's lead blocks.
    await header.getByRole('button', { name: 'Informações do Lead' }).click();
    const panel = page.getByRole('complementary', { name: 'Informações do Lead' });
    await panel.getByLabel('Adicionar anotação').waitFor();
    expect(Math.round((await panel.boundingBox())!.width)).toBe(320);
    await screenshot(page, 'chat-informacoes.png');

    // After a reload the server agrees: no unread count for the opened lead.
    await page.reload();
    await page.getByTestId('chat-header').getByText(`#${lead.id}`).waitFor();
    await leadRow(page, lead.nome).waitFor();
    expect(
      await leadRow(page, lead.nome)
        .getByLabel(/mensagens não lidas/)
        .count(),
    ).toBe(0);
    await context.close();
  });

  it('searches contacts with the 1 s debounce and narrows the list (001 §5 "Search")', async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'atendente@demo.com.br');
    await page.goto('/whatsapp-v3');
    const lead = await unassignedLead(0);
    const first = lead.nome.split(' ')[0]!;
    await page.getByPlaceholder('Busque por contatos e mensagens').fill(
      first
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toUpperCase(),
    );
    const plain = (text: string) =>
      text
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
    const names = () =>
      page.getByTestId('chat-lead-name').evaluateAll((items) => items.map((item) => item.getAttribute('title') ?? ''));
    // Once the debounced search answered, the list holds the lead and every row names the searched
    // person (accents and case aside); an empty list while it reloads is not an answer.
    await expect
      .poll(
        async () => {
          const shown = await names();
          return shown.includes(lead.nome) && shown.every((name) => plain(name).includes(plain(first)));
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    await context.close();
  });

  it('stacks the list and the conversation below 600 px, names whole or cut by the width (issue 21)', async () => {
    const { context, page } = await harness.newPage(MOBILE);
    await loginAs(page, 'atendente@demo.com.br');
    await page.goto('/whatsapp-v3');
    const lead = await unassignedLead(0);
    const row = leadRow(page, lead.nome);
    await row.waitFor();
    const shown = await row.getByTestId('chat-lead-name').textContent();
    expect(shown).toBe(lead.nome);
    await screenshot(page, 'chat-mobile-lista.png');
    await row.click();
    await page.getByRole('button', { name: 'Voltar para a lista' }).waitFor();
    expect(await page.getByRole('list', { name: 'Leads' }).isVisible()).toBe(false);
    await screenshot(page, 'chat-mobile-conversa.png');
    await page.getByRole('button', { name: 'Voltar para a lista' }).click();
    await page.waitForURL('**/whatsapp-v3');
    await row.waitFor();
    await context.close();
  });
});

describe("001 §5 'Opening a lead': a user without acesso_atribuidos", () => {
  it("cannot open another attendant's lead: 'Cliente atribuido a outro atendente.'", async () => {
    const [admin] = await harness.db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.email, 'admin@demo.com.br'));
    const target = await unassignedLead(5);
    await harness.db.update(leads).set({ idUsuario: admin!.id }).where(eq(leads.cliCrmId, target.id));
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'atendente@demo.com.br');
    await page.goto(`/whatsapp-v3/${target.id}`);
    await page.getByText('Cliente atribuido a outro atendente.').waitFor();
    expect(await page.getByTestId('chat-header').count()).toBe(0);
    // Nor is it in the list.
    await page
      .getByTestId('chat-lead-count')
      .filter({ hasText: /\d+ leads?$/ })
      .waitFor();
    expect(await leadRow(page, target.nome).count()).toBe(0);
    await context.close();
  });
});

describe("001 §5, §8 'Lead sem WhatsApp!'", () => {
  it('warns when the lead’s number is not on WhatsApp', async () => {
    const lead = await unassignedLead(3);
    // Neither ninth-digit form is on WhatsApp (the server tries both, 001 §5 "Phone matching").
    const withoutNinth = `${lead.telefone.slice(0, 2)}${lead.telefone.slice(3)}`;
    expect(
      await harness.emulatorControl('/_emulator/numbers', {
        numbers: [`55${lead.telefone}`, `55${withoutNinth}`],
        onWhatsapp: false,
      }),
    ).toBe(200);
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'atendente@demo.com.br');
    await page.goto(`/whatsapp-v3/${lead.id}`);
    await page.getByTestId('chat-header').getByText(`#${lead.id}`).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Lead sem WhatsApp!' }).first().waitFor();
    await context.close();
  });
});

describe("001 §2 'Atendimento Whatsapp': the CRM's 'Whatsapp' button", () => {
  it('opens the conversation full screen without the app bar', async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'atendente@demo.com.br');
    const lead = await unassignedLead(0);
    await page.goto(`/crm?lead=${lead.id}`);
    await page.getByRole('button', { name: 'Whatsapp', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Atendimento Whatsapp' });
    await dialog.getByTestId('chat-header').getByText(`#${lead.id}`).waitFor();
    await screenshot(page, 'chat-atendimento-whatsapp.png');
    await dialog.getByRole('button', { name: 'Fechar Atendimento Whatsapp' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('000 §6 the three chat routes open for their roles and flags', () => {
  it(
    'an attendant opens /whatsapp-v3, the legacy /whatsapp with its chips and (issue 21) the first ' +
      "unit's v2 chat with its conversations; an admin opens /whatsapp-v3 but not /whatsapp",
    async () => {
      const { context, page } = await harness.newPage(DESKTOP);
      await loginAs(page, 'atendente@demo.com.br');
      const menu = await readMenu(page);
      expect(menu).toContain('WhatsApp v3');
      // whatsapp_v2 on in the first unit: no legacy entry; the unit has instances, so no v2 entry either (000 §6).
      expect(menu).not.toContain('WhatsApp');
      expect(menu).not.toContain('WhatsApp v2');
      await page.goto('/whatsapp');
      await page.getByText('Selecione um lead para começar').waitFor();
      await page.getByText(/^Servidor (Conectado|Desconectado)$/).waitFor();
      await page.getByText(/^WhatsApp (Conectado|Desconectado)$/).waitFor();
      // issue 21: the first unit has whatsapp_v2, so /whatsappv2 opens with the unit's living conversations.
      await page.goto('/whatsappv2');
      await page.waitForURL('**/whatsappv2');
      await page
        .getByTestId('chat-lead-count')
        .filter({ hasText: /\d+ leads?$/ })
        .waitFor();
      await context.close();

      const admin = await harness.newPage(DESKTOP);
      await loginAs(admin.page, 'admin@demo.com.br');
      expect(await readMenu(admin.page)).toContain('WhatsApp v3');
      expect(await readMenu(admin.page)).not.toContain('WhatsApp');
      await admin.page.goto('/whatsapp-v3');
      await admin.page.getByText('Selecione um lead para começar').waitFor();
      await admin.page.goto('/whatsapp');
      await admin.page.waitForURL('**/inicial');
      await admin.context.close();
    },
  );

  it('with whatsapp_v2 on, an attendant of a unit without instances has WhatsApp v2 and no legacy entry', async () => {
    const { token } = await harness.apiLogin('superadmin@demo.com.br');
    expect((await api('/cadastros/configuracoes-extras', token, { method: 'PUT', body: { whatsapp_v2: true } })).status).toBe(
      200,
    );
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'atendente2@demo.com.br');
    const menu = await readMenu(page);
    expect(menu).toContain('WhatsApp v2');
    expect(menu).not.toContain('WhatsApp');
    expect(menu).not.toContain('WhatsApp v3');
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'WhatsApp v2' }).click();
    await page.waitForURL('**/whatsappv2');
    await page.getByText('Selecione um lead para começar').waitFor();
    await page.getByText(/^Servidor Conectado$/).waitFor();
    await screenshot(page, 'chat-v2.png');
    await context.close();
  });
});
