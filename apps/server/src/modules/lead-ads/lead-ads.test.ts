// Meta Lead Ads intake (issue 23 §2, "Tests and figures"): the webhook against the real Meta
// emulator over HTTP (signed raw bytes with unicode escapes, duplicates, reordering, bad
// signatures), the intake worker's fetch with Meta's rate limits, routing, the failed-intake log
// with 'Reprocessar', the 90-day backfill, and the routes × roles × another company.
import { createHmac } from 'node:crypto';

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { LEAD_ADS_MESSAGES } from '@funil/domain/lead-ads/lead-ads-api';

import { historico, leads } from '../leads/leads.table.ts';
import { metaConexoes, metaFormularios } from '../meta/meta.table.ts';
import { unidades } from '../tenancy/tenancy.table.ts';
import { APP_SECRET, leadAdsWorld, VERIFY_TOKEN, type LeadAdsWorld } from './lead-ads-test-kit.ts';
import { LeadAdsWorker } from './lead-ads.service.ts';
import { leadAdsEntregas } from './lead-ads.table.ts';

let w: LeadAdsWorld;
let tokens: Record<'sa' | 'ag' | 'a' | 'u' | 'aB1', string>;

beforeAll(async () => {
  w = await leadAdsWorld();
  const { users } = w.t.fixture;
  tokens = {
    sa: await w.t.login(users.sa.email),
    ag: await w.t.login(users.ag.email),
    a: await w.t.login(users.a.email),
    u: await w.t.login(users.u.email),
    aB1: await w.t.login(users.aB1.email),
  };
}, 60_000);
afterAll(async () => {
  await w.close();
});

const db = () => w.t.app.db;
const worker = () => w.t.app.leadAds!;
const deliveries = () => db().select().from(leadAdsEntregas).orderBy(asc(leadAdsEntregas.id));
const leadsOf = (leadgenId: string) => db().select().from(leads).where(eq(leads.leadgenId, leadgenId));
const implante = () => w.demo.forms[0]!;
const implanteAd = () => w.demo.ads.find((a) => a.name === 'Vídeo depoimento - Dona Conceição')!;

/** A lead of the demo page, delivered by the emulator's webhook sender; waits for every attempt. */
async function arrive(input: Parameters<LeadAdsWorld['meta']['control']['lead']>[0]) {
  const made = w.meta.control.lead(input);
  await w.meta.webhooksIdle();
  return made.lead;
}

beforeEach(async () => {
  w.meta.control.clearFailures();
  w.clock.offsetMs = 0;
  // Each test routes from the same start: no unit filter, no form assignment, no default unit.
  await db().update(unidades).set({ filtro: '' });
  await db().update(metaFormularios).set({ idUnidade: null });
  await db().update(metaConexoes).set({ idUnidadePadrao: null });
});

describe('GET /api/webhooks/meta: the verification handshake (issue 23 §2)', () => {
  it('echoes hub.challenge as text with the right verify token; 403 otherwise', async () => {
    const ok = await w.t.app.inject({
      method: 'GET',
      url: `/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toBe('1158201444');
    for (const query of [
      `hub.mode=subscribe&hub.verify_token=errado&hub.challenge=1`,
      `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
      `hub.mode=subscribe&hub.challenge=1`,
    ]) {
      const res = await w.t.app.inject({ method: 'GET', url: `/api/webhooks/meta?${query}` });
      expect(res.statusCode, query).toBe(403);
      expect(res.json().message).toBe(LEAD_ADS_MESSAGES.verifyRefused);
    }
    // The emulator's App Dashboard ran the same handshake over HTTP when the world was built.
    expect((await w.meta.control.verifyCallback(`${w.url}/api/webhooks/meta`, VERIFY_TOKEN)).ok).toBe(true);
  });
});

