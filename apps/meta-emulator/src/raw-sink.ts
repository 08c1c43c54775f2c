// A real local HTTP listener that keeps each request's raw bytes, for the webhook tests (the
// signature is over the bytes) and usable by the server's tests as a stand-in callback.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RawRequest = { method: string; url: string; headers: IncomingHttpHeaders; raw: Buffer };

export type RawSink = {
  url: string;
  requests: RawRequest[];
  /** How to answer: status and body (default 200 '{"success":true}'); the verification GET echoes hub.challenge by default. */
  respond(fn: (req: RawRequest, index: number) => { status: number; body?: string }): void;
  waitFor(count: number, timeoutMs?: number): Promise<RawRequest[]>;
  close(): Promise<void>;
};

export const startRawSink = async (): Promise<RawSink> => {
  const requests: RawRequest[] = [];
  let decide = (req: RawRequest, _index: number): { status: number; body?: string } => {
    if (req.method === 'GET') return { status: 200, body: new URL(req.url, 'http://x').searchParams.get('hub.challenge') ?? '' };
    return { status: 200, body: '{"success":true}' };
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: RawRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        raw: Buffer.concat(chunks),
      };
      requests.push(entry);
      const answer = decide(entry, requests.length - 1);
      res.statusCode = answer.status;
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond: (fn) => {
      decide = fn;
    },
    waitFor: async (count, timeoutMs = 5_000) => {
      const until = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > until) throw new Error(`esperava ${count} requisições, chegaram ${requests.length}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return requests;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
};
