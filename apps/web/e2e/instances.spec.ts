// 001 §2 "Instâncias screen" and the chip '{n} de {total} WhatsApps conectados', 001 §4 "Gateway
// instance connection", 000 §6 menu: end to end with the gateway emulator beside the server. The
// QR is "scanned" through the emulator's control route; everything else goes through the screens.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';
import { REJECTED_WEBHOOK_REASONS } from '@funil/domain/whatsapp-api/rejected-webhooks';

import { instanciasEvolution } from '../../server/src/modules/whatsapp/instances/instances.table.ts';
import { DESKTOP, loginAs, MOBILE, readMenu, SCREENSHOTS_DIR, startHarnessWithGateway, type GatewayHarness } from './harness.ts';

const FIRST = 'paulista-recepcao';
const SECOND = 'paulista-vendas';
let harness: GatewayHarness;

beforeAll(async () => {
  // A small QR limit, so a QR refused by the gateway (ref §3.2 QRCODE_LIMIT) is quick to reach.
  harness = await startHarnessWithGateway({ qrLimit: 3 });
});
afterAll(async () => {
  await harness?.close();
});

const scan = (name: string, number: string, profileName: string) =>
  harness.emulatorControl(`/_emulator/instances/${name}/scan`, { number, profileName });

async function openInstances(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Instâncias' }).click();
  await page.waitForURL('**/instancias');
  await page.getByRole('heading', { name: 'Conexões de WhatsApp' }).waitFor();
}

const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
const qrDialog = (page: Page) => page.getByRole('dialog', { name: 'Conectar Whatsapp' });

