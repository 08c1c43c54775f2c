// issue 24 'The numbers' and 002 §3 'Ads platform data': insights sync and async, numbers as
// strings, actions as [{action_type, value}], `lead` beside its subset onsite_conversion.lead_grouped,
// paging by `next`, and the Conversions API's /{dataset}/events.
import { afterAll, describe, expect, it } from 'vitest';

import { addDays, todayIn } from './insights.ts';
import { bootEmulator, graph, type Json } from './testing.ts';

const { emu, demo, token } = bootEmulator();
afterAll(() => emu.close());

const today = todayIn('America/Sao_Paulo');
const D1 = addDays(today, -3);
const D2 = addDays(today, -2);
const range = JSON.stringify({ since: D1, until: D2 });

// Two known days on one fresh ad, the rest of the account untouched.
const campaign = emu.control.campaign({ accountId: demo.account.id, name: 'Campanha de teste', objective: 'OUTCOME_LEADS' });
const adset = emu.control.adset({ campaignId: campaign.id, name: 'Conjunto de teste' });
const ad = emu.control.ad({ adsetId: adset.id, name: 'Anúncio de teste' });
emu.control.dailyInsight({
  adId: ad.id,
  date: D1,
  impressions: 1000,
  reach: 800,
  clicks: 25,
  spendCents: 1234,
  actions: { lead: 3, 'onsite_conversion.lead_grouped': 3, link_click: 25 },
});
emu.control.dailyInsight({
  adId: ad.id,
  date: D2,
  impressions: 234,
  reach: 200,
  clicks: 4,
  spendCents: 1,
  actions: { link_click: 4 },
});

const FIELDS =
  'campaign_id,campaign_name,adset_id,ad_id,ad_name,impressions,reach,clicks,ctr,cpm,spend,' +
  'actions,cost_per_action_type,date_start,date_stop';

