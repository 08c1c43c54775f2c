// issue 24's bench at full size: a generated account's days are computed on read, not held as objects;
// what a test sets or deletes sits on top; a large report is computed page by page, the same rows as at once.
import { afterAll, describe, expect, it } from 'vitest';

import { addDays, computeInsights, parseQuery, todayIn } from './insights.ts';
import { bootEmulator, graph, type Json } from './testing.ts';

const { emu, demo, token } = bootEmulator();
afterAll(() => emu.close());

const today = todayIn('America/Sao_Paulo');

describe('generated days (computed on read)', () => {
  it('holds no object for a generated day, answers the same day on every read, and the set ones on top', () => {
    const ad = demo.ads[0]!;
    const day = addDays(today, -3);
    const key = `${ad.id}|${day}`;
    const first = emu.state.insights.get(key)!;
    expect(first).toMatchObject({ adId: ad.id, date: day });
    expect(first.impressions).toBeGreaterThanOrEqual(400);
    expect(emu.state.insights.get(key)).toEqual(first);
    // 40 days of every demo ad, none of them stored.
    expect(emu.state.insights.size).toBe(demo.ads.length * 40);
    expect([...emu.state.insights].length).toBe(demo.ads.length * 40);
    // A day older than the generated span has no delivery.
    expect(emu.state.insights.get(`${ad.id}|${addDays(today, -40)}`)).toBeUndefined();

    emu.control.dailyInsight({ adId: ad.id, date: day, impressions: 5, reach: 4, clicks: 1, spendCents: 2 });
    expect(emu.state.insights.get(key)).toMatchObject({ impressions: 5, spendCents: 2 });
    expect(emu.state.insights.size).toBe(demo.ads.length * 40);

    expect(emu.state.insights.delete(key)).toBe(true);
    expect(emu.state.insights.get(key)).toBeUndefined();
    expect(emu.state.insights.size).toBe(demo.ads.length * 40 - 1);
    expect([...emu.state.insights.entries()].some(([k]) => k === key)).toBe(false);
    expect(emu.state.insights.delete(key)).toBe(false);
  });

  it('a lead campaign day carries `lead` and its subset lead_grouped, equal; a messaging one conversations', () => {
    const leadAd = demo.ads.find((a) => demo.campaigns.find((c) => c.id === a.campaignId)!.objective === 'OUTCOME_LEADS')!;
    const msgAd = demo.ads.find((a) => demo.campaigns.find((c) => c.id === a.campaignId)!.objective !== 'OUTCOME_LEADS')!;
    const days = Array.from({ length: 30 }, (_, i) => addDays(today, -i - 5));
    const leads = days.map((d) => emu.state.insights.get(`${leadAd.id}|${d}`)!.actions);
    expect(leads.some((a) => a.lead === undefined)).toBe(true); // some days without a lead
    expect(leads.filter((a) => a.lead).every((a) => a.lead === a['onsite_conversion.lead_grouped'])).toBe(true);
    const msgs = days.map((d) => emu.state.insights.get(`${msgAd.id}|${d}`)!.actions);
    expect(msgs.some((a) => a['onsite_conversion.messaging_conversation_started_7d']! > 0)).toBe(true);
    expect(msgs.every((a) => a.lead === undefined)).toBe(true);
  });
});

describe('a large report, computed page by page', () => {
  it('the pages of a daily ad-level read, across day boundaries, are the rows computed at once', async () => {
    const range = JSON.stringify({ since: addDays(today, -9), until: today });
    const params = { level: 'ad', time_increment: '1', time_range: range, fields: 'ad_id,spend,reach,actions', limit: '7' };
    const pages: Json[] = [];
    let res = await graph(emu, 'GET', `/v26.0/${demo.account.id}/insights`, params, { token });
    for (;;) {
      expect(res.status).toBe(200);
      pages.push(...(res.body.data as Json[]));
      const next = res.body.paging?.next as string | undefined;
      if (!next) break;
      const url = new URL(next);
      res = await graph(emu, 'GET', url.pathname, Object.fromEntries(url.searchParams), { token });
    }
    const all = computeInsights(emu.state, parseQueryOf(params));
    // Every ad's ten days but the one deleted above.
    expect(pages.length).toBe(demo.ads.length * 10 - 1);
    expect(pages).toEqual(all);
    // Day by day, each day's ads in order.
    expect(pages.map((r) => r.date_start)).toEqual([...pages.map((r) => r.date_start)].sort());
  });
});

function parseQueryOf(params: Record<string, string>) {
  return parseQuery(emu.state, {
    node: emu.state.nodes.get(demo.account.id)!,
    params,
  } as Parameters<typeof parseQuery>[1]);
}