describe('POST /api/webhooks/meta: the signature over the raw bytes (issue 23 §2)', () => {
  it('accepts a body with unicode escapes signed over its bytes; a re-serialised body fails; nothing stored on 401', async () => {
    // What Meta writes: non-ASCII as \u00e3 and '/' as '\/'.
    const raw =
      '{"object":"page","entry":[{"id":"111","time":1764000000,"changes":[{"field":"leadgen","value":' +
      '{"ad_id":"55\\/1","form_id":"222","leadgen_id":"900000000000001","created_time":1764000000,' +
      '"page_id":"111","nota":"Jo\\u00e3o"}}]}]}';
    const sign = (bytes: string) => `sha256=${createHmac('sha256', APP_SECRET).update(bytes).digest('hex')}`;
    const reserialised = JSON.stringify(JSON.parse(raw));
    expect(reserialised).not.toBe(raw);
    const before = (await deliveries()).length;
    const wrong = await w.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/meta',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(reserialised) },
      payload: raw,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: LEAD_ADS_MESSAGES.badSignature, status: 401 });
    const missing = await w.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/meta',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(missing.statusCode).toBe(401);
    expect((await deliveries()).length).toBe(before);

    const good = await w.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/meta',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(raw) },
      payload: raw,
    });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ ok: true, recebidos: 1 });
    const [row] = await db().select().from(leadAdsEntregas).where(eq(leadAdsEntregas.leadgenId, '900000000000001'));
    expect(row).toMatchObject({ pageId: '111', formId: '222', status: 'pendente' });
    expect(row!.bruto.nota).toBe('João');
    await db().delete(leadAdsEntregas).where(eq(leadAdsEntregas.leadgenId, '900000000000001'));
  });

  it("the emulator's bad signature answers 401 and stores nothing; its signed delivery of an accented name makes the lead", async () => {
    const before = (await deliveries()).length;
    const bad = w.meta.control.lead({ formId: implante().id, adId: implanteAd().id, deliver: false }).lead;
    w.meta.control.deliver([bad.id], { badSignature: true });
    await w.meta.webhooksIdle();
    const attempts = w.meta.control.webhookAttempts().filter((a) => a.leadgenIds.includes(bad.id));
    expect(attempts.length).toBeGreaterThan(0);
    expect(attempts.every((a) => a.status === 401)).toBe(true);
    expect((await deliveries()).length).toBe(before);

    const lead = await arrive({
      formId: implante().id,
      adId: implanteAd().id,
      person: { name: 'João Conceição', phone: '+5511987650001', email: 'joao.conceicao@exemplo.com.br' },
    });
    await worker().drain();
    const [made] = await leadsOf(lead.id);
    expect(made).toMatchObject({
      cliNome: 'João Conceição',
      cliEmail: 'joao.conceicao@exemplo.com.br',
      origemCanal: 'lead-ads',
      origemCerteza: 'id-exato',
      adId: implanteAd().id,
      adName: 'Vídeo depoimento - Dona Conceição',
      formId: implante().id,
      leadgenId: lead.id,
    });
    expect(made!.cliCampanhaNome).toBe('Implante Dentário - Cadastros | Nov');
    // The form's other question goes to informacoesExtra (shown in the lead's detail).
    expect(Object.keys(made!.informacoesExtra as object)).toContain('qual_o_melhor_horario_para_contato?');
  });
});

