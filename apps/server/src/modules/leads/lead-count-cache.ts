// A short cache of the contact list's exact total (crm_contato_total, 002 §3) per unit and filter.
// The count is the costly part of a list read on a big unit (proportional to the leads matched);
// the screen asks for the same filter again on every page and every live event. An entry lives a
// few seconds and every lead change of the unit drops the unit's entries (announce() in the leads
// service, each committed CSV batch), so a change is never hidden behind the cache in this process.
// Changes made elsewhere (another server process, the WhatsApp module's new leads) show within
// the TTL. Concurrent reads of the same key share one count. A read in the TTL's grace after an
// entry expired gets the expired total at once and starts one count behind it, which replaces the
// entry when it is done: a busy list never waits for its periodic recount, and a total may lag
// changes made elsewhere by at most two TTLs and one count (docs/decisions.md "List totals").
import type { DbOrTx } from '../../db/handle.ts';

export type CachedCount<T = number> = {
  /** The contato/crm window the total was counted with; the page uses the same one. */
  capturedSince: Date | undefined;
  /** The count (the pipeline keeps its column counts and ticket sums here too, issue 11). */
  total: Promise<T>;
};

type Entry = CachedCount<unknown> & { expiresAt: number; refreshing?: boolean };

export const LEAD_COUNT_TTL_MS = 5_000;
const MAX_ENTRIES_PER_UNIT = 500;
const SPREAD = 0.2;

export class LeadCountCache {
  private readonly units = new Map<number, Map<string, Entry>>();

  constructor(
    private readonly ttlMs = LEAD_COUNT_TTL_MS,
    private readonly clock: () => number = Date.now,
    /** A number in [0, 1) per new entry: its life is cut by up to a fifth of the TTL (spread). */
    private readonly random: () => number = Math.random,
  ) {}

  /** The live entry of `key` in `unit`, or a new one from `count()`. A failed count is not kept. */
  get<T = number>(unit: number, key: string, count: () => CachedCount<T>): CachedCount<T> {
    const now = this.clock();
    let entries = this.units.get(unit);
    const hit = entries?.get(key) as (CachedCount<T> & Omit<Entry, keyof CachedCount>) | undefined;
    if (hit && hit.expiresAt > now) return hit;
    if (!entries) {
      entries = new Map();
      this.units.set(unit, entries);
    }
    const inGrace = hit !== undefined && now - hit.expiresAt < this.ttlMs;
    // In the grace, a recount already running behind the expired total is enough.
    if (inGrace && hit.refreshing) return hit;
    // Entries counted together (a screen's first read, a dropped unit) would otherwise expire and
    // be recounted together, a burst of the costliest statements every TTL: each lives between
    // four fifths of the TTL and the whole of it.
    const entry: CachedCount<T> & Omit<Entry, keyof CachedCount> = {
      ...count(),
      expiresAt: now + this.ttlMs * (1 - SPREAD * this.random()),
    };
    if (inGrace) {
      // The expired total now, the new count behind it (one at a time per key).
      hit.refreshing = true;
      const unitEntries = entries;
      entry.total.then(
        () => {
          if (unitEntries.get(key) === hit) unitEntries.set(key, entry);
        },
        () => {
          hit.refreshing = false;
        },
      );
      return hit;
    }
    entries.delete(key);
    entries.set(key, entry);
    // The oldest keys go first (a Map keeps insertion order).
    for (const oldest of entries.keys()) {
      if (entries.size <= MAX_ENTRIES_PER_UNIT) break;
      entries.delete(oldest);
    }
    const unitEntries = entries;
    entry.total.catch(() => {
      if (unitEntries.get(key) === entry) unitEntries.delete(key);
    });
    return entry;
  }

  /** Drops every total of the unit, counted or still counting. */
  invalidate(unit: number): void {
    this.units.delete(unit);
  }
}

const caches = new WeakMap<object, LeadCountCache>();

/** The cache of one database (the app's lead, tag and negotiation routes and the CSV job share it). */
export function leadCountCache(db: DbOrTx): LeadCountCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LeadCountCache();
    caches.set(db, cache);
  }
  return cache;
}

/** After a committed change of leads of these units (created, changed, moved, deleted, tagged). */
export function invalidateLeadCounts(db: DbOrTx, units: Iterable<number>): void {
  const cache = caches.get(db);
  if (!cache) return;
  for (const unit of units) cache.invalidate(unit);
}
