// Slows repeated login failures (issue 2, issue 7 §5) so that nobody on another address can lock a
// user out: the hard limits (429) key on the caller's address (per email and address, and per
// address across emails), so they only ever stop the address that failed; failures on the email
// alone, from any address, only add a growing wait before the answer, never a refusal. In memory:
// a restart forgives, which is acceptable.

export type ThrottlePolicy = { freeFailures: number; baseDelayMs: number; maxDelayMs: number; windowMs: number };

/** One email from one address: a few free tries, then 429 with a growing Retry-After. */
export const PAIR_POLICY: ThrottlePolicy = { freeFailures: 5, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000, windowMs: 15 * 60_000 };
/** One address across emails (password spraying): 429 with a growing Retry-After. */
export const ADDRESS_POLICY: ThrottlePolicy = { freeFailures: 20, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000, windowMs: 15 * 60_000 };
/** One email from every address: a growing wait before each answer (1 s, 2 s, … 10 s), never a 429. */
export const EMAIL_POLICY: ThrottlePolicy = { freeFailures: 5, baseDelayMs: 1_000, maxDelayMs: 10_000, windowMs: 15 * 60_000 };

type Entry = { failures: number; lastFailureAt: number };

export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const pairKey = (email: string, address: string) => `pair:${email}|${address}`;
export const addressKey = (address: string) => `ip:${address}`;
export const emailKey = (email: string) => `email:${email}`;

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  readonly sleep: Sleep;

  constructor(now: () => number = Date.now, sleep: Sleep = realSleep) {
    this.now = now;
    this.sleep = sleep;
  }

  /** The wait past the free failures of a key: baseDelay doubling per failure, up to maxDelay; 0 when free. */
  delayMs(key: string, policy: ThrottlePolicy): number {
    const entry = this.fresh(key, policy);
    if (!entry || entry.failures < policy.freeFailures) return 0;
    return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (entry.failures - policy.freeFailures));
  }

  /** Seconds the caller must still wait before trying this key again; 0 when free. */
  retryAfter(key: string, policy: ThrottlePolicy): number {
    const delay = this.delayMs(key, policy);
    if (delay === 0) return 0;
    const waitMs = this.entries.get(key)!.lastFailureAt + delay - this.now();
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
