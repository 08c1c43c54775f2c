// The insights reader against the real Meta emulator over HTTP (issue 24 'The numbers', 'Tests and figures').
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createMetaEmulator, type MetaEmulator } from '@funil/meta-emulator/emulator';
import { addDays, todayIn } from '@funil/meta-emulator/insights';
import type { DemoWorld } from '@funil/meta-emulator/world';

import { createMetaGraphClient, type MetaGraphClient } from '../../integrations/meta/graph-client.ts';
import { MetaGraphError } from '../../integrations/meta/meta-error.ts';
import { createInsightsReader, InsightsStopped, type ReaderOptions } from './insights-reader.ts';

const APP_ID = '111222333444555';
const APP_SECRET = 'segredo-do-app-de-teste-0123456789';

let emu: MetaEmulator;
let url: string;
let demo: DemoWorld;
let token: string;
let client: MetaGraphClient;
let today: string;
const waits: number[] = [];

const reader = (extra: Partial<ReaderOptions> = {}, c: MetaGraphClient = client) =>
  createInsightsReader({
    client: c,
    token,
    sleep: async (ms) => {
      waits.push(ms);
    },
    backoffMs: 10,
    pollMs: 1,
    maxPolls: 5,
    ...extra,
  });

beforeAll(async () => {
  emu = createMetaEmulator({ appId: APP_ID, appSecret: APP_SECRET });
  demo = emu.control.seedDemo({ days: 20 });
  token = emu.control.token();
  url = await emu.listen(0, '127.0.0.1');
  client = createMetaGraphClient({ appId: APP_ID, appSecret: APP_SECRET, graphUrl: url, dialogUrl: url });
  today = todayIn(demo.account.timezone);
});
afterAll(async () => {
  await emu.close();
});
beforeEach(() => {
  emu.control.clearFailures();
  emu.control.setUsage(3);
  emu.control.setInsightsLimitCap(null);
  emu.control.setAsyncMode({ kind: 'normal', polls: 2 });
  emu.state.requests.length = 0;
  waits.length = 0;
});

const insightCalls = () => emu.state.requests.filter((r) => r.path.includes('insights'));

