// The one kit of the tests that run Funil server processes of their own on one PostgreSQL (and
// one Redis): realtime/two-processes.test.ts, shared/three-processes.test.ts and
// the crash tests through the crash kit (gateway-world.ts). Whether the servers answer, a fresh database of the
// test's own, a server process (server-node.ts) or any child `node` process started and awaited,
// and stopped.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

import type { RateLimits } from '../http/rate-limit.ts';
import type { AutomationEngineOptions } from '../modules/automations/automations.engine.ts';
import type { MassSendEngineOptions } from '../modules/mass-send/mass-send.engine.ts';

/** Why the test cannot run here, or null when PostgreSQL (and Redis, when given) answer. */
export async function servicesUnreachable(adminUrl: string, redisUrl?: string): Promise<string | null> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
    await admin.query('select 1');
  } catch (err) {
    return `PostgreSQL inacessível em ${new URL(adminUrl).host}: ${(err as Error).message}`;
  } finally {
    await admin.end().catch(() => undefined);
  }
  if (redisUrl === undefined) return null;
  const { createClient } = await import('redis');
  const redis = createClient({ url: redisUrl, socket: { connectTimeout: 3_000, reconnectStrategy: false } });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    return `Redis inacessível em ${new URL(redisUrl).host}: ${(err as Error).message}`;
  } finally {
    if (redis.isOpen) await redis.quit().catch(() => undefined);
  }
  return null;
}

/** Runs one statement as the server's administrator (CREATE/DROP DATABASE). */
export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** The URL of database `name` on the administrator's server. */
export function databaseUrl(adminUrl: string, name: string): string {
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  return target.toString();
}

/** A fresh database name of this test file (`<prefix>_<pid>_<random>`). */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

export type NodeProcess = { child: ChildProcess; url: string };

/** What a server process of server-node.ts runs with (passed as JSON on its command line). */
export type ServerNodeConfig = {
  databaseUrl: string;
  /** Realtime over Redis (ARCHITECTURE "real time"), channels under `redisKey`. */
  redisUrl?: string;
  redisKey?: string;
  rateLimits?: RateLimits;
  /** 0 turns the sweep off. */
  sessionSweepMs?: number;
  mediaSweepMs?: number;
  massSend?: MassSendEngineOptions;
  /** Issue 25: the automations engine (numbers only: a clock cannot cross the command line). */
  automations?: Pick<AutomationEngineOptions, 'leaseMs' | 'idleMs' | 'retryDelaysMs' | 'maxTypingMs'>;
  /** The gateway; `webhooksToSelf`: the process announces its own address as the webhook's. */
  evolution?: { baseUrl: string; globalApiKey: string; webhooksToSelf?: boolean };
};

/** Set by the global setup for the test workers: the path of server-node.ts bundled (server-node-bundle.ts). */
export const SERVER_NODE_BUNDLE_ENV = 'FUNIL_SERVER_NODE_BUNDLE';

const SERVER_NODE_SCRIPT = fileURLToPath(new URL('./server-node.ts', import.meta.url));

/**
 * Starts one Funil server process (server-node.ts) and resolves with its URL once it listens: from the
 * run's bundle of it when the global setup built one (server-node-bundle.ts), else through tsx.
 */
export function startServerNode(config: ServerNodeConfig, options: { timeoutMs?: number } = {}): Promise<NodeProcess> {
  const bundle = process.env[SERVER_NODE_BUNDLE_ENV];
  if (bundle) return startNodeProcess(bundle, [JSON.stringify(config)], { ...options, loader: 'none' });
  return startNodeProcess(SERVER_NODE_SCRIPT, [JSON.stringify(config)], options);
}

/**
 * Starts `node --import tsx <script> ...args` (without tsx for a bundle: `loader: 'none'`) and resolves once it prints `<marker> <url>`;
 * rejects if it exits first or takes longer than `timeoutMs`.
 */
export function startNodeProcess(
  script: string,
  args: string[],
  options: { marker?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; loader?: 'tsx' | 'none' } = {},
): Promise<NodeProcess> {
  const marker = options.marker ?? 'FUNIL_NODE';
  const loader = options.loader === 'none' ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...loader, script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.env ? { env: options.env } : {}),
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    // Generous: a loaded 2-core machine takes minutes to start several processes at once.
    const timeoutMs = options.timeoutMs ?? 240_000;
    const timer = setTimeout(() => reject(new Error(`o processo não subiu em ${timeoutMs / 1000} s: ${err}`)), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = new RegExp(`${marker} (\\S+)`).exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]! });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`o processo saiu com ${code ?? signal}: ${err}`));
    });
  });
}

/** Sends `signal` (SIGTERM: a clean close; SIGKILL: a crash) to each process still running and resolves once all have exited. */
export async function stopNodeProcesses(
  nodes: readonly { child: ChildProcess }[],
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  await Promise.all(
    nodes.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill(signal);
        }),
    ),
  );
}
