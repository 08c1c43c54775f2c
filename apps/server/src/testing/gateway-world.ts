// The crash kit (issue 25 'Tests and figures'): what the tests that kill and restart Funil server
// processes share (mass-send/mass-send-crash.test.ts, automations/automations-crash.test.ts,
// automations/automations-processes.test.ts). A database of the test's own with the fixture and
// `leads` leads of unit A1, the gateway emulator over HTTP in this process with one connected
// instance, server processes (processes.ts startServerNode) started on it and SIGKILLed, and the
// messages each number got, counted by the emulator. Built on processes.ts, the process kit.
import { randomBytes } from 'node:crypto';

import { eq } from 'drizzle-orm';

import { createEmulator, type Emulator } from '@funil/evolution-emulator/emulator';

import { openDatabase, type Database } from '../db/connection.ts';
import { leads } from '../modules/leads/leads.table.ts';
import { phoneKey } from '../modules/leads/phone-key.ts';
import { instanciasEvolution } from '../modules/whatsapp/instances/instances.table.ts';
import {
  adminQuery,
  databaseUrl,
  startServerNode,
  stopNodeProcesses,
  uniqueDatabaseName,
  type NodeProcess,
  type ServerNodeConfig,
} from './processes.ts';
import { seedFixture, TEST_PASSWORD, type Fixture } from './test-app.ts';

/** The full sizes of the issue (200 leads in the crash test, 1,000 runs over two processes) run with FUNIL_FULL_SIZE=1. */
export const FULL_SIZE = process.env.FUNIL_FULL_SIZE === '1';

/** Polls `check` every `stepMs` until it holds (true) or `ms` passed (false). */
export async function until(check: () => boolean | Promise<boolean>, ms: number, stepMs = 20): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  return false;
}

export type GatewayWorldOptions = {
  /** The database's name prefix. */
  prefix: string;
  /** The gateway instance's name (and its webhook secret's tail). */
  instance: string;
  /** The number the instance is connected as (5511…). */
  number: string;
  /** Leads of unit A1, phones `<phonePrefix><0000…>` (11 digits in all), named `Queda <i>`. */
  leads: number;
  phonePrefix: string;
  /** The unit's extra settings (seedFixture's `extras`); every hour and day of sending is allowed. */
  extras: Record<string, unknown>;
};

export type GatewayWorld = {
  database: Database;
  fixture: Fixture;
  emu: Emulator;
  /** The leads' ids, in creation order. */
  leadIds: number[];
  /** Starts a server process on the world's database and gateway; `extra` adds its engines' options. */
  startNode(extra: Omit<ServerNodeConfig, 'databaseUrl' | 'evolution'>): Promise<NodeProcess>;
  /** SIGKILL: the process dies with no chance to close anything. */
  kill(node: NodeProcess): Promise<void>;
  /** The messages the server sent through the gateway's API, per recipient JID. */
  sentByNumber(): Map<string, number>;
  sentTotal(): number;
  /** A session token of `email` (the fixture's password) from the process at `url`. */
  login(url: string, email: string): Promise<string>;
  /** Kills every process, closes the emulator and drops the database. */
  close(): Promise<void>;
};

/** The settings of mass sending that allow every hour and day: the tests must not depend on when they run. */
export const ALWAYS_OPEN = {
  quantidade_max_leads: 500,
  tempo_minimo: 10,
  tempo_maximo: 50,
  horario_inicio: '00:00',
  horario_fim: '23:59',
  dias_semana: [0, 1, 2, 3, 4, 5, 6],
  // No daily cap in the way either: automation sends count against the number's warm-up (issue 25).
  aquecimento: [{ dias: 0, limite: 100_000 }],
};

