// Issue 21 item 12: every text a user reads is the spec's or plain Brazilian Portuguese (002 §5
// 'Obrigatório'; 000 §9), never a library's or a protocol's wording. Every demo role opens every
// route it may open, in Chromium; the admin screens' create forms are submitted empty, the chat's
// 'Novo Cliente' (001 §2) too; the rendered text is scanned for zod's wording (English and its
// European-Portuguese locale) and SIP's (status words and status lines).
// Issue 21 item 9, on the same walk (one walk of every route costs a minute of CI, issue 22 §5): no
// page scrolls sideways in a 1440 px or a 1280 px window (the pipeline's board scrolls inside its own
// area; its hidden heading once made the page 288 px wider). page-width.spec.ts keeps the phone lists.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { canAccessRoute, ROUTES, type AppRoute } from '@funil/domain/access/routes';
import { accessContextOf } from '@funil/domain/unit/unit-data';

import { DEMO_LOGINS, DESKTOP, loginAs, SCREENSHOTS_DIR, startHarness, type Harness } from './harness.ts';

/** zod's wording (English, and its 'pt' locale of Portugal) and SIP's (status words and status lines). */
export const FOREIGN_WORDING: readonly RegExp[] = [
  /Demasiado (pequeno|grande)/,
  /\besperava\b/,
  /\brecebeu\b/,
  /Entrada inválida/,
  /\bExpected\b/,
  /\bInvalid\b/,
  /\bRequired\b/,
  /\bANSWERED\b/,
  /\bNO[ _]ANSWER\b/,
  /\bBUSY\b/,
  /\bFAILED\b/,
  /\bCANCEL{1,2}ED\b/,
  /rate-overlimit/,
  /\bSIP\/2\.0\b/,
  new RegExp(
    '\\b[1-6]\\d\\d (Busy Here|Not Found|Temporarily Unavailable|Request Terminated|Service Unavailable|Decline|Forbidden|' +
      'Unauthorized|Not Acceptable( Here)?|Request Timeout|Server Internal Error|Too Many Requests|Ringing|Trying|' +
      'Session Progress|OK)\\b',
  ),
];

/** The forbidden wordings found in `text`, with a little context each. */
export function foreignWordingIn(text: string): string[] {
  return FOREIGN_WORDING.flatMap((pattern) => {
    const match = pattern.exec(text);
    return match ? [text.slice(Math.max(0, match.index - 40), match.index + match[0].length + 40).replace(/\s+/g, ' ')] : [];
  });
}

let harness: Harness;
// The demo seed and the browser start slowly on a busy machine.
beforeAll(async () => {
  harness = await startHarness();
}, 300_000);
afterAll(async () => {
  await harness.close();
});

/** The page's rendered text once the screen has settled (spinners and skeletons gone). */
async function settledText(page: Page): Promise<string> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .getByText('Carregando...')
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => undefined);
  // A progress bar with a value (a campaign's progress) is content, not loading.
  await page
    .waitForFunction(
      () =>
        !document.querySelector(
          'main .MuiSkeleton-root, main [role="progressbar"]:not([aria-valuenow]), main [aria-busy="true"]',
        ),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  return page.evaluate(() => document.body.innerText);
}

const WIDTHS = [1440, 1280] as const;

/** Where the open page is wider than a 1440 px and a 1280 px window (the page is left at 1440 px). */
async function sidewaysScroll(page: Page): Promise<string[]> {
  const wider: string[] = [];
  for (const width of WIDTHS) {
    if (page.viewportSize()?.width !== width) {
      await page.setViewportSize({ width, height: DESKTOP.height });
      await page.waitForTimeout(200);
    }
    const measured = await page.evaluate(() => ({
      document: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
      window: window.innerWidth,
    }));
    if (measured.document > measured.window || measured.body > measured.window)
      wider.push(`${width}px: ${JSON.stringify(measured)}`);
  }
  await page.setViewportSize(DESKTOP);
  return wider;
}

