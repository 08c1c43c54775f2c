// Issue 23 §3 §4 end to end: click-to-WhatsApp attribution, with the gateway emulator beside the server.
// A first message from a new number carries the ad (contextInfo.externalAdReply: sourceType 'ad', the
// ad's id, ctwaClid, title, body): the attendant's open CRM list shows the new lead live with its ad
// and the ad's tags, its detail's 'Origem' says 'WhatsApp (anúncio)' with campaign > ad set > ad and
// 'ID exato do anúncio', and the chat shows the conversation. A message with only a title is matched
// against the catalogue ('Nome ou texto correspondente'); one with neither an id nor a match is
// 'Meta (anúncio não identificado)' and counted in the dashboard's 'N leads sem anúncio identificado
// no período' (§3). Screenshot docs/screenshots/ctwa-lead-origin.png.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { UNIDENTIFIED_AD_NAME } from '@funil/domain/leads/unknown-ad';

import { DEMO_AD_CAMPAIGNS } from '../../server/src/demo/demo-ads.ts';
import { leads } from '../../server/src/modules/leads/leads.table.ts';
import { leadTags, tags } from '../../server/src/modules/tags/tags.table.ts';
import { DESKTOP, loginAs, SCREENSHOTS_DIR, startHarnessWithGateway, type GatewayHarness } from './harness.ts';

const INSTANCE = 'paulista-ctwa';
let harness: GatewayHarness;

// The demo's catalogue of the first unit (demo-ads.ts): 'Clareamento Black Friday' > 'Mulheres 25-45 –
// raio de 10 km' > 'Clareamento – antes e depois' (tag 'Frio'); 'Implante Dentário' > … > 'Implante em 24h'.
const CLAREAMENTO = DEMO_AD_CAMPAIGNS[1]!;
const CLAREAMENTO_SET = CLAREAMENTO.conjuntos[0]!;
const ANTES_E_DEPOIS = CLAREAMENTO_SET.ads[1]!;
const IMPLANTE = DEMO_AD_CAMPAIGNS[0]!;
const IMPLANTE_24H = IMPLANTE.conjuntos[0]!.ads[0]!;

beforeAll(async () => {
  harness = await startHarnessWithGateway();
  const { token } = await harness.apiLogin('admin@demo.com.br');
  const created = await fetch(`${harness.baseURL}/api/instancias`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: INSTANCE }),
  });
  expect(created.status).toBe(201);
  expect(
    await harness.emulatorControl(`/_emulator/instances/${INSTANCE}/scan`, { number: '5511987650077', profileName: 'Recepção' }),
  ).toBe(200);
}, 60_000);
afterAll(async () => {
  await harness?.close();
});

/** A first message from `phone` (55 + DDD + number), written from an ad: the emulator's externalAdReply. */
const fromAd = (phone: string, pushName: string, text: string, ad: Record<string, unknown>) =>
  harness.emulatorControl(`/_emulator/instances/${INSTANCE}/messages`, { from: phone, text, pushName, ad });

async function leadNamed(name: string) {
  let rows: { id: number }[] = [];
  for (let i = 0; i < 100 && rows.length === 0; i += 1) {
    rows = await harness.db.select({ id: leads.cliCrmId }).from(leads).where(eq(leads.cliNome, name));
    if (rows.length === 0) await new Promise((r) => setTimeout(r, 100));
  }
  expect(rows, name).toHaveLength(1);
  return rows[0]!.id;
}

const crmRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Leads' }).getByRole('listitem').filter({ hasText: name }).first();

/** The lead's detail (opened from its CRM row): its 'Origem' items by label. */
async function openOrigin(page: Page, name: string) {
  await crmRow(page, name).click();
  const detail = page.getByRole('article', { name: `Lead ${name}` });
  await detail.locator('[data-field="Canal"]').first().waitFor({ timeout: 15_000 });
  const field = async (label: string) => ((await detail.locator(`[data-field="${label}"]`).first().textContent()) ?? '').trim();
  return { detail, field };
}

async function unknownAdCount(page: Page): Promise<number> {
  // The note reads 0 until the dashboard has its figures: wait for the costs table's campaigns first.
  await page
    .getByRole('table', { name: 'Custos por campanha' })
    .getByRole('rowheader', { name: IMPLANTE.nome, exact: true })
    .waitFor();
  const note = page.getByTestId('leads-sem-anuncio');
  await note.waitFor({ timeout: 30_000 });
  const match = /^(\d+) leads? sem anúncio identificado no período$/.exec((await note.innerText()).trim());
  expect(match, await note.innerText()).not.toBeNull();
  return Number(match![1]);
}

