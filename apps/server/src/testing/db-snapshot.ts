// A fingerprint of every table of db/schema.ts (row count and a hash of all rows), for tests that
// prove a request changed nothing (issue 7 §4).
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';

import { queryRows, type Db } from '../db/handle.ts';
import * as schema from '../db/schema.ts';

export type DbSnapshot = Record<string, { rows: number; hash: string }>;

const tableNames = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

// One statement for all tables: the row text in a stable order, hashed by the database.
const snapshotSql = tableNames
  .map(
    (name) =>
      `select '${name}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`,
  )
  .join(' union all ');

/** Counts and hashes every table in one query. */
export async function snapshotDb(db: Db): Promise<DbSnapshot> {
  const rows = await queryRows<{ t: string; n: number; h: string }>(db, snapshotSql, []);
  return Object.fromEntries(rows.map((r) => [r.t, { rows: r.n, hash: r.h }]));
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: DbSnapshot, after: DbSnapshot): string[] {
  return tableNames.filter((name) => before[name]?.hash !== after[name]?.hash || before[name]?.rows !== after[name]?.rows);
}

/**
 * The next transaction id the database will hand out: it moves whenever anything wrote (even a
 * write rolled back), and reading it writes nothing. Equal marks before and after a request prove
 * it wrote no row, without hashing every table.
 */
export async function writeMark(db: Db): Promise<string> {
  const [row] = await queryRows<{ xmax: string }>(db, 'select pg_snapshot_xmax(pg_current_snapshot())::text as xmax', []);
  return row!.xmax;
}

// Sessions move with authenticated requests (last use); they are not data a route changes.
const SKIPPED = new Set(['sessoes']);

/** Table name → "count:md5" of all its rows, sessions left out (the lead-door tests). */
export async function tableDigests(db: Db): Promise<Record<string, string>> {
  const snapshot = await snapshotDb(db);
  return Object.fromEntries(
    Object.entries(snapshot)
      .filter(([name]) => !SKIPPED.has(name))
      .map(([name, { rows, hash }]) => [name, `${rows}:${hash}`]),
  );
}
