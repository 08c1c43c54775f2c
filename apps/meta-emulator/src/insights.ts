// Ads Insights (Marketing API "Insights API", "Asynchronous and batch requests"):
//   GET  /{act_id|campaign|adset|ad}/insights   sync: level, fields, time_range | date_preset,
//        time_increment (1, N days, monthly, all_days), breakdowns (age, gender, publisher_platform), filtering
//   POST /{object}/insights                     async: → {report_run_id}
//   GET  /{report_run_id}                       async_status, async_percent_completion
//   GET  /{report_run_id}/insights              the finished report's rows, paged
// Numbers come back as strings, as Meta sends them (spend "12.34", impressions "1234", ctr "1.234568");
// `actions` is [{action_type, value}] and is left out of a row that has none, like any metric Meta lacks.
import { forcedError, GraphError, invalidParameter, nonexistingField } from './graph-error.ts';
import { on, type Call, type GraphContext } from './graph.ts';
import { filteringParam, jsonParam, page, parseFields, type RowSource } from './params.ts';
import {
  newId,
  nodeOf,
  nodesOf,
  nowSeconds,
  type Ad,
  type AdAccount,
  type AdSet,
  type Campaign,
  type DailyInsight,
  type ReportRun,
  type State,
} from './state.ts';

export type Level = 'account' | 'campaign' | 'adset' | 'ad';
const LEVELS: Level[] = ['account', 'campaign', 'adset', 'ad'];