describe('sync insights (GET /{object}/insights)', () => {
  it('sends numbers as strings and actions as [{action_type, value}], summed over the range', async () => {
    const res = await graph(
      emu,
      'GET',
      `/v26.0/${campaign.id}/insights`,
      { fields: FIELDS, level: 'ad', time_range: range },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        campaign_id: campaign.id,
        campaign_name: 'Campanha de teste',
        adset_id: adset.id,
        ad_id: ad.id,
        ad_name: 'Anúncio de teste',
        impressions: '1234',
        // Reach over the range counts people once: 800 + 40 % of 200, not the days' sum 1000 (issue 24).
        reach: '880',
        clicks: '29',
        ctr: '2.350081',
        cpm: '10.008104',
        spend: '12.35',
        actions: [
          { action_type: 'lead', value: '3' },
          { action_type: 'link_click', value: '29' },
          { action_type: 'onsite_conversion.lead_grouped', value: '3' },
        ],
        cost_per_action_type: [
          { action_type: 'lead', value: '4.116667' },
          { action_type: 'link_click', value: '0.425862' },
          { action_type: 'onsite_conversion.lead_grouped', value: '4.116667' },
        ],
        date_start: D1,
        date_stop: D2,
      },
    ]);
  });

  it('gives one row per day with time_increment=1, and leaves `actions` out of a day without any lead', async () => {
    const res = await graph(
      emu,
      'GET',
      `/v26.0/${ad.id}/insights`,
      { fields: 'spend,actions', time_range: range, time_increment: '1' },
      { token },
    );
    const rows = res.body.data as Json[];
    expect(rows.map((r) => [r.date_start, r.date_stop, r.spend])).toEqual([
      [D1, D1, '12.34'],
      [D2, D2, '0.01'],
    ]);
    expect(rows[1]!.actions).toEqual([{ action_type: 'link_click', value: '4' }]);
    expect((rows[1]!.actions as Json[]).some((a) => a.action_type === 'lead')).toBe(false);
  });

  it('aggregates per campaign at the account level, filtered by campaign ids (002 §7)', async () => {
    const res = await graph(
      emu,
      'GET',
      `/v26.0/${demo.account.id}/insights`,
      {
        level: 'campaign',
        fields: 'campaign_id,spend,impressions',
        time_range: range,
        filtering: JSON.stringify([{ field: 'campaign.id', operator: 'IN', value: [campaign.id] }]),
      },
      { token },
    );
    expect(res.body.data).toEqual([
      { campaign_id: campaign.id, spend: '12.35', impressions: '1234', date_start: D1, date_stop: D2 },
    ]);
  });

  it('splits by breakdowns keeping the totals', async () => {
    const res = await graph(
      emu,
      'GET',
      `/v26.0/${ad.id}/insights`,
      { fields: 'impressions,spend', time_range: range, breakdowns: 'gender' },
      { token },
    );
    const rows = res.body.data as Json[];
    expect(rows.map((r) => r.gender)).toEqual(['female', 'male', 'unknown']);
    expect(rows.reduce((n, r) => n + Number(r.impressions), 0)).toBe(1234);
    expect(rows.reduce((n, r) => n + Math.round(Number(r.spend) * 100), 0)).toBe(1235);
  });

  it("pages the account's ad rows until paging.next is absent", async () => {
    let res = await graph(
      emu,
      'GET',
      `/v26.0/${demo.account.id}/insights`,
      { level: 'ad', time_increment: '1', limit: '100', date_preset: 'last_30d' },
      { token },
    );
    let rows = 0;
    let pages = 0;
    for (;;) {
      rows += (res.body.data as Json[]).length;
      pages++;
      if (!res.body.paging?.next) break;
      const next = new URL(res.body.paging.next as string);
      const params = Object.fromEntries(next.searchParams);
      delete params.access_token;
      res = await graph(emu, 'GET', next.pathname, params, { token });
    }
    expect(pages).toBeGreaterThan(2);
    expect(rows).toBeGreaterThan(200);
  });

  it('refuses an unknown field and a bad time_range (#100)', async () => {
    expect((await graph(emu, 'GET', `/v26.0/${ad.id}/insights`, { fields: 'gasto' }, { token })).body.error).toMatchObject({
      code: 100,
    });
    const bad = await graph(
      emu,
      'GET',
      `/v26.0/${ad.id}/insights`,
      { time_range: JSON.stringify({ since: D2, until: D1 }) },
      { token },
    );
    expect(bad.body.error.code).toBe(100);
  });
});

describe('async insights (POST …/insights → report_run_id)', () => {
  it('runs: Job Not Started → Job Started/Running → Job Completed, then serves the rows', async () => {
    emu.control.setAsyncMode({ kind: 'normal', polls: 3 });
    const post = await graph(
      emu,
      'POST',
      `/v26.0/${demo.account.id}/insights`,
      { level: 'ad', fields: 'ad_id,spend', time_range: range },
      { token },
    );
    const runId = post.body.report_run_id as string;
    expect(runId).toMatch(/^\d+$/);
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      const s = await graph(emu, 'GET', `/v26.0/${runId}`, {}, { token });
      expect(s.body).toMatchObject({
        id: runId,
        account_id: demo.account.accountId,
        async_percent_completion: expect.any(Number),
      });
      seen.push(s.body.async_status as string);
      if (s.body.async_status === 'Job Completed') break;
    }
    expect(seen[0]).toBe('Job Not Started');
    expect(seen.at(-1)).toBe('Job Completed');
    const rows = await graph(emu, 'GET', `/v26.0/${runId}/insights`, { limit: '1000' }, { token });
    expect(rows.body.data).toContainEqual({ ad_id: ad.id, spend: '12.35', date_start: D1, date_stop: D2 });
  });

  it('can stay at 100 % "Job Running", fail, or hang', async () => {
    const run = async () =>
      (await graph(emu, 'POST', `/v26.0/${ad.id}/insights`, { time_range: range }, { token })).body.report_run_id as string;
    const poll = async (id: string) => (await graph(emu, 'GET', `/v26.0/${id}`, {}, { token })).body;

    emu.control.setAsyncMode({ kind: 'stuck', polls: 2 });
    const stuck = await run();
    expect(await poll(stuck)).toMatchObject({ async_status: 'Job Running', async_percent_completion: 100 });
    expect((await graph(emu, 'GET', `/v26.0/${stuck}/insights`, {}, { token })).body.error.code).toBe(100);
    await poll(stuck);
    expect(await poll(stuck)).toMatchObject({ async_status: 'Job Completed' });

    emu.control.setAsyncMode({ kind: 'fail', polls: 1 });
    const failed = await run();
    await poll(failed);
    expect(await poll(failed)).toMatchObject({ async_status: 'Job Failed' });

    emu.control.setAsyncMode({ kind: 'hang', polls: 0 });
    const hung = await run();
    for (let i = 0; i < 5; i++) await poll(hung);
    expect(await poll(hung)).toMatchObject({ async_status: 'Job Running' });
    emu.control.setAsyncMode({ kind: 'normal', polls: 2 });
  });
});

