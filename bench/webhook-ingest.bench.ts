// `npm run bench -- webhook`: webhook ingestion of the WhatsApp gateway (ref §4) on the real app
// over HTTP: sustained throughput from 16 concurrent clients posting real messages.upsert
// envelopes with unique ids, webhook-to-socket latency at a paced 200 msg/s, and a bare Fastify
// route that only answers 200, measured in the same run (ratio). PostgreSQL when DATABASE_URL is
// set, else PGlite. Bounded in count and time.
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { io } from 'socket.io-client';
import { buildApp } from '../apps/server/src/app.ts';
import { openTestDatabase, seedFixture, TEST_PASSWORD } from '../apps/server/src/testing/test-app.ts';
import { instanciasEvolution } from '../apps/server/src/modules/whatsapp/instances.table.ts';
import { leads } from '../apps/server/src/modules/leads/leads.table.ts';
import { phoneKey } from '../apps/server/src/modules/leads/phone-key.ts';
import { WEBHOOK_SECRET_HEADER } from '../apps/server/src/modules/whatsapp/webhook.service.ts';
import { fmt, load, report, stats } from './lib.ts';

const SECONDS = Number(process.env.WEBHOOK_BENCH_SECONDS ?? 60);
const CLIENTS = 16;
const LEADS = 500;
const PACED_RATE = 200;
const PACED_SECONDS = 15;

const envelope = (instance: string, id: string, phone: string, text: string) =>
  JSON.stringify({
    event: 'messages.upsert',
    instance,
    data: {
      key: { remoteJid: `55${phone}@s.whatsapp.net`, fromMe: false, id, addressingMode: 'pn' },
      pushName: 'Cliente',
      status: 'DELIVERY_ACK',
      message: { conversation: text, messageContextInfo: { deviceListMetadata: {}, deviceListMetadataVersion: 2 } },
      messageType: 'conversation',
      messageTimestamp: Math.floor(Date.now() / 1000),
      instanceId: 'bench',
      source: 'android',
    },
    destination: 'http://bench/api/webhooks/evolution',
    date_time: new Date().toISOString(),
    sender: '5511900000001@s.whatsapp.net',
    server_url: 'http://bench',
    apikey: null,
  });

// node:http with a keep-alive agent: requests beyond the socket limit wait in the agent instead of
// piling up connections when the server falls behind.
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
function post(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function throughput(url: string, headers: Record<string, string>, body: (i: number) => string, seconds: number) {
  let failures = 0;
  const { latencies, elapsedMs } = await load(
    async (i) => {
      if ((await post(url, headers, body(i))) !== 200) failures++;
    },
    { clients: CLIENTS, total: 2_000_000, maxMs: seconds * 1000 },
  );
  return { perSecond: (latencies.length / elapsedMs) * 1000, count: latencies.length, failures, latency: stats(latencies) };
}

export async function run(): Promise<void> {
  const database = await openTestDatabase();
  const fixture = await seedFixture(database, { evolutionHabilitado: true });
  const secret = randomBytes(32).toString('hex');
  const instance = `bench-${randomBytes(3).toString('hex')}`;
  await database.db.insert(instanciasEvolution).values({ idUnidade: fixture.unitA1, idEmpresa: fixture.companyA, name: instance, token: 'x', webhookSecret: secret, connectionStatus: 'open' });
  const phones = Array.from({ length: LEADS }, (_, i) => `119${String(70_000_000 + i)}`);
  await database.db.insert(leads).values(phones.map((p, i) => ({ idEmpresa: fixture.companyA, idUnidade: fixture.unitA1, cliNome: `Lead ${i}`, cliTelefone: p, telefoneChave: phoneKey(p) })));

  const app = await buildApp({ database, webDist: '/nonexistent', bodyLimit: 1_048_576 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: fixture.users.u.email, senha: TEST_PASSWORD, lembrar: true } });
  const token = (login.json() as { data: { token: string } }).data.token;
  const socket = io(base, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
  await new Promise<void>((resolve) => socket.once('ready', () => resolve()));
  let socketEvents = 0;
  const arrivals = new Map<string, number>();
  socket.on(`company-${fixture.companyA}-appMessage`, (payload: { message: { messageId: string | null } }) => {
    socketEvents++;
    if (payload.message.messageId?.startsWith('PACED')) arrivals.set(payload.message.messageId, performance.now());
  });

  const bare = Fastify();
  bare.post('/api/webhooks/evolution', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddress = bare.server.address();
  const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}/api/webhooks/evolution`;

  const run$ = randomBytes(4).toString('hex').toUpperCase();
  const headers = { [WEBHOOK_SECRET_HEADER]: secret };
  const body = (i: number) => envelope(instance, `3EB0${run$}${String(i).padStart(10, '0')}`, phones[i % LEADS]!, `mensagem ${i}`);
  // Warm-up (JIT, pools, caches), not measured.
  await throughput(`${base}/api/webhooks/evolution`, headers, (i) => envelope(instance, `WARM${run$}${i}`, phones[i % LEADS]!, 'aquecimento'), 3);
  console.log('  … linha de base (Fastify puro)');
  const baseline = await throughput(bareUrl, headers, body, Math.min(10, SECONDS));
  console.log(`  … ingestão sustentada (${SECONDS} s)`);
  const ingest = await throughput(`${base}/api/webhooks/evolution`, headers, body, SECONDS);
  console.log(`    ${ingest.perSecond.toFixed(0)} msg/s, p50 ${fmt(ingest.latency.p50)}, ${ingest.failures} falhas; base ${baseline.perSecond.toFixed(0)} req/s`);
  console.log(`  … latência webhook → socket a ${PACED_RATE} msg/s`);

  // Webhook-to-socket latency at a paced rate.
  const sentAt = new Map<string, number>();
  const interval = 1000 / PACED_RATE;
  const total = PACED_RATE * PACED_SECONDS;
  const start = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const id = `PACED${run$}${String(i).padStart(8, '0')}`;
    sentAt.set(id, performance.now());
    inflight.push(post(`${base}/api/webhooks/evolution`, headers, envelope(instance, id, phones[i % LEADS]!, `ritmo ${i}`)).then(() => undefined));
  }
  // Bounded: whatever has not arrived 30 s after the last send is counted as missing.
  await Promise.race([Promise.all(inflight), new Promise((r) => setTimeout(r, 30_000))]);
  const deadline = performance.now() + 5_000;
  while (arrivals.size < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const socketLatencies = [...arrivals].map(([id, at]) => at - sentAt.get(id)!);
  const paced = stats(socketLatencies);

  report(`Webhook ingestion (${database.kind}, ${CLIENTS} clients, ${SECONDS} s)`, [
    ['ingest throughput', `${ingest.perSecond.toFixed(0)} msg/s (${ingest.count} messages, ${ingest.failures} non-200)`],
    ['ingest request p50 / p95', `${fmt(ingest.latency.p50)} / ${fmt(ingest.latency.p95)}`],
    ['bare Fastify 200', `${baseline.perSecond.toFixed(0)} req/s (p50 ${fmt(baseline.latency.p50)})`],
    ['ratio ingest / bare', `${((ingest.perSecond / baseline.perSecond) * 100).toFixed(1)} %`],
    [`webhook → socket at ${PACED_RATE} msg/s`, `p50 ${fmt(paced.p50)}, p95 ${fmt(paced.p95)}, p99 ${fmt(paced.p99)} (${paced.count}/${total} arrived)`],
    ['socket events received', String(socketEvents)],
  ]);

  socket.close();
  agent.destroy();
  await bare.close();
  await app.close();
  await database.drop();
}
