// 000 §6 "Route access" and "Menu", end to end: every demo role sees exactly its menu, with its name
// and permission name in the drawer, and a denied or unknown route lands on /inicial through /.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { menuFor, menuLabels } from '@funil/domain/access/routes';
import { accessContextOf } from '@funil/domain/unit/unit-data';

import { DEMO_LOGINS, loginAs, readMenu, startHarness, type Harness } from './harness.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

describe('000 §6 menu per role', () => {
  it.each(DEMO_LOGINS.map((login) => [login.permissao, login.email] as const))(
    '%s (%s) sees exactly its menu, name and permission',
    async (_permission, email) => {
      const { token, currentUser } = await harness.apiLogin(email);
      const expected = menuLabels(menuFor(accessContextOf(currentUser, await harness.apiUnitData(token))));

      const { context, page } = await harness.newPage();
      await loginAs(page, email);
      expect(await readMenu(page)).toEqual(expected);
      const user = page.getByRole('group', { name: 'Usuário logado' });
      await expect.poll(() => user.innerText()).toContain(currentUser.name);
      expect(await user.innerText()).toContain(currentUser.nomePermissao);
      await expect.poll(() => page.getByText('v2.72.2').isVisible()).toBe(true);
      await context.close();
    },
  );
});

describe('000 §2, §6 denied routes', () => {
  it('sends an attendant away from /unidades, anyone from /potencial and from unknown paths, to /inicial', async () => {
    const { context, page } = await harness.newPage();
    await loginAs(page, 'atendente@demo.com.br');
    for (const path of ['/unidades', '/potencial', '/potencial/3', '/nao-existe', '/inicial/extra']) {
      await page.goto(path);
      await page.waitForURL('**/inicial');
      await page.getByRole('heading', { name: 'Início', level: 1 }).waitFor();
    }
    await context.close();
  });

  it('sends an administrator from /potencial to /inicial', async () => {
    const { context, page } = await harness.newPage();
    await loginAs(page, 'admin@demo.com.br');
    await page.goto('/potencial');
    await page.waitForURL('**/inicial');
    await context.close();
  });

  it('sends a visitor without a session from /inicial to the login', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/inicial');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Acessar' }).waitFor();
    await context.close();
  });
});
