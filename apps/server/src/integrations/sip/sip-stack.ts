// Starts the webphone's SIP stack on 127.0.0.1 (issue 12): rtpengine first, wait for its ng control
// port (Kamailio disables an rtpengine whose first ping fails for 60 s), then Kamailio with the
// generated config, and optionally SIPp as the leads' phone. Stops what it started.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { kamailioConfig } from './kamailio-config.ts';

export const KAMAILIO_MODULES_DIR = '/usr/lib/x86_64-linux-gnu/kamailio/modules';
export const LEAD_PHONE_SCENARIO = join(dirname(fileURLToPath(import.meta.url)), 'lead-phone.xml');

const has = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;

/** Why the stack cannot run here, in Portuguese for the webphone; null when every part is installed. */
export function sipStackMissing(withPhone = false): string | null {
  const missing = [
    has('kamailio') ? null : 'kamailio',
    existsSync(join(KAMAILIO_MODULES_DIR, 'websocket.so')) ? null : 'kamailio-websocket-modules',
    existsSync(join(KAMAILIO_MODULES_DIR, 'auth_ephemeral.so')) ? null : 'kamailio-autheph-modules',
    has('rtpengine') ? null : 'rtpengine-daemon',
    withPhone && !has('sipp') ? 'sip-tester' : null,
  ].filter((x): x is string => x !== null);
  return missing.length ? `servidor SIP não instalado (faltam: ${missing.join(', ')})` : null;
}

export type SipStackOptions = {
  secret: string;
  domain?: string;
  /** Start SIPp answering as every lead's phone (tests, demo). */
  leadPhone?: boolean;
  /** Seconds an unanswered call rings before Kamailio ends it. */
  ringTimeoutSeconds?: number;
  log?: (line: string) => void;
};

export type SipStack = {
  wsUrl: string;
  domain: string;
  udpPort: number;
  wsPort: number;
  /** SIPp's SIP port, when started. */
  leadPhonePort: number | null;
  stop(): Promise<void>;
};