describe('issue 23 §3: a first message from a click-to-WhatsApp ad makes a lead that knows its ad', () => {
  it('by the ad id: live in the CRM list with its ad and tags, its origin in the detail, the conversation in the chat', async () => {
    const { page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'atendente@demo.com.br');
    await page.goto('/crm');
    await page.getByRole('button', { name: 'Novo Contato' }).waitFor();

    const name = 'Renata Clareamento Anúncio';
    const text = 'Oi! Vi o anúncio do clareamento, ainda tem a promoção?';
    expect(
      await fromAd('5511987003301', name, text, {
        sourceType: 'ad',
        sourceId: ANTES_E_DEPOIS.id,
        ctwaClid: 'ARAkLkA8rmlFeiCktEJQ-e2e-1',
        title: 'Clareamento: veja o antes e depois',
        body: 'Sorriso mais branco em 2 sessões.',
        sourceUrl: 'https://fb.me/sorrisoperfeito-antes-depois',
      }),
    ).toBe(201);
    const id = await leadNamed(name);
    // §4: the ad's tags, on the lead.
    const given = await harness.db
      .select({ nome: tags.nome })
      .from(leadTags)
      .innerJoin(tags, eq(tags.id, leadTags.idTag))
      .where(eq(leadTags.cliCrmId, id));
    expect(given.map((t) => t.nome)).toEqual(ANTES_E_DEPOIS.tags);

    // No reload: the open list hears of the new lead, with its ad and its tag.
    const row = crmRow(page, name);
    await row.waitFor({ timeout: 30_000 });
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain(ANTES_E_DEPOIS.nome);
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain(ANTES_E_DEPOIS.tags[0]!);

    const { detail, field } = await openOrigin(page, name);
    expect(await field('Canal')).toBe('Canal: WhatsApp (anúncio)');
    expect(await field('Campanha > Conjunto > Anúncio')).toContain(
      `${CLAREAMENTO.nome} > ${CLAREAMENTO_SET.nome} > ${ANTES_E_DEPOIS.nome}`,
    );
    expect(await field('Atribuição')).toBe('Atribuição: ID exato do anúncio');
    // What the gateway told of the ad (informacoesExtra).
    expect(await field('Título do anúncio')).toBe('Título do anúncio: Clareamento: veja o antes e depois');
    expect(await field('ctwa_clid')).toBe('ctwa_clid: ARAkLkA8rmlFeiCktEJQ-e2e-1');
    await detail.getByText(ANTES_E_DEPOIS.tags[0]!, { exact: true }).first().waitFor();
    await detail.locator('[data-field="Canal"]').first().scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}ctwa-lead-origin.png` });

    // The conversation, in the chat (WhatsApp v3), the ad's message first.
    await page.goto(`/whatsapp-v3/${id}`);
    await page.getByTestId('chat-header').getByText(`#${id}`).waitFor({ timeout: 15_000 });
    await page.getByText(text).first().waitFor();
  });

  it("by the title only: matched against the catalogue ('Nome ou texto correspondente')", async () => {
    const name = 'Otávio Implante Título';
    expect(
      await fromAd('5511987003302', name, 'Olá, quero saber do implante', {
        sourceType: 'ad',
        ctwaClid: 'ARAkLkA8rmlFeiCktEJQ-e2e-2',
        // Case and accents aside, the ad's own name: no id in the payload.
        title: IMPLANTE_24H.nome.toUpperCase(),
        body: 'Dentes fixos no mesmo dia.',
      }),
    ).toBe(201);
    await leadNamed(name);
    const { page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'atendente@demo.com.br');
    await page.goto('/crm');
    const row = crmRow(page, name);
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain(IMPLANTE_24H.nome);
    const { detail, field } = await openOrigin(page, name);
    expect(await field('Canal')).toBe('Canal: WhatsApp (anúncio)');
    expect(await field('Campanha > Conjunto > Anúncio')).toContain(`${IMPLANTE.nome} > `);
    expect(await field('Campanha > Conjunto > Anúncio')).toContain(IMPLANTE_24H.nome);
    expect(await field('Atribuição')).toBe('Atribuição: Nome ou texto correspondente');
    // §4: the matched ad's tags too.
    for (const tag of IMPLANTE_24H.tags) await detail.getByText(tag, { exact: true }).first().waitFor();
  });

  it("neither id nor match: 'Meta (anúncio não identificado)', counted in the dashboard's leads without a known ad", async () => {
    const { page: dash } = await harness.newPage(DESKTOP);
    await loginAs(dash, 'gestor@demo.com.br');
    await dash.goto('/dashboard');
    const before = await unknownAdCount(dash);

    const name = 'Bianca Anúncio Desconhecido';
    expect(
      await fromAd('5511987003303', name, 'Oi, vi a propaganda de vocês', {
        sourceType: 'ad',
        ctwaClid: 'ARAkLkA8rmlFeiCktEJQ-e2e-3',
        title: 'Promoção relâmpago de sábado',
        body: 'Só hoje!',
      }),
    ).toBe(201);
    await leadNamed(name);

    const { page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'atendente@demo.com.br');
    await page.goto('/crm');
    const row = crmRow(page, name);
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain(UNIDENTIFIED_AD_NAME);
    const { detail, field } = await openOrigin(page, name);
    expect(await field('Canal')).toBe('Canal: WhatsApp (anúncio)');
    expect(await field('Campanha > Conjunto > Anúncio')).toContain(UNIDENTIFIED_AD_NAME);
    expect(await detail.locator('[data-field="Atribuição"]').count()).toBe(0);

    await dash.reload();
    await expect.poll(() => unknownAdCount(dash), { timeout: 20_000 }).toBe(before + 1);
  });
});
