// Reading Meta's insights for the store (issue 24 'The numbers'): `/{account}/insights` at campaign,
// adset and ad level, `time_increment=1`, paged until `paging.next` is absent (graph-client.ts pages);
// reads over a week (every level) through the async report flow (POST → report_run_id → async_status → pages),
// a failed or hung job split into two halves of its range; the throttle headers honoured (above 90 %
// the reader waits `estimated_time_to_regain_access`; x-app-usage too); codes 4, 17, 32, 613, 80000–80006, 2 (1504043
// included), 5xx and network failures retried with backoff; 'reduce the amount of data' (code 1) halves
// `limit`; 190 (token expired or revoked) and #2635 (a dead API version) stop the refresh with a reason.
import {
  centsOf,
  conversationsOf,
  countOf,
  INSIGHT_OBJECTIVES,
  INSIGHTS_MESSAGES,
  leadsOf,
  type InsightLevel,
} from '@funil/domain/insights/insights';

import type { GraphPage, GraphParams, GraphSession, MetaGraphClient } from '../../integrations/meta/graph-client.ts';
import { isRateLimitCode, MetaGraphError, regainAccessMinutes } from '../../integrations/meta/meta-error.ts';

/** An insights row as the store keeps it (money in cents, NULL for what Meta left out). */
export type StoredInsight = {
  dia: string;
  nivel: InsightLevel;
  objetoId: string;
  campanhaId: string | null;
  conjuntoId: string | null;
  nome: string;
  objetivo: string | null;
  impressoes: number | null;
  alcance: number | null;
  cliques: number | null;
  gastoCentavos: number | null;
  leads: number | null;
  conversas: number | null;
};

/** The refresh cannot go on without a person (new login, new API version): recorded and shown. */
export class InsightsStopped extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InsightsStopped';
  }
}

export type ReaderOptions = {
  client: MetaGraphClient;
  token: string;
  sleep?: (ms: number) => Promise<void>;
  /** Retries of a retryable failure before giving up (default 5). */
  maxRetries?: number;
  /** First backoff (doubles each retry; default 2 s). */
  backoffMs?: number;
  /** Reads longer than this many days go through the async report flow (default 7). */
  asyncOverDays?: number;
  /** Wait between two async_status reads (default 2 s) and reads before a job counts as hung (default 60). */
  pollMs?: number;
  maxPolls?: number;
  /** Usage (%) above which the reader pauses (default 90). */
  pauseAbovePct?: number;
  log?: { warn: (obj: object, msg: string) => void };
};

const FIELDS = [
  'campaign_id',
  'campaign_name',
  'adset_id',
  'adset_name',
  'ad_id',
  'ad_name',
  'objective',
  'impressions',
  'reach',
  'clicks',
  'spend',
  'actions',
  'date_start',
].join(',');

/** A finished report's rows are read in pages of 1000 (halved on 'reduce the amount of data'). */
const ASYNC_PAGE_LIMIT = 1000;
/** 002 §9: 100 per request for campaigns and ad sets, 5000 for ads. */
const FIRST_LIMIT: Record<InsightLevel, number> = { campaign: 100, adset: 100, ad: 5000 };

type RawRow = Record<string, unknown>;