export async function openGatewayWorld(adminUrl: string, o: GatewayWorldOptions): Promise<GatewayWorld> {
  const name = uniqueDatabaseName(o.prefix);
  const key = randomBytes(16).toString('hex');
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const dbUrl = databaseUrl(adminUrl, name);
  const database = await openDatabase({ url: dbUrl });
  const fixture = await seedFixture(database, { evolutionHabilitado: true, extras: o.extras as never });
  const emu = createEmulator({
    globalApiKey: key,
    autoAck: false,
    webhookRetry: { maxAttempts: 1, baseDelayMs: 10, maxDelayMs: 10, timeoutMs: 200 },
  });
  const emuUrl = await emu.listen(0, '127.0.0.1');
  const created = await fetch(`${emuUrl}/instance/create`, {
    method: 'POST',
    headers: { apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify({ instanceName: o.instance, integration: 'WHATSAPP-BAILEYS' }),
  });
  const token = ((await created.json()) as { hash: string }).hash;
  await fetch(`${emuUrl}/_emulator/instances/${o.instance}/scan`, {
    method: 'POST',
    headers: { ...emu.controlHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ number: o.number }),
  });
  await database.db.insert(instanciasEvolution).values({
    idUnidade: fixture.unitA1,
    idEmpresa: fixture.companyA,
    name: o.instance,
    token,
    webhookSecret: `segredo-do-webhook-${o.instance}`,
    connectionStatus: 'open',
  });
  const rows = Array.from({ length: o.leads }, (_, i) => {
    const phone = `${o.phonePrefix}${String(i).padStart(11 - o.phonePrefix.length, '0')}`;
    return {
      idEmpresa: fixture.companyA,
      idUnidade: fixture.unitA1,
      cliNome: `Queda ${i}`,
      cliTelefone: phone,
      telefoneChave: phoneKey(phone),
    };
  });
  for (let i = 0; i < rows.length; i += 200) await database.db.insert(leads).values(rows.slice(i, i + 200));
  const leadIds = (
    await database.db
      .select({ id: leads.cliCrmId })
      .from(leads)
      .where(eq(leads.idUnidade, fixture.unitA1))
      .orderBy(leads.cliCrmId)
  ).map((r) => r.id);

  const children: NodeProcess[] = [];
  const kill = (node: NodeProcess) => stopNodeProcesses([node], 'SIGKILL');
  const sentByNumber = () => {
    const counts = new Map<string, number>();
    for (const m of emu.state.instances.get(o.instance)?.messages ?? [])
      if (m.viaApi) counts.set(m.record.key.remoteJid, (counts.get(m.record.key.remoteJid) ?? 0) + 1);
    return counts;
  };
  return {
    database,
    fixture,
    emu,
    leadIds,
    async startNode(extra) {
      const node = await startServerNode({ ...extra, databaseUrl: dbUrl, evolution: { baseUrl: emuUrl, globalApiKey: key } });
      children.push(node);
      return node;
    },
    kill,
    sentByNumber,
    sentTotal: () => [...sentByNumber().values()].reduce((a, b) => a + b, 0),
    async login(url, email) {
      const res = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, senha: TEST_PASSWORD, lembrar: true }),
      });
      return ((await res.json()) as { data: { token: string } }).data.token;
    },
    async close() {
      await Promise.all(children.map(kill));
      await emu.close();
      await database.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * The crash loop: for each moment (a check that holds once the work got that far), waits up to `ms`
 * until it holds, SIGKILLs the running process and starts another with `start()`. Resolves with the
 * last one started; throws when a moment does not come in time.
 */
export async function killAt(
  world: GatewayWorld,
  node: NodeProcess,
  moments: readonly (() => boolean | Promise<boolean>)[],
  start: () => Promise<NodeProcess>,
  ms = 120_000,
): Promise<NodeProcess> {
  let current = node;
  for (const [i, moment] of moments.entries()) {
    if (!(await until(moment, ms))) throw new Error(`o momento ${i + 1} da queda não chegou em ${ms / 1000} s`);
    await world.kill(current);
    current = await start();
  }
  return current;
}
