// The database handle every repository receives, and the three ways to read rows through it.
// Imports nothing of db/schema.ts: a module that takes a Db does not pull every table of the tree
// (issue 22 §3). The relational query API (`db.query.<table>`) is not used, so the handle carries
// no schema type.
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

import { statementName } from './auto-prepare.ts';

export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Tx;

/** The rows of a drizzle SQL statement, on either engine (node-postgres and PGlite both answer `{ rows }`). */
export async function executeRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

type RawClient = { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * Runs SQL text with $n parameters straight on the driver under `db` (node-postgres' Pool or
 * PGlite), for hot reads whose text is written once: no query building and no result mapping per
 * call. Rows come with the driver's type parsing (timestamptz as Date, json as objects, numeric as
 * string, bigint as number). Unnamed statements, so PostgreSQL plans each call with its values.
 * Not for a transaction (a Tx has no driver of its own).
 */
export async function queryRows<T>(db: Db, text: string, params: readonly unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client?: RawClient }).$client;
  if (!client || typeof client.query !== 'function') throw new Error('driver do banco sem query()');
  return (await client.query(text, [...params])).rows as T[];
}

type PreparingClient = {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  totalCount?: unknown;
};

/**
 * queryRows as a named prepared statement on PostgreSQL (node-postgres prepares it once per
 * connection, then sends only its name and values): for texts run again and again whose plan does
 * not depend on the values (a lookup by key, the pipeline's board). The text is neither sent nor
 * parsed again, and PostgreSQL may keep one generic plan. PGlite (one connection, in-process) runs
 * it unnamed. Not for statements whose best plan depends on the values (a name search).
 */
/** Each text's statement name, hashed once (the texts are few: written in code, not built from input values). */
const statementNames = new Map<string, string>();

export async function queryPrepared<T>(db: Db, text: string, params: readonly unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client?: PreparingClient }).$client;
  if (client && typeof client.totalCount === 'number') {
    let name = statementNames.get(text);
    if (name === undefined) {
      name = statementName('q', text);
      statementNames.set(text, name);
    }
    return (await client.query({ name, text, values: [...params] })).rows as T[];
  }
  return queryRows<T>(db, text, params);
}
