// jobs/due-by.ts: a due time the database wrote with microseconds inside the worker's current
// millisecond is due (issue 24's insights refresh missed its first pass in CI when it was not).
import { describe, expect, it } from 'vitest';

import { dueBy } from './due-by.ts';

/** Microseconds since the epoch of an ISO time with up to six decimals (how PostgreSQL keeps it). */
const micros = (iso: string) => {
  const [whole, frac = ''] = iso.replace('Z', '').split('.');
  return Date.parse(`${whole}Z`) * 1000 + Number(frac.padEnd(6, '0').slice(0, 6));
};

describe('dueBy', () => {
  it('is the end of the worker’s current millisecond: a row stored earlier in it is due, a later one is not', () => {
    const now = new Date('2026-11-28T12:00:00.123Z');
    const storedInThisMs = '2026-11-28T12:00:00.123456Z';
    // Compared with now itself, the row would wait a whole pass.
    expect(micros(storedInThisMs) <= micros(now.toISOString())).toBe(false);
    expect(micros(storedInThisMs) < micros(dueBy(now))).toBe(true);
    expect(micros('2026-11-28T12:00:00.124001Z') < micros(dueBy(now))).toBe(false);
    expect(dueBy(now)).toBe('2026-11-28T12:00:00.124Z');
  });
});
