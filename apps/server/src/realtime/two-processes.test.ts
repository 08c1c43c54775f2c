// issue 7 §3: two server processes on one PostgreSQL and one Redis (ARCHITECTURE "real time":
// the Redis adapter when REDIS_URL is set). An event raised in one reaches a socket of the right
// unit held by the other, and not a socket of another unit; a logout on one disconnects the
// socket held by the other. Each process is a child `node` of its own, sharing nothing but the
// database (a fresh one for this test) and Redis (channels under a key of this test).
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { contactEvent, type RealtimePayload } from '@funil/domain/realtime/events';

import { openDatabase, type Database } from '../db/connection.ts';
import { createUser } from '../demo/builders.ts';
import { loadEnv } from '../env.ts';
import { leads } from '../modules/leads/leads.table.ts';
import { phoneKey } from '../modules/leads/phone-key.ts';
import {
  adminQuery,
  databaseUrl,
  servicesUnreachable,
  startServerNode,
  stopNodeProcesses,
  uniqueDatabaseName,
  type NodeProcess,
} from '../testing/processes.ts';
import { seedFixture, TEST_PASSWORD, type Fixture } from '../testing/test-app.ts';

const env = loadEnv();
// CI's server (and this machine's) on 127.0.0.1:5432 answers the postgres user with trust or this password.
const ADMIN_URL = env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const REDIS_URL = env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const skipReason = await servicesUnreachable(ADMIN_URL, REDIS_URL);
if (skipReason) console.warn(`two-processes.test.ts ignorado: ${skipReason}`);

const name = uniqueDatabaseName('funil_rt');
const redisKey = `funil-test-${name}`;
let database: Database | null = null;
let fixture: Fixture;
const nodes: NodeProcess[] = [];
const sockets: Socket[] = [];

async function login(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, senha: TEST_PASSWORD, lembrar: true }),
  });
  if (res.status !== 200) throw new Error(`login de ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

type Held = { socket: Socket; contacts: RealtimePayload<ReturnType<typeof contactEvent>>[]; ended: Promise<string> };

function hold(url: string, token: string): Promise<Held> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const contacts: Held['contacts'] = [];
    socket.on(contactEvent(fixture.companyA), (p: Held['contacts'][number]) => contacts.push(p));
    const ended = new Promise<string>((r) => socket.once('disconnect', (reason) => r(reason)));
    socket.once('ready', () => resolve({ socket, contacts, ended }));
    socket.once('connect_error', reject);
  });
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'tempo esgotado'>((r) => setTimeout(() => r('tempo esgotado'), ms))]);
const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return check();
};

describe.skipIf(skipReason !== null)('two server processes on one PostgreSQL and one Redis (issue 7 §3)', () => {
  beforeAll(async () => {
    await adminQuery(ADMIN_URL, `CREATE DATABASE ${name}`);
    // Migrated and seeded here, before the processes start, so they only read what they share.
    database = await openDatabase({ url: databaseUrl(ADMIN_URL, name) });
    fixture = await seedFixture(database);
    const config = { databaseUrl: databaseUrl(ADMIN_URL, name), redisUrl: REDIS_URL, redisKey, sessionSweepMs: 0 };
    nodes.push(...(await Promise.all([startServerNode(config), startServerNode(config)])));
  }, 180_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await stopNodeProcesses(nodes);
    await database?.close();
    await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }, 60_000);

  it("an event raised in one process reaches the unit's socket held by the other, and not another unit's", async () => {
    const [one, other] = [nodes[0]!, nodes[1]!];
    const inA1 = await hold(other.url, await login(one.url, fixture.users.a.email));
    const inA2 = await hold(other.url, await login(one.url, fixture.users.uA2.email));
    const token = await login(one.url, fixture.users.u.email);
    const res = await fetch(`${one.url}/api/contato/cadastrarcontato/manual`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ cli_nome: 'Lead de Outro Processo', cli_telefone: '11987650001' }),
    });
    expect(res.status).toBe(200);
    const id = ((await res.json()) as { data: { id: number } }).data.id;
    expect(await until(() => inA1.contacts.length > 0, 10_000)).toBe(true);
    expect(inA1.contacts).toEqual([{ action: 'criado', cli_crm_id: id, idUnidade: fixture.unitA1 }]);
    // Given the same time again, nothing reaches the other unit.
    await new Promise((r) => setTimeout(r, 500));
    expect(inA2.contacts).toEqual([]);
  });

  it(
    "a lead's event raised in one process reaches, through the other, only the sockets of users who " +
      'may see the lead (issue 21, 001 §6)',
    async () => {
      const [one, other] = [nodes[0]!, nodes[1]!];
      const db = database!.db;
      const email = 'dona-2p@teste.com.br';
      const owner = await createUser(db, {
        idEmpresa: fixture.companyA,
        idUnidade: fixture.unitA1,
        nome: 'Dona 2P',
        email,
        senha: TEST_PASSWORD,
        permissao: 'u',
        idRamal: 0,
        acessoAtribuidos: false,
      });
      const [row] = await db
        .insert(leads)
        .values({
          idEmpresa: fixture.companyA,
          idUnidade: fixture.unitA1,
          cliNome: 'Lead da Dona 2P',
          cliTelefone: '11987650002',
          telefoneChave: phoneKey('11987650002'),
          idUsuario: owner,
        })
        .returning({ id: leads.cliCrmId });
      const id = row!.id;
      const ownerSocket = await hold(other.url, await login(one.url, email));
      // The fixture's attendant has acesso_atribuidos 0: another attendant's lead is not theirs to see.
      const hidden = await hold(other.url, await login(one.url, fixture.users.u.email));
      const res = await fetch(`${one.url}/api/contato/whatsapp-bloqueado/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await login(one.url, fixture.users.a.email)}` },
        body: JSON.stringify({ whatsapp_blocked: 1 }),
      });
      expect(res.status).toBe(200);
      expect(await until(() => ownerSocket.contacts.some((c) => c.cli_crm_id === id), 10_000)).toBe(true);
      // Given the same time again, nothing of it reaches the attendant who may not see it.
      await new Promise((r) => setTimeout(r, 500));
      expect(hidden.contacts.filter((c) => c.cli_crm_id === id)).toEqual([]);
    },
  );

  it('a logout on one process disconnects the socket of that session held by the other', async () => {
    const [one, other] = [nodes[0]!, nodes[1]!];
    const token = await login(one.url, fixture.users.m.email);
    const held = await hold(other.url, token);
    const bystander = await hold(other.url, await login(other.url, fixture.users.a.email));
    const res = await fetch(`${one.url}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(await within(held.ended, 10_000)).toBe('io server disconnect');
    expect(bystander.socket.connected).toBe(true);
  });
});
