// issue 21 item 22, Funil on several processes: three server processes on one PostgreSQL and one
// Redis, each a child `node` of its own (testing/server-node.ts, started by testing/processes.ts) with every background job running
// and the gateway emulator of this test behind all three. A socket held by one process sees a
// change made on another; a login throttle reached on one holds on the others, and so does a
// public route's rate limit; scheduled messages due at once are each sent once. Then
// `FUNIL_WORKERS=3` start.ts itself: three workers behind one port. Skipped, saying why, without
// PostgreSQL or Redis (CI starts both).
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LOGIN_MESSAGES } from '@funil/domain/auth/login';
import { formatSchedulePayload } from '@funil/domain/format/date';
import { HTTP_MESSAGES } from '@funil/domain/http/errors';
import { contactEvent } from '@funil/domain/realtime/events';
import { createEmulator, type Emulator } from '@funil/evolution-emulator/emulator';

import { openDatabase, type Database } from '../db/connection.ts';
import { loadEnv } from '../env.ts';
import { PUBLIC_RATE_LIMITS, type RateLimits } from '../http/rate-limit.ts';
import {
  adminQuery,
  databaseUrl,
  servicesUnreachable,
  startNodeProcess,
  startServerNode,
  stopNodeProcesses,
  uniqueDatabaseName,
  type NodeProcess,
  type ServerNodeConfig,
} from '../testing/processes.ts';
import { seedFixture, TEST_PASSWORD, type Fixture } from '../testing/test-app.ts';

const env = loadEnv();
const ADMIN_URL = env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const REDIS_URL = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const START_SCRIPT = fileURLToPath(new URL('../start.ts', import.meta.url));

const skipReason = await servicesUnreachable(ADMIN_URL, REDIS_URL);
if (skipReason) console.warn(`three-processes.test.ts ignorado: ${skipReason}`);

const name = uniqueDatabaseName('funil_tres');
const redisKey = `funil-test-${name}`;
// The shipped limits, with the setup screen's lowered so that the test reaches it.
const SETUP_LIMIT = 6;
const LIMITS: RateLimits = { ...PUBLIC_RATE_LIMITS, 'GET /api/setup': { max: SETUP_LIMIT, timeWindowMs: 60_000 } };
const INSTANCE = 'tres-processos';
// What a child of start.ts gets of this environment: only where node and its home are.
const BASE_ENV: NodeJS.ProcessEnv = Object.fromEntries(
  ['PATH', 'HOME'].flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])),
);

let database: Database | null = null;
let fixture: Fixture;
let emu: Emulator | null = null;
let emuUrl = '';
const nodes: NodeProcess[] = [];
const sockets: Socket[] = [];

const until = async (check: () => boolean | Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return check();
};

