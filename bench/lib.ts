// Shared measuring tools for `npm run bench`: medians and percentiles, concurrent load with a
// bounded count and time, and a baseline measured in the same run so results are ratios.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

export type Stats = { count: number; p50: number; p95: number; p99: number; mean: number; max: number };

/** Percentiles of a list of millisecond samples (nearest-rank). */
export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  const sum = sorted.reduce((s, v) => s + v, 0);
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), mean: sorted.length ? sum / sorted.length : 0, max: sorted.at(-1) ?? 0 };
}

export function median(values: number[]): number {
  return stats(values).p50;
}

/**
 * Runs `task` from `clients` concurrent loops until `total` calls are done or `maxMs` passes,
 * and returns each call's latency in ms. Bounded in count and time, so it always stops.
 */
export async function load(task: (i: number) => Promise<unknown>, options: { clients: number; total: number; maxMs: number }): Promise<{ latencies: number[]; elapsedMs: number }> {
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  const loop = async () => {
    while (next < options.total && performance.now() - start < options.maxMs) {
      const i = next++;
      const t0 = performance.now();
      await task(i);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.clients }, loop));
  return { latencies, elapsedMs: performance.now() - start };
}

export async function time<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

export const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;

/** Prints a titled block of `label: value` lines. */
export function report(title: string, rows: [string, string][]): void {
  const width = Math.max(...rows.map(([l]) => l.length));
  console.log(`\n## ${title}`);
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
}

/** A worker in a child process that runs one job at a time over IPC (`serveJobs` on its side). */
export type ChildWorker<J, R> = { run(job: J): Promise<R>; close(): void };

/**
 * Starts `file` (beside this one) as a child process and sends it jobs: the load generators run
 * there, so the app under test keeps its process's CPU to itself, as behind a real network. The
 * child is started once and reused.
 */
export function childWorker<J, R>(file: string): ChildWorker<J, R> {
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<number, { resolve: (r: R) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  child.on('message', (message: { id: number; result?: R; error?: string }) => {
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.result) waiting?.resolve(message.result);
    else waiting?.reject(new Error(message.error ?? 'carga falhou'));
  });
  child.on('exit', (code) => {
    for (const waiting of pending.values()) waiting.reject(new Error(`processo de carga terminou (${code})`));
    pending.clear();
  });
  return {
    run(job) {
      const id = (nextId += 1);
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        child.send({ id, job });
      });
    },
    close() {
      child.disconnect();
    },
  };
}

/** The child's side of `childWorker`: answers each job with `handle`'s result or its error; exits when the parent goes. */
export function serveJobs<J, R>(handle: (job: J) => Promise<R>): void {
  process.on('message', (message: { id: number; job: J }) => {
    handle(message.job).then(
      (result) => process.send?.({ id: message.id, result }),
      (error: unknown) => process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
}

/** One measured pass of HTTP GETs from `clients` concurrent loops, after `warmup` requests. */
export type HttpLoadJob = { url: string; headers: Record<string, string>; clients: number; warmup: number; total: number; maxMs: number; expectStatus: number };
export type HttpLoadResult = { latencies: number[]; elapsedMs: number; failures: number };
export type HttpLoader = ChildWorker<HttpLoadJob, HttpLoadResult>;

/** The HTTP clients of the list benchmark in a child process (load-worker.ts). */
export const httpLoader = (): HttpLoader => childWorker('./load-worker.ts');
