// Issue 13, 002 §2.2 composer and §2.3 monitor end to end: an attendant composes a campaign over a
// filter (with the preview of the first lead), sends it through the gateway emulator, watches it
// progress live on 'Listar Envios', pauses, continues and finalizes it, and opens 'Envios'.
// The engine runs on a clock inside the allowed hours (a Monday 10:00 in São Paulo, moving with
// real time) and with the shortest random wait, so the run takes seconds, not minutes.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildMassSendClientsPath, emptyFilter, MASS_SEND_CLIENTS_LAYOUT } from '@funil/domain/leads/filter-segments';
import { massSendLeadSearchSchema } from '@funil/domain/mass-send/mass-send-api';
import { unitDataSchema } from '@funil/domain/unit/unit-data';

import { DESKTOP, loginAs, SCREENSHOTS_DIR, startHarnessWithGateway, type GatewayHarness } from './harness.ts';

const INSTANCE = 'paulista-campanhas';
// Issue 21: a second number of the unit, for a campaign paused there while the first sends.
const SECOND = 'paulista-promocoes';
const MONDAY_10H_SAO_PAULO = Date.parse('2026-11-23T13:00:00.000Z');
const started = Date.now();
let harness: GatewayHarness;
let statusName = '';
let found = 0;

async function api(path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  return fetch(`${harness.baseURL}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

beforeAll(async () => {
  harness = await startHarnessWithGateway(
    {},
    { massSend: { now: () => new Date(MONDAY_10H_SAO_PAULO + (Date.now() - started)), random: () => 0, pollMs: 200 } },
  );
  const superAdmin = (await harness.apiLogin('superadmin@demo.com.br')).token;
  expect(
    (await api('/cadastros/configuracoes-extras', superAdmin, { method: 'PUT', body: { habilita_envio_em_massaV2: true } }))
      .status,
  ).toBe(200);
  const admin = (await harness.apiLogin('admin@demo.com.br')).token;
  expect((await api('/instancias', admin, { method: 'POST', body: { name: INSTANCE } })).status).toBe(201);
  expect(
    await harness.emulatorControl(`/_emulator/instances/${INSTANCE}/scan`, {
      number: '5511900002222',
      profileName: 'Campanhas Paulista',
    }),
  ).toBe(200);
  expect((await api('/instancias', admin, { method: 'POST', body: { name: SECOND } })).status).toBe(201);
  expect(
    await harness.emulatorControl(`/_emulator/instances/${SECOND}/scan`, {
      number: '5511900003333',
      profileName: 'Promoções Paulista',
    }),
  ).toBe(200);
  // A negotiation status the attendant sees a handful of leads in (the demo's data is random).
  const attendant = (await harness.apiLogin('atendente@demo.com.br')).token;
  const unit = unitDataSchema.parse(
    ((await (await api('/cadastros/dados-unidade', attendant)).json()) as { data: unknown }).data,
  );
  for (const status of unit.crm_contato_negociacao_status) {
    const path = buildMassSendClientsPath({ ...emptyFilter(MASS_SEND_CLIENTS_LAYOUT), status_negociacao: status.idFunil });
    const body = (await (await api(`/${path}`, attendant)).json()) as { data?: unknown };
    const { clientes } = massSendLeadSearchSchema.parse(body.data ?? body);
    if (clientes.length >= 4) {
      statusName = status.nome;
      found = clientes.length;
      break;
    }
  }
  expect(statusName).not.toBe('');
}, 120_000);
afterAll(async () => {
  await harness?.close();
});

/** Screenshots without the passing snackbars. */
async function screenshot(page: Page, file: string): Promise<void> {
  for (const close of await page.getByRole('button', { name: 'Fechar aviso', includeHidden: true }).all())
    await close.click().catch(() => undefined);
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}${file}` });
}

