// Slows repeated login failures (issue 2, issue 7 §5) so that nobody on another address can lock a
// user out: the hard limits (429) key on the caller's address (per email and address, and per
// address across emails), so they only ever stop the address that failed; failures on the email
// alone, from any address, only add a growing wait before the answer, never a refusal.
//
// Where it lives (issue 21 item 22): in this process's memory, and — with REDIS_URL — shared by
// every server process through Redis (SharedThrottleStore, login-throttle.redis.ts): each failure
// and reset is counted in Redis atomically and announced on a channel that every process follows
// into its own map, so the synchronous reads below (delayMs, retryAfter) see the failures made on
// any process; `refresh` reads the keys of a request from Redis first (a process started later, a
// lost announcement) and `settled` waits until this process's writes are in Redis. A restart of
// every process (or of Redis) forgives, which is acceptable.

export type ThrottlePolicy = { freeFailures: number; baseDelayMs: number; maxDelayMs: number; windowMs: number };

/** One email from one address: a few free tries, then 429 with a growing Retry-After. */
export const PAIR_POLICY: ThrottlePolicy = {
  freeFailures: 5,
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  windowMs: 15 * 60_000,
};
/** One address across emails (password spraying): 429 with a growing Retry-After. */
export const ADDRESS_POLICY: ThrottlePolicy = {
  freeFailures: 20,
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  windowMs: 15 * 60_000,
};
/** One email from every address: a growing wait before each answer (1 s, 2 s, … 10 s), never a 429. */
export const EMAIL_POLICY: ThrottlePolicy = { freeFailures: 5, baseDelayMs: 1_000, maxDelayMs: 10_000, windowMs: 15 * 60_000 };

export type ThrottleEntry = { failures: number; lastFailureAt: number };
type Entry = ThrottleEntry;

/** The entries shared by every server process (Redis); without one the throttle is this process's. */
export interface SharedThrottleStore {
  /** Counts one failure of `key` at `now` (starting over past `windowMs`); answers the shared entry. */
  fail(key: string, now: number, windowMs: number): Promise<ThrottleEntry>;
  reset(key: string): Promise<void>;
  /** The shared entries of these keys, in order (null: none). */
  read(keys: readonly string[]): Promise<(ThrottleEntry | null)[]>;
  /** Calls `onChange` with every change made by any process (this one's too) from now on. */
  follow(onChange: (key: string, entry: ThrottleEntry | null) => void): Promise<void>;
}

export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const pairKey = (email: string, address: string) => `pair:${email}|${address}`;
export const addressKey = (address: string) => `ip:${address}`;
export const emailKey = (email: string) => `email:${email}`;

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  readonly sleep: Sleep;
  private readonly shared: SharedThrottleStore | undefined;
  private readonly onSharedError: (err: unknown) => void;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    now: () => number = Date.now,
    sleep: Sleep = realSleep,
    shared?: SharedThrottleStore,
    onSharedError: (err: unknown) => void = () => undefined,
  ) {
    this.now = now;
    this.sleep = sleep;
    this.shared = shared;
    this.onSharedError = onSharedError;
  }

  /** Starts following the other processes' failures and resets (with a shared store; else nothing). */
  async follow(): Promise<void> {
    await this.shared?.follow((key, entry) => this.apply(key, entry));
  }

  /**
   * Reads these keys' shared entries into this process (with a shared store; else nothing), after
   * this process's own writes: call it before the synchronous reads of a request.
   */
  async refresh(keys: readonly string[]): Promise<void> {
    if (!this.shared) return;
    await this.settled();
    try {
      const entries = await this.shared.read(keys);
      keys.forEach((key, i) => this.apply(key, entries[i] ?? null));
    } catch (err) {
      // Redis unreachable: this process's own count still holds.
      this.onSharedError(err);
    }
  }

  /** Resolves once this process's failures and resets so far are in the shared store. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
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
    const at = this.now();
    this.entries.set(key, { failures: (entry?.failures ?? 0) + 1, lastFailureAt: at });
    if (this.entries.size > 50_000) this.prune(policy);
    // The shared count is the true one: it also holds the other processes' failures.
    if (this.shared) this.track(this.shared.fail(key, at, policy.windowMs).then((shared) => this.apply(key, shared)));
  }

  reset(key: string): void {
    this.entries.delete(key);
    if (this.shared) this.track(this.shared.reset(key));
  }

  private track(write: Promise<void>): void {
    const done: Promise<void> = write.catch(this.onSharedError).finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  /** A shared entry (or its absence) replaces this process's, unless this one's is newer. */
  private apply(key: string, entry: ThrottleEntry | null): void {
    if (!entry) {
      this.entries.delete(key);
      return;
    }
    const current = this.entries.get(key);
    if (
      current &&
      (current.lastFailureAt > entry.lastFailureAt ||
        (current.lastFailureAt === entry.lastFailureAt && current.failures > entry.failures))
    )
      return;
    this.entries.set(key, entry);
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
