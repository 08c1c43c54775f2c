// The HTTP load generator of the benchmarks, run as a child process (lib.ts `httpLoader`), so the
// clients' CPU (fetch, response reading) is not taken from the app under test. It receives one
// job at a time over IPC and answers with each request's latency; it never exits on its own.
import { performance } from 'node:perf_hooks';
import type { HttpLoadJob, HttpLoadResult } from './lib.ts';

async function runJob(job: HttpLoadJob): Promise<HttpLoadResult> {
  let failures = 0;
  const task = async () => {
    const res = await fetch(job.url, { headers: job.headers });
    await res.arrayBuffer();
    if (res.status !== job.expectStatus) failures += 1;
  };
  const pass = async (total: number) => {
    const latencies: number[] = [];
    let next = 0;
    const start = performance.now();
    const loop = async () => {
      while (next < total && performance.now() - start < job.maxMs) {
        next += 1;
        const t0 = performance.now();
        await task();
        latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: job.clients }, loop));
    return { latencies, elapsedMs: performance.now() - start };
  };
  await pass(job.warmup);
  failures = 0;
  const { latencies, elapsedMs } = await pass(job.total);
  return { latencies, elapsedMs, failures };
}

process.on('message', (message: { id: number; job: HttpLoadJob }) => {
  runJob(message.job).then(
    (result) => process.send?.({ id: message.id, result }),
    (error: unknown) => process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
