// issue 23 §2 'Meta Lead Ads': page subscription (subscribed_fields=leadgen), lead forms, a lead's
// retrieval (GET /{leadgen_id}) and a form's leads paged with `filtering` on time_created.
import { afterAll, describe, expect, it } from 'vitest';

import { bootEmulator, graph, type Json } from './testing.ts';

const { emu, demo, token } = bootEmulator();
afterAll(() => emu.close());

const pageToken = async (): Promise<string> =>
  ((await graph(emu, 'GET', '/v26.0/me/accounts', {}, { token })).body.data as Json[])[0]!.access_token as string;

describe('POST/GET /{page-id}/subscribed_apps', () => {
  it('needs a page token of that page (#210 with a user token)', async () => {
    const res = await graph(emu, 'POST', `/v26.0/${demo.page.id}/subscribed_apps`, { subscribed_fields: 'leadgen' }, { token });
    expect(res.body.error).toMatchObject({ code: 210, type: 'OAuthException' });
  });

  it('subscribes the app to leadgen and lists it', async () => {
    const pt = await pageToken();
    const post = await graph(
      emu,
      'POST',
      `/v26.0/${demo.page.id}/subscribed_apps`,
      { subscribed_fields: 'leadgen' },
      { token: pt },
    );
    expect(post.body).toEqual({ success: true });
    const list = await graph(emu, 'GET', `/v26.0/${demo.page.id}/subscribed_apps`, {}, { token: pt });
    expect(list.body.data).toEqual([expect.objectContaining({ name: 'Funil CRM', subscribed_fields: ['leadgen'] })]);
    const bad = await graph(
      emu,
      'POST',
      `/v26.0/${demo.page.id}/subscribed_apps`,
      { subscribed_fields: 'pedidos' },
      { token: pt },
    );
    expect(bad.body.error.code).toBe(100);
  });
});

describe('lead forms and leads', () => {
  it('lists the page forms (id, locale, name, status by default)', async () => {
    const res = await graph(emu, 'GET', `/v26.0/${demo.page.id}/leadgen_forms`, {}, { token: await pageToken() });
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data).toContainEqual({
      id: demo.forms[0]!.id,
      locale: 'pt_BR',
      name: 'Implante - Avaliação gratuita',
      status: 'ACTIVE',
    });
  });

  it('answers GET /{leadgen_id}: field_data [{name, values}], created_time; ad fields and names when asked', async () => {
    const ad = demo.ads[0]!;
    const { lead } = emu.control.lead({
      formId: demo.forms[0]!.id,
      adId: ad.id,
      person: { name: 'João Conceição', phone: '+5511987654321', email: 'joao@exemplo.com.br' },
      answers: { 'qual_o_melhor_horario_para_contato?': 'Manhã' },
    });
    const plain = await graph(emu, 'GET', `/v26.0/${lead.id}`, {}, { token });
    expect(plain.body).toEqual({
      id: lead.id,
      created_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/),
      field_data: [
        { name: 'full_name', values: ['João Conceição'] },
        { name: 'phone_number', values: ['+5511987654321'] },
        { name: 'email', values: ['joao@exemplo.com.br'] },
        { name: 'qual_o_melhor_horario_para_contato?', values: ['Manhã'] },
      ],
    });
    const full = await graph(
      emu,
      'GET',
      `/v26.0/${lead.id}`,
      { fields: 'id,ad_id,ad_name,adset_id,adset_name,campaign_id,campaign_name,form_id,is_organic,created_time' },
      { token: await pageToken() },
    );
    expect(full.body).toMatchObject({
      ad_id: ad.id,
      ad_name: 'Vídeo depoimento - Dona Conceição',
      adset_id: ad.adsetId,
      adset_name: 'Mulheres 35-60 | Raio 8 km da clínica',
      campaign_id: ad.campaignId,
      campaign_name: 'Implante Dentário - Cadastros | Nov',
      form_id: demo.forms[0]!.id,
      is_organic: false,
    });
  });

  it('leaves the ad fields out of an organic lead', async () => {
    const { lead } = emu.control.lead({ formId: demo.forms[1]!.id, organic: true });
    const res = await graph(emu, 'GET', `/v26.0/${lead.id}`, { fields: 'id,ad_id,campaign_id,is_organic' }, { token });
    expect(res.body).toEqual({ id: lead.id, is_organic: true });
  });

  it('refuses a user without leads_retrieval (#200) and a page token of another page (#210)', async () => {
    const { lead } = emu.control.lead({ formId: demo.forms[0]!.id });
    const noScope = emu.control.token({ scopes: ['ads_read'] });
    expect((await graph(emu, 'GET', `/v26.0/${lead.id}`, {}, { token: noScope })).body.error.code).toBe(200);
    const other = emu.control.page({ name: 'Outra clínica' });
    const otherToken = emu.control.token({ kind: 'page', pageId: other.id, lifetimeSeconds: null });
    expect((await graph(emu, 'GET', `/v26.0/${lead.id}`, {}, { token: otherToken })).body.error.code).toBe(210);
  });

  it("pages a form's leads with cursors and filters on time_created (backfill, issue 23 §2)", async () => {
    const form = emu.control.form({ pageId: demo.page.id, name: 'Formulário de teste' });
    const now = Math.floor(Date.now() / 1000);
    const ids = Array.from(
      { length: 7 },
      (_, i) => emu.control.lead({ formId: form.id, createdTime: now - (10 - i) * 86_400 }).lead.id,
    );
    const seen: string[] = [];
    let res = await graph(emu, 'GET', `/v26.0/${form.id}/leads`, { limit: '3' }, { token });
    for (;;) {
      seen.push(...(res.body.data as Json[]).map((l) => l.id as string));
      expect(res.body.paging.cursors).toEqual({ before: expect.any(String), after: expect.any(String) });
      const next = res.body.paging.next as string | undefined;
      if (!next) break;
      // `next` carries the token but not the proof: the client must add appsecret_proof to every page.
      const url = new URL(next);
      expect(url.searchParams.get('access_token')).toBe(token);
      expect(url.searchParams.get('appsecret_proof')).toBeNull();
      res = await graph(
        emu,
        'GET',
        url.pathname,
        { limit: url.searchParams.get('limit')!, after: url.searchParams.get('after')! },
        { token },
      );
    }
    expect(seen).toEqual([...ids].reverse());
    const recent = await graph(
      emu,
      'GET',
      `/v26.0/${form.id}/leads`,
      { filtering: JSON.stringify([{ field: 'time_created', operator: 'GREATER_THAN', value: now - 6 * 86_400 }]) },
      { token },
    );
    expect((recent.body.data as Json[]).map((l) => l.id)).toEqual(ids.slice(5).reverse());
  });
});
