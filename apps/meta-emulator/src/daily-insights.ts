// Every ad's daily delivery (issue 24's bench: 20,000 ads × a year is 7.3 million days, more than a
// shared machine should hold as objects). A generated account's days are a deterministic function of
// (seed, ad id, day), computed on read; only the days a test or the live generator sets or changes are
// stored, on top, and a day deleted from a generated span is remembered as removed. The surface is a
// Map's (get, set, delete, has, size, entries, iteration) keyed `${adId}|${date}`, so tests read it as before.
import { seeded } from './fixtures.ts';

/** One ad's delivery on one day (the account's time zone). Money in cents. */
export type DailyInsight = {
  adId: string;
  date: string; // YYYY-MM-DD
  impressions: number;
  reach: number;
  clicks: number;
  spendCents: number;
  /** action_type → count, as Meta reports `actions` (e.g. lead, onsite_conversion.lead_grouped, link_click). */
  actions: Record<string, number>;
  /** action_type → count for the `conversions` field (custom and standard pixel events). */
  conversions: Record<string, number>;
};

/** One generateInsights call: the ads it covered, its days (the account's dates) and its seed. */
type Span = { adIds: Set<string>; since: string; until: string; seed: number };

const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** FNV-1a of a string, the seed of one day's draws. */
const hash = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

/**
 * One ad's plausible day: lead campaigns carry both `lead` and its subset `onsite_conversion.lead_grouped`
 * (never to be summed), messaging campaigns `onsite_conversion.messaging_conversation_started_7d`, some
 * days (15 %) no result at all.
 */
export const generatedDay = (seed: number, adId: string, date: string, objective: string | undefined): DailyInsight => {
  const random = seeded(hash(`${seed}|${adId}|${date}`));
  const impressions = 400 + Math.floor(random() * 2600);
  const reach = Math.floor(impressions * (0.7 + random() * 0.2));
  const clicks = Math.floor(impressions * (0.008 + random() * 0.025));
  const spendCents = 900 + Math.floor(random() * 4100);
  const actions: Record<string, number> = { link_click: clicks, post_engagement: clicks + Math.floor(random() * 20) };
  const results = random() < 0.15 ? 0 : Math.max(0, Math.round(clicks * (0.1 + random() * 0.15)));
  if (objective === 'OUTCOME_LEADS' && results > 0) {
    actions.lead = results;
    actions['onsite_conversion.lead_grouped'] = results;
  } else if (results > 0) actions['onsite_conversion.messaging_conversation_started_7d'] = results;
  return { adId, date, impressions, reach, clicks, spendCents, actions, conversions: {} };
};

export class DailyInsights implements Iterable<[string, DailyInsight]> {
  private readonly stored = new Map<string, DailyInsight>();
  private readonly removed = new Set<string>();
  private readonly spans: Span[] = [];

  /** `objectiveOf(adId)`: the objective of the ad's campaign (what a generated day carries). */
  constructor(private readonly objectiveOf: (adId: string) => string | undefined) {}

  /** Days of `adIds` from `since` to `until` are generated from now on (a later span wins over an earlier one). */
  generate(adIds: Iterable<string>, since: string, until: string, seed: number): number {
    const span: Span = { adIds: new Set(adIds), since, until, seed };
    this.spans.push(span);
    // The generated days replace what was set or removed before on those days, as writing them did.
    for (const key of [...this.stored.keys(), ...this.removed]) if (this.inSpan(span, key)) this.forget(key);
    let days = 0;
    for (let d = since; d <= until; d = addDays(d, 1)) days += 1;
    return span.adIds.size * days;
  }

  private forget(key: string): void {
    this.stored.delete(key);
    this.removed.delete(key);
  }

  private inSpan(span: Span, key: string): boolean {
    const [adId, date] = key.split('|') as [string, string];
    return span.adIds.has(adId) && date >= span.since && date <= span.until;
  }

  private generated(adId: string, date: string): DailyInsight | undefined {
    for (let i = this.spans.length - 1; i >= 0; i -= 1) {
      const span = this.spans[i]!;
      if (date >= span.since && date <= span.until && span.adIds.has(adId))
        return generatedDay(span.seed, adId, date, this.objectiveOf(adId));
    }
    return undefined;
  }

  /** The day of an ad, or undefined when it had no delivery. A generated day is a new object on every read. */
  day(adId: string, date: string): DailyInsight | undefined {
    const key = `${adId}|${date}`;
    const own = this.stored.get(key);
    if (own) return own;
    if (this.spans.length === 0 || this.removed.has(key)) return undefined;
    return this.generated(adId, date);
  }

  get(key: string): DailyInsight | undefined {
    const [adId, date] = key.split('|') as [string, string];
    return this.day(adId, date);
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  set(key: string, value: DailyInsight): this {
    this.removed.delete(key);
    this.stored.set(key, value);
    return this;
  }

  /** The day as a stored object (a generated one is stored first), for changes in place (the live leads). */
  materialize(adId: string, date: string): DailyInsight | undefined {
    const key = `${adId}|${date}`;
    const day = this.day(adId, date);
    if (day && !this.stored.has(key)) this.stored.set(key, day);
    return day;
  }

  delete(key: string): boolean {
    const existed = this.has(key);
    this.stored.delete(key);
    if (existed && this.spans.length > 0) this.removed.add(key);
    return existed;
  }

  /** The generated days still in force: not stored over, not removed, not covered again by a later span. */
  private *generatedKeys(): IterableIterator<[Span, string, string, string]> {
    for (let i = this.spans.length - 1; i >= 0; i -= 1) {
      const span = this.spans[i]!;
      const later = this.spans.slice(i + 1);
      for (const adId of span.adIds)
        for (let date = span.since; date <= span.until; date = addDays(date, 1)) {
          const key = `${adId}|${date}`;
          if (this.stored.has(key) || this.removed.has(key) || later.some((s) => this.inSpan(s, key))) continue;
          yield [span, adId, date, key];
        }
    }
  }

  /** Every (key, day): the generated ones computed as they are walked, then the stored ones. */
  *entries(): IterableIterator<[string, DailyInsight]> {
    for (const [span, adId, date, key] of this.generatedKeys())
      yield [key, generatedDay(span.seed, adId, date, this.objectiveOf(adId))];
    yield* this.stored.entries();
  }

  [Symbol.iterator](): IterableIterator<[string, DailyInsight]> {
    return this.entries();
  }

  /** How many days there are (walks the generated spans: for the control route's state, not for hot paths). */
  get size(): number {
    let n = this.stored.size;
    for (const _ of this.generatedKeys()) n += 1;
    return n;
  }
}
