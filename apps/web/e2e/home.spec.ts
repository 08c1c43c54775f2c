// /inicial (000 §2, 002 §2.10): guidance texts render as sanitised HTML; and the screenshots of the
// login and the shell (desktop and phone) for docs/screenshots.
import { mkdirSync } from 'node:fs';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orientacoes } from '../../server/src/modules/guidance/guidance.table.ts';
import { empresas } from '../../server/src/modules/tenancy/tenancy.table.ts';
import { loginAs, MOBILE, SCREENSHOTS_DIR, startHarness, type Harness } from './harness.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
});
afterAll(async () => {
  await harness.close();
});

describe('000 §2 /inicial guidance texts', () => {
  it('renders the guidance cards and never runs script from their HTML', async () => {
    const [empresa] = await harness.db.select({ id: empresas.id }).from(empresas).limit(1);
    if (!empresa) throw new Error('seed sem empresa');
    const [injected] = await harness.db
      .insert(orientacoes)
      .values({
        idEmpresa: empresa.id,
        titulo: 'Aviso de segurança',
        ordem: 99,
        textoOrientacao:
          '<p>Texto <strong>seguro</strong>.</p><img src="/nao-existe.png" alt="quebrada" ' +
          'onerror="window.__xss = 1"><script>window.__xss = 2</script><a href="javascript:window.__xss = ' +
          '3">link</a>',
      })
      .returning({ id: orientacoes.id });

    const { context, page } = await harness.newPage();
    await loginAs(page, 'atendente@demo.com.br');
    const card = page.getByRole('article', { name: 'Aviso de segurança' });
    await card.waitFor();
    expect(await card.innerText()).toContain('Texto seguro.');
    await page.getByRole('article', { name: 'Boas-vindas' }).waitFor();
    await page.getByRole('heading', { name: 'Bem-vindo ao Funil!' }).waitFor();

    const html = await card.innerHTML();
    expect(html).not.toMatch(/onerror|<script|javascript:/i);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as Window & { __xss?: number }).__xss)).toBeUndefined();
    await context.close();
    if (injected) await harness.db.delete(orientacoes).where(eq(orientacoes.id, injected.id));
  });
});

describe('docs/screenshots', () => {
  it('login.png, shell.png (1440x900) and shell-mobile.png (390x844)', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Acessar' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}login.png` });

    await loginAs(page, 'atendente@demo.com.br');
    await page.getByRole('article', { name: 'Boas-vindas' }).waitFor();
    // The login snackbar would cover the content; close it.
    await page.getByRole('button', { name: 'Fechar aviso' }).click();
    await page.getByText('Login com sucesso.').waitFor({ state: 'detached' });
    await page.screenshot({ path: `${SCREENSHOTS_DIR}shell.png` });
    await context.close();

    const phone = await harness.newPage(MOBILE);
    await loginAs(phone.page, 'admin@demo.com.br');
    await phone.page.getByRole('article', { name: 'Boas-vindas' }).waitFor();
    await phone.page.getByRole('button', { name: 'Fechar aviso' }).click();
    await phone.page.getByText('Login com sucesso.').waitFor({ state: 'detached' });
    await phone.page.screenshot({ path: `${SCREENSHOTS_DIR}shell-mobile.png` });
    await phone.page.getByRole('button', { name: 'Abrir menu' }).click();
    await phone.page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    await phone.page.waitForTimeout(400);
    await phone.page.screenshot({ path: `${SCREENSHOTS_DIR}shell-mobile-menu.png` });
    await phone.context.close();
  });
});
