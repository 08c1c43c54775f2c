// Issue 13 'Exactly once': a campaign runs in a child server process on PostgreSQL; the process
// is killed with SIGKILL in the middle of the campaign three times and started again each time;
// the gateway emulator (over HTTP, in this process) then counts the messages each recipient got:
// exactly one each. The waits are shortened (waitScale) and the lease is short, so the killed
// process's campaign is taken up by the next one soon.
import { randomBytes } from 'node:crypto';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEmulator, type Emulator } from '@funil/evolution-emulator/emulator';

import { openDatabase, type Database } from '../../db/connection.ts';
import { loadEnv } from '../../env.ts';
import {
  adminQuery,
  databaseUrl,
  servicesUnreachable,
  startServerNode,
  stopNodeProcesses,
  uniqueDatabaseName,
  type NodeProcess,
} from '../../testing/processes.ts';
import { seedFixture, TEST_PASSWORD, type Fixture } from '../../testing/test-app.ts';
import { leads } from '../leads/leads.table.ts';
import { phoneKey } from '../leads/phone-key.ts';
import { instanciasEvolution } from '../whatsapp/instances/instances.table.ts';
import { enviosEmMassa, enviosEmMassaClientes } from './mass-send.table.ts';

const env = loadEnv();
const ADMIN_URL = env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const RECIPIENTS = 14;
const INST = 'massa-queda';

const skipReason = await servicesUnreachable(ADMIN_URL);
if (skipReason) console.warn(`mass-send-crash.test.ts ignorado: ${skipReason}`);

const name = uniqueDatabaseName('funil_massa');
const key = randomBytes(16).toString('hex');
let database: Database | null = null;
let fixture: Fixture;
let emu: Emulator;
let emuUrl = '';
let dbUrl = '';
const children: NodeProcess[] = [];

/**
 * A server process with the mass-send engine running: waits shortened, a short lease so that a
 * killed process's campaign resumes soon; no session or media sweep.
 */
async function startNode(): Promise<NodeProcess> {
  const node = await startServerNode({
    databaseUrl: dbUrl,
    sessionSweepMs: 0,
    mediaSweepMs: 0,
    evolution: { baseUrl: emuUrl, globalApiKey: key },
    massSend: { leaseMs: 1_500, pollMs: 20, waitScale: 0.002 },
  });
  children.push(node);
  return node;
}

const kill = (node: NodeProcess) => stopNodeProcesses([node], 'SIGKILL');

const sentByNumber = () => {
  const counts = new Map<string, number>();
  for (const m of emu.state.instances.get(INST)?.messages ?? [])
    if (m.viaApi) counts.set(m.record.key.remoteJid, (counts.get(m.record.key.remoteJid) ?? 0) + 1);
  return counts;
};
const sentTotal = () => [...sentByNumber().values()].reduce((a, b) => a + b, 0);
const until = async (check: () => boolean | Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return false;
};

describe.skipIf(skipReason !== null)('a campaign killed with SIGKILL three times (issue 13 "Exactly once")', () => {
  beforeAll(async () => {
    await adminQuery(ADMIN_URL, `CREATE DATABASE ${name}`);
    dbUrl = databaseUrl(ADMIN_URL, name);
    // Every hour and day allowed: the test must not depend on when it runs.
    database = await openDatabase({ url: dbUrl });
    fixture = await seedFixture(database, {
      evolutionHabilitado: true,
      extras: {
        habilita_envio_em_massaV2: true,
        configuracoes_envio_em_massa: {
          quantidade_max_leads: 500,
          tempo_minimo: 10,
          tempo_maximo: 50,
          horario_inicio: '00:00',
          horario_fim: '23:59',
          dias_semana: [0, 1, 2, 3, 4, 5, 6],
        } as never,
      },
    });
    emu = createEmulator({
      globalApiKey: key,
      autoAck: false,
      webhookRetry: { maxAttempts: 1, baseDelayMs: 10, maxDelayMs: 10, timeoutMs: 200 },
    });
    emuUrl = await emu.listen(0, '127.0.0.1');
    const created = await fetch(`${emuUrl}/instance/create`, {
      method: 'POST',
      headers: { apikey: key, 'content-type': 'application/json' },
      body: JSON.stringify({ instanceName: INST, integration: 'WHATSAPP-BAILEYS' }),
    });
    const token = ((await created.json()) as { hash: string }).hash;
    await fetch(`${emuUrl}/_emulator/instances/${INST}/scan`, {
      method: 'POST',
      headers: { ...emu.controlHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ number: '5511900000088' }),
    });
    await database.db.insert(instanciasEvolution).values({
      idUnidade: fixture.unitA1,
      idEmpresa: fixture.companyA,
      name: INST,
      token,
      webhookSecret: 'segredo-do-webhook-da-queda',
      connectionStatus: 'open',
    });
    for (let i = 0; i < RECIPIENTS; i++) {
      const phone = `1198800${String(i).padStart(4, '0')}`;
      await database.db.insert(leads).values({
        idEmpresa: fixture.companyA,
        idUnidade: fixture.unitA1,
        cliNome: `Queda ${i}`,
        cliTelefone: phone,
        telefoneChave: phoneKey(phone),
      });
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all(children.map(kill));
    await emu?.close();
    await database?.close();
    await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('every recipient gets the message exactly once', async () => {
    const db = database!.db;
    let node = await startNode();
    const login = await fetch(`${node.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: fixture.users.u.email, senha: TEST_PASSWORD, lembrar: true }),
    });
    const auth = `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`;
    const ids = (await db.select({ id: leads.cliCrmId }).from(leads).where(eq(leads.idUnidade, fixture.unitA1))).map((r) => r.id);
    const res = await fetch(`${node.url}/api/envio-em-massa`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        nomeDisparo: 'Queda',
        intervaloMensagem: 10,
        leads: ids.map((id) => ({ cli_crm_id: id })),
        mensagens: ['Oferta para {{nome_do_cliente}}'],
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const campaignId = ((await res.json()) as { data: { id: number } }).data.id;
    // Three kills, each after a few more sends went out.
    for (const after of [2, 6, 10]) {
      expect(await until(() => sentTotal() >= after, 60_000)).toBe(true);
      await kill(node);
      node = await startNode();
    }
    const done = await until(
      async () => (await db.select().from(enviosEmMassa).where(eq(enviosEmMassa.id, campaignId)))[0]?.status === 'FINALIZADO',
      120_000,
    );
    expect(done).toBe(true);
    const counts = sentByNumber();
    expect(counts.size).toBe(RECIPIENTS);
    expect(
      [...counts.values()].every((n) => n === 1),
      JSON.stringify([...counts]),
    ).toBe(true);
    const statuses = await db
      .select({ status: enviosEmMassaClientes.status, n: sql<number>`count(*)::int` })
      .from(enviosEmMassaClientes)
      .where(eq(enviosEmMassaClientes.idCampanha, campaignId))
      .groupBy(enviosEmMassaClientes.status);
    expect(statuses).toEqual([{ status: 'SENT', n: RECIPIENTS }]);
    await kill(node);
  }, 300_000);
});
