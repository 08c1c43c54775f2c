// The HTTP load generator of the benchmarks, run as a child process (lib.ts `httpLoader`,
// `openLoader`), so the clients' CPU (fetch, response reading) is not taken from the app under
// test. It receives one job at a time over IPC and answers with each request's latency; it never
// exits on its own. Closed-loop jobs run `clients` loops; open-loop jobs (`mode: 'open'`) send on
// a fixed schedule and count latency from the scheduled time.
import { setMaxListeners } from 'node:events';
import http from 'node:http';

import {
  load,
  openLoad,
  serveJobs,
  type HttpLoadJob,
  type HttpLoadResult,
  type OpenLoadJob,
  type OpenLoadResult,
} from './lib.ts';

// node:http with keep-alive, the body read and dropped: fetch() (undici, web streams) cost this
// process about 2 ms of CPU per 80 KB list page, CPU taken from the app and PostgreSQL on a
// 2-core machine (docs/performance.md, issue 8).
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
function httpGet(url: string, headers: Record<string, string>, signal?: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    // Encoded as fetch() encodes it (node:http refuses a path with spaces or accents).
    const req = http.get(new URL(url).href, { agent, headers, ...(signal ? { signal } : {}) }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** A request of an open-loop target: GET, or POST with its body (read and dropped as httpGet does). */
function httpSend(target: OpenLoadJob['targets'][number], signal: AbortSignal): Promise<number> {
  if ((target.method ?? 'GET') === 'GET') return httpGet(target.url, target.headers, signal);
  return new Promise((resolve, reject) => {
    const body = Buffer.from(target.body ?? '');
    const req = http.request(
      new URL(target.url).href,
      { method: target.method, agent, signal, headers: { ...target.headers, 'content-length': String(body.length) } },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function closedLoop(job: HttpLoadJob): Promise<HttpLoadResult> {
  let failures = 0;
  const get = async () => {
    const status = await httpGet(job.url, job.headers);
    if (status !== job.expectStatus) failures += 1;
  };
  await load(get, { clients: job.clients, total: job.warmup, maxMs: job.maxMs });
  failures = 0;
  const { latencies, elapsedMs } = await load(get, { clients: job.clients, total: job.total, maxMs: job.maxMs });
  return { latencies, elapsedMs, failures };
}

async function openLoop(job: OpenLoadJob): Promise<OpenLoadResult> {
  let failures = 0;
  const graceMs = 20_000;
  // One pass on a fixed schedule; when it returns (all settled, or grace over) the calls still
  // running are abandoned (counted lost), so an overloaded app does not carry one pass's backlog
  // into the next.
  const pass = async (durationMs: number) => {
    const stop = new AbortController();
    // Every call of the pass listens to this one signal.
    setMaxListeners(0, stop.signal);
    const get = async (i: number) => {
      const target = job.targets[i % job.targets.length]!;
      const status = await httpSend(target, stop.signal);
      if (status !== job.expectStatus) {
        failures += 1;
        throw new Error(`HTTP ${status}`);
      }
    };
    try {
      return await openLoad(get, { ratePerSecond: job.ratePerSecond, durationMs, graceMs });
    } finally {
      stop.abort();
    }
  };
  if (job.warmupMs > 0) await pass(job.warmupMs);
  failures = 0;
  const result = await pass(job.durationMs);
  const { perCall } = result;
  // Each target's latencies, from their scheduled times too.
  const byLabel: Record<string, number[]> = {};
  perCall.forEach((latency, i) => {
    if (latency !== null) (byLabel[job.targets[i % job.targets.length]!.label] ??= []).push(latency);
  });
  return { ...result, byLabel, failures };
}

serveJobs<HttpLoadJob | OpenLoadJob, HttpLoadResult | OpenLoadResult>((job) =>
  'mode' in job && job.mode === 'open' ? openLoop(job) : closedLoop(job as HttpLoadJob),
);
