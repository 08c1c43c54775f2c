// `npm run bench -- webhook`: webhook ingestion of the WhatsApp gateway (ref §4) on the real app
// over HTTP: sustained throughput from 16 concurrent clients posting real messages.upsert
// envelopes with unique ids, webhook-to-socket latency at a paced 200 msg/s, and a bare Fastify
// route that only answers 200, measured in the same run (ratio). The clients and the socket.io
// client run in a child process (webhook-load.ts), so this process's CPU is the app's; the CPU
// time of this process and of the PostgreSQL server is reported per message. PostgreSQL when
// DATABASE_URL is set, else PGlite. Bounded in count and time.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

import Fastify from 'fastify';

import { buildApp } from '../apps/server/src/app.ts';
import { leads } from '../apps/server/src/modules/leads/leads.table.ts';
import { phoneKey } from '../apps/server/src/modules/leads/phone-key.ts';
import { WEBHOOK_SECRET_HEADER } from '../apps/server/src/modules/whatsapp/ingest/webhook.service.ts';
import { instanciasEvolution } from '../apps/server/src/modules/whatsapp/instances/instances.table.ts';
import { openTestDatabase, seedFixture, TEST_PASSWORD } from '../apps/server/src/testing/test-app.ts';
import { childWorker, fmt, report, stats } from './lib.ts';
import type { PacedResult, SustainedResult, WebhookLoadJob, WebhookTarget } from './webhook-load.ts';

const SECONDS = Number(process.env.WEBHOOK_BENCH_SECONDS ?? 60);
const CLIENTS = 16;
const LEADS = 500;
const PACED_RATE = 200;
const PACED_SECONDS = 15;

// CPU seconds used so far by the PostgreSQL backends serving this run's database (Linux /proc; 0
// elsewhere). The server is shared with other work, so only our backends are counted (their
// titles name the database openTestDatabase made for this process); the WAL writer is not.
const TICKS = 100;
const OUR_DATABASE = `funil_t_${process.pid}_`;
function postgresCpuSeconds(): number {
  let ticks = 0;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(OUR_DATABASE)) continue;
        const fields = stat.slice(close + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return 0;
  }
  return ticks / TICKS;
}

/** Runs a sustained phase and reports this process's and PostgreSQL's CPU seconds during it. */
async function measured(work: () => Promise<SustainedResult>) {
  const cpu0 = process.cpuUsage();
  const pg0 = postgresCpuSeconds();
  const result = await work();
  const cpu = process.cpuUsage(cpu0);
  const seconds = result.elapsedMs / 1000;
  const count = result.latencies.length;
  return {
    perSecond: count / seconds,
    count,
    failures: result.failures,
    latency: stats(result.latencies),
    appCpu: (cpu.user + cpu.system) / 1e6 / seconds,
    pgCpu: (postgresCpuSeconds() - pg0) / seconds,
  };
}

export async function run(): Promise<void> {
  const database = await openTestDatabase();
  const fixture = await seedFixture(database, { evolutionHabilitado: true });
  const secret = randomBytes(32).toString('hex');
  const instance = `bench-${randomBytes(3).toString('hex')}`;
  await database.db.insert(instanciasEvolution).values({
    idUnidade: fixture.unitA1,
    idEmpresa: fixture.companyA,
    name: instance,
    token: 'x',
    webhookSecret: secret,
    connectionStatus: 'open',
  });
  const phones = Array.from({ length: LEADS }, (_, i) => `119${String(70_000_000 + i)}`);
  await database.db.insert(leads).values(
    phones.map((p, i) => ({
      idEmpresa: fixture.companyA,
      idUnidade: fixture.unitA1,
      cliNome: `Lead ${i}`,
      cliTelefone: p,
      telefoneChave: phoneKey(p),
    })),
  );

  const app = await buildApp({ database, webDist: '/nonexistent', bodyLimit: 1_048_576 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: fixture.users.u.email, senha: TEST_PASSWORD, lembrar: true },
  });
  const token = (login.json() as { data: { token: string } }).data.token;

  const bare = Fastify();
  bare.post('/api/webhooks/evolution', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddress = bare.server.address();
  const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}/api/webhooks/evolution`;

  const load = childWorker<WebhookLoadJob, SustainedResult | PacedResult>('./webhook-load.ts');
  const run$ = randomBytes(4).toString('hex').toUpperCase();
  const target: WebhookTarget = {
    url: `${base}/api/webhooks/evolution`,
    headers: { [WEBHOOK_SECRET_HEADER]: secret },
    instance,
    phones,
  };
  const sustained = (t: WebhookTarget, idPrefix: string, seconds: number) =>
    measured(() => load.run({ kind: 'sustained', target: t, idPrefix, clients: CLIENTS, seconds }) as Promise<SustainedResult>);
  console.log(
    `  load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  );
  // Warm-up (JIT, pools, caches), not measured.
  await sustained(target, `WARM${run$}`, 3);
  console.log('  … linha de base (Fastify puro)');
  const baseline = await sustained({ ...target, url: bareUrl }, `BARE${run$}`, Math.min(10, SECONDS));
  console.log(`  … ingestão sustentada (${SECONDS} s)`);
  const ingest = await sustained(target, `3EB0${run$}`, SECONDS);
  console.log(
    `    ${ingest.perSecond.toFixed(0)} msg/s, p50 ${fmt(ingest.latency.p50)}, ${ingest.failures} falhas; base ` +
      `${baseline.perSecond.toFixed(0)} req/s`,
  );
  console.log(`  … latência webhook → socket a ${PACED_RATE} msg/s`);
  const pacedResult = (await load.run({
    kind: 'paced',
    target,
    idPrefix: `PACED${run$}`,
    rate: PACED_RATE,
    seconds: PACED_SECONDS,
    socket: { base, token, event: `company-${fixture.companyA}-appMessage` },
  })) as PacedResult;
  const paced = stats(pacedResult.latencies);
  const perMessage = (cpuPerSecond: number, rate: number) =>
    `${cpuPerSecond.toFixed(2)} cores, ${fmt((cpuPerSecond / rate) * 1000)} per message`;

  report(`Webhook ingestion (${database.kind}, ${CLIENTS} clients in a child process, ${SECONDS} s)`, [
    ['ingest throughput', `${ingest.perSecond.toFixed(0)} msg/s (${ingest.count} messages, ${ingest.failures} non-200)`],
    ['ingest request p50 / p95', `${fmt(ingest.latency.p50)} / ${fmt(ingest.latency.p95)}`],
    ['app process CPU', perMessage(ingest.appCpu, ingest.perSecond)],
    ['PostgreSQL backends CPU', database.kind === 'postgres' ? perMessage(ingest.pgCpu, ingest.perSecond) : '—'],
    [
      'bare Fastify 200',
      `${baseline.perSecond.toFixed(0)} req/s (p50 ${fmt(baseline.latency.p50)}; ${perMessage(baseline.appCpu, baseline.perSecond)})`,
    ],
    ['ratio ingest / bare', `${((ingest.perSecond / baseline.perSecond) * 100).toFixed(1)} %`],
    [
      `webhook → socket at ${PACED_RATE} msg/s`,
      `p50 ${fmt(paced.p50)}, p95 ${fmt(paced.p95)}, p99 ${fmt(paced.p99)} (${paced.count}/${pacedResult.sent} arrived, ` +
        `${pacedResult.failures} non-200)`,
    ],
    ['socket events received (paced)', String(pacedResult.socketEvents)],
    [
      'load average at the end',
      loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    ],
  ]);

  load.close();
  await bare.close();
  await app.close();
  await database.drop();
}