/** The routes some demo login opened on the walk (each route must be opened by one). */
const walked = new Set<AppRoute>();

/**
 * Opens `route` inside the app, as the menu does: through the router's own history, without loading the
 * app again (a load per route was most of the walk's Chromium time, issue 22 §5). The router renders the
 * next screen in a transition: the previous screen stays on the page, under the new address, until the
 * next one's code has loaded. So this waits until the previous screen's elements have left the page and
 * the menu marks the route (when the menu has it); waiting for the address only, the walk read the
 * previous screen and clicked its 'Cadastrar …', which the next screen then replaced.
 */
async function openInApp(page: Page, route: AppRoute): Promise<void> {
  // The walk starts where the login left it (/inicial): that screen is open already.
  if (new URL(page.url()).pathname === route) return;
  await page.evaluate((to) => {
    const main = document.querySelector('main');
    // The first child of <main> is the shell's spacer under the top bar; the rest is the screen.
    (window as unknown as { walkPrevious: Element[] }).walkPrevious = main ? Array.from(main.children).slice(1) : [];
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.waitForFunction(
    (to) => {
      const previous = (window as unknown as { walkPrevious: Element[] }).walkPrevious;
      const link = document.querySelector(`nav[aria-label="Menu principal"] a[href="${to}"]`);
      return (
        window.location.pathname === to &&
        previous.every((element) => !element.isConnected) &&
        (link === null || link.getAttribute('aria-current') === 'page')
      );
    },
    route,
    // The next screen's code, on a loaded machine.
    { timeout: 60_000 },
  );
}

/** Opens the screen's create form ('Cadastrar …'), submits it empty and reads what it says. */
async function emptyCreateForm(page: Page): Promise<string | null> {
  const create = page.getByRole('button', { name: /^Cadastrar / }).first();
  if (!(await create.isVisible().catch(() => false))) return null;
  await create.click();
  const dialog = page.getByRole('dialog').first();
  await dialog.waitFor({ timeout: 10_000 });
  const save = dialog.getByRole('button', { name: /^(Salvar|Cadastrar|Enviar)$/ }).first();
  if (await save.isEnabled().catch(() => false)) {
    await save.click();
    await page.waitForTimeout(600);
  }
  const text = await page.evaluate(() => document.body.innerText);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
  return text;
}

describe('issue 21 items 12 and 9: no zod or SIP wording on any screen, and no screen scrolls sideways', () => {
  it('the scan finds the wordings it looks for (so it can fail)', () => {
    expect(foreignWordingIn('Demasiado pequeno: esperava que o texto tivesse >= 1 caracteres')).toHaveLength(2);
    expect(foreignWordingIn('Chamada: 486 Busy Here')).toHaveLength(1);
    expect(foreignWordingIn('ANSWERED · NO ANSWER · (429/rate-overlimit)')).toHaveLength(3);
    expect(foreignWordingIn('Invalid input: expected string, received undefined')).toHaveLength(1);
    expect(foreignWordingIn('Obrigatório · Atendida · Não atendida · Ocupado · Campos obrigatórios não preenchidos')).toEqual([]);
  });

  // The roles walk side by side (each its own browser context; the walk only reads and submits empty forms).
  it.concurrent.each(DEMO_LOGINS.map((login) => [login.permissao, login.email] as const))(
    '%s (%s): every route it may open, its width and its create forms submitted empty',
    async (_permission, email) => {
      const { token, currentUser } = await harness.apiLogin(email);
      const ctx = accessContextOf(currentUser, await harness.apiUnitData(token));
      const routes = ROUTES.filter((route) => canAccessRoute(route, ctx));
      expect(routes.length).toBeGreaterThan(2);
      const { context, page } = await harness.newPage(DESKTOP);
      await loginAs(page, email);
      const findings: { route: string; where: string; found: string[] }[] = [];
      for (const route of routes) {
        await openInApp(page, route);
        const found = foreignWordingIn(await settledText(page));
        if (found.length > 0) findings.push({ route, where: 'tela', found });
        const wider = await sidewaysScroll(page);
        if (wider.length > 0) findings.push({ route, where: 'largura', found: wider });
        walked.add(route);
        const form = await emptyCreateForm(page);
        if (form !== null) {
          const inForm = foreignWordingIn(form);
          if (inForm.length > 0) findings.push({ route, where: 'formulário vazio', found: inForm });
        }
      }
      await context.close();
      expect(findings).toEqual([]);
    },
    600_000,
  );

  it('every route was opened by some demo login (the first unit has whatsapp_v2 and every flag, issue 21 item 20)', () => {
    expect(ROUTES.filter((route) => !walked.has(route))).toEqual([]);
  });

  it("the partner form submitted empty reads 002 §5's 'Obrigatório' under its fields", async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'admin@demo.com.br');
    await page.goto('/parceiros');
    await page.getByRole('button', { name: 'Cadastrar Parceiro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cadastrar Parceiro' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => dialog.getByText('Obrigatório', { exact: true }).count()).toBeGreaterThan(2);
    expect(foreignWordingIn(await dialog.innerText())).toEqual([]);
    await context.close();
  });

  it(
    "001 §2: the chat's add button opens 'Novo Cliente' (Nome, Telefone, Email, Cadastrar), not the " +
      "CRM's 'Cadastrar Contato'",
    async () => {
      const { context, page } = await harness.newPage(DESKTOP);
      await loginAs(page, 'atendente@demo.com.br');
      await page.goto('/whatsapp');
      await page.getByRole('button', { name: 'Novo Cliente' }).click();
      const dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Telefone', { exact: false }).isVisible()).toBe(true);
      expect(await dialog.getByLabel('Email').isVisible()).toBe(true);
      expect(await dialog.getByText(/CSV/).count()).toBe(0);
      // 001 §5 'New client': Cadastrar waits for Nome and Telefone.
      expect(await dialog.getByRole('button', { name: 'Cadastrar' }).isEnabled()).toBe(false);
      await context.close();
    },
  );

  it('screenshots of what issue 21 changed: the unit settings, the chat header and list, the classic dashboard header', async () => {
    const shot = async (page: Page, file: string) => {
      for (const close of await page.getByRole('button', { name: 'Fechar aviso', includeHidden: true }).all())
        await close.click().catch(() => undefined);
      await page.mouse.move(0, 0);
      await page.waitForTimeout(700);
      await page.screenshot({ path: `${SCREENSHOTS_DIR}${file}` });
    };
    const admin = await harness.newPage(DESKTOP);
    await loginAs(admin.page, 'admin@demo.com.br');
    await admin.page.goto('/configuracoes');
    await admin.page.getByRole('switch', { name: 'Habilitar WhatsApp (Evolution)' }).waitFor();
    await admin.page.getByRole('textbox', { name: 'Dashboard externo (endereço)' }).fill('http://bi.exemplo.com.br');
    await shot(admin.page, 'configuracoes-whatsapp-dashboard.png');
    await admin.context.close();

    const attendant = await harness.newPage({ width: 1280, height: 800 });
    await loginAs(attendant.page, 'atendente@demo.com.br');
    await attendant.page.goto('/whatsapp');
    const row = attendant.page.getByRole('list', { name: 'Leads' }).getByRole('button').first();
    await row.waitFor();
    await row.click();
    await attendant.page.getByTestId('chat-header').waitFor();
    await shot(attendant.page, 'chat-nomes-e-status.png');
    await attendant.context.close();

    const manager = await harness.newPage(DESKTOP);
    await loginAs(manager.page, 'multigerente2@demo.com.br');
    await manager.page.goto('/dashboard');
    await manager.page.getByTestId('dashboard-unidades').waitFor();
    expect(await manager.page.getByTestId('dashboard-unidades').innerText()).toMatch(/^Unidade: /);
    await shot(manager.page, 'dashboard-classico-unidade.png');
    await manager.context.close();
  }, 300_000);
});
