// Issue 25 'Several server processes': two server OS processes on one PostgreSQL run the same
// automation for every lead (a send, a note, a status change): each step is done once (one message per
// number at the gateway emulator, one note and one status change per lead, three step records per
// run). 120 runs in CI; the 1,000 with FUNIL_FULL_SIZE=1. The kit: testing/gateway-world.ts.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadEnv } from '../../env.ts';
import { ALWAYS_OPEN, FULL_SIZE, openGatewayWorld, until, type GatewayWorld } from '../../testing/gateway-world.ts';
import { servicesUnreachable } from '../../testing/processes.ts';
import { historico } from '../leads/leads.table.ts';
import { automacoesExecucoes, automacoesPassos } from './automations.table.ts';

const ADMIN_URL = loadEnv().DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const RUNS = FULL_SIZE ? 1_000 : 120;
const NOTE = 'Tabela enviada pela automação';

const skipReason = await servicesUnreachable(ADMIN_URL);
if (skipReason) console.warn(`automations-processes.test.ts ignorado: ${skipReason}`);

let w: GatewayWorld;
const startNode = () =>
  w.startNode({
    sessionSweepMs: 0,
    mediaSweepMs: 0,
    automations: { idleMs: 20, maxTypingMs: 0, retryDelaysMs: [200, 200, 200] },
  });

describe.skipIf(skipReason !== null)('two server processes on one PostgreSQL (issue 25 "Several server processes")', () => {
  beforeAll(async () => {
    w = await openGatewayWorld(ADMIN_URL, {
      prefix: 'funil_auto2',
      instance: 'auto-dois',
      number: '5511900000066',
      leads: RUNS,
      phonePrefix: '1198600',
      extras: { automacao: true, configuracoes_envio_em_massa: ALWAYS_OPEN },
    });
  }, 180_000);

  afterAll(async () => {
    await w?.close();
  });

  it(`each step of ${RUNS} runs is done once`, async () => {
    const db = w.database.db;
    const ids = w.leadIds;
    const [one, two] = await Promise.all([startNode(), startNode()]);
    const admin = await w.login(one!.url, w.fixture.users.a.email);
    const call = async (url: string, path: string, body: unknown) =>
      fetch(`${url}/api${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const rule = await call(one!.url, '/automacoes', {
      nome: 'Dois processos',
      gatilho: { tipo: 'status-entrou', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 4 },
      opcoes: { limiteDiario: 1 },
      passos: [
        { tipo: 'mensagem', texto: 'Olá [nome_cliente], segue a tabela.' },
        { tipo: 'anotacao', texto: NOTE },
        { tipo: 'status', familia: 'negociacao', idStatus: 9 },
      ],
      habilitado: true,
    });
    expect(rule.status, await rule.clone().text()).toBe(201);
    // Half of the changes through each process.
    for (const [i, id] of ids.entries()) {
      const res = await call((i % 2 ? two : one)!.url, `/negociacao/atualizarstatusnegociacao/${id}`, { status: 4 });
      expect(res.status).toBe(200);
    }
    const done = await until(async () => {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(automacoesExecucoes)
        .where(sql`${automacoesExecucoes.status} <> 'concluida'`);
      const all = await db.select({ n: sql<number>`count(*)::int` }).from(automacoesExecucoes);
      return rows[0]?.n === 0 && all[0]?.n === RUNS;
    }, 300_000);
    expect(done).toBe(true);
    const counts = w.sentByNumber();
    expect(counts.size).toBe(RUNS);
    expect(
      [...counts.values()].every((n) => n === 1),
      JSON.stringify([...counts].filter(([, n]) => n !== 1)),
    ).toBe(true);
    const perLead = async (where: ReturnType<typeof and>) =>
      db
        .select({ id: historico.cliCrmId, n: sql<number>`count(*)::int` })
        .from(historico)
        .where(and(inArray(historico.cliCrmId, ids), where))
        .groupBy(historico.cliCrmId);
    const notes = await perLead(eq(historico.texto, NOTE));
    expect(notes).toHaveLength(RUNS);
    expect(notes.every((r) => r.n === 1)).toBe(true);
    const changes = await perLead(eq(historico.idNovo, 9));
    expect(changes).toHaveLength(RUNS);
    expect(changes.every((r) => r.n === 1)).toBe(true);
    const steps = await db.select({ n: sql<number>`count(*)::int` }).from(automacoesPassos);
    expect(steps[0]!.n).toBe(RUNS * 3);
  }, 600_000);
});
