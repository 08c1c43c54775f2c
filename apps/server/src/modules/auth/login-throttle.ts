// Slows repeated login failures per email and per address (issue 2): a few free tries, then a
// growing wait, never a permanent lock. In memory: a restart forgives, which is acceptable.

export type ThrottlePolicy = { freeFailures: number; baseDelayMs: number; maxDelayMs: number; windowMs: number };

export const EMAIL_POLICY: ThrottlePolicy = { freeFailures: 5, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000, windowMs: 15 * 60_000 };
export const ADDRESS_POLICY: ThrottlePolicy = { freeFailures: 20, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000, windowMs: 15 * 60_000 };

type Entry = { failures: number; lastFailureAt: number };

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** Seconds the caller must still wait before trying this key again; 0 when free. */
  retryAfter(key: string, policy: ThrottlePolicy): number {
    const entry = this.fresh(key, policy);
    if (!entry || entry.failures < policy.freeFailures) return 0;
    const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (entry.failures - policy.freeFailures));
    const waitMs = entry.lastFailureAt + delay - this.now();
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  }

  fail(key: string, policy: ThrottlePolicy): void {
    const entry = this.fresh(key, policy);
    this.entries.set(key, { failures: (entry?.failures ?? 0) + 1, lastFailureAt: this.now() });
    if (this.entries.size > 50_000) this.prune(policy);
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private fresh(key: string, policy: ThrottlePolicy): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.lastFailureAt > policy.windowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private prune(policy: ThrottlePolicy): void {
    for (const key of [...this.entries.keys()]) this.fresh(key, policy);
  }
}
