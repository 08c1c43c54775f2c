// Migrate once, clone per test file (issue 22 §5). A run's global setup (server-global-setup.ts)
// migrates one database and hands it to every test file through the environment of the workers:
// on PGlite a dump of the migrated data directory (`dumpDataDir`, loaded with `loadDataDir`), on a
// PostgreSQL server a template database (`CREATE DATABASE … TEMPLATE`). Without either (a bench,
// a script) openTestDatabase migrates a fresh database as before.
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';

import { openDatabase, type Database } from '../db/connection.ts';
import { adminQuery, databaseUrl } from './processes.ts';

/** The file of the migrated PGlite dump, set by the global setup. */
export const PGLITE_TEMPLATE_ENV = 'FUNIL_TEST_PGLITE_TEMPLATE';
/** The name of the migrated PostgreSQL template database, set by the global setup. */
export const PG_TEMPLATE_ENV = 'FUNIL_TEST_PG_TEMPLATE';

/** Test databases are named funil_t_…: never the name of a demo's or a production database. */
export function testDatabaseName(kind: 'db' | 'tpl'): string {
  return `funil_t${kind === 'tpl' ? '_tpl' : ''}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** Migrates one PGlite database, lets `prepare` fill it (the e2e's demo seed), and writes its dump to `file`. */
export async function writePgliteTemplate(file: string, prepare?: (database: Database) => Promise<unknown>): Promise<void> {
  const database = await openDatabase({});
  await prepare?.(database);
  const client = (database.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

/**
 * Migrates a template database on the server of `adminUrl` and lets `prepare` fill it (the e2e's demo
 * seed); resolves to its name and a function that drops it.
 */
export async function createPgTemplate(
  adminUrl: string,
  prepare?: (database: Database) => Promise<unknown>,
): Promise<{ name: string; drop(): Promise<void> }> {
  const name = testDatabaseName('tpl');
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const database = await openDatabase({ url: databaseUrl(adminUrl, name) });
  await prepare?.(database);
  // A template takes no connection while it is copied: the pool is closed before the first clone.
  await database.close();
  return { name, drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const dumps = new Map<string, Promise<Blob>>();

/** A PGlite database from the dump in `file` (read once per process). */
export async function openPgliteFromDump(file: string): Promise<Database> {
  let dump = dumps.get(file);
  if (!dump) {
    dump = readFile(file).then((bytes) => new Blob([bytes]));
    dumps.set(file, dump);
  }
  return openDatabase({ loadDataDir: await dump });
}

/** A PGlite database from the run's migrated dump, or migrated here when there is none. */
export async function openPgliteFromTemplate(): Promise<Database> {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  return file ? openPgliteFromDump(file) : openDatabase({});
}

/**
 * Creates a database on the server of `adminUrl`, a copy of `template` (by default the run's migrated
 * template when there is one); resolves to its URL.
 */
export async function createPgDatabase(adminUrl: string, name: string, template = process.env[PG_TEMPLATE_ENV]): Promise<string> {
  await adminQuery(adminUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  return databaseUrl(adminUrl, name);
}
