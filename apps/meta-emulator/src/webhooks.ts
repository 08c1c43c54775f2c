// Lead Ads webhooks as Meta sends them ("Webhooks for Pages", field `leadgen`):
//   body {object:'page', entry:[{id: page_id, time, changes:[{field:'leadgen', value:{leadgen_id, page_id,
//   form_id, adgroup_id, ad_id, created_time}}]}]}, serialised the way Meta's PHP-side encoder does
//   (non-ASCII as \uXXXX, '/' as '\/'), signed X-Hub-Signature-256: sha256=<hex HMAC of those bytes
//   with the app secret>. Retried on failure with backoff (Meta keeps trying for up to 36 hours).
// Also the verification handshake Meta performs before it accepts a callback URL.
import { createHmac, randomInt } from 'node:crypto';

import { GraphError } from './graph-error.ts';
import type { Lead } from './state.ts';

/** JSON.stringify, then every non-ASCII character as \uXXXX and '/' as '\/', as Meta's payloads arrive. */
export const metaJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export const signature = (raw: string | Buffer, appSecret: string): string =>
  `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;

/** The older header Meta still sends beside X-Hub-Signature-256. */
export const signatureSha1 = (raw: string | Buffer, appSecret: string): string =>
  `sha1=${createHmac('sha1', appSecret).update(raw).digest('hex')}`;

export const leadgenChange = (lead: Lead) => ({
  field: 'leadgen',
  value: {
    ...(lead.adId ? { ad_id: lead.adId, adgroup_id: lead.adId } : {}),
    form_id: lead.formId,
    leadgen_id: lead.id,
    created_time: lead.createdTime,
    page_id: lead.pageId,
  },
});

/** One POST's body: the leads grouped by page into entries, in the given order. */
export const leadgenBody = (leads: Lead[], time = Math.floor(Date.now() / 1000)) => {
  const entries: { id: string; time: number; changes: ReturnType<typeof leadgenChange>[] }[] = [];
  for (const lead of leads) {
    let entry = entries.find((e) => e.id === lead.pageId);
    if (!entry) {
      entry = { id: lead.pageId, time, changes: [] };
      entries.push(entry);
    }
    entry.changes.push(leadgenChange(lead));
  }
  return { object: 'page', entry: entries };
};

export type WebhookAttempt = {
  url: string;
  attempt: number;
  at: string;
  leadgenIds: string[];
  /** The exact bytes posted (as text) and their signature header. */
  body: string;
  signature: string;
  badSignature: boolean;
  status?: number;
  error?: string;
  outcome: 'delivered' | 'retrying' | 'failed';
};

export type RetryPolicy = { maxAttempts: number; baseDelayMs: number; maxDelayMs: number; timeoutMs: number };
// Meta retries a failed delivery "immediately and then with decreasing frequency over the next 36 hours".
export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 12,
  baseDelayMs: 10_000,
  maxDelayMs: 4 * 60 * 60_000,
  timeoutMs: 20_000,
};

const ATTEMPT_LOG_LIMIT = 5_000;

export type SendOptions = {
  /** Extra copies of the same POST (Meta delivers at least once). */
  duplicates?: number;
  /** Sign with a wrong secret. */
  badSignature?: boolean;
  /** Post this much later (a late delivery: Meta keeps trying for 36 hours). */
  delayMs?: number;
};

export type WebhookSender = {
  send(url: string, leads: Lead[], options?: SendOptions): void;
  attempts: WebhookAttempt[];
  idle(): Promise<void>;
  close(): void;
};

export const createWebhookSender = (appSecret: string, policy: RetryPolicy): WebhookSender => {
  const attempts: WebhookAttempt[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  const post = async (url: string, body: string, leadgenIds: string[], badSignature: boolean, n: number): Promise<void> => {
    if (closed) return;
    const secret = badSignature ? `${appSecret}-errado` : appSecret;
    const sig = signature(body, secret);
    const record: WebhookAttempt = {
      url,
      attempt: n,
      at: new Date().toISOString(),
      leadgenIds,
      body,
      signature: sig,
      badSignature,
      outcome: 'failed',
    };
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature': signatureSha1(body, secret),
          'x-hub-signature-256': sig,
          'user-agent': 'facebookexternalua',
        },
        body,
        signal: AbortSignal.timeout(policy.timeoutMs),
      });
      await res.arrayBuffer().catch(() => undefined);
      record.status = res.status;
      if (res.ok) {
        record.outcome = 'delivered';
        keep(record);
        return;
      }
    } catch (err) {
      record.error = err instanceof Error ? err.message : String(err);
    }
    if (closed) return;
    if (n < policy.maxAttempts) {
      record.outcome = 'retrying';
      const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (n - 1));
      const timer = setTimeout(() => {
        timers.delete(timer);
        track(post(url, body, leadgenIds, badSignature, n + 1));
      }, delay);
      timers.add(timer);
    }
    keep(record);
  };
  const keep = (record: WebhookAttempt): void => {
    attempts.push(record);
    // The demo's live generator runs for days: keep the newest attempts only.
    if (attempts.length > ATTEMPT_LOG_LIMIT) attempts.splice(0, attempts.length - ATTEMPT_LOG_LIMIT);
  };
  const track = (p: Promise<void>): void => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  return {
    attempts,
    send: (url, leads, options = {}) => {
      if (closed || leads.length === 0) return;
      const body = metaJson(leadgenBody(leads));
      const ids = leads.map((l) => l.id);
      const go = () => {
        for (let i = 0; i <= (options.duplicates ?? 0); i++) track(post(url, body, ids, options.badSignature ?? false, 1));
      };
      if (!options.delayMs) return go();
      const timer = setTimeout(() => {
        timers.delete(timer);
        go();
      }, options.delayMs);
      timers.add(timer);
    },
    idle: async () => {
      while (inFlight.size > 0 || timers.size > 0) {
        if (inFlight.size > 0) await Promise.allSettled([...inFlight]);
        else await new Promise((r) => setTimeout(r, 5));
      }
    },
    close: () => {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
};

/**
 * Meta's verification request: GET callback?hub.mode=subscribe&hub.challenge=<n>&hub.verify_token=<token>.
 * The callback passes when it answers 200 with exactly the challenge.
 */
export const verifyCallback = async (
  url: string,
  verifyToken: string,
): Promise<{ ok: boolean; status: number | null; body: string; challenge: string }> => {
  const challenge = String(randomInt(100_000_000, 2_000_000_000));
  const target = new URL(url);
  target.searchParams.set('hub.mode', 'subscribe');
  target.searchParams.set('hub.challenge', challenge);
  target.searchParams.set('hub.verify_token', verifyToken);
  try {
    const res = await fetch(target, { signal: AbortSignal.timeout(10_000), headers: { 'user-agent': 'facebookplatform/1.0' } });
    const body = await res.text();
    return { ok: res.status === 200 && body.trim() === challenge, status: res.status, body, challenge };
  } catch (err) {
    return { ok: false, status: null, body: err instanceof Error ? err.message : String(err), challenge };
  }
};

export const callbackRefused = (status: number | null, body: string): GraphError =>
  new GraphError(400, {
    message: `(#2200) callback verification failed: ${
      status === null ? body : `Response does not match challenge, expected value, received="${body.slice(0, 80)}"`
    }`,
    type: 'OAuthException',
    code: 2200,
  });
