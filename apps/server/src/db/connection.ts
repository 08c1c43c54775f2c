// One database API over two engines: PGlite in-process (the default, files under ./data) and a
// PostgreSQL server when DATABASE_URL is set. Same migrations, same queries.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { withAfterCommit } from './after-commit.ts';
import { AUTO_PREPARE_LIMITS, prepareRepeatedStatements, repeatedStatementNamer } from './auto-prepare.ts';
import type { Db } from './handle.ts';

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Follows NOTIFY on `channel` (a plain identifier): `notify` for each notification, `state`
   * when the following starts (true) or stops (false). On PostgreSQL a connection of its own,
   * reconnected a second after it is lost, so a listener must treat `state(false)` as "changes
   * may be missed". PGlite delivers a notification before the statement that sent it resolves.
   * Resolves once the first attempt is done; the function it gives stops following.
   */
  listen(channel: string, handlers: NotifyHandlers): Promise<() => Promise<void>>;
};

export type NotifyHandlers = { notify(): void; state(following: boolean): void };

const RELISTEN_MS = 1_000;

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseOptions = {
  url?: string | undefined;
  dataDir?: string | undefined;
  /** PGlite only: start from this dump (`dumpDataDir`) of a database, e.g. an already migrated one (the tests' template). */
  loadDataDir?: Blob | undefined;
};

/** Opens the database and applies every committed migration (none left to apply on a migrated template). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir ?? 'memory://', options.loadDataDir);
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // numeric stays a string (exact money); bigint counts come back as numbers.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client cut by the server (restart, DROP DATABASE … WITH (FORCE) in tests) must not
  // crash the process; the pool replaces it on the next query.
  pool.on('error', () => undefined);
  // Repeated statements run prepared by name (auto-prepare.ts): one namer for the process, on every connection.
  const nameOf = repeatedStatementNamer(AUTO_PREPARE_LIMITS);
  pool.on('connect', (client) => prepareRepeatedStatements(client, nameOf));
  const db = drizzle(pool);
  await migrate(db, { migrationsFolder });
  const listen = async (channel: string, handlers: NotifyHandlers) => {
    let current: InstanceType<typeof pg.Client> | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const lost = (client: InstanceType<typeof pg.Client>) => {
      if (current === client) {
        current = null;
        handlers.state(false);
      }
      if (!stopped && retry === undefined) {
        retry = setTimeout(() => {
          retry = undefined;
          void attempt();
        }, RELISTEN_MS);
        retry.unref();
      }
    };
    const attempt = async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => lost(client));
      client.on('end', () => lost(client));
      client.on('notification', (message) => {
        if (current === client && message.channel === channel) handlers.notify();
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${channel}`);
      } catch {
        lost(client);
        void client.end().catch(() => undefined);
        return;
      }
      if (stopped) return void client.end().catch(() => undefined);
      current = client;
      handlers.state(true);
    };
    await attempt();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      if (client) handlers.state(false);
      await client?.end().catch(() => undefined);
    };
  };
  return { db: withAfterCommit(db as unknown as Db), kind: 'postgres', close: () => pool.end(), listen };
}

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { unaccent, pg_trgm, btree_gin },
    parsers: { 20: (v: string) => Number(v) },
  });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder });
  const listen = async (channel: string, handlers: NotifyHandlers) => {
    const unlisten = await client.listen(channel, () => handlers.notify());
    handlers.state(true);
    return async () => {
      handlers.state(false);
      if (!client.closed) await unlisten();
    };
  };
  return { db: withAfterCommit(db as unknown as Db), kind: 'pglite', close: () => client.close(), listen };
}
