// Webhook delivery of ref §4.1: POST JSON, configured headers as-is, bounded retries with
// exponential backoff and ±20 % jitter, no retry on 400/401/403/404/422.

export type RetryPolicy = { maxAttempts: number; baseDelayMs: number; maxDelayMs: number; timeoutMs: number };

// ref §4.1 defaults: 10 attempts, 5 s doubling to a 300 s cap, 30 s request timeout.
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 10, baseDelayMs: 5_000, maxDelayMs: 300_000, timeoutMs: 30_000 };

const NO_RETRY = new Set([400, 401, 403, 404, 422]);

export type DeliveryAttempt = {
  event: string;
  instance: string;
  url: string;
  attempt: number;
  at: string;
  status?: number;
  error?: string;
  outcome: 'delivered' | 'retrying' | 'failed';
};

export type Delivery = { url: string; headers: Record<string, string>; body: unknown; event: string; instance: string };

export type WebhookDispatcher = {
  send(delivery: Delivery): void;
  attempts: DeliveryAttempt[];
  idle(): Promise<void>;
  close(): void;
};

export const createWebhookDispatcher = (policy: RetryPolicy, random: () => number = Math.random): WebhookDispatcher => {
  const attempts: DeliveryAttempt[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  const delayFor = (attempt: number): number => {
    const base = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
    return Math.round(base * (0.8 + random() * 0.4));
  };

  const attempt = async (delivery: Delivery, n: number): Promise<void> => {
    if (closed) return;
    const record: DeliveryAttempt = {
      event: delivery.event,
      instance: delivery.instance,
      url: delivery.url,
      attempt: n,
      at: new Date().toISOString(),
      outcome: 'failed',
    };
    let retryable = true;
    try {
      const res = await fetch(delivery.url, {
        method: 'POST',
        headers: { ...delivery.headers, 'content-type': 'application/json' },
        body: JSON.stringify(delivery.body),
        signal: AbortSignal.timeout(policy.timeoutMs),
      });
      await res.arrayBuffer().catch(() => undefined);
      record.status = res.status;
      if (res.ok) {
        record.outcome = 'delivered';
        attempts.push(record);
        return;
      }
      retryable = !NO_RETRY.has(res.status);
    } catch (err) {
      record.error = err instanceof Error ? err.message : String(err);
    }
    if (closed) return;
    if (retryable && n < policy.maxAttempts) {
      record.outcome = 'retrying';
      const timer = setTimeout(() => {
        timers.delete(timer);
        track(attempt(delivery, n + 1));
      }, delayFor(n));
      timers.add(timer);
    }
    attempts.push(record);
  };

  const track = (p: Promise<void>): void => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  return {
    attempts,
    send: (delivery) => {
      if (!closed) track(attempt(delivery, 1));
    },
    // Resolves once nothing is in flight and no retry is scheduled.
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
