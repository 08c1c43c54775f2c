// PUT cadastros/configuracoes-notificacoes (001 §7; §6 "Notifications": per-user, default on).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { usuarios } from './users.table.ts';

let t: TestApp;
let tokenU: string;
let tokenA: string;
beforeAll(async () => {
  t = await createTestApp();
  tokenU = await t.login(t.fixture.users.u.email);
  tokenA = await t.login(t.fixture.users.a.email);
  await t.database.db
    .update(usuarios)
    .set({ configuracoes: JSON.stringify({ excluir_leads: true }) })
    .where(eq(usuarios.id, t.fixture.users.u.id));
});
afterAll(async () => {
  await t.close();
});

const put = (token: string, payload: unknown) =>
  t.as(token, { method: 'PUT', url: '/api/cadastros/configuracoes-notificacoes', payload: payload as object });
const stored = async (id: number) =>
  JSON.parse((await t.database.db.select().from(usuarios).where(eq(usuarios.id, id)))[0]!.configuracoes) as Record<
    string,
    unknown
  >;

describe('PUT cadastros/configuracoes-notificacoes', () => {
  it('turns the own switch off, keeping the other keys, and the session keeps serving', async () => {
    const res = await put(tokenU, { configuracoes: { notificacoes: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Notificações desativadas.', data: { notificacoes: false } });
    expect(await stored(t.fixture.users.u.id)).toEqual({ excluir_leads: true, notificacoes: false });
    // dados_usuario.configuracoes (000 §3) carries it at the next load; the token still works.
    const unit = await t.as(tokenU, { method: 'GET', url: '/api/dados-unidade' });
    expect(unit.statusCode).toBeLessThan(500);
    expect((await put(tokenU, { configuracoes: { notificacoes: 1 } })).json().data.notificacoes).toBe(true);
    expect((await stored(t.fixture.users.u.id)).notificacoes).toBe(true);
  });
  it("changes only the caller's own setting", async () => {
    await put(tokenA, { configuracoes: { notificacoes: false } });
    expect((await stored(t.fixture.users.u.id)).notificacoes).toBe(true);
    expect((await stored(t.fixture.users.a.id)).notificacoes).toBe(false);
  });
  it.each([[{}], [{ configuracoes: {} }], [{ configuracoes: { notificacoes: 'sim' } }], [{ notificacoes: true }]])(
    'bad body %j: 400 in Portuguese, nothing changed',
    async (body) => {
      const before = await stored(t.fixture.users.u.id);
      const res = await put(tokenU, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/notificações|Campo obrigatório|Dados inválidos/);
      expect(await stored(t.fixture.users.u.id)).toEqual(before);
    },
  );
  it('without a session: 401', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/cadastros/configuracoes-notificacoes',
          payload: { configuracoes: { notificacoes: true } },
        })
      ).statusCode,
    ).toBe(401);
  });
});