/** A link of the drawer's 'Envio Em Massa' group, opening the group when it is closed. */
async function openMassSendLink(page: Page, name: 'Cadastrar Envios' | 'Listar Envios'): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  const link = menu.getByRole('link', { name });
  // The group says whether it is open (aria-expanded); a link read as hidden while the group was still
  // opening made this click close it (a loaded machine).
  const group = menu.getByRole('button', { name: 'Envio Em Massa' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await expect.poll(() => group.getAttribute('aria-expanded')).toBe('true');
  await link.click();
}

const campaignRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });

describe('002 §2.2, §2.3 a campaign from the composer to the monitor', () => {
  it('composes over a filter with a preview, sends, and pauses, continues and finalizes it live on the monitor', async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'atendente@demo.com.br');

    // The demo's history: a campaign the engine paused, with its reason (in plain Portuguese, issue
    // 21), and the connection chips of 002 §2.3. Finalizing it asks first.
    await page.goto('/envio-em-massa');
    const demoPaused = page
      .getByRole('row')
      .filter({ has: page.getByTestId('status-disparo').getByText('Pausado', { exact: true }) });
    await demoPaused
      .getByTestId('nota-status')
      .getByText(/^Pausado automaticamente: /)
      .waitFor();
    expect(await demoPaused.getByRole('button', { name: /^Pausar / }).count()).toBe(0);
    expect(await demoPaused.getByTestId('nota-status').innerText()).not.toMatch(/429|rate-overlimit/);
    await page.getByText('WhatsApp Conectado', { exact: true }).waitFor();
    await page.getByText('Servidor Conectado', { exact: true }).waitFor();
    await screenshot(page, 'envio-em-massa.png');
    await demoPaused.getByRole('button', { name: /^Finalizar / }).click();
    await page.getByRole('dialog', { name: 'Finalizar disparo' }).getByRole('button', { name: 'Finalizar' }).click();
    await expect.poll(() => page.getByText('Pausado', { exact: true }).count()).toBe(0);

    await openMassSendLink(page, 'Cadastrar Envios');
    await page.waitForURL('**/envio-em-massa-cadastro');
    await page.getByText('Filtro não aplicado', { exact: true }).waitFor();
    const send = page.getByRole('button', { name: 'Enviar', exact: true });
    expect(await send.isDisabled()).toBe(true);

    // 002 §5: the bounds of numeroDeClientes, in the spec's words.
    const count = page.getByLabel('Número de clientes');
    await count.fill('');
    await page.getByText('Campo obrigatório').first().waitFor();
    await count.fill('0');
    await page.getByText('O valor deve ser no mínimo 1').waitFor();
    await count.fill('501');
    await page.getByText('O valor deve ser no máximo 500').waitFor();
    await count.fill('4');

    // The filter panel (the CRM's advanced filters): one negotiation status.
    await page.getByLabel('Status da Negociação').click();
    await page.getByRole('option', { name: statusName, exact: true }).click();
    await page.getByRole('button', { name: 'Aplicar' }).click();
    const list = page.getByRole('list').filter({ has: page.getByRole('listitem') });
    await list.getByRole('listitem').first().waitFor();
    await page.getByLabel('Selecionar todos').check();
    await expect.poll(() => page.getByTestId('contagem-selecionados').innerText()).toContain(`4 de ${found} selecionados`);
    if (found > 4) await page.getByText('Quantidade máxima de leads selecionados atingida').waitFor();

    await page.getByLabel('Nome do Disparo').fill('Retorno de novembro');
    await page
      .getByLabel('Mensagem', { exact: true })
      .fill('Olá {{nome_do_cliente}}! Sua avaliação gratuita vale até {{data_atual+7}}. {{cupom}}');
    const preview = page.getByRole('region', { name: 'Pré-visualização' });
    await preview.waitFor();
    expect(await preview.getByTestId('preview-text').innerText()).toMatch(
      /^Olá \S+! Sua avaliação gratuita vale até \d{2}\/\d{2}\/\d{4}\. \{\{cupom\}\}$/,
    );
    // The unknown placeholder stays as typed, in red.
    const unknownColor = await preview.locator('[data-unknown-placeholder]').evaluate((el) => getComputedStyle(el).color);
    expect(unknownColor).toMatch(/rgb\((2[0-4]\d|2[5][0-5]|1\d\d), \d{1,2}, \d{1,2}\)/);
    await page.getByTestId('previsao-termino').waitFor();
    expect(await send.isEnabled()).toBe(true);
    await screenshot(page, 'envio-em-massa-cadastro.png');

    await send.click();
    await page.getByText('Disparo cadastrado com sucesso').waitFor();
    // 002 §4 "Composer": the message is cleared; the bar names the campaign that now holds the number.
    await page.getByRole('button', { name: 'Parar envio' }).waitFor();
    await expect
      .poll(() => page.getByTestId('disparo-ocupando').innerText())
      .toBe(`O número ${INSTANCE} está ocupado: disparo “Retorno de novembro” em andamento`);

    // The monitor, live: no refresh clicked from here on.
    await openMassSendLink(page, 'Listar Envios');
    await page.waitForURL('**/envio-em-massa');
    const row = campaignRow(page, 'Retorno de novembro');
    await row.waitFor();
    await expect.poll(() => row.getByTestId('status-disparo').innerText()).toBe('Em Andamento');
    await expect
      .poll(() => row.getByTestId('progresso-texto').innerText(), { timeout: 30_000 })
      .toMatch(/^4 leads: [1-3] enviados?/);

    await row.getByRole('button', { name: 'Pausar Retorno de novembro' }).click();
    await expect.poll(() => row.getByTestId('status-disparo').innerText()).toBe('Pausado');
    expect(await row.getByRole('button', { name: 'Pausar Retorno de novembro' }).count()).toBe(0);
    const pausedAt = await row.getByTestId('progresso-texto').innerText();

    await row.getByRole('button', { name: 'Continuar Retorno de novembro' }).click();
    await expect.poll(() => row.getByTestId('status-disparo').innerText()).toBe('Em Andamento');
    await expect.poll(() => row.getByTestId('progresso-texto').innerText(), { timeout: 30_000 }).not.toBe(pausedAt);

    await row.getByRole('button', { name: 'Finalizar Retorno de novembro' }).click();
    const confirm = page.getByRole('dialog', { name: 'Finalizar disparo' });
    await confirm.getByRole('button', { name: 'Finalizar' }).click();
    await expect.poll(() => row.getByTestId('status-disparo').innerText()).toBe('Finalizado');
    expect(await row.getByRole('button', { name: /^(Pausar|Continuar|Finalizar) / }).count()).toBe(0);

    // 'Envios': every recipient with its status, the chat and the wa.me link.
    await row.getByRole('button', { name: 'Envios de Retorno de novembro' }).click();
    await page.getByRole('heading', { name: /^Envios — Retorno de novembro/ }).waitFor();
    const statuses = await page.getByTestId('status-envio').allInnerTexts();
    expect(statuses).toHaveLength(4);
    expect(statuses.filter((s) => s.startsWith('Enviado')).length).toBeGreaterThanOrEqual(2);
    expect(statuses.every((s) => /^(Enviado|Não Enviado|Erro|Pendente)/.test(s))).toBe(true);
    const waMe = await page
      .getByRole('link', { name: /^Abrir .+ no WhatsApp$/ })
      .first()
      .getAttribute('href');
    expect(waMe).toMatch(/^https:\/\/wa\.me\/55\d{10,11}$/);
    await screenshot(page, 'envio-em-massa-envios.png');

    await page
      .getByRole('button', { name: /^Atendimento Whatsapp de / })
      .first()
      .click();
    await page.getByRole('dialog').first().waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Voltar' }).click();
    await row.waitFor();
    // Issue 21 item 11: finalized before its end, the progress says what went out and what did not.
    expect(await row.getByTestId('progresso-texto').innerText()).toMatch(
      /^4 leads: \d enviados?(, \d com erro)?(, \d não enviados?)?$/,
    );
    await context.close();
  });
});