describe('at least once, unordered: one leadgen_id is one lead (issue 23 §2)', () => {
  it('duplicates, reordering, a batch and a late copy make exactly one lead each', async () => {
    const made = Array.from(
      { length: 5 },
      (_, i) =>
        w.meta.control.lead({
          formId: implante().id,
          adId: implanteAd().id,
          person: { phone: `+55119876510${String(i).padStart(2, '0')}` },
          deliver: false,
        }).lead,
    );
    const ids = made.map((l) => l.id);
    w.meta.control.deliver(ids, { duplicates: 2, order: 'shuffle' });
    w.meta.control.deliver(ids, { batch: true, order: 'reverse' });
    await w.meta.webhooksIdle();
    // Stored as they came: nothing fetched yet (an SQL null, not JSON 'null'), Meta's created_time kept.
    const stored = await db().select().from(leadAdsEntregas).where(inArray(leadAdsEntregas.leadgenId, ids));
    expect(stored).toHaveLength(5);
    for (const row of stored) {
      expect(row).toMatchObject({ status: 'pendente', dados: null, cliCrmId: null, processadoEm: null, erro: null });
      expect(row.criadoMeta).toBeInstanceOf(Date);
      expect(row.bruto).toMatchObject({ leadgen_id: row.leadgenId });
    }
    const nullData = await db().execute(
      sql`select count(*)::int as n from lead_ads_entregas where dados is null and leadgen_id in ${ids}`,
    );
    expect((nullData as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(5);
    // Half worked, then a late copy of the first arrives after its lead exists.
    await worker().runOnce();
    w.meta.control.deliver([ids[0]!], { duplicates: 1 });
    await w.meta.webhooksIdle();
    await worker().drain();
    for (const id of ids) {
      expect(await leadsOf(id), id).toHaveLength(1);
      const rows = await db().select().from(leadAdsEntregas).where(eq(leadAdsEntregas.leadgenId, id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('processado');
      expect(rows[0]!.recebidas).toBeGreaterThanOrEqual(4);
      // Done with its lead: the lead's id and unit, when, the lease given back.
      const [lead] = await leadsOf(id);
      expect(rows[0]).toMatchObject({ cliCrmId: lead!.cliCrmId, idUnidade: lead!.idUnidade, leaseAte: null, erro: null });
      expect(rows[0]!.processadoEm).toBeInstanceOf(Date);
    }
  });

  it('two running workers (two processes), each with its slots kept full, make exactly one lead each', async () => {
    // The running worker claims only for its free slots and starts them without waiting for a batch;
    // two of them on one database share the deliveries by their row lease (FOR UPDATE SKIP LOCKED).
    const inWork = [0, 0];
    const most = [0, 0];
    const runners = [0, 1].map(
      (n) =>
        new LeadAdsWorker(db(), {
          graph: worker().graph,
          concurrency: 2,
          idleMs: 60_000,
          trace: (_id, stage) => {
            if (stage === 'started') most[n] = Math.max(most[n]!, (inWork[n]! += 1));
            if (stage === 'committed') inWork[n]! -= 1;
          },
        }),
    );
    const ids = Array.from(
      { length: 8 },
      (_, i) =>
        w.meta.control.lead({
          formId: implante().id,
          person: { phone: `+55119876530${String(i).padStart(2, '0')}` },
          deliver: false,
        }).lead.id,
    );
    for (const r of runners) r.start();
    try {
      w.meta.control.deliver(ids, { duplicates: 1, order: 'shuffle' });
      await w.meta.webhooksIdle();
      // The workers idle for a minute: one wake-up gets each working, and it keeps on while deliveries are due.
      for (const r of runners) r.wake();
      await expect
        .poll(async () => (await Promise.all(ids.map(leadsOf))).filter((l) => l.length > 0).length, { timeout: 20_000 })
        .toBe(ids.length);
    } finally {
      for (const r of runners) await r.stop();
    }
    for (const id of ids) {
      expect(await leadsOf(id), id).toHaveLength(1);
      const [row] = await db().select().from(leadAdsEntregas).where(eq(leadAdsEntregas.leadgenId, id));
      expect(row!.status).toBe('processado');
      // The fetched lead is kept with the outcome (written in the lead's transaction).
      expect(row!.dados?.id).toBe(id);
    }
    expect(Math.max(...most)).toBeLessThanOrEqual(2);
  });

  it('a number the unit already has re-enters (captado novamente), no second lead', async () => {
    const person = { phone: '+5511987652222', name: 'Maria Reentrada' };
    const first = await arrive({ formId: implante().id, adId: implanteAd().id, person });
    await worker().drain();
    const second = await arrive({ formId: w.demo.forms[1]!.id, person });
    await worker().drain();
    const [lead] = await leadsOf(second.id);
    expect(lead).toBeDefined();
    expect(await leadsOf(first.id)).toHaveLength(0);
    const history = await db().select().from(historico).where(eq(historico.cliCrmId, lead!.cliCrmId));
    const texts = history.map((h) => h.descricao ?? '');
    expect(texts.filter((d) => d.startsWith(LEAD_ADS_MESSAGES.historyCreated))).toHaveLength(1);
    expect(texts.filter((d) => d.startsWith(LEAD_ADS_MESSAGES.historyAgain))).toHaveLength(1);
  });
});

describe("the fetch honours Meta's rate limits (issue 23 §2)", () => {
  it('a rate-limited GET /{leadgen_id} is retried after estimated_time_to_regain_access, then the lead is made', async () => {
    w.meta.control.fail({ code: 80004, scope: 'leadgen', remaining: 1, regainMinutes: 7 });
    const lead = await arrive({ formId: implante().id, adId: implanteAd().id, person: { phone: '+5511987653333' } });
    expect(await worker().runOnce()).toEqual(['retry']);
    const [row] = await db().select().from(leadAdsEntregas).where(eq(leadAdsEntregas.leadgenId, lead.id));
    expect(row!.status).toBe('pendente');
    expect(row!.erro).toBe(LEAD_ADS_MESSAGES.rateLimited(7));
    expect(row!.proximaEm.getTime() - Date.now()).toBeGreaterThan(6.5 * 60_000);
    // Not before its time.
    expect(await worker().runOnce()).toEqual([]);
    w.clock.offsetMs = 8 * 60_000;
    expect(await worker().runOnce()).toEqual(['done']);
    expect(await leadsOf(lead.id)).toHaveLength(1);
  });

  it('without a regain time the wait doubles (30 s, 60 s…)', async () => {
    w.meta.control.fail({ code: 2, subcode: 1504043, scope: 'leadgen', remaining: 2, regainMinutes: 0 });
    const lead = await arrive({ formId: implante().id, adId: implanteAd().id, person: { phone: '+5511987653334' } });
    const waits: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      expect(await worker().runOnce()).toEqual(['retry']);
      const [row] = await db().select().from(leadAdsEntregas).where(eq(leadAdsEntregas.leadgenId, lead.id));
      waits.push(row!.proximaEm.getTime() - (Date.now() + w.clock.offsetMs));
      w.clock.offsetMs += 2 * 60_000;
    }
    expect(waits[0]).toBeGreaterThan(25_000);
    expect(waits[1]).toBeGreaterThan(55_000);
    expect(await worker().runOnce()).toEqual(['done']);
  });
});

describe('routing to a unit (issue 23 §2)', () => {
  const unitOfLead = async (leadgenId: string) => (await leadsOf(leadgenId))[0]!.idUnidade;
  const historyOf = async (leadgenId: string) => {
    const [lead] = await leadsOf(leadgenId);
    return (await db().select().from(historico).where(eq(historico.cliCrmId, lead!.cliCrmId))).map((h) => h.descricao);
  };

  it("by the unit's 'Filtro Facebook', accent- and case-free, against the campaign, ad set, ad or form names", async () => {
    const { unitA2 } = w.t.fixture;
    await db().update(unidades).set({ filtro: 'IMPLANTE DENTARIO' }).where(eq(unidades.id, unitA2));
    const lead = await arrive({ formId: w.demo.forms[1]!.id, adId: implanteAd().id, person: { phone: '+5511987654441' } });
    await worker().drain();
    expect(await unitOfLead(lead.id)).toBe(unitA2);
  });

  it('a form assigned to a unit wins over the filters', async () => {
    const { unitA1, unitA2 } = w.t.fixture;
    await db().update(unidades).set({ filtro: 'implante' }).where(eq(unidades.id, unitA2));
    await db().update(metaFormularios).set({ idUnidade: unitA1 }).where(eq(metaFormularios.formId, implante().id));
    const lead = await arrive({ formId: implante().id, adId: implanteAd().id, person: { phone: '+5511987654442' } });
    await worker().drain();
    expect(await unitOfLead(lead.id)).toBe(unitA1);
  });

  it("no match: the company's default unit, and the lead's history says so", async () => {
    const { unitA2, companyA } = w.t.fixture;
    await db().update(metaConexoes).set({ idUnidadePadrao: unitA2 }).where(eq(metaConexoes.idEmpresa, companyA));
    const lead = await arrive({ formId: w.demo.forms[1]!.id, organic: true, person: { phone: '+5511987654443' } });
    await worker().drain();
    expect(await unitOfLead(lead.id)).toBe(unitA2);
    expect(await historyOf(lead.id)).toContain(`${LEAD_ADS_MESSAGES.historyCreated} (${LEAD_ADS_MESSAGES.defaultUnit})`);
  });
});

describe("the failed-intake log and 'Reprocessar' (issue 23 §2)", () => {
  it('a lead that cannot be fetched is logged with why; Reprocessar makes it once the cause is gone', async () => {
    w.meta.control.fail({ code: 190, subcode: 460, scope: 'leadgen', remaining: null });
    const lead = await arrive({ formId: implante().id, adId: implanteAd().id, person: { phone: '+5511987655551' } });
    expect(await worker().drain()).toEqual(['failed']);
    const list = await w.t.as(tokens.ag, { method: 'GET', url: '/api/lead-ads/falhas' });
    expect(list.statusCode).toBe(200);
    const failed = (list.json().data as { id: number; leadgenId: string; erro: string; formNome: string }[]).find(
      (f) => f.leadgenId === lead.id,
    )!;
    expect(failed.erro).toMatch(/^Não foi possível buscar o lead no Meta: .*código 190\/460/);
    expect(failed.formNome).toBe(implante().name);

    w.meta.control.clearFailures();
    const again = await w.t.as(tokens.ag, { method: 'POST', url: `/api/lead-ads/falhas/${failed.id}/reprocessar` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: LEAD_ADS_MESSAGES.reprocessed });
    expect(await worker().drain()).toEqual(['done']);
    expect(await leadsOf(lead.id)).toHaveLength(1);
    // Done: no longer in the log, and a second 'Reprocessar' finds nothing.
    const after = await w.t.as(tokens.ag, { method: 'POST', url: `/api/lead-ads/falhas/${failed.id}/reprocessar` });
    expect(after.statusCode).toBe(404);
    expect(after.json().message).toBe(LEAD_ADS_MESSAGES.notFound);
  });

  it('a form without a phone question is logged with why, in Portuguese', async () => {
    const form = w.meta.control.form({
      pageId: w.demo.page.id,
      name: 'Newsletter – só e-mail',
      questions: [
        { key: 'full_name', label: 'Nome completo', type: 'FULL_NAME' },
        { key: 'email', label: 'E-mail', type: 'EMAIL' },
      ],
    });
    const lead = await arrive({ formId: form.id, organic: true });
    expect(await worker().drain()).toEqual(['failed']);
    const [row] = await db().select().from(leadAdsEntregas).where(eq(leadAdsEntregas.leadgenId, lead.id));
    expect(row).toMatchObject({ status: 'falhou', erro: LEAD_ADS_MESSAGES.noPhone, idEmpresa: w.t.fixture.companyA });
    expect(await leadsOf(lead.id)).toHaveLength(0);
  });

  it('a page no company connected is logged as such', async () => {
    const raw = JSON.stringify({
      object: 'page',
      entry: [{ id: '999', time: 1, changes: [{ field: 'leadgen', value: { leadgen_id: '777000000000001', page_id: '999' } }] }],
    });
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/meta',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`,
      },
      payload: raw,
    });
    expect(res.statusCode).toBe(200);
    expect(await worker().drain()).toEqual(['failed']);
    const [row] = await db().select().from(leadAdsEntregas).where(eq(leadAdsEntregas.leadgenId, '777000000000001'));
    expect(row).toMatchObject({ status: 'falhou', erro: LEAD_ADS_MESSAGES.pageNotConnected, idEmpresa: null });
  });
});

