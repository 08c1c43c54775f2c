// The one loop of the background workers (README.md "One mechanism"): busy passes run back to
// back, an idle or failed pass waits, wake() cuts the wait short, stop() waits for the pass in
// progress.
import { describe, expect, it, vi } from 'vitest';

import { Ticker } from './ticker.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Ticker', () => {
  it('runs the next pass at once while passes do something, then waits idleMs', async () => {
    const at: number[] = [];
    let busy = 3;
    const ticker = new Ticker({ idleMs: 300, onError: () => undefined, pass: async () => (at.push(Date.now()), busy-- > 0) });
    ticker.start();
    await vi.waitFor(() => expect(at.length).toBeGreaterThanOrEqual(5), { timeout: 5_000 });
    await ticker.stop();
    // Three busy passes and the idle one, back to back; the next waited for the idle time.
    expect(at[3]! - at[0]!).toBeLessThan(100);
    expect(at[4]! - at[3]!).toBeGreaterThanOrEqual(290);
  });

  it('wake() runs the next pass before the idle wait is over', async () => {
    let passes = 0;
    const ticker = new Ticker({ idleMs: 60_000, onError: () => undefined, pass: async () => (passes++, false) });
    ticker.start();
    await vi.waitFor(() => expect(passes).toBe(1));
    ticker.wake();
    await vi.waitFor(() => expect(passes).toBe(2));
    await ticker.stop();
  });

  it('a wake() during an idle pass is not lost: the next pass runs without the idle wait', async () => {
    // The pass looked before the work arrived; the work's wake() came while it was still running.
    let passes = 0;
    let release: () => void = () => undefined;
    const ticker = new Ticker({
      idleMs: 60_000,
      onError: () => undefined,
      pass: async () => {
        passes += 1;
        if (passes === 1) await new Promise<void>((resolve) => (release = resolve));
        return false;
      },
    });
    ticker.start();
    await vi.waitFor(() => expect(passes).toBe(1));
    ticker.wake();
    release();
    await vi.waitFor(() => expect(passes).toBe(2), { timeout: 1_000 });
    await ticker.stop();
  });

  it('reports a pass that throws and goes on after the idle wait', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const ticker = new Ticker({
      idleMs: 30,
      onError: (e) => errors.push(e),
      pass: async () => {
        passes += 1;
        if (passes === 1) throw new Error('falha');
        return false;
      },
    });
    ticker.start();
    await vi.waitFor(() => expect(passes).toBeGreaterThan(1));
    await ticker.stop();
    expect(errors).toEqual([new Error('falha')]);
    expect(passes).toBeGreaterThan(1);
  });

  it('stop() resolves only once the pass in progress has finished, and no pass runs after it', async () => {
    let finished = 0;
    let started = 0;
    const ticker = new Ticker({
      idleMs: 10,
      onError: () => undefined,
      pass: async () => (started++, await sleep(100), finished++, true),
    });
    ticker.start();
    await vi.waitFor(() => expect(started).toBe(1));
    await ticker.stop();
    expect(ticker.running).toBe(false);
    expect(finished).toBe(started);
    // Wait, then check that no pass started after stop().
    await sleep(50);
    expect(started).toBe(finished);
  });

  it('waitFirst: the first pass comes after the idle wait, and stop() during it runs none', async () => {
    const started = Date.now();
    const at: number[] = [];
    const ticker = new Ticker({
      idleMs: 100,
      waitFirst: true,
      onError: () => undefined,
      pass: async () => (at.push(Date.now()), false),
    });
    ticker.start();
    await vi.waitFor(() => expect(at.length).toBeGreaterThanOrEqual(1), { timeout: 5_000 });
    await ticker.stop();
    expect(at[0]! - started).toBeGreaterThanOrEqual(90);
    let passes = 0;
    const idle = new Ticker({ idleMs: 60_000, waitFirst: true, onError: () => undefined, pass: async () => (passes++, false) });
    idle.start();
    await idle.stop();
    // Wait, then check that no pass ran.
    await sleep(20);
    expect(passes).toBe(0);
  });
});
