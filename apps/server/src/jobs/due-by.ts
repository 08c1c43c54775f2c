// The bound a row-lease claimer compares due times with (jobs/README.md "One mechanism"). A due time
// written by the database's now() has microseconds; the worker's clock has milliseconds, so a row
// stored earlier in the worker's current millisecond compared with `now` itself is not due yet, and
// waits a whole pass (the insights' first refresh, a Lead Ads delivery answered and drained at once).
// Compare `due < dueBy(now)`: every due time up to the end of the current millisecond.
export function dueBy(now: Date): string {
  return new Date(now.getTime() + 1).toISOString();
}
