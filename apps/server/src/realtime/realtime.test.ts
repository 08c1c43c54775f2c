// Socket.IO: a socket without a valid session is refused; events reach one unit's sockets only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

function open(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    socket.once('ready', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

describe('Socket.IO (001 §7 "Main socket")', () => {
  it('refuses a socket without a valid session token', async () => {
    await expect(open('invalido')).rejects.toThrow('Sessão expirada. Faça login novamente.');
  });

  it("emits to one unit's sockets and never to another unit or company", async () => {
    const a1 = await open(await t.login(t.fixture.users.u.email));
    const a2 = await open(await t.login(t.fixture.users.uA2.email));
    const b1 = await open(await t.login(t.fixture.users.uB1.email));
    const got: Record<string, unknown[]> = { a1: [], a2: [], b1: [] };
    a1.on('company-1-appMessage', (p) => got.a1!.push(p));
    a2.on('company-1-appMessage', (p) => got.a2!.push(p));
    b1.on('company-1-appMessage', (p) => got.b1!.push(p));
    t.app.realtime.toUnit(t.fixture.unitA1, 'company-1-appMessage', { n: 1 });
    t.app.realtime.toCompany(t.fixture.companyA, 'company-1-appMessage', { n: 2 });
    await new Promise((r) => setTimeout(r, 300));
    expect(got.a1).toEqual([{ n: 1 }, { n: 2 }]);
    expect(got.a2).toEqual([{ n: 2 }]);
    expect(got.b1).toEqual([]);
  });
});
