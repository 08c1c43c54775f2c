// issue 12: the generated Kamailio accepts a REGISTER over WebSocket only with the short-lived
// credentials our server signs (auth_ephemeral, shared secret) for the registering extension.
import { createSocket, type Socket } from 'node:dgram';
import { createServer, type Server } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ephemeralCredentials } from './sip-credentials.ts';
import { sipStackMissing, startSipStack, type SipStack } from './sip-stack.ts';
import { openSipSocket, sipRegister } from './sip-test-client.ts';

const SECRET = 'segredo-compartilhado-de-teste';
const missing = sipStackMissing(true);
if (missing)
  console.warn(
    `\n!!! TESTES DO WEBPHONE PULADOS: ${missing}. Instale: apt-get install kamailio kamailio-websocket-modules ` +
      `kamailio-autheph-modules rtpengine-daemon sip-tester (o .ci/run instala) !!!\n`,
  );

let stack: SipStack;
beforeAll(async () => {
  if (!missing) stack = await startSipStack({ secret: SECRET, leadPhone: true });
}, 30_000);
afterAll(async () => {
  await stack?.stop();
});

describe.skipIf(missing)('Kamailio with auth_ephemeral (issue 12)', () => {
  it('registers extension 201 with credentials signed by the shared secret', async () => {
    const ws = await openSipSocket(stack.wsUrl);
    const c = ephemeralCredentials(SECRET, 201, 600);
    expect(await sipRegister(ws, { domain: stack.domain, extension: 201, username: c.usuario, password: c.senha })).toBe(200);
    ws.close();
  });

  it('refuses a wrong secret, expired credentials and another extension’s credentials', async () => {
    const ws = await openSipSocket(stack.wsUrl);
    const wrong = ephemeralCredentials('outro-segredo-qualquer', 201, 600);
    expect(
      await sipRegister(ws, { domain: stack.domain, extension: 201, username: wrong.usuario, password: wrong.senha }),
    ).not.toBe(200);
    const expired = ephemeralCredentials(SECRET, 201, -60);
    expect(
      await sipRegister(ws, { domain: stack.domain, extension: 201, username: expired.usuario, password: expired.senha }),
    ).not.toBe(200);
    const other = ephemeralCredentials(SECRET, 202, 600);
    expect(await sipRegister(ws, { domain: stack.domain, extension: 201, username: other.usuario, password: other.senha })).toBe(
      403,
    );
    ws.close();
  });

  it('refuses a WebSocket handshake whose Host is not one of its addresses', async () => {
    await expect(openSipSocket(stack.wsUrl.replace('127.0.0.1', 'localhost'))).rejects.toThrow(/403/);
  });
});

// Taken ports stay taken: EADDRINUSE means another program already holds it, which is the case tested.
const holdTcp = (port: number) =>
  new Promise<Server | null>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(null));
    s.listen(port, '127.0.0.1', () => resolve(s));
  });
const holdUdp = (port: number) =>
  new Promise<Socket | null>((resolve) => {
    const s = createSocket('udp4');
    s.once('error', () => resolve(null));
    s.bind(port, '127.0.0.1', () => resolve(s));
  });

describe.skipIf(missing)('two Funil instances on one machine (issue 21)', () => {
  it('starts a second stack beside the first while the programs’ default ports are taken, and both register', async () => {
    // rtpengine's packaged defaults (ng 2223, CLI 2224, HTTP 2225), SIPp's control (8888) and RTP echo (6000, 6002).
    const tcp = await Promise.all([2224, 2225].map(holdTcp));
    const udp = await Promise.all([2223, 8888, 6000, 6002].map(holdUdp));
    let second: SipStack | undefined;
    try {
      second = await startSipStack({ secret: SECRET, leadPhone: true });
      expect(second.wsPort).not.toBe(stack.wsPort);
      for (const s of [stack, second]) {
        const ws = await openSipSocket(s.wsUrl);
        const c = ephemeralCredentials(SECRET, 201, 600);
        expect(await sipRegister(ws, { domain: s.domain, extension: 201, username: c.usuario, password: c.senha })).toBe(200);
        ws.close();
      }
    } finally {
      await second?.stop();
      for (const s of tcp) s?.close();
      for (const s of udp) s?.close();
    }
  }, 30_000);
});
