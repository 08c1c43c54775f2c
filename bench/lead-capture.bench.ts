// `npm run bench -- lead-capture` (issue 23 "Tests and figures"), the capture URL's part: POST
// /api/captacao/{token} at 200 requests a second open-loop (requests leave on a fixed schedule
// whatever the answers do), 30 % of them a number the unit already has (a re-entry), 10 % a retry
// of an earlier Idempotency-Key. Aim: p99 < 50 ms, nothing lost. The Lead Ads deliveries' part
// belongs to the Meta intake. PostgreSQL with DATABASE_URL (database funil_bench_captura), else PGlite.
// The posts leave from a child process (load-worker.ts), as from the network.
import type { AddressInfo } from 'node:net';

import { buildApp } from '../apps/server/src/app.ts';
import { createCompany, createUnit, seedReferenceLists } from '../apps/server/src/demo/builders.ts';
import { commitProbe, diskRows, fmt, openBenchDatabase, openLoader, passWatch, rawOf, report, stats } from './lib.ts';

const RATE = Number(process.env.CAPTURE_RATE ?? 200);
const SECONDS = Number(process.env.CAPTURE_SECONDS ?? 30);
const AIM_P99_MS = 50;

export async function run(): Promise<void> {
  const { database, engine, url } = await openBenchDatabase('funil_bench_captura');
  try {
    await seedReferenceLists(database.db);
    const empresa = await createCompany(database.db, `Empresa Captura Bench ${Date.now()}`);
    const unit = await createUnit(database.db, empresa, 'Unidade Captura Bench', '11', {});
    const { rows } = await rawOf(database).query('select token from unidades where id = $1', [unit]);
    const token = String((rows[0] as { token: string }).token);
    // The per-token limit (20 a second) would refuse most of this load: the figure is the route's cost.
    const app = await buildApp({ database, webDist: '/nonexistent', logger: false, rateLimits: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const run = Date.now() % 1_000_000;
    // The clients run in a child process (load-worker.ts), so their CPU is not taken from the app.
    const target = (i: number) => {
      // 30 % re-enter a number posted 50 requests earlier; 10 % retry that post's key.
      const again = i >= 50 && i % 10 < 3;
      const retry = i >= 50 && i % 10 === 3;
      const n = again || retry ? i - 50 : i;
      const phone = `119${String(run).padStart(6, '0').slice(-4)}${String(n).padStart(4, '0')}`;
      return {
        label: again ? 'reentrada' : retry ? 'repetida' : 'nova',
        url: `${base}/api/captacao/${token}?ad_id=120200${i % 7}&campaign_id=99${i % 3}`,
        method: 'POST' as const,
        headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${run}-${n}${again ? '-2' : ''}` },
        body: JSON.stringify({
          cli_nome: `Lead ${n}`,
          cli_telefone: phone,
          campaign_name: `Campanha ${i % 3}`,
          utm_source: 'facebook',
        }),
      };
    };
    const job = (from: number, count: number, rate: number, seconds: number) => ({
      mode: 'open' as const,
      targets: Array.from({ length: count }, (_, i) => target(from + i)),
      ratePerSecond: rate,
      durationMs: seconds * 1000,
      warmupMs: 0,
      expectStatus: 200,
    });
    const loader = openLoader();
    // Warm-up (numbers of their own), then the measured pass.
    await loader.run(job(9_000, RATE * 3, RATE, 3));
    const watch = passWatch();
    const probe = await commitProbe(url, AIM_P99_MS);
    const cpu0 = process.cpuUsage();
    const result = await loader.run(job(0, RATE * SECONDS, RATE, SECONDS));
    const cpu = process.cpuUsage(cpu0);
    // The app's own CPU per post (user + system): what a post costs this process, whatever else the machine runs.
    const cpuPerPost = (cpu.user + cpu.system) / 1000 / Math.max(1, result.sent);
    loader.close();
    const failures = result.failures;
    const machine = watch();
    const disk = (await probe?.()) ?? null;
    const s = stats(result.latencies);
    report(`URL de captação, ${RATE}/s por ${SECONDS} s (${engine})`, [
      ['enviadas', String(result.sent)],
      ['perdidas / não 200', `${result.lost} / ${failures}`],
      ['p50 / p95 / p99', `${fmt(s.p50)} / ${fmt(s.p95)} / ${fmt(s.p99)}`],
      ['máx.', fmt(s.max)],
      ...Object.entries(result.byLabel).map(([label, latencies]): [string, string] => {
        const l = stats(latencies);
        return [`p50 / p99 ${label}`, `${fmt(l.p50)} / ${fmt(l.p99)} (${latencies.length})`];
      }),
      ['atraso máx. do gerador', fmt(result.maxLagMs)],
      ['CPU do app por post', fmt(cpuPerPost)],
      ['máquina', machine],
      // The smallest commit, outside the app, in the same seconds: the floor of any post that commits a lead.
      ...diskRows(result, RATE, AIM_P99_MS, disk),
      ['meta p99 < 50 ms', s.p99 < AIM_P99_MS && result.lost === 0 && failures === 0 ? 'atingida' : 'NÃO atingida'],
    ]);
    await app.close();
  } finally {
    await database.close();
  }
}
