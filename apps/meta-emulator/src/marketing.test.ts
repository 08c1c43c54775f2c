// 002 §7 'Ads platform' and issue 23 §5 'Sincronizar com o Meta': /act_{id}/campaigns, /adsets, /ads
// with fields, limit, effective_status and filtering (objective OUTCOME_LEADS or CONVERSIONS).
import { afterAll, describe, expect, it } from 'vitest';

import { bootEmulator, graph, type Json } from './testing.ts';

const { emu, demo, token } = bootEmulator();
afterAll(() => emu.close());

describe('campaigns, ad sets and ads', () => {
  it('answers only ids by default, the asked fields otherwise, budgets as strings in cents', async () => {
    const bare = await graph(emu, 'GET', `/v26.0/${demo.account.id}/campaigns`, {}, { token });
    expect(bare.body.data).toHaveLength(3);
    for (const c of bare.body.data as Json[]) expect(Object.keys(c)).toEqual(['id']);
    const full = await graph(
      emu,
      'GET',
      `/v26.0/${demo.account.id}/campaigns`,
      { fields: 'id,name,status,objective,daily_budget,effective_status', limit: '500' },
      { token },
    );
    expect(full.body.data).toContainEqual({
      id: demo.campaigns[0]!.id,
      name: 'Implante Dentário - Cadastros | Nov',
      status: 'ACTIVE',
      objective: 'OUTCOME_LEADS',
      daily_budget: '8000',
      effective_status: 'ACTIVE',
    });
  });

  it('filters by objective like 002 §7 (OUTCOME_LEADS or CONVERSIONS)', async () => {
    const res = await graph(
      emu,
      'GET',
      `/v26.0/${demo.account.id}/campaigns`,
      {
        fields: 'name,objective',
        filtering: JSON.stringify([{ field: 'objective', operator: 'IN', value: ['OUTCOME_LEADS', 'CONVERSIONS'] }]),
      },
      { token },
    );
    expect((res.body.data as Json[]).map((c) => c.objective)).toEqual(['OUTCOME_LEADS', 'OUTCOME_LEADS']);
  });

  it('filters ad sets by campaign ids and ads by ad set ids (002 §7)', async () => {
    const campaign = demo.campaigns[0]!;
    const sets = await graph(
      emu,
      'GET',
      `/v26.0/${demo.account.id}/adsets`,
      {
        fields: 'id,name,campaign_id',
        filtering: JSON.stringify([{ field: 'campaign.id', operator: 'IN', value: [campaign.id] }]),
      },
      { token },
    );
    expect((sets.body.data as Json[]).map((s) => s.campaign_id)).toEqual([campaign.id, campaign.id]);
    const setId = (sets.body.data as Json[])[0]!.id as string;
    const ads = await graph(
      emu,
      'GET',
      `/v26.0/${demo.account.id}/ads`,
      {
        fields: 'id,name,adset_id,campaign_id',
        filtering: JSON.stringify([{ field: 'adset.id', operator: 'IN', value: [setId] }]),
      },
      { token },
    );
    expect((ads.body.data as Json[]).every((a) => a.adset_id === setId && a.campaign_id === campaign.id)).toBe(true);
    const edge = await graph(emu, 'GET', `/v26.0/${setId}/ads`, { fields: 'id' }, { token });
    expect(edge.body.data).toHaveLength((ads.body.data as Json[]).length);
  });

  it('reads effective_status: a paused campaign makes its ads CAMPAIGN_PAUSED; DELETED is left out unless asked', async () => {
    const c = emu.control.campaign({ accountId: demo.account.id, name: 'Campanha pausada', status: 'PAUSED' });
    const s = emu.control.adset({ campaignId: c.id, name: 'Conjunto' });
    const a = emu.control.ad({ adsetId: s.id, name: 'Anúncio' });
    emu.control.ad({ adsetId: s.id, name: 'Apagado', status: 'DELETED' });
    const res = await graph(emu, 'GET', `/v26.0/${s.id}/ads`, { fields: 'id,effective_status' }, { token });
    expect(res.body.data).toEqual([{ id: a.id, effective_status: 'CAMPAIGN_PAUSED' }]);
    const deleted = await graph(emu, 'GET', `/v26.0/${s.id}/ads`, { fields: 'name', effective_status: '["DELETED"]' }, { token });
    expect(deleted.body.data).toEqual([{ name: 'Apagado' }]);
    const bad = await graph(emu, 'GET', `/v26.0/${s.id}/ads`, { effective_status: '["LIGADO"]' }, { token });
    expect(bad.body.error.code).toBe(100);
  });

  it('pages with limit and cursors; next disappears on the last page while cursors stay', async () => {
    const first = await graph(emu, 'GET', `/v26.0/${demo.account.id}/ads`, { limit: '5' }, { token });
    expect(first.body.paging.next).toEqual(expect.stringContaining('after='));
    const after = first.body.paging.cursors.after as string;
    const second = await graph(emu, 'GET', `/v26.0/${demo.account.id}/ads`, { limit: '5', after }, { token });
    const all = await graph(emu, 'GET', `/v26.0/${demo.account.id}/ads`, { limit: '500' }, { token });
    expect([...first.body.data, ...second.body.data]).toEqual(
      (all.body.data as Json[]).slice(0, first.body.data.length + second.body.data.length),
    );
    expect(all.body.paging.next).toBeUndefined();
    expect(all.body.paging.cursors.after).toEqual(expect.any(String));
  });

  it('hides an ad account from a user who is not on it', async () => {
    const stranger = emu.control.user({ name: 'Outro Usuário', email: 'outro@exemplo.com' });
    const t = emu.control.token({ userId: stranger.id });
    const res = await graph(emu, 'GET', `/v26.0/${demo.account.id}/campaigns`, {}, { token: t });
    expect(res.body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });
});