async function login(url: string, email: string, senha = TEST_PASSWORD): Promise<Response> {
  return fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, senha, lembrar: true }),
  });
}
async function token(url: string, email: string): Promise<string> {
  const res = await login(url, email);
  if (res.status !== 200) throw new Error(`login de ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}
const call = (url: string, bearer: string, method: string, path: string, body?: unknown) =>
  fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const control = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${emuUrl}${path}`, {
    method,
    headers: { ...emu!.controlHeaders, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
};
const sentTexts = async () =>
  (
    (await control('GET', `/_emulator/instances/${INSTANCE}/sent`)).json as { record: { message?: { conversation?: string } } }[]
  ).map((m) => m.record.message?.conversation ?? '');

function hold(url: string, bearer: string, companyId: number): Promise<{ socket: Socket; contacts: unknown[] }> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { path: '/socket.io', auth: { token: bearer }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const contacts: unknown[] = [];
    socket.on(contactEvent(companyId), (p: unknown) => contacts.push(p));
    socket.once('ready', () => resolve({ socket, contacts }));
    socket.once('connect_error', reject);
  });
}

describe.skipIf(skipReason !== null)('three server processes on one PostgreSQL and one Redis (issue 21 item 22)', () => {
  beforeAll(async () => {
    await adminQuery(ADMIN_URL, `CREATE DATABASE ${name}`);
    // Migrated and seeded here, before the processes start, so they only read what they share.
    database = await openDatabase({ url: databaseUrl(ADMIN_URL, name) });
    fixture = await seedFixture(database, { evolutionHabilitado: true, extras: { whatsapp_v2: true } });
    const globalApiKey = randomBytes(16).toString('hex');
    emu = createEmulator({ globalApiKey, autoAck: false });
    emuUrl = await emu.listen(0, '127.0.0.1');
    // Every background job running (the job runner, the mass-send engine, the media sweep), each
    // process announcing its own address to the gateway as the webhook's.
    const config: ServerNodeConfig = {
      databaseUrl: databaseUrl(ADMIN_URL, name),
      redisUrl: REDIS_URL,
      redisKey,
      evolution: { baseUrl: emuUrl, globalApiKey, webhooksToSelf: true },
      rateLimits: LIMITS,
    };
    nodes.push(...(await Promise.all([0, 1, 2].map(() => startServerNode(config)))));
  }, 360_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await stopNodeProcesses(nodes);
    await emu?.close();
    await database?.close();
    if (!skipReason) await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }, 60_000);

  it('a socket held by one process sees a change made on another', async () => {
    const [one, , three] = [nodes[0]!, nodes[1]!, nodes[2]!];
    const held = await hold(three.url, await token(three.url, fixture.users.a.email), fixture.companyA);
    const res = await call(one.url, await token(one.url, fixture.users.u.email), 'POST', '/api/contato/cadastrarcontato/manual', {
      cli_nome: 'Lead de Três Processos',
      cli_telefone: '11987650301',
    });
    expect(res.status).toBe(200);
    const id = ((await res.json()) as { data: { id: number } }).data.id;
    expect(await until(() => held.contacts.length > 0, 10_000)).toBe(true);
    expect(held.contacts).toEqual([{ action: 'criado', cli_crm_id: id, idUnidade: fixture.unitA1 }]);
  });

  it('a login throttle reached on one process holds on the other two, and the right password is refused there too', async () => {
    const [one, two, three] = [nodes[0]!, nodes[1]!, nodes[2]!];
    const email = fixture.users.m.email;
    // 000 §8: five wrong passwords from one address (issue 7 §5), all on the first process.
    for (let i = 0; i < 5; i += 1) expect((await login(one.url, email, 'senha-errada')).status).toBe(401);
    for (const other of [two, three]) {
      const refused = await login(other.url, email);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ message: LOGIN_MESSAGES.tooMany, status: 429 });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it("a public route's rate limit is counted across the processes", async () => {
    const statuses: number[] = [];
    // Two calls on each process: the limit is six in all, not six on each.
    for (let i = 0; i < SETUP_LIMIT; i += 1) statuses.push((await fetch(`${nodes[i % 3]!.url}/api/setup`)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    for (const node of nodes) {
      const refused = await fetch(`${node.url}/api/setup`);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ message: HTTP_MESSAGES.tooMany, status: 429 });
    }
  });

  it('scheduled messages due at once are each sent once, whichever process takes them', async () => {
    const [one, two, three] = [nodes[0]!, nodes[1]!, nodes[2]!];
    const admin = await token(one.url, fixture.users.a.email);
    expect((await call(one.url, admin, 'POST', '/api/instancias', { name: INSTANCE })).status).toBe(201);
    expect(
      (await control('POST', `/_emulator/instances/${INSTANCE}/scan`, { number: '5511900000301', profileName: 'Loja' })).status,
    ).toBe(200);
    const texts: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const via = [one, two, three][i % 3]!;
      const bearer = await token(via.url, fixture.users.a.email);
      const created = await call(via.url, bearer, 'POST', '/api/contato/cadastrarcontato/manual', {
        cli_nome: `Agendado ${i}`,
        cli_telefone: `1198765040${i}`,
      });
      expect(created.status).toBe(200);
      const id = ((await created.json()) as { data: { id: number } }).data.id;
      const text = `Mensagem agendada ${i} (${name})`;
      texts.push(text);
      const scheduled = await call(via.url, bearer, 'POST', `/api/contato/agendar-mensagem/${id}`, {
        cli_mensagem_agendada: text,
        cli_data_mensagem_agendada: formatSchedulePayload(new Date()),
      });
      expect(scheduled.status, await scheduled.clone().text()).toBe(200);
    }
    expect(await until(async () => (await sentTexts()).filter((t) => texts.includes(t)).length >= texts.length, 30_000)).toBe(
      true,
    );
    // Three job runners keep polling: given the time of several polls, nothing is sent again.
    await new Promise((r) => setTimeout(r, 3_000));
    const sent = (await sentTexts()).filter((t) => texts.includes(t));
    expect(sent.sort()).toEqual([...texts].sort());
  }, 90_000);
});

