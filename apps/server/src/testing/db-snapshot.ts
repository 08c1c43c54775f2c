// "No row changed" for tests: a digest of every row of every table, compared before and after.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';

// Sessions move with every authenticated request (last use); they are not data a route changes.
const SKIPPED = new Set(['sessoes']);

/** Table name → count and md5 of all its rows. */
export async function tableDigests(db: Db): Promise<Record<string, string>> {
  const tables = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as unknown as { rows: { tablename: string }[] };
  const out: Record<string, string> = {};
  for (const { tablename } of tables.rows) {
    if (SKIPPED.has(tablename)) continue;
    const result = (await db.execute(
      sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${sql.identifier(tablename)} t`,
    )) as unknown as { rows: { n: number; h: string }[] };
    out[tablename] = `${result.rows[0]!.n}:${result.rows[0]!.h}`;
  }
  return out;
}