const daysIn = (since: string, until: string): number =>
  Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`)) / 86_400_000) + 1;
const addDays = (day: string, n: number): string => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function storedOf(level: InsightLevel, row: RawRow): StoredInsight | null {
  const objetoId = text(level === 'campaign' ? row.campaign_id : level === 'adset' ? row.adset_id : row.ad_id);
  const dia = text(row.date_start);
  if (!objetoId || !dia) return null;
  const nome = text(level === 'campaign' ? row.campaign_name : level === 'adset' ? row.adset_name : row.ad_name) ?? objetoId;
  return {
    dia,
    nivel: level,
    objetoId,
    campanhaId: text(row.campaign_id),
    conjuntoId: level === 'campaign' ? null : text(row.adset_id),
    nome: nome.slice(0, 400),
    objetivo: text(row.objective)?.slice(0, 40) ?? null,
    impressoes: countOf(row.impressions),
    alcance: countOf(row.reach),
    cliques: countOf(row.clicks),
    gastoCentavos: centsOf(row.spend),
    leads: leadsOf(row.actions),
    conversas: conversationsOf(row.actions),
  };
}

/** A `paging.next` link as a path and params for the session (which adds the token and its proof). */
function followNext(next: string): { nextPath: string; nextParams: Record<string, string> } {
  const url = new URL(next);
  const nextPath = url.pathname.replace(/^\/v\d+\.\d+\//, '').replace(/^\/+/, '');
  const nextParams: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (k !== 'access_token' && k !== 'appsecret_proof') nextParams[k] = v;
  return { nextPath, nextParams };
}

const isReduceData = (e: MetaGraphError): boolean => e.code === 1 && /reduce the amount of data/i.test(e.message);

export function createInsightsReader(options: ReaderOptions) {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const maxRetries = options.maxRetries ?? 5;
  const backoffMs = options.backoffMs ?? 2_000;
  const asyncOverDays = options.asyncOverDays ?? 7;
  const pollMs = options.pollMs ?? 2_000;
  const maxPolls = options.maxPolls ?? 60;
  const pauseAbove = options.pauseAbovePct ?? 90;
  const stats = { calls: 0, pauses: 0, retries: 0, splits: 0, limitHalvings: 0, asyncJobs: 0 };
  // The highest usage the last answer reported and the wait Meta estimated (minutes).
  let usage = { pct: 0, regainMinutes: 0 };

  const readUsage = (headers: Headers): void => {
    stats.calls += 1;
    let pct = 0;
    const json = (name: string): unknown => {
      const value = headers.get(name);
      if (!value) return null;
      try {
        return JSON.parse(value);
      } catch {
        return null;
      }
    };
    const biz = json('x-business-use-case-usage');
    if (biz && typeof biz === 'object')
      for (const entries of Object.values(biz as Record<string, unknown>))
        if (Array.isArray(entries))
          for (const e of entries as Record<string, unknown>[])
            pct = Math.max(pct, Number(e.call_count) || 0, Number(e.total_time) || 0, Number(e.total_cputime) || 0);
    const app = json('x-app-usage') as Record<string, unknown> | null;
    if (app) pct = Math.max(pct, Number(app.call_count) || 0, Number(app.total_time) || 0, Number(app.total_cputime) || 0);
    const account = json('x-ad-account-usage') as Record<string, unknown> | null;
    if (account) pct = Math.max(pct, Number(account.acc_id_util_pct) || 0);
    const throttle = json('x-fb-ads-insights-throttle') as Record<string, unknown> | null;
    if (throttle) pct = Math.max(pct, Number(throttle.app_id_util_pct) || 0, Number(throttle.acc_id_util_pct) || 0);
    usage = { pct, regainMinutes: regainAccessMinutes(headers.get('x-business-use-case-usage')) ?? 0 };
  };

  const graph: GraphSession = options.client.session(options.token, { onHeaders: readUsage });

  /** Above 90 % the next call waits Meta's estimate (at least the backoff). */
  const pauseIfThrottled = async (): Promise<void> => {
    if (usage.pct <= pauseAbove) return;
    stats.pauses += 1;
    const ms = Math.max(usage.regainMinutes * 60_000, backoffMs);
    options.log?.warn({ usagePct: usage.pct, waitMs: ms }, 'Meta Insights: uso acima de 90 %, aguardando');
    usage = { pct: 0, regainMinutes: 0 };
    await sleep(ms);
  };

  /** One Graph step with the retry rules; 190 and #2635 stop. */
  const step = async <T>(fn: () => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt += 1) {
      await pauseIfThrottled();
      try {
        return await fn();
      } catch (error) {
        if (!(error instanceof MetaGraphError)) throw error;
        if (error.code === 190 || error.kind === 'token') throw new InsightsStopped(INSIGHTS_MESSAGES.tokenStopped);
        if (error.code === 2635) throw new InsightsStopped(INSIGHTS_MESSAGES.versionStopped);
        if (isReduceData(error)) throw error;
        const retryable =
          isRateLimitCode(error.code) ||
          error.code === 2 ||
          error.status >= 500 ||
          error.kind === 'network' ||
          error.kind === 'transient';
        if (!retryable || attempt >= maxRetries) throw error;
        stats.retries += 1;
        const wait = Math.max(error.retryAfterMs ?? 0, backoffMs * 2 ** attempt);
        options.log?.warn({ code: error.code, subcode: error.subcode, attempt, waitMs: wait }, 'Meta Insights: nova tentativa');
        await sleep(wait);
      }
    }
  };

  /**
   * Every page of a paged edge, each page with the retry rules, until `paging.next` is absent (never by
   * cursor presence), handed to `onRows` as it arrives. A next link is read again through the session,
   * which signs it with the proof. A page too large ('reduce the amount of data') starts the read over
   * with half the page size: `onRows(null)` first, so the caller drops what it had counted.
   */
  const eachPage = async (path: string, params: GraphParams, onRows: (rows: RawRow[] | null) => Promise<void>): Promise<void> => {
    let limit = Number(params.limit ?? 100);
    for (let attempt = 0; ; attempt += 1) {
      try {
        if (attempt > 0) await onRows(null);
        let page = await step(() => graph.get<GraphPage<RawRow>>(path, { ...params, limit }));
        for (;;) {
          await onRows(Array.isArray(page.data) ? page.data : []);
          const next = page.paging?.next;
          if (!next) return;
          const { nextPath, nextParams } = followNext(next);
          page = await step(() => graph.get<GraphPage<RawRow>>(nextPath, nextParams));
        }
      } catch (error) {
        if (error instanceof MetaGraphError && isReduceData(error) && limit > 1) {
          stats.limitHalvings += 1;
          limit = Math.max(1, Math.floor(limit / 2));
          continue;
        }
        throw error;
      }
    }
  };

  const allPages = async (path: string, params: GraphParams): Promise<RawRow[]> => {
    const out: RawRow[] = [];
    await eachPage(path, params, async (rows) => {
      if (rows === null) out.length = 0;
      else out.push(...rows);
    });
    return out;
  };

  const baseParams = (level: InsightLevel, since: string, until: string): GraphParams => ({
    level,
    fields: FIELDS,
    time_increment: 1,
    time_range: { since, until },
    filtering: [{ field: 'campaign.objective', operator: 'IN', value: [...INSIGHT_OBJECTIVES] }],
    limit: FIRST_LIMIT[level],
  });

  type OnRaw = (rows: RawRow[] | null) => Promise<void>;

  /** An async report of one range, its pages to `onRows`; 'failed' when the job fails or does not finish within maxPolls. */
  const asyncRun = async (
    account: string,
    level: InsightLevel,
    since: string,
    until: string,
    onRows: OnRaw,
  ): Promise<'done' | 'failed'> => {
    stats.asyncJobs += 1;
    const { limit: _limit, ...params } = baseParams(level, since, until);
    const started = await step(() => graph.post<{ report_run_id?: string }>(`${account}/insights`, params));
    const runId = started.report_run_id;
    if (!runId) return 'failed';
    for (let poll = 0; poll < maxPolls; poll += 1) {
      const run = await step(() =>
        graph.get<{ async_status?: string; async_percent_completion?: number }>(runId, {
          fields: 'async_status,async_percent_completion',
        }),
      );
      // 'Job Completed' only: a job may sit at 100 % 'Job Running' for a while.
      if (run.async_status === 'Job Completed') {
        await eachPage(`${runId}/insights`, { limit: ASYNC_PAGE_LIMIT }, onRows);
        return 'done';
      }
      if (run.async_status === 'Job Failed' || run.async_status === 'Job Skipped') return 'failed';
      await sleep(pollMs);
    }
    return 'failed';
  };

  const readAsync = async (account: string, level: InsightLevel, since: string, until: string, onRows: OnRaw): Promise<void> => {
    if ((await asyncRun(account, level, since, until, onRows)) === 'done') return;
    const days = daysIn(since, until);
    // A single day that still fails is read synchronously (small enough for one call).
    if (days <= 1) return eachPage(`${account}/insights`, baseParams(level, since, until), onRows);
    stats.splits += 1;
    const mid = addDays(since, Math.floor(days / 2) - 1);
    await readAsync(account, level, since, mid, onRows);
    await readAsync(account, level, addDays(mid, 1), until, onRows);
  };

  /**
   * The daily rows of one level of an account over [since, until], page by page as they arrive (a year of
   * 20,000 ads is 7.3 million rows: never held at once). `null`: the read started over (a page too large),
   * the rows handed so far come again.
   */
  const each = async (
    account: string,
    level: InsightLevel,
    since: string,
    until: string,
    onRows: (rows: StoredInsight[] | null) => Promise<void>,
  ): Promise<void> => {
    const stored: OnRaw = (raw) => onRows(raw === null ? null : raw.flatMap((r) => storedOf(level, r) ?? []));
    // Every level over more than a week: a year of daily rows of 2,000 ad sets is 730 sync pages.
    if (daysIn(since, until) > asyncOverDays) await readAsync(account, level, since, until, stored);
    else await eachPage(`${account}/insights`, baseParams(level, since, until), stored);
  };

  return {
    stats,
    graph,
    step,
    each,
    /** The daily rows of one level of an account over [since, until], all at once (small reads, tests). */
    async read(account: string, level: InsightLevel, since: string, until: string): Promise<StoredInsight[]> {
      const out: StoredInsight[] = [];
      await each(account, level, since, until, async (rows) => {
        if (rows === null) out.length = 0;
        else out.push(...rows);
      });
      return out;
    },
    /** The token's ad accounts with their names (`/me/adaccounts`). */
    async accounts(): Promise<{ id: string; nome: string }[]> {
      const rows = await allPages('me/adaccounts', { fields: 'id,name', limit: 100 });
      return rows.flatMap((r) =>
        typeof r.id === 'string' ? [{ id: r.id, nome: typeof r.name === 'string' ? r.name : r.id }] : [],
      );
    },
  };
}

export type InsightsReader = ReturnType<typeof createInsightsReader>;
