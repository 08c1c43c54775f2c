// Issue 13 'Exactly once': a campaign runs in a child server process on PostgreSQL; the process
// is killed with SIGKILL in the middle of the campaign three times and started again each time;
// the gateway emulator (over HTTP, in this process) then counts the messages each recipient got:
// exactly one each. The waits are shortened (waitScale) and the lease is short, so the killed
// process's campaign is taken up by the next one soon. The kit: testing/gateway-world.ts.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadEnv } from '../../env.ts';
import { ALWAYS_OPEN, killAt, openGatewayWorld, until, type GatewayWorld } from '../../testing/gateway-world.ts';
import { servicesUnreachable } from '../../testing/processes.ts';
import { enviosEmMassa, enviosEmMassaClientes } from './mass-send.table.ts';

const ADMIN_URL = loadEnv().DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const RECIPIENTS = 14;

const skipReason = await servicesUnreachable(ADMIN_URL);
if (skipReason) console.warn(`mass-send-crash.test.ts ignorado: ${skipReason}`);

let w: GatewayWorld;
/** The mass-send engine running: waits shortened, a short lease so that a killed process's campaign resumes soon. */
const startNode = () =>
  w.startNode({ sessionSweepMs: 0, mediaSweepMs: 0, massSend: { leaseMs: 1_500, pollMs: 20, waitScale: 0.002 } });

describe.skipIf(skipReason !== null)('a campaign killed with SIGKILL three times (issue 13 "Exactly once")', () => {
  beforeAll(async () => {
    w = await openGatewayWorld(ADMIN_URL, {
      prefix: 'funil_massa',
      instance: 'massa-queda',
      number: '5511900000088',
      leads: RECIPIENTS,
      phonePrefix: '1198800',
      extras: { habilita_envio_em_massaV2: true, configuracoes_envio_em_massa: ALWAYS_OPEN },
    });
  }, 180_000);

  afterAll(async () => {
    await w?.close();
  });

  it('every recipient gets the message exactly once', async () => {
    const db = w.database.db;
    let node = await startNode();
    const auth = `Bearer ${await w.login(node.url, w.fixture.users.u.email)}`;
    const res = await fetch(`${node.url}/api/envio-em-massa`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        nomeDisparo: 'Queda',
        intervaloMensagem: 10,
        leads: w.leadIds.map((id) => ({ cli_crm_id: id })),
        mensagens: ['Oferta para {{nome_do_cliente}}'],
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const campaignId = ((await res.json()) as { data: { id: number } }).data.id;
    // Three kills, each after a few more sends went out.
    node = await killAt(
      w,
      node,
      [2, 6, 10].map((after) => () => w.sentTotal() >= after),
      startNode,
      60_000,
    );
    const done = await until(
      async () => (await db.select().from(enviosEmMassa).where(eq(enviosEmMassa.id, campaignId)))[0]?.status === 'FINALIZADO',
      120_000,
    );
    expect(done).toBe(true);
    const counts = w.sentByNumber();
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
    await w.kill(node);
  }, 300_000);
});
