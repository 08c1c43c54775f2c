// Shared measuring tools for `npm run bench`: medians and percentiles, concurrent load with a
// bounded count and time, and a baseline measured in the same run so results are ratios.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { openDatabase, type Database } from '../apps/server/src/db/connection.ts';

export type Stats = { count: number; p50: number; p95: number; p99: number; mean: number; max: number };

/** Percentiles of a list of millisecond samples (nearest-rank). */
export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  const sum = sorted.reduce((s, v) => s + v, 0);
  return {
    count: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    mean: sorted.length ? sum / sorted.length : 0,
    max: sorted.at(-1) ?? 0,
  };
}

export function median(values: number[]): number {
  return stats(values).p50;
}

/**
 * Runs `task` from `clients` concurrent loops until `total` calls are done or `maxMs` passes,
 * and returns each call's latency in ms. Bounded in count and time, so it always stops.
 */
export async function load(
  task: (i: number) => Promise<unknown>,
  options: { clients: number; total: number; maxMs: number },
): Promise<{ latencies: number[]; elapsedMs: number }> {
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

/**
 * Open-loop load: call `task(i)` on a fixed schedule, `ratePerSecond` calls a second for
 * `durationMs`, whatever the answers, and count each call's latency from its scheduled time, so
 * queueing shows (a closed loop waits for answers and hides it). It returns when every call has
 * settled or `graceMs` after the last one was due; calls still running then, or failed, are
 * counted as lost (the task should abort its own calls by then, so no backlog spills into the
 * next pass). Bounded in count and time, so it always stops.
 */
export async function openLoad(
  task: (i: number) => Promise<unknown>,
  options: { ratePerSecond: number; durationMs: number; graceMs: number },
): Promise<{
  latencies: number[];
  perCall: (number | null)[];
  elapsedMs: number;
  sent: number;
  lost: number;
  maxLagMs: number;
  /** The wall-clock time (epoch ms) of call 0's schedule: call i was due at startedAtMs + i × 1000 / rate. */
  startedAtMs: number;
}> {
  const interval = 1000 / options.ratePerSecond;
  const total = Math.max(1, Math.floor((options.durationMs / 1000) * options.ratePerSecond));
  const latencies: number[] = [];
  // Call i's latency, or null when it failed or was lost.
  const perCall: (number | null)[] = Array.from({ length: total }, () => null);
  let sent = 0;
  let done = 0;
  // How late the generator itself sent a call (a busy client would understate latency otherwise).
  let maxLagMs = 0;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    let finished = false;
    const finish = () => {
      if (!finished) {
        finished = true;
        resolve();
      }
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        const i = sent;
        const scheduled = start + i * interval;
        maxLagMs = Math.max(maxLagMs, now - scheduled);
        sent += 1;
        task(i).then(
          () => {
            const latency = performance.now() - scheduled;
            latencies.push(latency);
            perCall[i] = latency;
            done += 1;
            if (done === total) finish();
          },
          () => {
            done += 1;
            if (done === total) finish();
          },
        );
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
      else setTimeout(finish, start + total * interval + options.graceMs - performance.now());
    };
    tick();
  });
  return {
    latencies,
    perCall,
    elapsedMs: performance.now() - start,
    sent,
    lost: total - latencies.length,
    maxLagMs,
    startedAtMs: performance.timeOrigin + start,
  };
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
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
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
export type HttpLoadJob = {
  url: string;
  headers: Record<string, string>;
  clients: number;
  warmup: number;
  total: number;
  maxMs: number;
  expectStatus: number;
};
export type HttpLoadResult = { latencies: number[]; elapsedMs: number; failures: number };
export type HttpLoader = ChildWorker<HttpLoadJob, HttpLoadResult>;

/**
 * One open-loop pass (lib.ts openLoad): GETs of `targets` in turn, `ratePerSecond` a second for
 * `durationMs`, after `warmupMs` at the same rate; each answer's latency from its scheduled time.
 */
export type OpenLoadJob = {
  mode: 'open';
  /** GET unless a target says otherwise (a POST carries its body, e.g. the capture URL's JSON). */
  targets: { label: string; url: string; headers: Record<string, string>; method?: 'GET' | 'POST'; body?: string }[];
  ratePerSecond: number;
  durationMs: number;
  warmupMs: number;
  expectStatus: number;
};
export type OpenLoadResult = {
  latencies: number[];
  byLabel: Record<string, number[]>;
  elapsedMs: number;
  sent: number;
  lost: number;
  failures: number;
  maxLagMs: number;
  /** The wall-clock time (epoch ms) the measured pass's first call was due. */
  startedAtMs: number;
  /** Call i's latency from its scheduled time (startedAtMs + i × 1000 / rate), null when it failed or was lost. */
  perCall: (number | null)[];
};
export type OpenLoader = ChildWorker<OpenLoadJob, OpenLoadResult>;

