// 000 §4, §5, §8 end to end: login validation and messages, 'Sair' and the back button, and a
// session revoked elsewhere ending at the next call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LOGIN_MESSAGES } from '@funil/domain/auth/login';
import { HTTP_MESSAGES } from '@funil/domain/http/errors';

import { loginAs, SCREENSHOTS_DIR, startHarness, type Harness } from './harness.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

describe('000 §5 login validation', () => {
  it('shows the required-field messages for an empty form and the email message for a malformed one', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/');
    expect(await page.getByRole('checkbox', { name: 'Lembrar meus dados' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Acessar' }).click();
    await page.getByText(LOGIN_MESSAGES.emailRequired).waitFor();
    await page.getByText(LOGIN_MESSAGES.passwordRequired).waitFor();

    await page.getByLabel('Email').fill('ana@');
    await page.getByLabel('Senha', { exact: true }).fill('x');
    await page.getByRole('button', { name: 'Acessar' }).click();
    await page.getByText(LOGIN_MESSAGES.emailInvalid).waitFor();
    await page.getByText(LOGIN_MESSAGES.passwordShort).waitFor();
    expect(page.url()).toBe(`${harness.baseURL}/`);
    await context.close();
  });
});

describe('000 §8 login answers', () => {
  it("shows 'Usuário ou senha inválidos.' for a wrong password", async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/');
    await page.getByLabel('Email').fill('atendente@demo.com.br');
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
    await page.getByRole('button', { name: 'Acessar' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(LOGIN_MESSAGES.invalid);
    expect(page.url()).toBe(`${harness.baseURL}/`);
    await context.close();
  });

  it("greets with 'Login com sucesso.' and sends a logged user from / to /inicial", async () => {
    const { context, page } = await harness.newPage();
    await loginAs(page, 'gerente@demo.com.br');
    await page.getByText(LOGIN_MESSAGES.success).waitFor();
    await page.goto('/');
    await page.waitForURL('**/inicial');
    await context.close();
  });
});

describe('000 §2, §4 logout', () => {
  it("'Sair' returns to / and Back does not reopen the app", async () => {
    const { context, page } = await harness.newPage();
    await loginAs(page, 'atendente@demo.com.br');
    // A second entry in the history (a different URL: Chromium replaces the entry for the same one).
    await page.goto('/inicial?visita=2');
    await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Acessar' }).waitFor();

    await page.goBack();
    await page.getByRole('button', { name: 'Acessar' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('navigation', { name: 'Menu principal' }).count()).toBe(0);
    // Nothing readable is left behind in storage.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('funil:')))).toEqual([]);
    await context.close();
  });

  it('a session revoked elsewhere ends in the browser at once: the server closes its socket (issue 7 §3)', async () => {
    const { context, page } = await harness.newPage();
    const loginAnswer = page.waitForResponse((response) => response.url().endsWith('/api/login'));
    await loginAs(page, 'admin@demo.com.br');
    const { data } = (await (await loginAnswer).json()) as { data: { token: string } };

    const revoked = await fetch(`${harness.baseURL}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${data.token}` },
    });
    expect(revoked.status).toBe(200);

    // No click needed: the logout ends the session's socket, and the app ends the session with it.
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Acessar' }).waitFor();
    await page.getByText(HTTP_MESSAGES.unauthorized).waitFor();
    await context.close();
  });

  it('keeps the session across a reload and stores it encrypted', async () => {
    const { context, page } = await harness.newPage();
    await loginAs(page, 'atendente2@demo.com.br');
    await page.reload();
    await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/inicial');
    const stored = await page.evaluate(() => Object.entries(localStorage).filter(([key]) => key.startsWith('funil:')));
    expect(stored.length).toBe(1);
    const [, sealed] = stored[0] ?? ['', ''];
    expect(sealed).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(sealed).not.toContain('Bruno');
    await context.close();
  });

  it('connects the realtime socket with the session token once logged in', async () => {
    const { context, page } = await harness.newPage();
    // WebSocket only, no long-polling (issue 21 item 22): the socket is one WebSocket, and the
    // server's 'ready' on it means the session token was accepted.
    const urls: string[] = [];
    const ready = new Promise<void>((resolve) => {
      page.on('websocket', (ws) => {
        if (!ws.url().includes('/socket.io/')) return;
        urls.push(ws.url());
        ws.on('framereceived', (frame) => {
          if (String(frame.payload).includes('"ready"')) resolve();
        });
      });
    });
    const polled: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/socket.io/') && request.url().includes('transport=polling')) polled.push(request.url());
    });
    await loginAs(page, 'atendente@demo.com.br');
    await ready;
    expect(urls.every((u) => u.includes('transport=websocket'))).toBe(true);
    expect(polled).toEqual([]);
    await context.close();
  });
});

describe('000 §2 loading screen', () => {
  it('shows the support message when the unit data cannot be loaded', async () => {
    const { context, page } = await harness.newPage();
    await page.route('**/api/cadastros/dados-unidade', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Erro interno do servidor. Tente novamente mais tarde', status: 500 }),
      }),
    );
    await page.goto('/');
    await page.getByLabel('Email').fill('gestor@demo.com.br');
    await page.getByLabel('Senha', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Acessar' }).click();
    await page
      .getByText('Erro ao carregar dados. Se o erro persistir, entre em contato com o suporte.')
      .waitFor({ timeout: 15_000 });
    await page.screenshot({ path: `${SCREENSHOTS_DIR}loading-error.png` });

    await page.unroute('**/api/cadastros/dados-unidade');
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.getByRole('button', { name: 'Sair' }).waitFor();
    await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    await context.close();
  });
});
