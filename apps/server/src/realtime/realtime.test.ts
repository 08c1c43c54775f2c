// Socket.IO (001 §7 "Main socket"): a socket without a valid session is refused; events reach one
// unit's sockets only, with payloads of the realtime contract; a socket lives no longer than its
// session (issue 7 §3).
import { request as httpRequest } from 'node:http';

import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { HTTP_MESSAGES } from '@funil/domain/http/errors';
import { contactEvent, UNIT_DATA_CHANGES, unitDataEvent } from '@funil/domain/realtime/events';
import { REALTIME_REFUSALS } from '@funil/domain/realtime/refusals';

import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp({ sessionSweepMs: 0 });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(async () => {
  await t.close();
});

type Opened = { socket: Socket; got: unknown[]; ended: Promise<string> };

function open(token: string): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const got: unknown[] = [];
    socket.on(unitDataEvent(t.fixture.companyA), (p: unknown) => got.push(p));
    const ended = new Promise<string>((r) => socket.once('disconnect', (reason) => r(reason)));
    socket.once('ready', () => resolve({ socket, got, ended }));
    socket.once('connect_error', (err) => reject(err));
  });
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Resolves with the disconnect reason, or 'still connected' after `ms`. */
const endedWithin = (s: Opened, ms: number) => Promise.race([s.ended, settle(ms).then(() => 'still connected')]);
/** The n-th of three distinct unit-wide payloads (a unit-data change carries nothing of a lead). */
const change = (n: 1 | 2 | 3) => ({ motivo: UNIT_DATA_CHANGES[n], idUnidade: t.fixture.unitA1 });
const exec = (query: ReturnType<typeof sql>) => t.app.db.execute(query);

describe('Socket.IO (001 §7 "Main socket")', () => {
  it('refuses a socket without a valid session token', async () => {
    await expect(open('invalido')).rejects.toThrow('Sessão expirada. Faça login novamente.');
  });

  it(
    'issue 21 item 22: WebSocket only: an HTTP long-polling handshake opens no socket (several ' +
      'processes need no sticky sessions)',
    async () => {
      const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
      expect(res.status).toBe(400);
      expect(await res.text()).not.toContain('"sid"');
    },
  );

  it("emits to one unit's sockets and never to another unit or company", async () => {
    const a1 = await open(await t.login(t.fixture.users.u.email));
    const a2 = await open(await t.login(t.fixture.users.uA2.email));
    const b1 = await open(await t.login(t.fixture.users.uB1.email));
    t.app.realtime.toUnit(t.fixture.unitA1, unitDataEvent(t.fixture.companyA), change(1));
    t.app.realtime.toCompany(t.fixture.companyA, unitDataEvent(t.fixture.companyA), change(2));
    await vi.waitFor(() => {
      expect(a1.got).toEqual([change(1), change(2)]);
      expect(a2.got).toEqual([change(2)]);
    });
    // The same emits reach every room at once: once the right sockets have them, a wrong one would have too.
    expect(b1.got).toEqual([]);
  });

  it('refuses to emit a payload outside the realtime contract (issue 7 §3 "one name, one shape")', () => {
    expect(() =>
      t.app.realtime.toUnit(t.fixture.unitA1, unitDataEvent(t.fixture.companyA), {
        // @ts-expect-error the WhatsApp module's former shape of company-{id}-contact is a type error
        action: 'create',
        contact: { cli_crm_id: 1 },
      }),
    ).toThrow(/fora do contrato: company-\d+-unit-data/);
  });

  it("refuses to emit a lead's event to a whole unit or company (issue 21: only to the users who may see the lead, 001 §6)", () => {
    const lead = { action: 'atualizado', cli_crm_id: 1, idUnidade: t.fixture.unitA1 } as const;
    // @ts-expect-error a lead's event is a type error for toUnit
    expect(() => t.app.realtime.toUnit(t.fixture.unitA1, contactEvent(t.fixture.companyA), lead)).toThrow(
      'evento de lead para a unidade inteira: company-',
    );
    // @ts-expect-error and for toCompany
    expect(() => t.app.realtime.toCompany(t.fixture.companyA, contactEvent(t.fixture.companyA), lead)).toThrow(
      'evento de lead para a unidade inteira',
    );
  });
});

