// The list-total cache on its own: a few seconds per unit and key, shared by concurrent reads,
// dropped per unit on a change, a failed count never kept.
import { describe, expect, it } from 'vitest';

import { LeadCountCache } from './lead-count-cache.ts';

const counter = () => {
  let calls = 0;
  return {
    count: (total: number) => () => {
      calls += 1;
      return { capturedSince: undefined, total: Promise.resolve(total) };
    },
    calls: () => calls,
  };
};

describe('LeadCountCache', () => {
  it('answers the same key from one count until the TTL passes', async () => {
    let now = 1_000;
    const cache = new LeadCountCache(
      5_000,
      () => now,
      () => 0,
    );
    const c = counter();
    expect(await cache.get(1, 'k', c.count(10)).total).toBe(10);
    now += 4_999;
    expect(await cache.get(1, 'k', c.count(11)).total).toBe(10);
    expect(c.calls()).toBe(1);
    // Past the TTL and a grace of one more TTL: counted again before answering.
    now += 1 + 5_000;
    expect(await cache.get(1, 'k', c.count(12)).total).toBe(12);
    expect(c.calls()).toBe(2);
  });

  it('in the grace after the TTL answers the expired total at once and counts once behind it', async () => {
    let now = 1_000;
    const cache = new LeadCountCache(
      5_000,
      () => now,
      () => 0,
    );
    const c = counter();
    expect(await cache.get(1, 'k', c.count(10)).total).toBe(10);
    now += 6_000;
    let release: (n: number) => void = () => undefined;
    const slow = () => ({ capturedSince: undefined, total: new Promise<number>((resolve) => (release = resolve)) });
    expect(await cache.get(1, 'k', slow).total).toBe(10);
    // A second read while the recount runs neither waits nor starts another count.
    expect(await cache.get(1, 'k', c.count(99)).total).toBe(10);
    expect(c.calls()).toBe(1);
    release(11);
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get(1, 'k', c.count(12)).total).toBe(11);
    expect(c.calls()).toBe(1);
    // A change drops it all the same: the next read counts before answering.
    cache.invalidate(1);
    expect(await cache.get(1, 'k', c.count(13)).total).toBe(13);
  });

  it('spreads the expiries of entries counted together over the last fifth of the TTL', async () => {
    let now = 0;
    const draws = [0, 0.5, 0.999];
    const cache = new LeadCountCache(
      5_000,
      () => now,
      () => draws.shift() ?? 0,
    );
    const c = counter();
    for (const key of ['a', 'b', 'c']) await cache.get(1, key, c.count(1)).total;
    // 'a' lives the whole TTL, 'b' nine tenths of it, 'c' just over four fifths.
    expect(c.calls()).toBe(3);
    now = 4_100;
    for (const key of ['a', 'b', 'c']) await cache.get(1, key, c.count(2)).total;
    expect(c.calls()).toBe(4);
    now = 4_600;
    for (const key of ['a', 'b']) await cache.get(1, key, c.count(2)).total;
    expect(c.calls()).toBe(5);
  });

  it('a failed recount in the grace keeps the expired total and lets the next read try again', async () => {
    let now = 0;
    const cache = new LeadCountCache(
      5_000,
      () => now,
      () => 0,
    );
    await cache.get(1, 'k', () => ({ capturedSince: undefined, total: Promise.resolve(4) })).total;
    now = 6_000;
    const failing = { capturedSince: undefined, total: Promise.reject(new Error('falhou')) };
    expect(await cache.get(1, 'k', () => failing).total).toBe(4);
    await failing.total.catch(() => undefined);
    await Promise.resolve();
    const c = counter();
    expect(await cache.get(1, 'k', c.count(5)).total).toBe(4);
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get(1, 'k', c.count(6)).total).toBe(5);
  });

  it('shares a count still running and keeps keys and units apart', async () => {
    const cache = new LeadCountCache();
    let release: (n: number) => void = () => undefined;
    const slow = { capturedSince: new Date(0), total: new Promise<number>((resolve) => (release = resolve)) };
    const first = cache.get(1, 'k', () => slow);
    const second = cache.get(1, 'k', () => ({ capturedSince: undefined, total: Promise.resolve(-1) }));
    expect(second).toBe(first);
    release(7);
    expect(await second.total).toBe(7);
    expect(second.capturedSince).toEqual(new Date(0));
    expect(await cache.get(1, 'other', () => ({ capturedSince: undefined, total: Promise.resolve(3) })).total).toBe(3);
    expect(await cache.get(2, 'k', () => ({ capturedSince: undefined, total: Promise.resolve(4) })).total).toBe(4);
  });

  it("invalidate drops the unit's totals, counted or still counting, and only that unit's", async () => {
    const cache = new LeadCountCache();
    const c = counter();
    await cache.get(1, 'k', c.count(10)).total;
    await cache.get(2, 'k', c.count(20)).total;
    cache.invalidate(1);
    expect(await cache.get(1, 'k', c.count(11)).total).toBe(11);
    expect(await cache.get(2, 'k', c.count(21)).total).toBe(20);
    const running = cache.get(1, 'late', () => ({ capturedSince: undefined, total: new Promise<number>(() => undefined) }));
    cache.invalidate(1);
    expect(cache.get(1, 'late', c.count(5))).not.toBe(running);
  });

  it('does not keep a failed count', async () => {
    const cache = new LeadCountCache();
    await expect(
      cache.get(1, 'k', () => ({ capturedSince: undefined, total: Promise.reject(new Error('falhou')) })).total,
    ).rejects.toThrow('falhou');
    expect(await cache.get(1, 'k', () => ({ capturedSince: undefined, total: Promise.resolve(9) })).total).toBe(9);
  });
});