describe.skipIf(skipReason !== null)('FUNIL_WORKERS=3 npm start: three workers behind one port (issue 21 item 22)', () => {
  const startName = `${name}_start`;
  let primary: NodeProcess | null = null;

  afterAll(async () => {
    for (const s of sockets) s.close();
    if (primary) await stopNodeProcesses([primary]);
    if (!skipReason) await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${startName} WITH (FORCE)`);
  }, 60_000);

  it('without DATABASE_URL or REDIS_URL it stops at once and says why in Portuguese', async () => {
    const run = startNodeProcess(START_SCRIPT, [], {
      env: { ...BASE_ENV, FUNIL_WORKERS: '3', SEED_DEMO: 'false' },
      timeoutMs: 60_000,
    });
    await expect(run).rejects.toThrow(
      'Configuração inválida: FUNIL_WORKERS=3 pede DATABASE_URL (um servidor PostgreSQL: o banco ' +
        'embutido PGlite é de um processo só) e REDIS_URL (o Redis que os processos compartilham: eventos ' +
        'em tempo real e limites de login).',
    );
  }, 60_000);

  it('serves the API and sockets on one port from three workers, and SIGTERM stops them all', async () => {
    await adminQuery(ADMIN_URL, `CREATE DATABASE ${startName}`);
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    primary = await startNodeProcess(START_SCRIPT, [], {
      marker: 'Funil no ar:',
      timeoutMs: 300_000,
      env: {
        ...BASE_ENV,
        FUNIL_WORKERS: '3',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl(ADMIN_URL, startName),
        REDIS_URL,
        SEED_DEMO: 'false',
        FUNIL_ADMIN_EMAIL: 'dona@exemplo.com.br',
        FUNIL_ADMIN_PASSWORD: TEST_PASSWORD,
        // A SIP server of its own: the local SIP stack's fixed ports are not this test's.
        SIP_WS_URL: 'wss://sip.exemplo.com.br',
        SIP_DOMAIN: 'sip.exemplo.com.br',
        SIP_SECRET: randomBytes(16).toString('hex'),
        LOG_LEVEL: 'warn',
        FUNIL_DATA_DIR: `/tmp/${startName}`,
      },
    });
    const base = `http://127.0.0.1:${port}`;
    const bearer = await token(base, 'dona@exemplo.com.br');
    const held = await hold(base, bearer, 1);
    expect(held.socket.connected).toBe(true);
    // New connections go to the workers in turn; each answers as the same Funil.
    for (let i = 0; i < 6; i += 1) {
      const res = await fetch(`${base}/api/setup`);
      expect(await res.json()).toEqual({ needed: false });
    }
    const exited = new Promise<number | null>((r) => primary!.child.once('exit', (code) => r(code)));
    primary.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    await expect(fetch(`${base}/api/setup`)).rejects.toThrow();
  }, 420_000);
});