describe('Meta insights reader (issue 24)', () => {
  it('pages until paging.next is absent, every page signed with appsecret_proof', async () => {
    const r = reader();
    const rows = await r.read(demo.account.id, 'adset', addDays(today, -6), today);
    const direct = await reader().read(demo.account.id, 'adset', addDays(today, -6), today);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows).toEqual(direct);
    // Page size 100 of 002 §9 is larger than this account: one more read with a tiny page to force many pages.
    emu.state.requests.length = 0;
    emu.control.setInsightsLimitCap(5);
    const paged = await reader().read(demo.account.id, 'adset', addDays(today, -6), today);
    expect(paged).toEqual(rows);
    const calls = insightCalls();
    expect(calls.length).toBeGreaterThan(rows.length / 5);
    expect(calls.every((c) => c.proof)).toBe(true);
  });

  it("halves limit on 'Please reduce the amount of data' (code 1) and still reads every row", async () => {
    emu.control.setInsightsLimitCap(30);
    const r = reader();
    const rows = await r.read(demo.account.id, 'campaign', addDays(today, -6), today);
    expect(r.stats.limitHalvings).toBe(2); // 100 → 50 → 25
    emu.control.setInsightsLimitCap(null);
    expect(rows).toEqual(await reader().read(demo.account.id, 'campaign', addDays(today, -6), today));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('counts the `lead` action only, never adding lead_grouped or fb_pixel_lead; a row with no lead is null (—)', async () => {
    const ad = demo.ads.find((a) => demo.campaigns.find((c) => c.id === a.campaignId)?.objective === 'OUTCOME_LEADS')!;
    const day = addDays(today, -40);
    emu.control.dailyInsight({
      adId: ad.id,
      date: day,
      impressions: 1000,
      reach: 800,
      clicks: 30,
      spendCents: 12345,
      actions: { lead: 7, 'onsite_conversion.lead_grouped': 7, 'offsite_conversion.fb_pixel_lead': 2, link_click: 30 },
    });
    const other = demo.ads.find((a) => a.id !== ad.id && a.adsetId !== ad.adsetId && a.campaignId === ad.campaignId) ?? null;
    if (other) emu.control.dailyInsight({ adId: other.id, date: day, impressions: 50, reach: 40, clicks: 1, spendCents: 1 });
    const rows = await reader().read(demo.account.id, 'ad', day, day);
    const mine = rows.find((x) => x.objetoId === ad.id)!;
    expect(mine.leads).toBe(7);
    expect(mine.gastoCentavos).toBe(12345);
    expect(mine.impressoes).toBe(1000);
    if (other) expect(rows.find((x) => x.objetoId === other.id)!.leads).toBeNull();
  });

  it('keeps money exact in cents: the stored spend adds up to the emulator’s cents, no float drift', async () => {
    const since = addDays(today, -13);
    const rows = await reader().read(demo.account.id, 'ad', since, today);
    let expected = 0;
    for (const [key, d] of emu.state.insights) if (key.split('|')[1]! >= since && d.spendCents > 0) expected += d.spendCents;
    const adIds = new Set(rows.map((x) => x.objetoId));
    expect(rows.reduce((n, x) => n + (x.gastoCentavos ?? 0), 0)).toBe(
      [...emu.state.insights.entries()]
        .filter(([k]) => k.split('|')[1]! >= since && adIds.has(k.split('|')[0]!))
        .reduce((n, [, d]) => n + d.spendCents, 0),
    );
    expect(expected).toBeGreaterThan(0);
  });

  it.each([
    [17, undefined],
    [4, undefined],
    [613, undefined],
    [80000, undefined],
    [80004, undefined],
    [2, 1504043],
    [503, undefined],
  ])('retries code %s (subcode %s) with backoff and completes', async (code, subcode) => {
    emu.control.fail({ code, ...(subcode ? { subcode } : {}), scope: 'insights', remaining: 2 });
    const r = reader();
    const rows = await r.read(demo.account.id, 'campaign', addDays(today, -2), today);
    expect(rows.length).toBeGreaterThan(0);
    expect(r.stats.retries).toBe(2);
    expect(waits.length).toBeGreaterThanOrEqual(2);
  });

  it('gives up after the retries and lets the caller know', async () => {
    emu.control.fail({ code: 17, scope: 'insights', remaining: null });
    await expect(reader({ maxRetries: 2 }).read(demo.account.id, 'campaign', today, today)).rejects.toBeInstanceOf(
      MetaGraphError,
    );
  });

  it('stops on 190 (token expired or revoked) and on #2635 (a dead API version), with the reason', async () => {
    emu.control.fail({ code: 190, scope: 'insights', remaining: 1 });
    await expect(reader().read(demo.account.id, 'campaign', today, today)).rejects.toThrow(
      'O acesso ao Meta expirou ou foi revogado. Conecte novamente para atualizar os insights.',
    );
    const old = createMetaGraphClient({ appId: APP_ID, appSecret: APP_SECRET, graphUrl: url, dialogUrl: url, version: 'v20.0' });
    const stopped = await reader({}, old)
      .read(demo.account.id, 'campaign', today, today)
      .catch((e: unknown) => e);
    expect(stopped).toBeInstanceOf(InsightsStopped);
    expect((stopped as Error).message).toContain('descontinuada');
  });

  it('pauses above 90 % usage (x-business-use-case-usage / x-ad-account-usage / x-fb-ads-insights-throttle), not at 50 %', async () => {
    emu.control.setUsage(50);
    const calm = reader();
    await calm.accounts();
    await calm.read(demo.account.id, 'campaign', today, today);
    expect(calm.stats.pauses).toBe(0);
    emu.control.setUsage(96);
    const busy = reader();
    await busy.accounts();
    await busy.read(demo.account.id, 'campaign', today, today);
    expect(busy.stats.pauses).toBe(1);
    expect(calm.stats.calls).toBe(2);
  });

  it('waits estimated_time_to_regain_access on a throttled answer (100 %)', async () => {
    emu.control.fail({ code: 80000, scope: 'insights', remaining: 1, regainMinutes: 3 });
    const r = reader();
    await r.read(demo.account.id, 'campaign', today, today);
    expect(waits).toContain(3 * 60_000);
  });

  it('reads long ad-level ranges through the async report flow (a job at 100 % "Job Running" is not done)', async () => {
    emu.control.setAsyncMode({ kind: 'stuck', polls: 3 });
    const r = reader({ maxPolls: 10 });
    const rows = await r.read(demo.account.id, 'ad', addDays(today, -13), today);
    const sync = await reader({ asyncOverDays: 400 }).read(demo.account.id, 'ad', addDays(today, -13), today);
    expect(r.stats.asyncJobs).toBe(1);
    expect(rows.length).toBe(sync.length);
    expect(new Set(rows.map((x) => `${x.objetoId}|${x.dia}`))).toEqual(new Set(sync.map((x) => `${x.objetoId}|${x.dia}`)));
  });

  it.each(['fail', 'hang'] as const)('splits a range whose job ends %s into halves until they complete', async (kind) => {
    emu.control.setAsyncMode({ kind, polls: 1, overDays: 4 });
    const r = reader();
    const rows = await r.read(demo.account.id, 'ad', addDays(today, -13), today);
    const sync = await reader({ asyncOverDays: 400 }).read(demo.account.id, 'ad', addDays(today, -13), today);
    expect(r.stats.splits).toBeGreaterThanOrEqual(3);
    expect(rows.length).toBe(sync.length);
  });
});
