// issue 21 item 22: a server process stops while users are connected (SIGTERM from systemd, one of
// several processes replaced): its sockets end with 'io server disconnect' and the app closes,
// instead of its HTTP server waiting forever for the open WebSocket connections.
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp | null = null;
let socket: Socket | null = null;
afterAll(async () => {
  socket?.close();
  await t?.database.drop();
});

describe('closing the app with sockets connected', () => {
  it("ends this process's sockets and closes", async () => {
    t = await createTestApp({ sessionSweepMs: 0 });
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const token = await t.login(t.fixture.users.a.email);
    const held = connect(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    socket = held;
    await new Promise((resolve, reject) => {
      held.once('ready', resolve);
      held.once('connect_error', reject);
    });
    const ended = new Promise<string>((resolve) => held.once('disconnect', (reason) => resolve(reason)));
    const closed = t.app.close().then(() => 'fechado');
    // Not a measure of speed: a close that waits for the socket never comes at all.
    expect(await Promise.race([closed, new Promise((r) => setTimeout(() => r('ainda aberto após 20 s'), 20_000))])).toBe(
      'fechado',
    );
    expect(await ended).toBe('io server disconnect');
  }, 240_000);
});