/** Screenshots without the passing snackbars nor a dialog still fading in. */
async function screenshot(page: Page, file: string): Promise<void> {
  for (const close of await page.getByRole('button', { name: 'Fechar aviso', includeHidden: true }).all())
    await close.click().catch(() => undefined);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}${file}` });
}

async function qrSource(page: Page, name: string): Promise<string> {
  const img = qrDialog(page).getByRole('img', { name: `QRCode da instância ${name}` });
  await img.waitFor();
  return (await img.getAttribute('src')) ?? '';
}

describe('000 §6 menu: Instâncias whenever the unit has gateway instances', () => {
  it('an attendant of a unit without instances does not see Instâncias, and the chip reads WhatsApp Desabilitado', async () => {
    const { context, page } = await harness.newPage();
    await loginAs(page, 'atendente@demo.com.br');
    const menu = await readMenu(page);
    expect(menu).not.toContain('Instâncias');
    await page.getByRole('button', { name: 'WhatsApp Desabilitado' }).waitFor();
    await context.close();
  });
});

describe('001 §2, §4 connecting an instance by QR', () => {
  it('an admin adds an instance, connects it by QR, logs it out and connects it again from Conectar', async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'admin@demo.com.br');
    await openInstances(page);
    await page.getByText("Nenhuma instância cadastrada. Use 'Adicionar instância' para conectar um WhatsApp.").waitFor();

    // 'Adicionar instância': Portuguese validation, then the new instance with its first QR.
    await page.getByRole('button', { name: 'Adicionar instância' }).click();
    const add = page.getByRole('dialog', { name: 'Adicionar instância' });
    await add.getByRole('button', { name: 'Adicionar' }).click();
    await add.getByText('Informe o nome da instância.').waitFor();
    await add.getByLabel('Nome da instância').fill('ab!');
    await add.getByRole('button', { name: 'Adicionar' }).click();
    await add.getByText(WHATSAPP_MESSAGES.instanceNameInvalid).waitFor();
    await add.getByLabel('Nome da instância').fill(FIRST);
    await add.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByText(WHATSAPP_MESSAGES.instanceCreated).waitFor();
    expect(await qrSource(page, FIRST)).toMatch(/^data:image\/png;base64,/);

    // The phone reads the QR: the dialog closes by itself (connection.update 'open').
    expect(await scan(FIRST, '5511987654321', 'Recepção Paulista')).toBe(200);
    await qrDialog(page).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '1 de 1 WhatsApps conectados' }).waitFor();
    await row(page, FIRST).getByText('Conectado', { exact: true }).waitFor();
    await row(page, FIRST).getByText('(11) 98765-4321').waitFor();

    // 'Desconectar' asks first.
    await row(page, FIRST)
      .getByRole('button', { name: `Desconectar ${FIRST}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Desconectar WhatsApp' });
    await confirm.getByRole('button', { name: 'Desconectar' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row(page, FIRST).getByText('Desconectado', { exact: true }).waitFor();
    await page.getByRole('button', { name: '0 de 1 WhatsApps conectados' }).waitFor();

    // 'Conectar' on the closed instance: the QR again, scanned, closes by itself.
    await row(page, FIRST)
      .getByRole('button', { name: `Conectar ${FIRST}` })
      .click();
    expect(await qrSource(page, FIRST)).toMatch(/^data:image\/png;base64,/);
    await screenshot(page, 'instancias-qr.png');
    expect(await scan(FIRST, '5511987654321', 'Recepção Paulista')).toBe(200);
    await qrDialog(page).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '1 de 1 WhatsApps conectados' }).waitFor();
    await row(page, FIRST).getByText('Conectado', { exact: true }).waitFor();

    // Log out once more from the row, and see it back to Desconectado.
    await row(page, FIRST)
      .getByRole('button', { name: `Desconectar ${FIRST}` })
      .click();
    await page.getByRole('dialog', { name: 'Desconectar WhatsApp' }).getByRole('button', { name: 'Desconectar' }).click();
    await row(page, FIRST).getByText('Desconectado', { exact: true }).waitFor();
    await row(page, FIRST)
      .getByRole('button', { name: `Conectar ${FIRST}` })
      .waitFor();
    await context.close();
  });

  it('connects from the chip menu, and the screen shows a second instance live (screenshot)', async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'admin@demo.com.br');
    await openInstances(page);

    await page.getByRole('button', { name: '0 de 1 WhatsApps conectados' }).click();
    const menu = page.getByRole('list', { name: 'Instâncias de WhatsApp' });
    await menu.getByRole('img', { name: 'Desconectado' }).waitFor();
    await menu.getByRole('button', { name: `Conectar ${FIRST}` }).click();
    expect(await qrSource(page, FIRST)).toMatch(/^data:image\/png;base64,/);
    expect(await scan(FIRST, '5511987654321', 'Recepção Paulista')).toBe(200);
    await qrDialog(page).waitFor({ state: 'detached' });
    await row(page, FIRST).getByText('Conectado', { exact: true }).waitFor();

    // Another admin adds an instance elsewhere: it shows up here through the socket.
    const { token } = await harness.apiLogin('gestor@demo.com.br');
    const created = await fetch(`${harness.baseURL}/api/instancias`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: SECOND }),
    });
    expect(created.status).toBe(201);
    const logout = await fetch(`${harness.baseURL}/api/instance/logout/${SECOND}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(200);
    await row(page, SECOND).getByText('Desconectado', { exact: true }).waitFor();
    await page.getByRole('button', { name: '1 de 2 WhatsApps conectados' }).waitFor();
    await screenshot(page, 'instancias.png');
    await context.close();
  });

  it(
    'shows the company admin the webhooks Funil could not store, with the reason, the date and the ' +
      'instance; not the unit admin (issue 21 item 2, screenshot)',
    async () => {
      // Two messages from numbers no lead can hold (25 digits, by phone and by @lid), posted as the
      // gateway posts them: kept aside and answered 200.
      const [instance] = await harness.db.select().from(instanciasEvolution).where(eq(instanciasEvolution.name, FIRST));
      const post = (id: string, key: Record<string, unknown>) =>
        fetch(`${harness.baseURL}/api/webhooks/evolution`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-funil-webhook-secret': instance!.webhookSecret },
          body: JSON.stringify({
            event: 'messages.upsert',
            instance: FIRST,
            data: {
              key: { fromMe: false, id, ...key },
              pushName: 'Contato',
              message: { conversation: 'oi, vi o anúncio' },
              messageType: 'conversation',
              messageTimestamp: Math.floor(Date.now() / 1000),
            },
          }),
        });
      expect((await post('3EB0AA11', { remoteJid: `${'9'.repeat(25)}@s.whatsapp.net` })).status).toBe(200);
      expect((await post('3EB0BB22', { remoteJid: `${'8'.repeat(25)}@lid` })).status).toBe(200);
      const { token } = await harness.apiLogin('gestor@demo.com.br');
      const listed = async () => {
        const res = await fetch(`${harness.baseURL}/api/instancias/rejeitados`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await res.json()) as { data: unknown[] }).data.length;
      };
      for (let i = 0; i < 150 && (await listed()) < 2; i++) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await listed()).toBe(2);

      const { context, page } = await harness.newPage(DESKTOP);
      await loginAs(page, 'gestor@demo.com.br');
      await openInstances(page);
      const panel = page.getByRole('table', { name: 'Eventos do WhatsApp não gravados' });
      await panel.getByRole('row').filter({ hasText: REJECTED_WEBHOOK_REASONS.phoneTooLong }).first().waitFor();
      const rows = await panel.getByRole('row').allInnerTexts();
      expect(rows).toHaveLength(3);
      for (const text of rows.slice(1)) {
        expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
        expect(text).toContain(FIRST);
        expect(text).toContain('Mensagem recebida');
        expect(text).toContain(REJECTED_WEBHOOK_REASONS.phoneTooLong);
      }
      await screenshot(page, 'instancias-nao-gravados.png');
      await context.close();

      const admin = await harness.newPage(DESKTOP);
      await loginAs(admin.page, 'admin@demo.com.br');
      await openInstances(admin.page);
      await row(admin.page, FIRST).waitFor();
      expect(await admin.page.getByRole('heading', { name: 'Eventos do WhatsApp não gravados' }).count()).toBe(0);
      await admin.context.close();
    },
  );

  it('closes the dialog with a snackbar when the QR cannot be fetched', async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'admin@demo.com.br');
    await openInstances(page);
    expect(await harness.emulatorControl(`/_emulator/instances/${SECOND}/qr`, { mode: 'error' })).toBe(200);
    await row(page, SECOND)
      .getByRole('button', { name: `Conectar ${SECOND}` })
      .click();
    await page.getByText(WHATSAPP_MESSAGES.gatewayUnavailable).waitFor();
    await qrDialog(page).waitFor({ state: 'detached' });
    expect(await harness.emulatorControl(`/_emulator/instances/${SECOND}/qr`, { mode: 'normal' })).toBe(200);
    await context.close();
  });

  it("shows 'QRCode expirado' when the gateway refuses the QR, and 'Gerar novo QRCode' brings a new one", async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'admin@demo.com.br');
    await openInstances(page);
    await row(page, SECOND)
      .getByRole('button', { name: `Conectar ${SECOND}` })
      .click();
    const first = await qrSource(page, SECOND);

    // qrcode.updated: the dialog follows the new QR.
    expect(await harness.emulatorControl(`/_emulator/instances/${SECOND}/qr`, { refresh: true })).toBe(200);
    await expect.poll(() => qrSource(page, SECOND)).not.toBe(first);

    // Past the QR limit the gateway refuses: 'QRCode expirado'.
    for (let i = 0; i < 2; i++) await harness.emulatorControl(`/_emulator/instances/${SECOND}/qr`, { refresh: true });
    const expired = page.getByRole('dialog', { name: 'QRCode expirado' });
    await expired.getByText('Deseja gerar um novo QRCode?').waitFor();
    await expired.getByRole('button', { name: 'Cancelar' }).waitFor();
    await expired.getByRole('button', { name: 'Gerar novo QRCode' }).click();
    expect(await qrSource(page, SECOND)).toMatch(/^data:image\/png;base64,/);
    expect(await scan(SECOND, '5511976543210', 'Vendas Paulista')).toBe(200);
    await qrDialog(page).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '2 de 2 WhatsApps conectados' }).waitFor();
    await context.close();
  });
});

describe('000 §6, 001 §2 the attendant once the unit has instances', () => {
  it('sees Instâncias in the menu and the compact chip on a phone', async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'atendente@demo.com.br');
    expect(await readMenu(page)).toContain('Instâncias');
    await page.getByRole('button', { name: '2 de 2 WhatsApps conectados' }).waitFor();
    await context.close();

    const phone = await harness.newPage(MOBILE);
    await loginAs(phone.page, 'atendente@demo.com.br');
    await phone.page.getByRole('button', { name: '2 de 2 WhatsApps conectados' }).click();
    await phone.page.getByRole('list', { name: 'Instâncias de WhatsApp' }).getByText(SECOND).waitFor();
    await phone.context.close();
  });
});