describe('what makes a client split its reads (issue 24)', () => {
  it('answers code 1 "reduce the amount of data" above a limit cap, and serves the halved limit', async () => {
    emu.control.setInsightsLimitCap(50);
    const big = await graph(emu, 'GET', `/v26.0/${demo.account.id}/insights`, { level: 'ad', limit: '100' }, { token });
    expect(big.status).toBe(500);
    expect(big.body.error).toMatchObject({
      code: 1,
      message: "Please reduce the amount of data you're asking for, then retry your request",
    });
    const half = await graph(emu, 'GET', `/v26.0/${demo.account.id}/insights`, { level: 'ad', limit: '50' }, { token });
    expect(half.status).toBe(200);
    emu.control.setInsightsLimitCap(null);
  });

  it('fails only the async jobs longer than overDays, so a split range completes', async () => {
    emu.control.setAsyncMode({ kind: 'fail', polls: 0, overDays: 7 });
    const run = async (since: string, until: string) => {
      const id = (
        await graph(
          emu,
          'POST',
          `/v26.0/${demo.account.id}/insights`,
          { time_range: JSON.stringify({ since, until }) },
          { token },
        )
      ).body.report_run_id as string;
      let status = '';
      for (let i = 0; i < 4 && !['Job Completed', 'Job Failed'].includes(status); i++)
        status = (await graph(emu, 'GET', `/v26.0/${id}`, {}, { token })).body.async_status as string;
      return status;
    };
    expect(await run(addDays(today, -20), addDays(today, -1))).toBe('Job Failed');
    expect(await run(addDays(today, -7), addDays(today, -1))).toBe('Job Completed');
    emu.control.setAsyncMode({ kind: 'normal', polls: 2 });
  });
});

describe('Conversions API (issue 24 "Closing the loop")', () => {
  it('records CRM events and answers events_received', async () => {
    const now = Math.floor(Date.now() / 1000);
    const event = {
      event_name: 'Em negociação',
      event_time: now,
      action_source: 'system_generated',
      user_data: { lead_id: 123456789012345 },
      custom_data: { event_source: 'crm', lead_event_source: 'Funil' },
    };
    const res = await graph(emu, 'POST', `/v26.0/${demo.dataset.id}/events`, { data: JSON.stringify([event]) }, { token });
    expect(res.body).toEqual({ events_received: 1, messages: [], fbtrace_id: expect.any(String) });
    expect(emu.control.conversions().at(-1)).toMatchObject({ datasetId: demo.dataset.id, event });
    const old = await graph(
      emu,
      'POST',
      `/v26.0/${demo.dataset.id}/events`,
      { data: JSON.stringify([{ ...event, event_time: now - 8 * 86_400 }]) },
      { token },
    );
    expect(old.body.error).toMatchObject({ code: 100, error_subcode: 2804003 });
  });
});
