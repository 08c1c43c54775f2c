// Repeated statements prepared by name (auto-prepare.ts, docs/decisions.md "Repeated statements prepared").
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { openTestDatabase } from '../testing/test-app.ts';
import { prepareRepeatedStatements, repeatedStatementNamer } from './auto-prepare.ts';
import { executeRows } from './handle.ts';

const limits = { minUses: 3, maxNames: 2, maxText: 100, maxTracked: 10 };

describe('repeatedStatementNamer', () => {
  it('names a text from its third use on, the same name every time', () => {
    const nameOf = repeatedStatementNamer(limits);
    const text = 'select * from leads where cli_crm_id = $1';
    expect(nameOf(text)).toBeUndefined();
    expect(nameOf(text)).toBeUndefined();
    const name = nameOf(text);
    expect(name).toMatch(/^r_[0-9a-f]{24}$/);
    expect(nameOf(text)).toBe(name);
  });

  it('leaves a text search, a long text and any text past the cap unnamed', () => {
    const nameOf = repeatedStatementNamer(limits);
    const thrice = (text: string) => [nameOf(text), nameOf(text), nameOf(text)][2];
    expect(thrice('select 1 from leads where cli_nome ilike $1')).toBeUndefined();
    expect(thrice('select 1 from leads where palavras @@ $1::tsquery')).toBeUndefined();
    expect(thrice(`select ${'x, '.repeat(60)} $1`)).toBeUndefined();
    expect(thrice('select $1::int')).toBeDefined();
    expect(thrice('select $1::text')).toBeDefined();
    // Two names already (maxNames): a third text stays unnamed, the named ones keep theirs.
    expect(thrice('select $1::bigint')).toBeUndefined();
    expect(nameOf('select $1::int')).toBeDefined();
  });
});

describe('prepareRepeatedStatements', () => {
  const recorder = () => {
    const calls: unknown[][] = [];
    const client = { query: (...args: never[]) => calls.push(args) };
    prepareRepeatedStatements(client, (text) => (text.includes('$1') ? 'r_nome' : undefined));
    return { client: client as unknown as { query: (...args: unknown[]) => unknown }, calls };
  };

  it("names drizzle's query(config, values) and node-postgres' query(text, values, callback)", () => {
    const { client, calls } = recorder();
    const config = { text: 'select $1::int', rowMode: 'array' };
    client.query(config, [7]);
    expect(calls[0]).toEqual([{ text: 'select $1::int', rowMode: 'array', name: 'r_nome', values: [7] }]);
    expect(config).toEqual({ text: 'select $1::int', rowMode: 'array' }); // drizzle's config is reused: not changed
    const callback = () => undefined;
    client.query('select $1::text', ['a'], callback);
    expect(calls[1]).toEqual([{ name: 'r_nome', text: 'select $1::text', values: ['a'] }, callback]);
  });

  it('passes through statements without values, already named ones and submittables', () => {
    const { client, calls } = recorder();
    client.query('begin');
    client.query({ text: 'select $1::int', values: [1], name: 'q_proprio' });
    const cursor = { text: 'select $1::int', values: [1], submit: () => undefined };
    client.query(cursor);
    client.query('select 1', []);
    expect(calls).toEqual([['begin'], [{ text: 'select $1::int', values: [1], name: 'q_proprio' }], [cursor], ['select 1', []]]);
  });
});

describe('on the database', () => {
  it('a statement repeated on a PostgreSQL connection is named at its 3rd use; its 6th named run has a generic plan', async () => {
    const database = await openTestDatabase();
    try {
      const prepared = await database.db.transaction(async (tx) => {
        for (let i = 0; i < 8; i++)
          expect(await executeRows<{ n: number }>(tx, sql`select ${i}::int + 1 as n`)).toEqual([{ n: i + 1 }]);
        return executeRows<{ statement: string; generic_plans: number }>(
          tx,
          sql`select statement, generic_plans from pg_prepared_statements where statement like 'select $1::int + 1%'`,
        );
      });
      // PGlite (one connection, in-process) runs everything unnamed.
      if (database.kind === 'postgres') expect(prepared).toEqual([{ statement: 'select $1::int + 1 as n', generic_plans: 1 }]);
      else expect(prepared).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
