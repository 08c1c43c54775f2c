// Work after a transaction's commit (after-commit.ts): what the lead event stream's announcement rides on
// (docs/decisions.md "Lead events: the wake-up after the commit").
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import { afterCommit } from './after-commit.ts';
import { executeRows } from './handle.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table depois_do_commit (n int)`);
}, 120_000);
afterAll(() => database.drop());

const rows = async () =>
  (await executeRows<{ n: number }>(database.db, sql`select n from depois_do_commit order by n`)).map((r) => r.n);

describe('afterCommit', () => {
  it('runs once the commit has returned: what the transaction wrote is visible to another statement', async () => {
    const seen: number[][] = [];
    const ran: Promise<void>[] = [];
    let rootGiven: unknown = null;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into depois_do_commit values (1)`);
      const taken = afterCommit(tx, (root) => {
        rootGiven = root;
        ran.push(rows().then((r) => void seen.push(r)));
      });
      expect(taken).toBe(true);
      // Not yet: the transaction is still open.
      expect(ran).toEqual([]);
    });
    expect(ran).toHaveLength(1);
    expect(rootGiven).toBe(database.db);
    await Promise.all(ran);
    expect(seen).toEqual([[1]]);
  });

  it('does not run after a rollback; a savepoint’s callback runs after the outer commit', async () => {
    const calls: string[] = [];
    await expect(
      database.db.transaction(async (tx) => {
        afterCommit(tx, () => void calls.push('desfeita'));
        await tx.execute(sql`insert into depois_do_commit values (2)`);
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    await database.db.transaction(async (tx) => {
      await tx.transaction(async (savepoint) => {
        afterCommit(savepoint, () => void calls.push('savepoint'));
      });
      expect(calls).toEqual([]);
    });
    expect(calls).toEqual(['savepoint']);
    expect(await rows()).toEqual([1]);
  });

  it('a handle, or a transaction already ended, takes nothing (the caller does it another way)', async () => {
    expect(afterCommit(database.db, () => undefined)).toBe(false);
    let ended: Parameters<Parameters<typeof database.db.transaction>[0]>[0] | null = null;
    await database.db.transaction(async (tx) => {
      ended = tx;
    });
    expect(afterCommit(ended!, () => undefined)).toBe(false);
  });
});