describe("'Buscar leads dos últimos 90 dias' (issue 23 §2)", () => {
  it('pages through /{form_id}/leads from 90 days back, without duplicating what the webhook brought', async () => {
    const form = w.demo.forms[1]!;
    const past = w.meta.control.pastLeads(130, [form]);
    // One of them also came by webhook and is already a lead.
    w.meta.control.deliver([past[0]!.id]);
    await w.meta.webhooksIdle();
    await worker().drain();
    expect(await leadsOf(past[0]!.id)).toHaveLength(1);

    const res = await w.t.as(tokens.ag, { method: 'POST', url: `/api/lead-ads/formularios/${form.id}/buscar` });
    expect(res.statusCode).toBe(200);
    const { encontrados, novos } = res.json().data as { encontrados: number; novos: number };
    // Earlier tests' leads of this form are found too, and are not new either.
    expect(encontrados).toBeGreaterThanOrEqual(130);
    expect(novos).toBe(129);
    await worker().drain();
    const again = await w.t.as(tokens.ag, { method: 'POST', url: `/api/lead-ads/formularios/${form.id}/buscar` });
    expect(again.json().data).toEqual({ encontrados, novos: 0 });
    for (const l of past) expect(await leadsOf(l.id), l.id).toHaveLength(1);
    // A backfilled delivery came with its lead, was not fetched again, and keeps it once done.
    const [backfilled] = await db().select().from(leadAdsEntregas).where(eq(leadAdsEntregas.leadgenId, past[1]!.id));
    expect(backfilled).toMatchObject({ status: 'processado', dados: { id: past[1]!.id } });
    const made = await db()
      .select()
      .from(leads)
      .where(and(eq(leads.formId, form.id), eq(leads.origemCanal, 'lead-ads')));
    expect(new Set(made.map((l) => l.leadgenId)).size).toBe(made.length);
  });
});