export const INSIGHT_FIELDS = [
  'account_id',
  'account_name',
  'account_currency',
  'campaign_id',
  'campaign_name',
  'adset_id',
  'adset_name',
  'ad_id',
  'ad_name',
  'objective',
  'impressions',
  'reach',
  'frequency',
  'clicks',
  'ctr',
  'cpc',
  'cpm',
  'spend',
  'actions',
  'cost_per_action_type',
  'conversions',
  'cost_per_conversion',
  'date_start',
  'date_stop',
] as const;
const DEFAULT_FIELDS = ['impressions', 'spend', 'date_start', 'date_stop'];
const BREAKDOWNS: Record<string, { values: string[]; weights: number[] }> = {
  age: { values: ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'], weights: [10, 30, 28, 18, 9, 5] },
  gender: { values: ['female', 'male', 'unknown'], weights: [62, 36, 2] },
  publisher_platform: { values: ['facebook', 'instagram', 'audience_network', 'messenger'], weights: [45, 50, 3, 2] },
};

/** Today's date in the account's time zone, YYYY-MM-DD. */
export const todayIn = (timeZone: string, now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

export const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** A decimal as Meta writes it: at most 6 places, no trailing zeros. */
const decimal = (x: number): string => String(Number(x.toFixed(6)));
const money = (cents: number): string => (cents / 100).toFixed(2);

/** Splits an integer by weights, keeping the total (largest remainder). */
const apportion = (total: number, weights: number[]): number[] => {
  const sum = weights.reduce((a, b) => a + b, 0);
  const raw = weights.map((w) => (total * w) / sum);
  const out = raw.map(Math.floor);
  let rest = total - out.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (rest <= 0) break;
    out[i]! += 1;
    rest -= 1;
  }
  return out;
};

type Query = {
  account: AdAccount;
  scope: { level: Level; id: string };
  level: Level;
  fields: string[];
  since: string;
  until: string;
  increment: number | 'monthly' | 'all_days';
  breakdowns: string[];
  filters: ReturnType<typeof filteringParam>;
};

const resolveRange = (params: Call['params'], timeZone: string): { since: string; until: string } => {
  const today = todayIn(timeZone);
  const range = jsonParam<{ since?: string; until?: string }>(params, 'time_range');
  if (range) {
    const iso = /^\d{4}-\d{2}-\d{2}$/;
    if (!range.since || !range.until || !iso.test(range.since) || !iso.test(range.until))
      throw invalidParameter('Param time_range is invalid: since and until must be dates like 2026-01-31');
    if (range.since > range.until) throw invalidParameter('Param time_range: since must not be after until');
    if (daysBetween(range.since, today) > 37 * 31)
      throw invalidParameter('Insights are available for the last 37 months only', 1487534);
    return { since: range.since, until: range.until };
  }
  const preset = params.date_preset ?? 'last_30d';
  const month = today.slice(0, 7);
  switch (preset) {
    case 'today':
      return { since: today, until: today };
    case 'yesterday':
      return { since: addDays(today, -1), until: addDays(today, -1) };
    case 'last_7d':
    case 'last_14d':
    case 'last_28d':
    case 'last_30d':
    case 'last_90d': {
      const n = Number(/\d+/.exec(preset)![0]);
      return { since: addDays(today, -n), until: addDays(today, -1) };
    }
    case 'this_month':
      return { since: `${month}-01`, until: today };
    case 'last_month': {
      const first = `${month}-01`;
      const lastOfPrev = addDays(first, -1);
      return { since: `${lastOfPrev.slice(0, 7)}-01`, until: lastOfPrev };
    }
    case 'maximum':
      return { since: addDays(today, -37 * 30), until: today };
    default:
      throw invalidParameter(
        'Param date_preset must be one of {today, yesterday, this_month, last_month, ' +
          'last_7d, last_14d, last_28d, last_30d, last_90d, maximum}',
      );
  }
};

const accountOfNode = (state: State, call: Call): AdAccount => {
  const node = call.node!;
  if (node.type === 'adaccount') return node;
  return nodeOf(state, (node as Ad).accountId, 'adaccount')!;
};

export const parseQuery = (state: State, call: Call): Query => {
  const node = call.node!;
  const account = accountOfNode(state, call);
  const scopeLevel: Level = node.type === 'adaccount' ? 'account' : (node.type as Level);
  const level = (call.params.level ?? scopeLevel) as Level;
  if (!LEVELS.includes(level)) throw invalidParameter(`Param level must be one of {ad, adset, campaign, account}`);
  if (LEVELS.indexOf(level) < LEVELS.indexOf(scopeLevel))
    throw invalidParameter(`Param level ${level} is above the object's level`);
  const fields = parseFields(call.params) ?? DEFAULT_FIELDS;
  for (const f of fields) if (!(INSIGHT_FIELDS as readonly string[]).includes(f)) throw nonexistingField(f, 'AdsInsights');
  const { since, until } = resolveRange(call.params, account.timezone);
  const inc = call.params.time_increment ?? 'all_days';
  const increment = inc === 'monthly' || inc === 'all_days' ? inc : Number(inc);
  if (typeof increment === 'number' && (!Number.isInteger(increment) || increment < 1 || increment > 90))
    throw invalidParameter('Param time_increment must be an integer between 1 and 90, monthly or all_days');
  const breakdowns = (call.params.breakdowns ?? '')
    .replace(/[[\]"]/g, '')
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  for (const b of breakdowns)
    if (!BREAKDOWNS[b]) throw invalidParameter(`Param breakdowns[0] must be one of {${Object.keys(BREAKDOWNS).join(', ')}}`);
  const filters = filteringParam(call.params);
  for (const f of filters)
    if (!['campaign.id', 'adset.id', 'ad.id', 'action_type', 'campaign.objective'].includes(f.field))
      throw invalidParameter(`Filtering field ${f.field} is invalid.`);
  return { account, scope: { level: scopeLevel, id: node.id }, level, fields, since, until, increment, breakdowns, filters };
};

type Sum = {
  impressions: number;
  reach: number;
  clicks: number;
  spendCents: number;
  actions: Record<string, number>;
  conversions: Record<string, number>;
};
const empty = (): Sum => ({ impressions: 0, reach: 0, clicks: 0, spendCents: 0, actions: {}, conversions: {} });
const addInto = (sum: Sum, d: Sum): void => {
  sum.impressions += d.impressions;
  sum.reach += d.reach;
  sum.clicks += d.clicks;
  sum.spendCents += d.spendCents;
  for (const [k, v] of Object.entries(d.actions)) sum.actions[k] = (sum.actions[k] ?? 0) + v;
  for (const [k, v] of Object.entries(d.conversions)) sum.conversions[k] = (sum.conversions[k] ?? 0) + v;
};

/** The query's ads grouped by the level's object, in the order of each object's first ad. */
type Group = { levelId: string; ads: Ad[]; first: Ad; campaign: Campaign | null; adset: AdSet | null };

const groupsOf = (state: State, q: Query): Group[] => {
  const inScope = (ad: Ad): boolean =>
    ad.accountId === q.account.id &&
    (q.scope.level === 'account' ||
      (q.scope.level === 'campaign' && ad.campaignId === q.scope.id) ||
      (q.scope.level === 'adset' && ad.adsetId === q.scope.id) ||
      (q.scope.level === 'ad' && ad.id === q.scope.id));
  const idFilters = q.filters
    .filter((f) => f.field !== 'action_type' && f.field !== 'campaign.objective')
    .map((f) => ({ ...f, list: new Set(Array.isArray(f.value) ? f.value.map(String) : [String(f.value)]) }));
  const objectiveFilter = q.filters.find((f) => f.field === 'campaign.objective');
  const objectives = objectiveFilter
    ? new Set((Array.isArray(objectiveFilter.value) ? objectiveFilter.value : [objectiveFilter.value]).map(String))
    : null;
  const groups = new Map<string, Group>();
  for (const ad of nodesOf(state, 'ad')) {
    if (!inScope(ad)) continue;
    const passes = idFilters.every((f) => {
      const actual = f.field === 'campaign.id' ? ad.campaignId : f.field === 'adset.id' ? ad.adsetId : ad.id;
      return f.operator === 'NOT_IN' ? !f.list.has(actual) : f.list.has(actual);
    });
    if (!passes) continue;
    const campaign = nodeOf(state, ad.campaignId, 'campaign');
    if (objectives && !objectives.has(String(campaign?.objective))) continue;
    const levelId =
      q.level === 'account' ? q.account.id : q.level === 'campaign' ? ad.campaignId : q.level === 'adset' ? ad.adsetId : ad.id;
    const g = groups.get(levelId);
    if (g) g.ads.push(ad);
    else groups.set(levelId, { levelId, ads: [ad], first: ad, campaign, adset: nodeOf(state, ad.adsetId, 'adset') });
  }
  return [...groups.values()];
};

/** The query's time buckets in order: the whole range, its months, or runs of N days. */
const bucketsOf = (q: Query): [string, string][] => {
  const out: [string, string][] = [];
  if (q.increment === 'all_days') return [[q.since, q.until]];
  for (let start = q.since; start <= q.until;) {
    const end =
      q.increment === 'monthly'
        ? addDays(`${addDays(`${start.slice(0, 8)}01`, 32).slice(0, 8)}01`, -1)
        : addDays(start, q.increment - 1);
    out.push([start, end > q.until ? q.until : end]);
    start = addDays(end, 1);
  }
  return out;
};

/** A day split by each breakdown's fixed shares (the totals stay those of the day). */
const partsOf = (day: Sum, breakdowns: string[]): { values: Record<string, string>; sum: Sum }[] => {
  let parts: { values: Record<string, string>; sum: Sum }[] = [{ values: {}, sum: day }];
  for (const b of breakdowns) {
    const spec = BREAKDOWNS[b]!;
    parts = parts.flatMap((p) => {
      const imp = apportion(p.sum.impressions, spec.weights);
      const reach = apportion(p.sum.reach, spec.weights);
      const clicks = apportion(p.sum.clicks, spec.weights);
      const spend = apportion(p.sum.spendCents, spec.weights);
      const actionSplits = Object.fromEntries(Object.entries(p.sum.actions).map(([k, v]) => [k, apportion(v, spec.weights)]));
      const convSplits = Object.fromEntries(Object.entries(p.sum.conversions).map(([k, v]) => [k, apportion(v, spec.weights)]));
      const pick = (splits: Record<string, number[]>, i: number) =>
        Object.fromEntries(
          Object.entries(splits)
            .map(([k, v]) => [k, v[i]!])
            .filter(([, v]) => v !== 0),
        );
      return spec.values.map((value, i) => ({
        values: { ...p.values, [b]: value },
        sum: {
          impressions: imp[i]!,
          reach: reach[i]!,
          clicks: clicks[i]!,
          spendCents: spend[i]!,
          actions: pick(actionSplits, i),
          conversions: pick(convSplits, i),
        },
      }));
    });
  }
  return parts;
};

/** One insights row as Meta writes it (numbers as strings, a metric Meta lacks left out). */
const rowOf = (
  q: Query,
  g: Group,
  values: Record<string, string>,
  s: Sum,
  start: string,
  stop: string,
): Record<string, unknown> => {
  const actionTypes = Object.keys(s.actions)
    .filter((k) => s.actions[k]! > 0)
    .sort();
  const convTypes = Object.keys(s.conversions)
    .filter((k) => s.conversions[k]! > 0)
    .sort();
  const all: Record<string, unknown> = {
    account_id: q.account.accountId,
    account_name: q.account.name,
    account_currency: q.account.currency,
    impressions: String(s.impressions),
    reach: String(s.reach),
    frequency: s.reach > 0 ? decimal(s.impressions / s.reach) : undefined,
    clicks: String(s.clicks),
    ctr: s.impressions > 0 ? decimal((s.clicks / s.impressions) * 100) : undefined,
    cpc: s.clicks > 0 ? decimal(s.spendCents / 100 / s.clicks) : undefined,
    cpm: s.impressions > 0 ? decimal((s.spendCents / 100 / s.impressions) * 1000) : undefined,
    spend: money(s.spendCents),
    actions: actionTypes.length ? actionTypes.map((t) => ({ action_type: t, value: String(s.actions[t]) })) : undefined,
    cost_per_action_type: actionTypes.length
      ? actionTypes.map((t) => ({ action_type: t, value: decimal(s.spendCents / 100 / s.actions[t]!) }))
      : undefined,
    conversions: convTypes.length ? convTypes.map((t) => ({ action_type: t, value: String(s.conversions[t]) })) : undefined,
    cost_per_conversion: convTypes.length
      ? convTypes.map((t) => ({ action_type: t, value: decimal(s.spendCents / 100 / s.conversions[t]!) }))
      : undefined,
    date_start: start,
    date_stop: stop,
  };
  if (q.level !== 'account')
    Object.assign(all, { campaign_id: g.campaign?.id, campaign_name: g.campaign?.name, objective: g.campaign?.objective });
  if (q.level === 'adset' || q.level === 'ad') Object.assign(all, { adset_id: g.adset?.id, adset_name: g.adset?.name });
  if (q.level === 'ad') Object.assign(all, { ad_id: g.first.id, ad_name: g.first.name });
  const row: Record<string, unknown> = {};
  for (const f of q.fields) if (all[f] !== undefined) row[f] = all[f];
  // The breakdown values and the dates always come back, as Meta adds them to every row.
  Object.assign(row, values, { date_start: start, date_stop: stop });
  return row;
};

/** The rows of one bucket: each object's days summed, per breakdown value, in the groups' order. */
const bucketRows = (state: State, q: Query, groups: Group[], [start, stop]: [string, string]): Record<string, unknown>[] => {
  const dates: string[] = [];
  for (let d = start; d <= stop; d = addDays(d, 1)) dates.push(d);
  const rows: Record<string, unknown>[] = [];
  for (const g of groups) {
    const parts = new Map<string, { values: Record<string, string>; sum: Sum; dailyReach: Map<string, number> }>();
    for (const ad of g.ads)
      for (const date of dates) {
        const day = state.insights.day(ad.id, date);
        if (!day) continue;
        for (const part of partsOf(day, q.breakdowns)) {
          const key = q.breakdowns.length ? JSON.stringify(part.values) : '';
          let p = parts.get(key);
          if (!p) {
            p = { values: part.values, sum: empty(), dailyReach: new Map() };
            parts.set(key, p);
          }
          addInto(p.sum, part.sum);
          p.dailyReach.set(date, (p.dailyReach.get(date) ?? 0) + part.sum.reach);
        }
      }
    for (const p of parts.values()) {
      const s = p.sum;
      // Reach counts people, not days: over several days the same people come back, so a bucket's reach is
      // its busiest day's plus 40 % of the rest (smaller than the sum of its days, as Meta's is).
      if (p.dailyReach.size > 1) {
        const busiest = Math.max(...p.dailyReach.values());
        s.reach = busiest + Math.round((s.reach - busiest) * 0.4);
      }
      // A row without any delivery is not returned.
      if (s.impressions === 0 && s.spendCents === 0 && s.clicks === 0) continue;
      rows.push(rowOf(q, g, p.values, s, start, stop));
    }
  }
  return rows;
};

/**
 * The insights rows of a query, computed bucket by bucket as pages are read (a year of 20,000 ads at
 * ad level is 7.3 million rows): the row counts of the buckets already walked and the last few buckets'
 * rows are kept, so reading the pages in order computes each bucket once.
 */
export class InsightRows implements RowSource<Record<string, unknown>> {
  private readonly groups: Group[];
  private readonly buckets: [string, string][];
  private readonly counts: number[] = [];
  private readonly cache = new Map<number, Record<string, unknown>[]>();

  constructor(
    private readonly state: State,
    private readonly q: Query,
  ) {
    this.groups = groupsOf(state, q);
    this.buckets = bucketsOf(q);
  }

  private rowsOf(b: number): Record<string, unknown>[] {
    let rows = this.cache.get(b);
    if (rows) {
      this.cache.delete(b);
    } else {
      rows = bucketRows(this.state, this.q, this.groups, this.buckets[b]!);
      this.counts[b] = rows.length;
    }
    this.cache.set(b, rows);
    if (this.cache.size > 3) this.cache.delete(this.cache.keys().next().value!);
    return rows;
  }

  private countOf(b: number): number {
    return this.counts[b] ?? this.rowsOf(b).length;
  }

  slice(start: number, end: number): Record<string, unknown>[] {
    const out: Record<string, unknown>[] = [];
    let offset = 0;
    for (let b = 0; b < this.buckets.length && offset < end; b += 1) {
      const count = this.countOf(b);
      if (offset + count > start) out.push(...this.rowsOf(b).slice(Math.max(0, start - offset), end - offset));
      offset += count;
    }
    return out;
  }

  has(index: number): boolean {
    let offset = 0;
    for (let b = 0; b < this.buckets.length; b += 1) {
      offset += this.countOf(b);
      if (offset > index) return true;
    }
    return false;
  }

  /** Every row (small queries and tests). */
  all(): Record<string, unknown>[] {
    return this.buckets.flatMap((_, b) => this.rowsOf(b));
  }
}

/** The insights rows of a query, all at once. */
export const computeInsights = (state: State, q: Query): Record<string, unknown>[] => new InsightRows(state, q).all();

export const registerInsightsRoutes = (ctx: GraphContext): void => {
  const { state } = ctx;
  for (const type of ['adaccount', 'campaign', 'adset', 'ad'] as const) {
    on(ctx, 'GET', `${type}/insights`, (call) => {
      const q = parseQuery(state, call);
      // Meta's answer to a read too large for one call; the client halves `limit` and retries (issue 24).
      const cap = state.insightsLimitCap;
      if (cap !== null && Number(call.params.limit ?? 25) > cap) throw forcedError(1);
      return page(new InsightRows(state, q), call.params, call.link);
    });
    on(ctx, 'POST', `${type}/insights`, (call) => {
      const q = parseQuery(state, call);
      const run: ReportRun = {
        type: 'report_run',
        id: newId(state),
        accountId: q.account.id,
        createdTime: nowSeconds(),
        dateStart: q.since,
        dateStop: q.until,
        rows: new InsightRows(state, q),
        polls: 0,
        // A mode limited to long ranges lets a client that splits the range succeed (issue 24).
        mode:
          state.asyncMode.overDays !== undefined && daysBetween(q.since, q.until) + 1 <= state.asyncMode.overDays
            ? { kind: 'normal', polls: 1 }
            : { ...state.asyncMode },
        fields: call.params.fields,
      };
      state.nodes.set(run.id, run);
      return { report_run_id: run.id };
    });
  }

  const statusOf = (run: ReportRun): { async_status: string; async_percent_completion: number } => {
    const { kind, polls } = run.mode;
    const n = run.polls;
    if (kind === 'fail')
      return n >= polls
        ? { async_status: 'Job Failed', async_percent_completion: 0 }
        : { async_status: 'Job Running', async_percent_completion: 10 };
    if (kind === 'hang')
      return n === 0
        ? { async_status: 'Job Not Started', async_percent_completion: 0 }
        : { async_status: 'Job Running', async_percent_completion: 37 };
    if (kind === 'stuck')
      return n >= polls
        ? { async_status: 'Job Completed', async_percent_completion: 100 }
        : { async_status: 'Job Running', async_percent_completion: 100 };
    if (n >= polls) return { async_status: 'Job Completed', async_percent_completion: 100 };
    if (n === 0) return { async_status: 'Job Not Started', async_percent_completion: 0 };
    return {
      async_status: n === 1 ? 'Job Started' : 'Job Running',
      async_percent_completion: Math.min(99, Math.round((n / polls) * 100)),
    };
  };

  on(ctx, 'GET', 'report_run', (call) => {
    const run = call.node as ReportRun;
    const status = statusOf(run);
    run.polls += 1;
    const account = nodeOf(state, run.accountId, 'adaccount');
    return {
      id: run.id,
      account_id: account?.accountId,
      time_ref: run.createdTime,
      time_completed: status.async_status === 'Job Completed' ? run.createdTime + 2 : 0,
      ...status,
      date_start: run.dateStart,
      date_stop: run.dateStop,
      emails: [],
      friendly_name: null,
      is_bookmarked: false,
      is_running: status.async_status === 'Job Running' || status.async_status === 'Job Started',
      schedule_id: '0',
    };
  });

  on(ctx, 'GET', 'report_run/insights', (call) => {
    const run = call.node as ReportRun;
    const status = statusOf({ ...run, polls: Math.max(0, run.polls - 1) });
    if (status.async_status !== 'Job Completed')
      throw new GraphError(400, {
        message: `(#100) The report ${run.id} is not ready: its async_status is '${status.async_status}'.`,
        type: 'OAuthException',
        code: 100,
      });
    return page(run.rows, call.params, call.link);
  });
};

export type { DailyInsight };
