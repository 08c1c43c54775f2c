import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real local HTTP listener that records webhook POSTs, for tests of the emulator and of
// the server's webhook handling. `respond` decides each answer's status (default 200).

export type SinkRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: unknown; at: number };

export type WebhookSink = {
  url: string;
  requests: SinkRequest[];
  respond: (status: (req: SinkRequest, index: number) => number) => void;
  waitFor: (predicate: (req: SinkRequest) => boolean, timeoutMs?: number) => Promise<SinkRequest>;
  close: () => Promise<void>;
};

export const startWebhookSink = async (): Promise<WebhookSink> => {
  const requests: SinkRequest[] = [];
  const waiters: { predicate: (r: SinkRequest) => boolean; resolve: (r: SinkRequest) => void }[] = [];
  let decide: (req: SinkRequest, index: number) => number = () => 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // keep the raw text
      }
      const entry: SinkRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, at: Date.now() };
      requests.push(entry);
      res.statusCode = decide(entry, requests.length - 1);
      res.end('{}');
      for (const w of [...waiters]) {
        if (w.predicate(entry)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(entry);
        }
      }
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
    waitFor: (predicate, timeoutMs = 5_000) => {
      const found = requests.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('webhook not received in time')), timeoutMs);
        waiters.push({
          predicate,
          resolve: (r) => {
            clearTimeout(timer);
            resolve(r);
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
};
