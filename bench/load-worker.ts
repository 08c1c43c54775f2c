// The HTTP load generator of the benchmarks, run as a child process (lib.ts `httpLoader`), so the
// clients' CPU (fetch, response reading) is not taken from the app under test. It receives one
// job at a time over IPC and answers with each request's latency; it never exits on its own.
import { load, serveJobs, type HttpLoadJob, type HttpLoadResult } from './lib.ts';

serveJobs<HttpLoadJob, HttpLoadResult>(async (job) => {
  let failures = 0;
  const get = async () => {
    const res = await fetch(job.url, { headers: job.headers });
    await res.arrayBuffer();
    if (res.status !== job.expectStatus) failures += 1;
  };
  await load(get, { clients: job.clients, total: job.warmup, maxMs: job.maxMs });
  failures = 0;
  const { latencies, elapsedMs } = await load(get, { clients: job.clients, total: job.total, maxMs: job.maxMs });
  return { latencies, elapsedMs, failures };
});