describe('issue 21 item 10: one campaign at a time per WhatsApp number', () => {
  it(
    'a campaign paused on one number leaves the composer free to send from another, and says which ' +
      'campaign holds which number',
    async () => {
      // A campaign on the second number, paused (through the API: the screens were walked above).
      const attendant = (await harness.apiLogin('atendente@demo.com.br')).token;
      const unit = unitDataSchema.parse(
        ((await (await api('/cadastros/dados-unidade', attendant)).json()) as { data: unknown }).data,
      );
      const status = unit.crm_contato_negociacao_status.find((s) => s.nome === statusName)!;
      const path = buildMassSendClientsPath({ ...emptyFilter(MASS_SEND_CLIENTS_LAYOUT), status_negociacao: status.idFunil });
      const found = (await (await api(`/${path}`, attendant)).json()) as { data?: unknown };
      const { clientes } = massSendLeadSearchSchema.parse(found.data ?? found);
      const created = await api('/envio-em-massa', attendant, {
        method: 'POST',
        body: {
          nomeDisparo: 'Promoção de dezembro',
          intervaloMensagem: 60,
          leads: clientes.slice(0, 3).map((c) => ({ cli_crm_id: c.cli_crm_id })),
          mensagens: ['Oi {{nome_do_cliente}}, temos novidades em dezembro!'],
          evolutionInstanceName: SECOND,
        },
      });
      expect(created.status).toBe(201);
      const promo = ((await created.json()) as { data: { id: number } }).data.id;
      expect((await api(`/envio-em-massa/${promo}`, attendant, { method: 'PUT', body: { status: 'PAUSADO' } })).status).toBe(200);

      const { context, page } = await harness.newPage(DESKTOP);
      await loginAs(page, 'atendente@demo.com.br');
      await page.goto('/envio-em-massa-cadastro');
      // The first number is chosen and free; the helper names the paused campaign on the other.
      await page.getByText(`${SECOND}: “Promoção de dezembro” pausado. Este número está livre.`).waitFor();
      expect(await page.getByTestId('disparo-ocupando').count()).toBe(0);
      await page.getByLabel('Número de clientes').fill('2');
      await page.getByLabel('Status da Negociação').click();
      await page.getByRole('option', { name: statusName, exact: true }).click();
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await page
        .getByRole('list')
        .filter({ has: page.getByRole('listitem') })
        .getByRole('listitem')
        .first()
        .waitFor();
      await page.getByLabel('Selecionar todos').check();
      await page.getByLabel('Nome do Disparo').fill('Primeiro disparo do número livre');
      await page.getByLabel('Mensagem', { exact: true }).fill('Olá {{nome_do_cliente}}, tudo bem?');
      const send = page.getByRole('button', { name: 'Enviar', exact: true });
      expect(await send.isEnabled()).toBe(true);
      await screenshot(page, 'envio-em-massa-cadastro-outro-numero-pausado.png');

      // The paused number chosen: its campaign by its real status, with Continuar and 'Parar envio' in place.
      await page.getByLabel('Enviar pela instância').click();
      await page
        .getByRole('option', { name: new RegExp(`^${SECOND}.*ocupada por “Promoção de dezembro” \\(Pausado\\)$`) })
        .click();
      await expect
        .poll(() => page.getByTestId('disparo-ocupando').innerText())
        .toBe(`O número ${SECOND} está ocupado: disparo “Promoção de dezembro” pausado`);
      await page.getByRole('button', { name: 'Continuar', exact: true }).waitFor();
      await screenshot(page, 'envio-em-massa-cadastro-numero-pausado.png');
      // Item 11: 'Parar envio' asks first; Cancelar leaves the campaign paused.
      await page.getByRole('button', { name: 'Parar envio' }).click();
      const confirm = page.getByRole('dialog', { name: 'Parar envio' });
      await confirm.getByText('Finalizar “Promoção de dezembro”?', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Cancelar' }).click();
      await confirm.waitFor({ state: 'detached' });
      const list = ((await (await api('/envio-em-massa', attendant)).json()) as { data: { id: number; status: string }[] }).data;
      expect(list.find((c) => c.id === promo)?.status).toBe('PAUSADO');

      // Back on the free number, the send goes out while the other number's campaign stays paused.
      await page.getByLabel('Enviar pela instância').click();
      await page.getByRole('option', { name: new RegExp(`^${INSTANCE}`) }).click();
      await send.click();
      await page.getByText('Disparo cadastrado com sucesso').waitFor();
      await context.close();
    },
  );
});

describe("issue 13 'configurable per unit': Configurações › Envio em massa", () => {
  it("a unit admin sets the unit's caps, hours, days and warm-up; they are kept and the composer's capacity reads them", async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'admin@demo.com.br');
    await page.goto('/configuracoes');
    const section = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Envio em massa', exact: true }) });
    const maxLeads = section.getByRole('spinbutton', { name: 'Máximo de leads por disparo' });
    await maxLeads.waitFor();
    expect(await maxLeads.inputValue()).toBe('500');
    await maxLeads.fill('300');
    await section.getByRole('spinbutton', { name: 'Intervalo mínimo (segundos)' }).fill('15');
    await section.getByRole('spinbutton', { name: 'Intervalo máximo (segundos)' }).fill('40');
    await section.getByLabel('Fim dos envios').fill('1830');
    await section.getByRole('checkbox', { name: 'Sábado' }).uncheck();
    // A warm-up step after the last one: 'Adicionar etapa' proposes a week later.
    await section.getByRole('button', { name: 'Adicionar etapa' }).click();
    expect(await section.getByLabel('Etapa 6: a partir do dia').inputValue()).toBe('38');
    await section.getByLabel('Etapa 6: envios por dia').fill('250');
    // A bad value says why and keeps SALVAR off.
    await section.getByRole('spinbutton', { name: 'Intervalo mínimo (segundos)' }).fill('45');
    await section.getByText('O tempo mínimo deve ser menor ou igual ao máximo.').waitFor();
    expect(await page.getByRole('button', { name: 'SALVAR' }).isDisabled()).toBe(true);
    await section.getByRole('spinbutton', { name: 'Intervalo mínimo (segundos)' }).fill('15');
    // The section's heading just under the app bar.
    await section
      .getByRole('heading', { name: 'Envio em massa', exact: true })
      .evaluate((h) => window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY - 96));
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 0);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}configuracoes-envio-em-massa.png` });
    await page.getByRole('button', { name: 'SALVAR' }).click();
    await page.getByText('Configurações salvas com sucesso!').first().waitFor();
    await page.reload();
    await maxLeads.waitFor();
    expect(await maxLeads.inputValue()).toBe('300');
    expect(await section.getByLabel('Fim dos envios').inputValue()).toBe('18:30');
    expect(await section.getByRole('checkbox', { name: 'Sábado' }).isChecked()).toBe(false);
    // The attendant's composer reads the unit's new settings.
    const attendant = (await harness.apiLogin('atendente@demo.com.br')).token;
    const capacity = (await (await api('/envio-em-massa/capacidade', attendant)).json()) as {
      data: { configuracoes: Record<string, unknown> };
    };
    expect(capacity.data.configuracoes).toMatchObject({
      quantidade_max_leads: 300,
      tempo_minimo: 15,
      tempo_maximo: 40,
      horario_fim: '18:30',
      dias_semana: [1, 2, 3, 4, 5],
    });
    expect((capacity.data.configuracoes.aquecimento as unknown[]).at(-1)).toEqual({ dias: 38, limite: 250 });
    await context.close();
  });
});