describe('routes × roles × another company (issue 23 "Tests and figures")', () => {
  it('ag and sa read their company; a, u and another company’s admin are refused', async () => {
    for (const who of ['ag', 'sa'] as const) {
      const res = await w.t.as(tokens[who], { method: 'GET', url: '/api/lead-ads' });
      expect(res.statusCode, who).toBe(200);
      expect(res.json().data.conectada).toBe(true);
      expect(res.json().data.formularios.map((f: { formId: string }) => f.formId)).toEqual(
        expect.arrayContaining(w.demo.forms.map((f) => f.id)),
      );
    }
    for (const who of ['a', 'u', 'aB1'] as const)
      for (const [method, url] of [
        ['GET', '/api/lead-ads'],
        ['GET', '/api/lead-ads/falhas'],
        ['POST', '/api/lead-ads/falhas/1/reprocessar'],
        ['POST', `/api/lead-ads/formularios/${implante().id}/buscar`],
      ] as const)
        expect((await w.t.as(tokens[who], { method, url })).statusCode, `${who} ${method} ${url}`).toBe(403);
  });

  it("the super-admin acting on another company sees none of company A's log, forms or deliveries", async () => {
    const { companyB } = w.t.fixture;
    const overview = await w.t.as(tokens.sa, { method: 'GET', url: `/api/lead-ads?idEmpresa=${companyB}` });
    expect(overview.json().data).toMatchObject({ conectada: false, formularios: [] });
    const [failedA] = await db().select().from(leadAdsEntregas).where(eq(leadAdsEntregas.status, 'falhou'));
    expect(failedA).toBeDefined();
    const log = await w.t.as(tokens.sa, { method: 'GET', url: `/api/lead-ads/falhas?idEmpresa=${companyB}` });
    expect(log.json().data).toEqual([]);
    const other = await w.t.as(tokens.sa, {
      method: 'POST',
      url: `/api/lead-ads/falhas/${failedA!.id}/reprocessar?idEmpresa=${companyB}`,
    });
    expect(other.statusCode).toBe(404);
    const form = await w.t.as(tokens.sa, {
      method: 'POST',
      url: `/api/lead-ads/formularios/${implante().id}/buscar?idEmpresa=${companyB}`,
    });
    expect(form.statusCode).toBe(404);
    expect(form.json().message).toBe(LEAD_ADS_MESSAGES.formNotFound);
  });

  it('bad input changes nothing: a malformed form id, a non-numeric delivery id', async () => {
    expect((await w.t.as(tokens.ag, { method: 'POST', url: '/api/lead-ads/formularios/abc/buscar' })).statusCode).toBe(400);
    expect((await w.t.as(tokens.ag, { method: 'POST', url: '/api/lead-ads/falhas/x/reprocessar' })).statusCode).toBe(400);
  });
});