/** The HTTP clients of the list benchmark in a child process (load-worker.ts). */
export const httpLoader = (): HttpLoader => childWorker('./load-worker.ts');

/** The open-loop HTTP clients in a child process of their own (load-worker.ts). */
export const openLoader = (): OpenLoader => childWorker('./load-worker.ts');

type RawClient = { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
/** The driver under a database (node-postgres' Pool or PGlite), for bulk loads written as SQL text. */
export const rawOf = (database: Database) => (database.db as unknown as { $client: RawClient }).$client;

/**
 * The bench's own database: `name` on the PostgreSQL server of DATABASE_URL (created when missing,
 * kept for the next run), else PGlite in memory.
 */
export async function openBenchDatabase(
  name: string,
): Promise<{ database: Database; engine: 'postgres' | 'pglite'; url: string | null }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { database: await openDatabase({}), engine: 'pglite', url: null };
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (rows.length === 0) await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { database: await openDatabase({ url: target.toString() }), engine: 'postgres', url: target.toString() };
}

/** The smallest durable commits of a pass, beside the app (`commitProbe`). */
export type CommitProbeResult = {
  commits: number;
  stats: Stats;
  over: number;
  overMs: number;
  passMs: number;
  /** The slow commits: when each started (epoch ms) and how long it took. */
  slow: { atMs: number; ms: number }[];
};

/**
 * A reference for a pass's tail: the smallest durable commit (a one-row insert in a table of its own, on a
 * connection of its own, outside the app) every `everyMs` on the same PostgreSQL server, timed. A commit waits
 * for the WAL's flush to the disk; when this commit alone waits longer than `aimMs`, every request of the app
 * that commits at that moment does too, whatever its code. `overMs` adds up how long each slow commit stayed
 * past the aim: the time of the pass in which no committing request could answer within it. Null (no probe)
 * without a PostgreSQL server. Call it at the pass's start; the function it gives ends it.
 */
export async function commitProbe(
  url: string | null,
  aimMs: number,
  everyMs = 20,
): Promise<(() => Promise<CommitProbeResult>) | null> {
  if (!url) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('create table if not exists bench_commit_probe (id bigserial primary key, at timestamptz default now())');
  await client.query('truncate bench_commit_probe');
  // As the app's own commits: durable (the server's default), whatever a session set.
  await client.query("set synchronous_commit = 'on'");
  const latencies: number[] = [];
  const slow: { atMs: number; ms: number }[] = [];
  const started = performance.now();
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      await client.query('insert into bench_commit_probe default values');
      const ms = performance.now() - t0;
      latencies.push(ms);
      if (ms > aimMs) slow.push({ atMs: performance.timeOrigin + t0, ms });
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return async () => {
    running = false;
    await loop;
    await client.end();
    return {
      commits: latencies.length,
      stats: stats(latencies),
      over: slow.length,
      overMs: slow.reduce((sum, s) => sum + (s.ms - aimMs), 0),
      passMs: performance.now() - started,
      slow,
    };
  };
}

/** The probe's line for a report: the reference commit's p50 / p99 / max and the share of the pass past the aim. */
function commitProbeLine(result: CommitProbeResult | null, aimMs: number): string {
  if (!result) return 'sem sonda (PGlite)';
  const { stats: s, over, overMs, passMs } = result;
  const share = (overMs / Math.max(1, passMs)) * 100;
  return (
    `${result.commits} commits de 1 linha: p50 / p99 / máx. ${fmt(s.p50)} / ${fmt(s.p99)} / ${fmt(s.max)}; ` +
    `${over} acima de ${aimMs} ms, ${overMs.toFixed(0)} ms (${share.toFixed(2)} % do passe) presos no disco`
  );
}

/**
 * Where in a pass its slow calls fall, second by second ("s3: 12" = 12 calls due in the pass's fourth second took
 * over the aim), beside the reference commits' stalls in the same seconds ("disco s3: 517 ms"): a tail that sits
 * in the disk's seconds is the disk's; one spread over seconds without a stall is the app's.
 */
