// Issue 25 'Tests and figures': a crash test. 40 leads enter 'Em negociação' and run an automation
// with a send and a status change in a child server process on PostgreSQL; the process is killed
// with SIGKILL three times while the runs go on and started again each time. Afterwards every lead
// got the message exactly once (the gateway emulator, in this process, counts them) and reached the
// status once (one history event of the change each). The lease is short, so the killed process's
// runs are taken up by the next one soon; the typing presence is off to keep the run short.
import { randomBytes } from 'node:crypto';

import { and, eq, inArray, sql } from 'drizzle-orm';
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
import { historico, leads } from '../leads/leads.table.ts';
import { phoneKey } from '../leads/phone-key.ts';
import { instanciasEvolution } from '../whatsapp/instances/instances.table.ts';
import { automacoesExecucoes } from './automations.table.ts';

const env = loadEnv();
const ADMIN_URL = env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const LEADS = 40;
const INST = 'auto-queda';

const skipReason = await servicesUnreachable(ADMIN_URL);
if (skipReason) console.warn(`automations-crash.test.ts ignorado: ${skipReason}`);

const name = uniqueDatabaseName('funil_auto');
const key = randomBytes(16).toString('hex');
let database: Database | null = null;
let fixture: Fixture;
let emu: Emulator;
let emuUrl = '';
let dbUrl = '';
const children: NodeProcess[] = [];

async function startNode(): Promise<NodeProcess> {
  const node = await startServerNode({
    databaseUrl: dbUrl,
    sessionSweepMs: 0,
    mediaSweepMs: 0,
    evolution: { baseUrl: emuUrl, globalApiKey: key },
    automations: { leaseMs: 1_500, idleMs: 50, maxTypingMs: 0, retryDelaysMs: [200, 200, 200] },
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
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
};

describe.skipIf(skipReason !== null)('automations killed with SIGKILL three times (issue 25 "The engine")', () => {
  beforeAll(async () => {
    await adminQuery(ADMIN_URL, `CREATE DATABASE ${name}`);
    dbUrl = databaseUrl(ADMIN_URL, name);
    database = await openDatabase({ url: dbUrl });
    // Every hour and day allowed: the test must not depend on when it runs.
    fixture = await seedFixture(database, {
      evolutionHabilitado: true,
      extras: {
        automacao: true,
        configuracoes_envio_em_massa: {
          quantidade_max_leads: 500,
          tempo_minimo: 10,
          tempo_maximo: 50,
          horario_inicio: '00:00',
          horario_fim: '23:59',
          dias_semana: [0, 1, 2, 3, 4, 5, 6],
          // The automation's sends count against the number's daily cap (issue 25): a cap above the 40 sends.
          aquecimento: [{ dias: 0, limite: 1000 }],
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
      body: JSON.stringify({ number: '5511900000077' }),
    });
    await database.db.insert(instanciasEvolution).values({
      idUnidade: fixture.unitA1,
      idEmpresa: fixture.companyA,
      name: INST,
      token,
      webhookSecret: 'segredo-do-webhook-da-queda-auto',
      connectionStatus: 'open',
    });
    for (let i = 0; i < LEADS; i++) {
      const phone = `1198700${String(i).padStart(4, '0')}`;
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

  it('every lead gets the message once and reaches the status once', async () => {
    const db = database!.db;
    let node = await startNode();
    const call = async (path: string, token: string, body: unknown, method = 'POST') =>
      fetch(`${node.url}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const login = async (email: string) => {
      const res = await fetch(`${node.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, senha: TEST_PASSWORD, lembrar: true }),
      });
      return ((await res.json()) as { data: { token: string } }).data.token;
    };
    const admin = await login(fixture.users.a.email);
    const rule = await call('/automacoes', admin, {
      nome: 'Queda',
      gatilho: { tipo: 'status-entrou', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 4 },
      opcoes: { limiteDiario: 1 },
      passos: [
        { tipo: 'mensagem', texto: 'Olá [nome_cliente], segue a tabela.' },
        { tipo: 'status', familia: 'negociacao', idStatus: 9 },
      ],
      habilitado: true,
    });
    expect(rule.status, await rule.clone().text()).toBe(201);
    const ids = (await db.select({ id: leads.cliCrmId }).from(leads).where(eq(leads.idUnidade, fixture.unitA1))).map((r) => r.id);
    for (const id of ids) {
      const moved = await call(`/negociacao/atualizarstatusnegociacao/${id}`, admin, { status: 4 });
      expect(moved.status).toBe(200);
    }
    // Three kills, each after a few more sends went out.
    for (const after of [4, 14, 26]) {
      expect(await until(() => sentTotal() >= after, 90_000)).toBe(true);
      await kill(node);
      node = await startNode();
    }
    const done = await until(async () => {
      const open = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(automacoesExecucoes)
        .where(eq(automacoesExecucoes.status, 'ativa'));
      return open[0]?.n === 0;
    }, 120_000);
    expect(done).toBe(true);
    const runs = await db.select().from(automacoesExecucoes);
    expect(runs).toHaveLength(LEADS);
    expect(
      runs.every((r) => r.status === 'concluida'),
      JSON.stringify(runs.filter((r) => r.status !== 'concluida')),
    ).toBe(true);
    const counts = sentByNumber();
    expect(counts.size).toBe(LEADS);
    expect(
      [...counts.values()].every((n) => n === 1),
      JSON.stringify([...counts]),
    ).toBe(true);
    const finalStatus = await db
      .select()
      .from(leads)
      .where(and(inArray(leads.cliCrmId, ids), eq(leads.cliStatusNegociacao, 9)));
    expect(finalStatus).toHaveLength(LEADS);
    const changes = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(historico)
      .where(and(inArray(historico.cliCrmId, ids), eq(historico.idNovo, 9)));
    expect(changes[0]!.n).toBe(LEADS);
    await kill(node);
  }, 400_000);
});
