// Statements built once (prebuilt.ts): the hot paths' reads and inserts run with their values only,
// on the pool, PGlite or an open transaction, and answer what the query builder answers.
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import type { DbOrTx } from './handle.ts';
import { builtOnce, rowMapper, sqlBuiltOnce } from './prebuilt.ts';

const linhas = pgTable('linhas_prontas', {
  id: serial('id').primaryKey(),
  grupo: integer('grupo').notNull(),
  nome: text('nome').notNull(),
  extra: jsonb('extra').$type<Record<string, unknown>>(),
  valor: numeric('valor', { precision: 14, scale: 2 }),
  em: timestamp('em', { withTimezone: true }),
});

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(
    sql`create table linhas_prontas (id serial primary key, grupo int not null, nome text not null,
      extra jsonb, valor numeric(14,2), em timestamptz)`,
  );
}, 120_000);
afterAll(() => database.drop());

const byGroup = (db: DbOrTx) =>
  db
    .select()
    .from(linhas)
    .where(eq(linhas.grupo, sql.placeholder('grupo')))
    .orderBy(linhas.id);
const readGroup = builtOnce<{ grupo: number }, (typeof linhas.$inferSelect)[]>(byGroup);
const insertRow = builtOnce<{ grupo: number; nome: string }, { id: number }[]>((db) =>
  db
    .insert(linhas)
    .values({ grupo: sql.placeholder('grupo'), nome: sql.placeholder('nome') } as never)
    .returning({ id: linhas.id }),
);

describe('builtOnce', () => {
  it('answers the rows the query builder answers, mapped the same way (dates, JSON, numeric, null)', async () => {
    const em = new Date('2026-11-29T12:34:56.789Z');
    await database.db.insert(linhas).values([
      { grupo: 1, nome: 'Ana', extra: { origem: 'formulário', n: 2 }, valor: '1234.50', em },
      { grupo: 1, nome: 'Bruno', extra: null, valor: null, em: null },
      { grupo: 2, nome: 'Carla' },
    ]);
    const built = await readGroup(database.db, { grupo: 1 });
    expect(built).toEqual(await byGroup(database.db).execute({ grupo: 1 }));
    expect(built.map((r) => r.nome)).toEqual(['Ana', 'Bruno']);
    expect(built[0]!.em).toEqual(em);
    expect(built[0]!.extra).toEqual({ origem: 'formulário', n: 2 });
    expect(built[0]!.valor).toBe('1234.50');
    expect(built[1]).toMatchObject({ extra: null, valor: null, em: null });
    // The same statement again, with other values: nothing of the first call is kept.
    expect((await readGroup(database.db, { grupo: 2 })).map((r) => r.nome)).toEqual(['Carla']);
    expect(await readGroup(database.db, { grupo: 99 })).toEqual([]);
  });

  it('runs on the transaction it is given: it sees the transaction’s own rows, and a rollback takes its insert back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        const [row] = await insertRow(tx, { grupo: 7, nome: 'Dentro' });
        expect(row!.id).toBeGreaterThan(0);
        // Seen inside the transaction; on PostgreSQL not yet outside it (PGlite's one connection
        // would wait for this transaction's end).
        expect((await readGroup(tx, { grupo: 7 })).map((r) => r.nome)).toEqual(['Dentro']);
        if (database.kind === 'postgres') expect(await readGroup(database.db, { grupo: 7 })).toEqual([]);
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    expect(await readGroup(database.db, { grupo: 7 })).toEqual([]);
    await database.db.transaction(async (tx) => {
      await insertRow(tx, { grupo: 8, nome: 'Confirmada' });
    });
    expect((await readGroup(database.db, { grupo: 8 })).map((r) => r.nome)).toEqual(['Confirmada']);
  });

  it('many calls side by side on the pool and in transactions each get their own rows', async () => {
    const groups = Array.from({ length: 20 }, (_, i) => 100 + i);
    await Promise.all(
      groups.map((grupo) =>
        grupo % 2 === 0
          ? insertRow(database.db, { grupo, nome: `Pool ${grupo}` })
          : database.db.transaction((tx) => insertRow(tx, { grupo, nome: `Transação ${grupo}` })),
      ),
    );
    const read = await Promise.all(groups.map((grupo) => readGroup(database.db, { grupo })));
    expect(read.map((rows) => rows.map((r) => r.nome))).toEqual(
      groups.map((grupo) => [grupo % 2 === 0 ? `Pool ${grupo}` : `Transação ${grupo}`]),
    );
  });

  it('a placeholder without its value is refused before anything is sent', async () => {
    await expect(readGroup(database.db, {} as { grupo: number })).rejects.toThrow(/placeholder "grupo"/);
  });

  it('sqlBuiltOnce: several writes in one statement, in the transaction given; rowMapper decodes as the builder does', async () => {
    // Insert-or-read by name in one statement (the capture's read-or-create has this shape).
    const upsert = sqlBuiltOnce<{ grupo: number; nome: string }>(
      () => sql`with achada as (select * from ${linhas} where ${linhas.nome} = ${sql.placeholder('nome')}),
        nova as (insert into ${linhas} (grupo, nome, extra, em)
          select ${sql.placeholder('grupo')}::int, ${sql.placeholder('nome')}::text, '{"n": 1}'::jsonb, now()
          where not exists (select 1 from achada) returning id)
        select achada.*, nova.id as nova_id from (select 1) as um left join achada on true left join nova on true`,
    );
    const rowOf = rowMapper<typeof linhas.$inferSelect>(getTableColumns(linhas));
    await expect(
      database.db.transaction(async (tx) => {
        const [first] = await upsert(tx, { grupo: 30, nome: 'Única' });
        expect(first!.id).toBeNull();
        expect(Number(first!.nova_id)).toBeGreaterThan(0);
        const [again] = await upsert(tx, { grupo: 30, nome: 'Única' });
        expect(again!.nova_id).toBeNull();
        const row = rowOf(again!);
        expect(row).toMatchObject({ id: Number(first!.nova_id), grupo: 30, nome: 'Única', extra: { n: 1 }, valor: null });
        expect(row.em).toBeInstanceOf(Date);
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    // Rolled back with its transaction: it ran there, not on the pool.
    expect(await readGroup(database.db, { grupo: 30 })).toEqual([]);
    // A decoded row equals the query builder's own read of it.
    const [made] = await upsert(database.db, { grupo: 31, nome: 'Fora' });
    const [raw] = await upsert(database.db, { grupo: 31, nome: 'Fora' });
    expect(rowOf(raw!)).toEqual((await readGroup(database.db, { grupo: 31 }))[0]);
    expect(rowOf(raw!).id).toBe(Number(made!.nova_id));
  });
});