function slowSecondsLine(
  perCall: readonly (number | null)[],
  startedAtMs: number,
  ratePerSecond: number,
  aimMs: number,
  probe: CommitProbeResult | null,
): string {
  const bySecond = new Map<number, number>();
  perCall.forEach((latency, i) => {
    if (latency !== null && latency > aimMs) {
      const second = Math.floor(i / ratePerSecond);
      bySecond.set(second, (bySecond.get(second) ?? 0) + 1);
    }
  });
  const calls = [...bySecond].map(([second, n]) => `s${second}: ${n}`).join(', ') || 'nenhuma';
  const stalls =
    probe?.slow.map((s) => `s${Math.floor((s.atMs - startedAtMs) / 1000)}: ${s.ms.toFixed(0)} ms`).join(', ') || 'nenhuma';
  return `chamadas > ${aimMs} ms por segundo: ${calls}; paradas do disco: ${stalls}`;
}

/**
 * A fresh database of one run, `<prefix>_<random>` on the PostgreSQL server of DATABASE_URL, dropped by
 * `drop` (else PGlite in memory, nothing to drop; `requiredMessage` refuses to run without a server).
 */
export async function freshBenchDatabase(
  prefix: string,
  requiredMessage?: string,
): Promise<{ database: Database; drop: () => Promise<void>; url: string | null }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    if (requiredMessage) throw new Error(requiredMessage);
    return { database: await openDatabase({}), drop: async () => undefined, url: null };
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const asAdmin = async (statement: string) => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  };
  await asAdmin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    database: await openDatabase({ url: target.toString() }),
    drop: () => asAdmin(`drop database if exists ${name} with (force)`),
    url: target.toString(),
  };
}

/** The gateway emulator (apps/evolution-emulator) in a child process on a free port; resolves with its URL. */
export function startEvolutionEmulator(key: string, controlKey: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/evolution-emulator/src/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', EVOLUTION_API_KEY: key, EMULATOR_CONTROL_KEY: controlKey },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve({ child, url: m[1]!.replace('localhost', '127.0.0.1') });
    });
    child.once('exit', (code) => reject(new Error(`emulador saiu com ${code}`)));
  });
}

/**
 * What the machine and the app's heap did during a pass, to read a figure against: the machine's
 * CPU busy and stolen shares (/proc/stat: time the hypervisor gave to others while this VM wanted
 * to run), the app's garbage collection time and its heap at the end. Call it at the start; the
 * function it gives ends the reading and describes it.
 */
export function passWatch(): () => string {
  const cpu0 = procStat();
  let gcMs = 0;
  let gcMax = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcMax = Math.max(gcMax, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  // How late the app's event loop ran its timers (a stall of any cause: GC, a long synchronous stretch).
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  return () => {
    observer.disconnect();
    loop.disable();
    const cpu = procStat();
    const share = (pick: (s: ProcStat) => number) =>
      cpu && cpu0 && cpu.total > cpu0.total ? ((pick(cpu) - pick(cpu0)) / (cpu.total - cpu0.total)) * 100 : NaN;
    const heap = process.memoryUsage().heapUsed / 2 ** 20;
    return (
      `máquina ocupada ${share((s) => s.busy).toFixed(0)}%, roubada ${share((s) => s.steal).toFixed(1)}%; GC do app ` +
      `${gcMs.toFixed(0)} ms (maior pausa ${gcMax.toFixed(1)} ms), heap ${heap.toFixed(0)} MiB; atraso do laço p99 ` +
      `${(loop.percentile(99) / 1e6).toFixed(1)} ms, máx. ${(loop.max / 1e6).toFixed(1)} ms`
    );
  };
}

type ProcStat = { total: number; busy: number; steal: number };
/** The machine's CPU counters (jiffies since boot, all cores), null off Linux. */
function procStat(): ProcStat | null {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields.map(Number);
    return {
      total: user + nice + system + idle + iowait + irq + softirq + steal,
      busy: user + nice + system + irq + softirq,
      steal,
    };
  } catch {
    return null;
  }
}

/**
 * The two report rows that read an open-loop pass against the disk: the reference commit of `commitProbe` and,
 * second by second, where the pass's calls over the aim fall beside the reference's stalls.
 */
export function diskRows(
  pass: { perCall: readonly (number | null)[]; startedAtMs: number },
  ratePerSecond: number,
  aimMs: number,
  probe: CommitProbeResult | null,
): [string, string][] {
  return [
    ['commit de referência', commitProbeLine(probe, aimMs)],
    ['onde fica a cauda', slowSecondsLine(pass.perCall, pass.startedAtMs, ratePerSecond, aimMs, probe)],
  ];
}
