// A minimal SIP-over-WebSocket client for server tests and the bench (issue 12): REGISTER with
// digest authentication, as SIP.js does it, to prove what Kamailio accepts without a browser.
import { createHash, randomBytes } from 'node:crypto';

import WebSocket from 'ws';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const rand = () => randomBytes(6).toString('hex');

export type SipReply = { status: number; headers: string };

/** Opens ws:// with the 'sip' sub-protocol. */
export function openSipSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, 'sip');
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake ${res.statusCode}`)));
  });
}

function nextReply(ws: WebSocket): Promise<SipReply> {
  return new Promise((resolve) => {
    ws.once('message', (data: Buffer) => {
      const text = data.toString();
      resolve({ status: Number(/^SIP\/2\.0 (\d{3})/.exec(text)?.[1] ?? 0), headers: text });
    });
  });
}

/** REGISTER `extension`@domain with these credentials; answers the final status (200, 401, 403…). */
export async function sipRegister(
  ws: WebSocket,
  o: { domain: string; extension: string | number; username: string; password: string },
): Promise<number> {
  const callId = rand();
  const tag = rand();
  const uri = `sip:${o.domain}`;
  const base = (cseq: number, auth = '') =>
    [
      `REGISTER ${uri} SIP/2.0`,
      `Via: SIP/2.0/WS ${rand()}.invalid;branch=z9hG4bK${rand()}`,
      'Max-Forwards: 70',
      `To: <sip:${o.extension}@${o.domain}>`,
      `From: <sip:${o.extension}@${o.domain}>;tag=${tag}`,
      `Call-ID: ${callId}`,
      `CSeq: ${cseq} REGISTER`,
      `Contact: <sip:${o.extension}@${rand()}.invalid;transport=ws>`,
      'Expires: 60',
      ...(auth ? [auth] : []),
      'Content-Length: 0',
      '',
      '',
    ].join('\r\n');
  let reply = nextReply(ws);
  ws.send(base(1));
  const first = await reply;
  if (first.status !== 401) return first.status;
  const challenge = /WWW-Authenticate: Digest (.*)/i.exec(first.headers)?.[1] ?? '';
  const param = (k: string) => new RegExp(`${k}="([^"]*)"`).exec(challenge)?.[1] ?? '';
  const realm = param('realm');
  const nonce = param('nonce');
  const cnonce = rand();
  const nc = '00000001';
  const ha1 = md5(`${o.username}:${realm}:${o.password}`);
  const ha2 = md5(`REGISTER:${uri}`);
  const qop = /qop="?auth/.test(challenge);
  const response = qop ? md5(`${ha1}:${nonce}:${nc}:${cnonce}:auth:${ha2}`) : md5(`${ha1}:${nonce}:${ha2}`);
  const auth =
    `Authorization: Digest username="${o.username}", realm="${realm}", nonce="${nonce}", uri="${uri}", ` +
    `response="${response}", algorithm=MD5${qop ? `, qop=auth, nc=${nc}, cnonce="${cnonce}"` : ''}`;
  reply = nextReply(ws);
  ws.send(base(2, auth));
  return (await reply).status;
}
