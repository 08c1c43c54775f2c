// Statements of the hot paths built once (docs/decisions.md "Statements built once"). The query
// builder builds a statement's text and parameter list anew on every call: for the 80-column lead
// row that is 0.2–0.3 ms of CPU for the insert and as much for the read, a fifth of a capture post's
// CPU (issue 23, docs/performance.md "Eleventh session"). A statement built here once, with named
// placeholders (`sql.placeholder('x')`) where its values go, then runs on any handle (the pool,
// PGlite, an open transaction) with only its values: the driver runs it as a named prepared
// statement on PostgreSQL, and its rows are mapped by the builder's own fields, as before.
import { sql, type SQL } from 'drizzle-orm';

import { statementName } from './auto-prepare.ts';
import type { DbOrTx } from './handle.ts';

/** The query builder's prepared statement (drizzle `.prepare(name)`), as far as it is used here. */
type Prepared<R> = { execute(values?: Record<string, unknown>): Promise<R> };
type Preparable<R> = { prepare(name: string): Prepared<R>; toSQL(): { sql: string } };
/** The driver's client under a handle: the pool, PGlite, or a transaction's connection. */
type Session = { client: unknown; constructor: object };

function sessionOf(db: DbOrTx): Session {
  const session = (db as unknown as { session?: Session }).session;
  if (!session || session.client === undefined) throw new Error('handle do banco sem sessão');
  return session;
}

/**
 * The statement `prepare` gives, made the first time it runs on each driver (its prepared statement's
 * class is the driver's: how it sends and parses), then handed out on the client of the handle given.
 */
function onEachDriver<P extends object>(prepare: (db: DbOrTx, session: Session) => P): (db: DbOrTx) => P {
  const byDriver = new Map<object, P>();
  return (db) => {
    const session = sessionOf(db);
    let prepared = byDriver.get(session.constructor);
    if (prepared === undefined) {
      prepared = prepare(db, session);
      byDriver.set(session.constructor, prepared);
    }
    // The same statement on this handle's client (a transaction's connection, the pool, PGlite).
    const onHandle = Object.create(prepared) as P & { client: unknown };
    onHandle.client = session.client;
    return onHandle;
  };
}

/**
 * A statement built by `build` the first time it runs on each driver (node-postgres, PGlite), then
 * run with `values` for its placeholders on whichever handle is given. Every placeholder needs a
 * value (undefined is sent as null, so an omitted column is never silently its default).
 */
export function builtOnce<V extends Record<string, unknown>, R>(
  build: (db: DbOrTx) => Preparable<R>,
): (db: DbOrTx, values: V) => Promise<R> {
  const statementOn = onEachDriver((db) => {
    const builder = build(db);
    return builder.prepare(statementName('b', builder.toSQL().sql));
  });
  return (db, values) => statementOn(db).execute(values);
}

type RawPrepared = { execute(values?: Record<string, unknown>): Promise<{ rows: Record<string, unknown>[] }> };
type Building = { dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } } };
type PreparingSession = Session & {
  prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: false): RawPrepared;
};

/**
 * builtOnce for a statement written as SQL (`sql` with `sql.placeholder('x')` where its values go):
 * one that the query builder cannot say, such as several writes in one statement. Its rows come as
 * the driver gives them (snake_case names; timestamps as text, as the builder's own reads take them),
 * to be mapped by the caller (`rowMapper`).
 */
export function sqlBuiltOnce<V extends Record<string, unknown>>(
  build: () => SQL,
): (db: DbOrTx, values: V) => Promise<Record<string, unknown>[]> {
  const statementOn = onEachDriver((db, session) => {
    const query = (db as unknown as Building).dialect.sqlToQuery(build());
    return (session as PreparingSession).prepareQuery(query, undefined, statementName('b', query.sql), false);
  });
  return async (db, values) => (await statementOn(db).execute(values)).rows;
}

/** A placeholder cast to its column's type: where PostgreSQL cannot infer it (an `insert … select`'s values). */
export const typedPlaceholder = (key: string, column: { getSQLType(): string }): SQL =>
  sql`${sql.placeholder(key)}::${sql.raw(column.getSQLType())}`;

type DecodingColumn = { name: string; mapFromDriverValue(value: unknown): unknown };

/**
 * Maps a driver row (snake_case names) to a table's row type, each value decoded by its column as the
 * query builder's reads decode it. `prefix`: the names carry it (a table's columns beside others).
 */
export function rowMapper<T>(columns: Record<string, DecodingColumn>, prefix = ''): (raw: Record<string, unknown>) => T {
  const entries = Object.entries(columns).map(([key, column]) => [key, prefix + column.name, column] as const);
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, name, column] of entries) {
      const value = raw[name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T;
  };
}

export type EncodingColumn = { mapToDriverValue(value: unknown): unknown };

/**
 * A statement's values bare (`sql` around each placeholder, so the builder does not encode them: its
 * encoding would turn a null into JSON 'null' or fail on a null date), for `keys` of a table's columns.
 */
export const barePlaceholders = <K extends string>(keys: readonly K[]): Record<K, SQL> =>
  Object.fromEntries(keys.map((key) => [key, sql`${sql.placeholder(key)}`])) as Record<K, SQL>;

/** The values of barePlaceholders, each encoded by its column as the builder encodes it (null stays null). */
export function encodedValues<K extends string>(
  columns: Record<K, EncodingColumn>,
  keys: readonly K[],
  values: Partial<Record<K, unknown>>,
): Record<K, unknown> {
  const out = {} as Record<K, unknown>;
  for (const key of keys) {
    const value = values[key];
    out[key] = value === null || value === undefined ? null : columns[key].mapToDriverValue(value);
  }
  return out;
}