/** A free TCP port on 127.0.0.1. */
export function freeTcpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A free UDP port on 127.0.0.1. */
export function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createSocket('udp4');
    s.once('error', reject);
    s.bind(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** A free UDP port p on 127.0.0.1 with p + 2 free too (SIPp's RTP echo takes both: audio, video). */
export async function freeUdpPortPair(): Promise<number> {
  for (let i = 0; i < 20; i++) {
    const port = await freeUdpPort();
    if (port + 2 > 65535) continue;
    const free = await new Promise<boolean>((resolve) => {
      const s = createSocket('udp4');
      s.once('error', () => resolve(false));
      s.bind(port + 2, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('nenhum par de portas UDP livre para o telefone de teste');
}

/** Sends rtpengine's ng "ping" until it answers "pong". */
async function waitForNg(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = createSocket('udp4');
      const timer = setTimeout(() => {
        s.close();
        resolve(false);
      }, 200);
      s.on('message', (msg) => {
        clearTimeout(timer);
        s.close();
        resolve(msg.toString().includes('pong'));
      });
      s.send('funil d7:command4:pinge', port, '127.0.0.1');
    });
    if (ok) return;
  }
  throw new Error(`rtpengine não respondeu na porta ${port}`);
}

async function waitForTcp(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const c = createConnection({ port, host: '127.0.0.1' }, () => {
        c.end();
        resolve(true);
      });
      c.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Kamailio não abriu a porta ${port}`);
}

function pipeLog(child: ChildProcess, name: string, log?: (line: string) => void) {
  if (!log) {
    child.stdout?.resume();
    child.stderr?.resume();
    return;
  }
  const each = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(`[${name}] ${line}`);
  };
  child.stdout?.on('data', each);
  child.stderr?.on('data', each);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    // Kamailio forks children in its own process group; the group is signalled.
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  });
}

/** Starts rtpengine, Kamailio (and SIPp) on random 127.0.0.1 ports; throws with the reason. */
export async function startSipStack(o: SipStackOptions): Promise<SipStack> {
  const missing = sipStackMissing(o.leadPhone);
  if (missing) throw new Error(missing);
  const dir = mkdtempSync(join(tmpdir(), 'funil-sip-'));
  const children: ChildProcess[] = [];
  // If this process ends without stop(), its SIP processes end with it.
  const onExit = () => {
    for (const c of children)
      if (c.exitCode === null)
        try {
          process.kill(-c.pid!, 'SIGTERM');
        } catch {
          /* already gone */
        }
  };
  process.once('exit', onExit);
  const stop = async () => {
    process.off('exit', onExit);
    for (const c of [...children].reverse()) await stopChild(c);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Every port these processes open is chosen here, none is left to a default (rtpengine reads
    // /etc/rtpengine/rtpengine.conf unless told not to: CLI 2224, HTTP 2225; SIPp's control 8888,
    // its RTP echo 6000): a demo left running on this machine, or a second Funil, must not make
    // this one fail (issue 21).
    const ngPort = await freeUdpPort();
    const cliPort = await freeTcpPort();
    const udpPort = await freeUdpPort();
    const wsPort = await freeTcpPort();
    // A small RTP range of its own (2 ports per call leg), somewhere in 20000-59999.
    const rtpMin = 20000 + 2 * Math.floor(Math.random() * 19000);
    const rtpengine = spawn(
      'rtpengine',
      [
        '--config-file=none',
        '--foreground',
        '--log-stderr',
        '--table=-1',
        '--interface=127.0.0.1',
        `--listen-ng=127.0.0.1:${ngPort}`,
        `--listen-cli=127.0.0.1:${cliPort}`,
        `--port-min=${rtpMin}`,
        `--port-max=${rtpMin + 399}`,
        '--no-redis-required',
        `--pidfile=${join(dir, 'rtpengine.pid')}`,
        '--log-level=5',
        '--delete-delay=0',
      ],
      { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(rtpengine);
    pipeLog(rtpengine, 'rtpengine', o.log);
    await waitForNg(ngPort, 10_000);

    let leadPhonePort: number | null = null;
    if (o.leadPhone) {
      leadPhonePort = await freeUdpPort();
      const mediaPort = await freeUdpPortPair();
      const controlPort = await freeUdpPort();
      const sipp = spawn(
        'sipp',
        [
          '-sf',
          LEAD_PHONE_SCENARIO,
          '-i',
          '127.0.0.1',
          '-p',
          String(leadPhonePort),
          '-mi',
          '127.0.0.1',
          '-mp',
          String(mediaPort),
          '-ci',
          '127.0.0.1',
          '-cp',
          String(controlPort),
          '-rtp_echo',
          '-nostdin',
          '-trace_err',
          '-error_file',
          join(dir, 'sipp-errors.log'),
          '-max_recv_loops',
          '10000',
          '-aa',
        ],
        { detached: true, stdio: ['ignore', 'pipe', 'pipe'], cwd: dir },
      );
      children.push(sipp);
      pipeLog(sipp, 'sipp', o.log);
    }

    // A name, not 127.0.0.1: a bare address alias would make every loopback port (the gateway's
    // too) "myself" and turn in-dialog requests into strict routing.
    const domain = o.domain ?? 'funil.local';
    const cfg = join(dir, 'kamailio.cfg');
    writeFileSync(
      cfg,
      kamailioConfig({
        udpPort,
        wsPort,
        rtpengineNgPort: ngPort,
        domain,
        secret: o.secret,
        gateway: leadPhonePort ? `127.0.0.1:${leadPhonePort}` : null,
        modulesDir: KAMAILIO_MODULES_DIR,
        ringTimeoutSeconds: o.ringTimeoutSeconds,
      }),
    );
    const kamailio = spawn(
      'kamailio',
      ['-DD', '-E', '-f', cfg, '-P', join(dir, 'kamailio.pid'), '-Y', dir, '-m', '64', '-M', '8'],
      { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(kamailio);
    pipeLog(kamailio, 'kamailio', o.log);
    const exited = new Promise<never>((_, reject) =>
      kamailio.once('exit', (code) => reject(new Error(`Kamailio terminou ao iniciar (código ${code})`))),
    );
    await Promise.race([waitForTcp(wsPort, 10_000), exited]);
    kamailio.removeAllListeners('exit');
    return { wsUrl: `ws://127.0.0.1:${wsPort}`, domain, udpPort, wsPort, leadPhonePort, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
