// The session check from memory (issue 8, session-cache.ts, migration 0020): a checked session is
// read again only after one of its tables changed; a revocation, a deactivation or a unit change
// is refused at the next call once known (at once when this process answered the change); expiry
// is checked on every call. Runs on the engine of the run: PGlite, or PostgreSQL with DATABASE_URL
// (there the notification comes on another connection, so the tests wait for it).
// @pglite-too (vitest.config.ts): PGlite delivers a NOTIFY before the changing statement resolves, PostgreSQL on another connection later.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildContactListPath, CONTACT_LIST_LAYOUT, emptyFilter } from '@funil/domain/leads/filter-segments';

import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { SessionCache } from './session-cache.ts';

describe('SessionCache', () => {
  it('keeps nothing until changes are followed, nor a row read across a change', () => {
    const cache = new SessionCache<string>();
    cache.keep('a', 'row', cache.mark());
    expect(cache.get('a')).toBeUndefined();
    cache.follow(true);
    const before = cache.mark();
    cache.drop();
    cache.keep('a', 'old row', before);
    expect(cache.get('a')).toBeUndefined();
    cache.keep('a', 'row', cache.mark());
    expect(cache.get('a')).toBe('row');
    cache.drop();
    expect(cache.get('a')).toBeUndefined();
    cache.keep('a', 'row', cache.mark());
    cache.follow(false);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe('the session check from memory', () => {
  let t: TestApp;
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
  const probe = (token: string) => t.as(token, { method: 'GET', url: '/api/cadastros/unidades' });
  /** The status of `token`'s calls once the status changes from `from`, polled for up to 3 s (the notification's way on PostgreSQL). */
  async function statusAfter(token: string, from: number): Promise<number> {
    const until = Date.now() + 3_000;
    for (;;) {
      const status = (await probe(token)).statusCode;
      if (status !== from || Date.now() > until) return status;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ sessionCache: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves a checked session from memory while its tables do not change (proved with the notifying trigger off)', async () => {
    const token = await t.login(t.fixture.users.a.email);
    expect((await probe(token)).statusCode).toBe(200);
    await exec(sql`alter table sessoes disable trigger sessoes_cache_sessoes`);
    try {
      await exec(sql`update sessoes set revogada_em = now() where id_usuario = ${t.fixture.users.a.id}`);
      // No notification: the row kept in memory still serves.
      expect((await probe(token)).statusCode).toBe(200);
    } finally {
      await exec(sql`alter table sessoes enable trigger sessoes_cache_sessoes`);
    }
    // Any later change of the table notifies, and the revoked session is read again: 401.
    await exec(sql`update sessoes set revogada_em = revogada_em where id_usuario = ${t.fixture.users.a.id}`);
    expect(await statusAfter(token, 200)).toBe(401);
  });

  it('a logout through the API refuses the token at its next call, with no wait (000 §4)', async () => {
    const token = await t.login(t.fixture.users.u.email);
    expect((await probe(token)).statusCode).toBe(200);
    expect((await t.as(token, { method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    expect((await probe(token)).statusCode).toBe(401);
  });

  it("a user's or a unit's deactivation by SQL elsewhere is refused once its notification comes", async () => {
    const mg = await t.login(t.fixture.users.mg.email);
    const uA2 = await t.login(t.fixture.users.uA2.email);
    expect((await probe(mg)).statusCode).toBe(200);
    expect((await probe(uA2)).statusCode).toBe(200);
    await exec(sql`update usuarios set ativo = 0 where id = ${t.fixture.users.mg.id}`);
    expect(await statusAfter(mg, 200)).toBe(401);
    expect((await probe(uA2)).statusCode).toBe(200);
    await exec(sql`update unidades set ativo = 0 where id = ${t.fixture.unitA2}`);
    expect(await statusAfter(uA2, 200)).toBe(401);
    await exec(sql`update usuarios set ativo = 1 where id = ${t.fixture.users.mg.id}`);
    await exec(sql`update unidades set ativo = 1 where id = ${t.fixture.unitA2}`);
  });

  it("a unit's new settings reach its sessions: the list's window (002 §2.1 'Dados dos últimos N dias')", async () => {
    const token = await t.login(t.fixture.users.a.email);
    const url = `/api/${buildContactListPath('crm', emptyFilter(CONTACT_LIST_LAYOUT))}`;
    const days = async () =>
      ((await t.as(token, { method: 'GET', url })).json() as { data: { crm_configuracoes: { intervalo_dias_crm: number } } }).data
        .crm_configuracoes.intervalo_dias_crm;
    const first = await days();
    await exec(sql`update unidade_configuracoes set intervalo_dias_crm = ${first + 7} where id_unidade = ${t.fixture.unitA1}`);
    const until = Date.now() + 3_000;
    let now = await days();
    while (now === first && Date.now() < until) now = await days();
    expect(now).toBe(first + 7);
    await exec(sql`update unidade_configuracoes set intervalo_dias_crm = ${first} where id_unidade = ${t.fixture.unitA1}`);
  });

  it('expiry is checked on every call, also for a session kept in memory', async () => {
    const token = await t.login(t.fixture.users.a.email, false);
    expect((await probe(token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 13 * 3_600_000 });
    try {
      expect((await probe(token)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'keeps nothing while its listening connection is lost, and follows again once it is back (PostgreSQL)',
    async () => {
      const listener = sql`select pid from pg_stat_activity where datname = current_database() and query = 'LISTEN funil_sessoes'`;
      const pids = async () => ((await exec(listener)) as unknown as { rows: { pid: number }[] }).rows.map((r) => r.pid);
      const [first] = await pids();
      expect(first).toBeDefined();
      const lost = await t.login(t.fixture.users.a.email);
      await exec(sql`select pg_terminate_backend(${first})`);
      // The loss is known at once; it listens again a second later.
      await new Promise((r) => setTimeout(r, 200));
      await exec(sql`alter table sessoes disable trigger sessoes_cache_sessoes`);
      try {
        expect((await probe(lost)).statusCode).toBe(200);
        // A change that sends no notification is still seen: nothing was kept meanwhile.
        await exec(sql`update sessoes set revogada_em = now() where id_usuario = ${t.fixture.users.a.id}`);
        expect((await probe(lost)).statusCode).toBe(401);
      } finally {
        await exec(sql`alter table sessoes enable trigger sessoes_cache_sessoes`);
      }
      let back: number[] = [];
      const until = Date.now() + 5_000;
      while (back.length === 0 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 100));
        back = (await pids()).filter((pid) => pid !== first);
      }
      expect(back).toHaveLength(1);
      const token = await t.login(t.fixture.users.a.email);
      expect((await probe(token)).statusCode).toBe(200);
      await exec(sql`update sessoes set revogada_em = now() where id_usuario = ${t.fixture.users.a.id}`);
      expect(await statusAfter(token, 200)).toBe(401);
    },
  );
});
