// Issue 25 'Tests and figures': a crash test. Leads enter 'Em negociação' and run an automation
// with a send, a wait and a status change in a child server process on PostgreSQL; the process is
// killed with SIGKILL three times (during the sends, during the sends again, during the status
// changes) and started again each time. Afterwards every lead got the message exactly once (the
// gateway emulator, in this process, counts them) and reached the status once (one history event of
// the change each). 40 leads in CI; the 200 with FUNIL_FULL_SIZE=1. The wait is the
// shortest the builder allows (1 minute); the test lets it elapse by moving the waiting runs' due
// time to now, as the clock cannot be moved in another process. The lease is short, so the killed
// process's runs are taken up by the next one soon; the typing presence is off to keep the run
// short. The kit: testing/gateway-world.ts.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadEnv } from '../../env.ts';
import { ALWAYS_OPEN, FULL_SIZE, killAt, openGatewayWorld, until, type GatewayWorld } from '../../testing/gateway-world.ts';
import { servicesUnreachable } from '../../testing/processes.ts';
import { historico, leads } from '../leads/leads.table.ts';
import { automacoesExecucoes } from './automations.table.ts';

const ADMIN_URL = loadEnv().DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const LEADS = FULL_SIZE ? 200 : 40;
/** The index of the status step (after the message and the wait). */
const STATUS_STEP = 2;

const skipReason = await servicesUnreachable(ADMIN_URL);
if (skipReason) console.warn(`automations-crash.test.ts ignorado: ${skipReason}`);

let w: GatewayWorld;
const startNode = () =>
  w.startNode({
    sessionSweepMs: 0,
    mediaSweepMs: 0,
    automations: { leaseMs: 1_500, idleMs: 50, maxTypingMs: 0, retryDelaysMs: [200, 200, 200] },
  });

describe.skipIf(skipReason !== null)('automations killed with SIGKILL three times (issue 25 "The engine")', () => {
  beforeAll(async () => {
    w = await openGatewayWorld(ADMIN_URL, {
      prefix: 'funil_auto',
      instance: 'auto-queda',
      number: '5511900000077',
      leads: LEADS,
      phonePrefix: '1198700',
      extras: { automacao: true, configuracoes_envio_em_massa: ALWAYS_OPEN },
    });
  }, 180_000);

  afterAll(async () => {
    await w?.close();
  });

  it(`every one of ${LEADS} leads gets the message once and reaches the status once (send, wait, status)`, async () => {
    const db = w.database.db;
    const ids = w.leadIds;
    let node = await startNode();
    const admin = await w.login(node.url, w.fixture.users.a.email);
    const call = async (path: string, body: unknown) =>
      fetch(`${node.url}/api${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const rule = await call('/automacoes', {
      nome: 'Queda',
      gatilho: { tipo: 'status-entrou', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 4 },
      opcoes: { limiteDiario: 1 },
      passos: [
        { tipo: 'mensagem', texto: 'Olá [nome_cliente], segue a tabela.' },
        { tipo: 'esperar', quantidade: 1, unidade: 'minutos', horarioComercial: false },
        { tipo: 'status', familia: 'negociacao', idStatus: 9 },
      ],
      habilitado: true,
    });
    expect(rule.status, await rule.clone().text()).toBe(201);
    for (const id of ids) expect((await call(`/negociacao/atualizarstatusnegociacao/${id}`, { status: 4 })).status).toBe(200);
    const changed = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(historico)
          .where(and(inArray(historico.cliCrmId, ids), eq(historico.idNovo, 9)))
      )[0]!.n;
    // The wait elapses: the runs waiting before the status step are due now.
    const elapse = () =>
      db
        .update(automacoesExecucoes)
        .set({ proximoEm: sql`now()` })
        .where(and(eq(automacoesExecucoes.status, 'ativa'), eq(automacoesExecucoes.passo, STATUS_STEP), sql`proximo_em > now()`));
    node = await killAt(
      w,
      node,
      [
        () => w.sentTotal() >= Math.round(LEADS * 0.1),
        () => w.sentTotal() >= Math.round(LEADS * 0.6),
        async () => {
          await elapse();
          return (await changed()) >= Math.round(LEADS * 0.3);
        },
      ],
      startNode,
      120_000,
    );
    const done = await until(async () => {
      await elapse();
      const open = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(automacoesExecucoes)
        .where(eq(automacoesExecucoes.status, 'ativa'));
      return open[0]?.n === 0;
    }, 180_000);
    expect(done).toBe(true);
    const runs = await db.select().from(automacoesExecucoes);
    expect(runs).toHaveLength(LEADS);
    expect(
      runs.every((r) => r.status === 'concluida'),
      JSON.stringify(runs.filter((r) => r.status !== 'concluida')),
    ).toBe(true);
    const counts = w.sentByNumber();
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
    expect(await changed()).toBe(LEADS);
    await w.kill(node);
  }, 600_000);
});
