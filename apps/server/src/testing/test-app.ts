// A real app on a real database for route tests: in-memory PGlite by default, a fresh database on
// the PostgreSQL server of DATABASE_URL when set (CI runs the server suite there, and the files
// marked `@pglite-too` once more on PGlite: vitest.config.ts).
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

import type { Permission } from '@funil/domain/access/roles';

import { buildApp, type AppOptions } from '../app.ts';
import { openDatabase, type Database } from '../db/connection.ts';
import { createCompany, createUnit, createUser, seedReferenceLists, type UnitSettingsInput } from '../demo/builders.ts';
import { loadEnv } from '../env.ts';
import { createPgDatabase, openPgliteFromTemplate, testDatabaseName } from './db-template.ts';
import { adminQuery } from './processes.ts';

export const TEST_PASSWORD = 'senha-forte-1';

export type TestDatabase = Database & { drop(): Promise<void> };

/** Opens an empty, migrated database of its own: a copy of the run's migrated template (db-template.ts). */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = loadEnv().DATABASE_URL;
  if (!url) {
    const database = await openPgliteFromTemplate();
    return { ...database, drop: () => database.close() };
  }
  const name = testDatabaseName('db');
  const database = await openDatabase({ url: await createPgDatabase(url, name) });
  return {
    ...database,
    drop: async () => {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Two companies; company A has units A1 and A2, company B has unit B1. Users of every role in A1. */
export type Fixture = {
  companyA: number;
  companyB: number;
  unitA1: number;
  unitA2: number;
  unitB1: number;
  users: Record<
    'sa' | 'ag' | 'a' | 'u' | 'm' | 'mg' | 'uA2' | 'aB1' | 'uB1',
    { id: number; email: string; permissao: Permission }
  >;
};

export async function seedFixture(database: Database, settings: UnitSettingsInput = {}): Promise<Fixture> {
  const db = database.db;
  await seedReferenceLists(db);
  const companyA = await createCompany(db, 'Empresa A');
  const companyB = await createCompany(db, 'Empresa B');
  const unitA1 = await createUnit(db, companyA, 'Unidade A1', '11', settings);
  const unitA2 = await createUnit(db, companyA, 'Unidade A2', '21', settings);
  const unitB1 = await createUnit(db, companyB, 'Unidade B1', '31', settings);
  const make = async (key: keyof Fixture['users'], permissao: Permission, idEmpresa: number, idUnidade: number) => {
    const email = `${key.toLowerCase()}@teste.com.br`;
    const id = await createUser(db, {
      idEmpresa,
      idUnidade,
      nome: `Usuário ${key}`,
      email,
      senha: TEST_PASSWORD,
      permissao,
      idRamal: permissao === 'u' ? 201 : 0,
    });
    return { id, email, permissao };
  };
  const users = {
    sa: await make('sa', 'sa', companyA, unitA1),
    ag: await make('ag', 'ag', companyA, unitA1),
    a: await make('a', 'a', companyA, unitA1),
    u: await make('u', 'u', companyA, unitA1),
    m: await make('m', 'm', companyA, unitA1),
    mg: await make('mg', 'mg', companyA, unitA1),
    uA2: await make('uA2', 'u', companyA, unitA2),
    aB1: await make('aB1', 'a', companyB, unitB1),
    uB1: await make('uB1', 'u', companyB, unitB1),
  };
  return { companyA, companyB, unitA1, unitA2, unitB1, users };
}

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  fixture: Fixture;
  /** Logs in through the real route and returns the bearer token. */
  login(email: string, lembrar?: boolean): Promise<string>;
  /** app.inject with the bearer token of `token`. */
  as(token: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

export async function createTestApp(
  options: Partial<Omit<AppOptions, 'database'>> & { settings?: UnitSettingsInput } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const fixture = await seedFixture(database, options.settings);
  // The session cache (auth/session-cache.ts) learns of a change from a NOTIFY. PGlite delivers it
  // before the changing statement resolves, so a test's bare SQL is seen by the next request; a
  // PostgreSQL server delivers it on another connection a moment later, a race for the many tests
  // that change a user or a unit with bare SQL and call at once. There it is on only where asked
  // (session-cache.test.ts waits for the notification).
  const sessionCache = options.sessionCache ?? database.kind === 'pglite';
  const app = await buildApp({
    checkRealtimePayloads: true,
    rateLimits: false,
    // Issue 24: the insights refresh would call a test's Meta emulator on its own timer; tests call refreshPass.
    insightsRefreshMs: 0,
    // The Conversions API sender likewise: tests call sendPass.
    metaConversionsSendMs: 0,
    ...options,
    sessionCache,
    database,
    webDist: '/nonexistent',
  });
  await app.ready();
  return {
    app,
    database,
    fixture,
    async login(email, lembrar = true) {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, senha: TEST_PASSWORD, lembrar } });
      if (res.statusCode !== 200) throw new Error(`login de ${email} falhou: ${res.statusCode} ${res.body}`);
      return (res.json() as { data: { token: string } }).data.token;
    },
    async as(token, injectOptions) {
      const res = await app.inject({ ...injectOptions, headers: { ...injectOptions.headers, authorization: `Bearer ${token}` } });
      // A change's live announcement is a reader of the lead event stream (issue 22 §2): it follows
      // the commit by a NOTIFY, on PGlite before the request resolves, on a PostgreSQL server a
      // moment after. A test reads what a call announced right after it, so a call resolves once
      // the stream's readers have handled what it committed (the delay itself is measured in bench/).
      await app.leadEvents.drain();
      return res;
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