describe('a refused realtime connection answers in Portuguese (issue 21 leftover)', () => {
  const ENGLISH = /Transport unknown|Session ID unknown|Bad handshake method|Bad request|Forbidden|Unsupported protocol/i;
  /** A plain HTTP request to the socket path: its status and body. */
  const get = async (query: string, init: RequestInit = {}) => {
    const res = await fetch(`${url}/socket.io/?${query}`, init);
    return { status: res.status, body: await res.text() };
  };
  /** A WebSocket upgrade the server refuses: its status line and the text it writes. */
  const upgrade = (query: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${url}/socket.io/?${query}`, {
        headers: {
          Connection: 'Upgrade',
          Upgrade: 'websocket',
          'Sec-WebSocket-Version': '13',
          'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        },
      });
      req.on('upgrade', () => reject(new Error('a conexão foi aceita')));
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it('long-polling handshake, unknown connection id, bad method, WebSocket handshake without upgrade: each in Portuguese', async () => {
    const cases: [string, RequestInit, keyof typeof REALTIME_REFUSALS][] = [
      ['EIO=4&transport=polling', {}, 0],
      ['EIO=4&transport=websocket&sid=nao-existe', {}, 1],
      ['EIO=4&transport=websocket', {}, 3],
      ['EIO=4&transport=websocket', { method: 'POST', body: 'x' }, 2],
    ];
    for (const [query, init, code] of cases) {
      const res = await get(query, init);
      expect([query, res.status, JSON.parse(res.body)]).toEqual([query, 400, { code, message: REALTIME_REFUSALS[code] }]);
      expect(res.body).not.toMatch(ENGLISH);
    }
  });

  it('a refused WebSocket upgrade writes the Portuguese text, never the English one', async () => {
    const res = await upgrade('EIO=4&transport=websocket&sid=nao-existe');
    expect(res.status).toBe(400);
    expect(res.body).toBe(REALTIME_REFUSALS[1]);
    const polling = await upgrade('EIO=4&transport=polling');
    expect(polling.body).toBe(REALTIME_REFUSALS[0]);
    for (const body of [res.body, polling.body]) expect(body).not.toMatch(ENGLISH);
  });

  it("a refused session token is the API's own text (HTTP_MESSAGES.unauthorized)", async () => {
    await expect(open('invalido')).rejects.toThrow(HTTP_MESSAGES.unauthorized);
  });
});

describe('a socket lives no longer than its session (issue 7 §3, 000 §4)', () => {
  it('logout disconnects that session’s sockets at once; another session of the user keeps its socket', async () => {
    const token = await t.login(t.fixture.users.m.email);
    const other = await open(await t.login(t.fixture.users.m.email));
    const s = await open(token);
    const res = await t.as(token, { method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(200);
    expect(await endedWithin(s, 2_000)).toBe('io server disconnect');
    t.app.realtime.toUnit(t.fixture.unitA1, unitDataEvent(t.fixture.companyA), change(3));
    await vi.waitFor(() => expect(other.got).toEqual([change(3)]));
    // The same emit reaches every room at once: the logged-out socket would have it by now.
    expect(s.got).toEqual([]);
    expect(other.socket.connected).toBe(true);
  });

  it("the user's deactivation disconnects every socket of the user", async () => {
    const s1 = await open(await t.login(t.fixture.users.mg.email));
    const s2 = await open(await t.login(t.fixture.users.mg.email));
    const bystander = await open(await t.login(t.fixture.users.a.email));
    await exec(sql`update usuarios set ativo = 0 where id = ${t.fixture.users.mg.id}`);
    t.app.sessionSockets.disconnectSessionsOf({ userId: t.fixture.users.mg.id });
    expect(await endedWithin(s1, 2_000)).toBe('io server disconnect');
    expect(await endedWithin(s2, 2_000)).toBe('io server disconnect');
    expect(bystander.socket.connected).toBe(true);
    await exec(sql`update usuarios set ativo = 1 where id = ${t.fixture.users.mg.id}`);
  });

  it("the unit's deactivation disconnects every socket of the unit, and only of it", async () => {
    const inA2 = await open(await t.login(t.fixture.users.uA2.email));
    const inA1 = await open(await t.login(t.fixture.users.a.email));
    await exec(sql`update unidades set ativo = 0 where id = ${t.fixture.unitA2}`);
    t.app.sessionSockets.disconnectSessionsOf({ unitId: t.fixture.unitA2 });
    expect(await endedWithin(inA2, 2_000)).toBe('io server disconnect');
    expect(inA1.socket.connected).toBe(true);
    await exec(sql`update unidades set ativo = 1 where id = ${t.fixture.unitA2}`);
  });

  it('the session expiry (12 hours, 000 §4) disconnects its socket when it comes, with no call', async () => {
    const token = await t.login(t.fixture.users.ag.email, false);
    // The browser session's expiry is 12 hours away; bring it to 800 ms from now.
    const [row] = (
      (await exec(
        sql`select id, extract(epoch from expira_em - criada_em)::int as secs from sessoes order by id desc limit 1`,
      )) as unknown as { rows: { id: number; secs: number }[] }
    ).rows;
    expect(Math.abs(row!.secs - 12 * 3600)).toBeLessThan(10);
    await exec(sql`update sessoes set expira_em = now() + interval '800 milliseconds' where id = ${row!.id}`);
    const s = await open(token);
    expect(s.socket.connected).toBe(true);
    expect(await endedWithin(s, 3_000)).toBe('io server disconnect');
  });

  it('a changed dataAtualizacao or dataDeslogar ends the sockets: at once with the call, and by the sweep without it', async () => {
    const user = t.fixture.users.sa;
    const byCall = await open(await t.login(user.email));
    const bySweep = await open(await t.login(t.fixture.users.u.email));
    const untouched = await open(await t.login(t.fixture.users.a.email));

    await exec(sql`update usuarios set data_atualizacao = now() + interval '1 second' where id = ${user.id}`);
    t.app.sessionSockets.disconnectSessionsOf({ userId: user.id });
    expect(await endedWithin(byCall, 2_000)).toBe('io server disconnect');

    // Changed elsewhere (another process, an admin's SQL) without a call: the periodic sweep ends it.
    await exec(sql`update usuarios set data_deslogar = now() where id = ${t.fixture.users.u.id}`);
    expect(await endedWithin(bySweep, 300)).toBe('still connected');
    expect(await t.app.sessionSockets.sweep()).toBe(1);
    expect(await endedWithin(bySweep, 2_000)).toBe('io server disconnect');
    expect(untouched.socket.connected).toBe(true);
  });

  it('the sweep also ends sockets of sessions revoked or deactivated without a call', async () => {
    const revoked = await open(await t.login(t.fixture.users.aB1.email));
    const inactive = await open(await t.login(t.fixture.users.uB1.email));
    const untouched = await open(await t.login(t.fixture.users.a.email));
    await exec(sql`update sessoes set revogada_em = now() where id_usuario = ${t.fixture.users.aB1.id}`);
    await exec(sql`update usuarios set ativo = 0 where id = ${t.fixture.users.uB1.id}`);
    expect(await t.app.sessionSockets.sweep()).toBe(2);
    expect(await endedWithin(revoked, 2_000)).toBe('io server disconnect');
    expect(await endedWithin(inactive, 2_000)).toBe('io server disconnect');
    expect(untouched.socket.connected).toBe(true);
  });
});
