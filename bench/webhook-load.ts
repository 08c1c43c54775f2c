// The load generator of `npm run bench -- webhook`, run as a child process (webhook-ingest.bench.ts
// forks it) so that the HTTP clients and the socket.io client do not take the app's CPU, as behind
// a real network. It builds the gateway's messages.upsert envelopes (ref §4.2), posts them, and for
// the paced phase times each one from the POST to its appMessage event on the socket, both clocks
// in this process. One job at a time over IPC; it never exits on its own.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

import { io } from 'socket.io-client';

import { load, serveJobs } from './lib.ts';

/** Where to post and what to post: the instance, its secret header and the leads' phones. */
export type WebhookTarget = { url: string; headers: Record<string, string>; instance: string; phones: string[] };

export type WebhookLoadJob =
  | { kind: 'sustained'; target: WebhookTarget; idPrefix: string; clients: number; seconds: number }
  | {
      kind: 'paced';
      target: WebhookTarget;
      idPrefix: string;
      rate: number;
      seconds: number;
      socket: { base: string; token: string; event: string };
    };

export type SustainedResult = { latencies: number[]; elapsedMs: number; failures: number };
export type PacedResult = { latencies: number[]; sent: number; failures: number; socketEvents: number };

export const envelope = (instance: string, id: string, phone: string, text: string): string =>
  JSON.stringify({
    event: 'messages.upsert',
    instance,
    data: {
      key: { remoteJid: `55${phone}@s.whatsapp.net`, fromMe: false, id, addressingMode: 'pn' },
      pushName: 'Cliente',
      status: 'DELIVERY_ACK',
      message: { conversation: text, messageContextInfo: { deviceListMetadata: {}, deviceListMetadataVersion: 2 } },
      messageType: 'conversation',
      messageTimestamp: Math.floor(Date.now() / 1000),
      instanceId: 'bench',
      source: 'android',
    },
    destination: 'http://bench/api/webhooks/evolution',
    date_time: new Date().toISOString(),
    sender: '5511900000001@s.whatsapp.net',
    server_url: 'http://bench',
    apikey: null,
  });

// node:http with a keep-alive agent: requests beyond the socket limit wait in the agent instead of
// piling up connections when the server falls behind.
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
function post(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const bodyOf = (t: WebhookTarget, idPrefix: string, i: number, text: string) =>
  envelope(t.instance, `${idPrefix}${String(i).padStart(10, '0')}`, t.phones[i % t.phones.length]!, `${text} ${i}`);

async function sustained(job: Extract<WebhookLoadJob, { kind: 'sustained' }>): Promise<SustainedResult> {
  let failures = 0;
  const post1 = async (i: number) => {
    if ((await post(job.target.url, job.target.headers, bodyOf(job.target, job.idPrefix, i, 'mensagem'))) !== 200) failures++;
  };
  const { latencies, elapsedMs } = await load(post1, {
    clients: job.clients,
    total: Number.POSITIVE_INFINITY,
    maxMs: job.seconds * 1000,
  });
  return { latencies, elapsedMs, failures };
}

async function paced(job: Extract<WebhookLoadJob, { kind: 'paced' }>): Promise<PacedResult> {
  const socket = io(job.socket.base, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token: job.socket.token },
    reconnection: false,
  });
  await new Promise<void>((resolve) => socket.once('ready', () => resolve()));
  let socketEvents = 0;
  const arrivals = new Map<string, number>();
  socket.on(job.socket.event, (payload: { message: { messageId: string | null } }) => {
    socketEvents++;
    const id = payload.message.messageId;
    if (id?.startsWith(job.idPrefix)) arrivals.set(id, performance.now());
  });
  const sentAt = new Map<string, number>();
  const interval = 1000 / job.rate;
  const total = job.rate * job.seconds;
  let failures = 0;
  const start = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = start + i * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const id = `${job.idPrefix}${String(i).padStart(10, '0')}`;
    sentAt.set(id, performance.now());
    inflight.push(
      post(job.target.url, job.target.headers, bodyOf(job.target, job.idPrefix, i, 'ritmo')).then(
        (status) => void (status !== 200 && failures++),
      ),
    );
  }
  // Bounded: whatever has not arrived 30 s after the last send, plus 5 s, is counted as missing.
  await Promise.race([Promise.all(inflight), new Promise((r) => setTimeout(r, 30_000))]);
  const deadline = performance.now() + 5_000;
  while (arrivals.size < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  socket.close();
  return { latencies: [...arrivals].map(([id, at]) => at - sentAt.get(id)!), sent: total, failures, socketEvents };
}

if (process.send)
  serveJobs<WebhookLoadJob, SustainedResult | PacedResult>((job) => (job.kind === 'sustained' ? sustained(job) : paced(job)));
