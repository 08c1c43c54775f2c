// Meta's Conversions API for CRM events (issue 24 'Closing the loop with Meta': "the Conversions API
// receives one event per status change of a Lead Ads lead, none for the others") against the real Meta
// emulator over HTTP: the stream's consumer writes the outbox, the sender posts /{dataset_id}/events
// signed with appsecret_proof; a replayed batch and a restarted consumer send nothing twice; errors are
// retried with backoff and end as a stored failure with the reason; the unit admin's card per role.
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { META_CONVERSIONS_MESSAGES } from '@funil/domain/meta-conversions/meta-conversions-api';

import { leadAdsWorld, type LeadAdsWorld } from '../lead-ads/lead-ads-test-kit.ts';
import { leadAdsEntregas } from '../lead-ads/lead-ads.table.ts';
import { LeadEventRunner } from '../lead-events/lead-event-runner.ts';
import { leadEventos } from '../lead-events/lead-events.table.ts';
import { CONVERSIONS_CONSUMER, conversionsConsumer, sendPass } from './meta-conversions.service.ts';
import { metaConversoesEnvios } from './meta-conversions.table.ts';

let w: LeadAdsWorld;
let tokens: Record<'sa' | 'ag' | 'a' | 'u' | 'aB1', string>;
let phone = 11_970_000_000;
const db = () => w.t.app.db;
const noWait = {
  backoffMs: 1_000,
  get runtime() {
    return w.t.app.metaRuntime;
  },
};

beforeAll(async () => {
  w = await leadAdsWorld({ settings: { extras: { metaInsights: true, edicao_status_cliente: true } } });
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

const call = (who: keyof typeof tokens, options: Parameters<LeadAdsWorld['t']['as']>[1]) => w.t.as(tokens[who], options);

/** A lead of unit A1; `leadgen` makes it a Lead Ads lead (its processed delivery). */
async function lead(leadgen: string | null): Promise<number> {
  const res = await call('a', {
    method: 'POST',
    url: '/api/contato/cadastrarcontato/manual',
    payload: { cli_nome: 'Paciente do formulário', cli_telefone: String(phone++) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { data: { id: number } }).data.id;
  if (leadgen)
    await db()
      .insert(leadAdsEntregas)
      .values({
        leadgenId: leadgen,
        pageId: w.demo.page.id,
        bruto: { leadgen_id: leadgen },
        idEmpresa: w.t.fixture.companyA,
        status: 'processado',
        cliCrmId: id,
        idUnidade: w.t.fixture.unitA1,
      });
  return id;
}

const moveStatus = async (id: number, status: number) =>
  expect(
    (await call('a', { method: 'POST', url: `/api/negociacao/atualizarstatusnegociacao/${id}`, payload: { status } })).statusCode,
  ).toBe(200);
const moveSale = async (id: number, status: number) => {
  const res = await call('a', {
    method: 'POST',
    url: `/api/negociacao/atualizarstatusnegociacaovenda/${id}`,
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
};

const received = () => w.meta.control.conversions().filter((c) => c.datasetId === w.demo.dataset.id);
const outbox = () => db().select().from(metaConversoesEnvios).orderBy(asc(metaConversoesEnvios.id));

async function configure(body: { datasetId: string | null; statusNegociacao: number[]; statusVenda: number[] }) {
  const res = await call('a', { method: 'PUT', url: '/api/insights/conversoes', payload: body });
  expect(res.statusCode, res.body).toBe(200);
}

beforeEach(async () => {
  w.meta.control.clearFailures();
  await configure({ datasetId: w.demo.dataset.id, statusNegociacao: [2], statusVenda: [3] });
});

describe('the Conversions API consumer and sender (issue 24 "Closing the loop with Meta")', () => {
  it('one CRM event per mapped status change of a Lead Ads lead, none for another lead or an unmapped status', async () => {
    const before = received().length;
    const fromForm = await lead('900100200300401');
    const other = await lead(null);
    const sold = await lead('900100200300411');
    await moveStatus(fromForm, 2);
    await moveSale(sold, 3);
    await moveStatus(other, 2);
    await w.t.app.leadEvents.drain();
    expect(await sendPass(db(), noWait)).toBe(2);
    const got = received().slice(before);
    expect(got).toHaveLength(2);
    for (const c of got) {
      const e = c.event;
      expect(e.action_source).toBe('system_generated');
      expect(e.custom_data).toEqual({ event_source: 'crm', lead_event_source: 'Funil' });
      expect(typeof e.event_id).toBe('string');
      const t = e.event_time as number;
      expect(t).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
      expect(t).toBeGreaterThan(Math.floor(Date.now() / 1000) - 7 * 86_400);
    }
    const names = got.map((c) => c.event.event_name);
    expect(got.map((c) => c.event.user_data)).toEqual([{ lead_id: '900100200300401' }, { lead_id: '900100200300411' }]);
    const rows = (await outbox()).filter((r) => r.cliCrmId === fromForm || r.cliCrmId === sold);
    expect(rows.map((r) => [r.familia, r.status])).toEqual([
      ['negociacao', 'enviado'],
      ['venda', 'enviado'],
    ]);
    expect((await outbox()).filter((r) => r.cliCrmId === other)).toHaveLength(0);
    expect(names).toEqual(rows.map((r) => r.nomeEvento));
    expect(rows[0]!.resposta).toMatchObject({ events_received: 1 });
    expect(new Set(got.map((c) => c.event.event_id)).size).toBe(2);
    // Nothing more to send: a second pass sends nothing.
    expect(await sendPass(db(), noWait)).toBe(0);
    expect(received().length).toBe(before + 2);
    // A status the unit did not map sends nothing.
    await configure({ datasetId: w.demo.dataset.id, statusNegociacao: [], statusVenda: [3] });
    const unmapped = await lead('900100200300400');
    await moveStatus(unmapped, 2);
    await w.t.app.leadEvents.drain();
    expect((await outbox()).filter((r) => r.cliCrmId === unmapped)).toHaveLength(0);
  });

  it('a replayed batch and a consumer restarted from an older position queue nothing twice', async () => {
    const id = await lead('900100200300402');
    await moveStatus(id, 2);
    await w.t.app.leadEvents.drain();
    const events = await db().select().from(leadEventos).where(eq(leadEventos.cliCrmId, id)).orderBy(asc(leadEventos.id));
    const replay = events.map((e) => ({ ...e, id: Number(e.id) })) as unknown as Parameters<
      ReturnType<typeof conversionsConsumer>['handle']
    >[0];
    // The same batch handed again (at-least-once): the (event, funnel) key keeps one row.
    await db().transaction(async (tx) => conversionsConsumer().handle(replay, tx));
    // A second process whose position is before these events reads them again.
    await db().execute(
      sql`update lead_eventos_consumidores set ultimo_id = ${Number(events[0]!.id) - 1} where consumidor = ${CONVERSIONS_CONSUMER}`,
    );
    const second = new LeadEventRunner(w.t.database, { pollMs: 0 });
    second.add(conversionsConsumer());
    await second.start();
    await second.drain();
    await second.stop();
    const rows = (await outbox()).filter((r) => r.cliCrmId === id);
    expect(rows).toHaveLength(1);
    await sendPass(db(), noWait);
    await sendPass(db(), noWait);
    expect(received().filter((c) => (c.event.user_data as { lead_id: string }).lead_id === '900100200300402')).toHaveLength(1);
  });

  it('a failure is retried with a doubling wait and ends as a stored failure with the reason', async () => {
    const id = await lead('900100200300403');
    await moveStatus(id, 2);
    await w.t.app.leadEvents.drain();
    w.meta.control.fail({ code: 2, message: 'An unexpected error has occurred.', remaining: null });
    let now = Date.now();
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      expect(await sendPass(db(), { ...noWait, maxAttempts: 3, now: () => new Date(now) })).toBe(1);
      const [row] = (await outbox()).filter((r) => r.cliCrmId === id);
      if (row!.status === 'pendente') {
        waits.push(row!.proximaEm.getTime() - now);
        // Not due before its time.
        expect(await sendPass(db(), { ...noWait, now: () => new Date(now + 10) })).toBe(0);
        now = row!.proximaEm.getTime();
      }
    }
    expect(waits).toEqual([1_000, 2_000]);
    const [row] = (await outbox()).filter((r) => r.cliCrmId === id);
    expect(row!.status).toBe('falhou');
    expect(row!.tentativas).toBe(3);
    expect(row!.erro).toMatch(/^A Meta recusou o evento \(código 2\)/);
  });

  it('a transient failure then success sends once; an event more than 7 days old ends as a failure unsent', async () => {
    const id = await lead('900100200300404');
    await moveStatus(id, 2);
    await w.t.app.leadEvents.drain();
    w.meta.control.fail({ code: 2, remaining: 1 });
    const before = received().length;
    await sendPass(db(), noWait);
    await sendPass(db(), { ...noWait, now: () => new Date(Date.now() + 60_000) });
    expect(received().length).toBe(before + 1);
    const [sent] = (await outbox()).filter((r) => r.cliCrmId === id);
    expect([sent!.status, sent!.tentativas]).toEqual(['enviado', 2]);

    const old = await lead('900100200300405');
    await moveStatus(old, 2);
    await w.t.app.leadEvents.drain();
    await sendPass(db(), { ...noWait, now: () => new Date(Date.now() + 8 * 86_400_000) });
    const [late] = (await outbox()).filter((r) => r.cliCrmId === old);
    expect([late!.status, late!.erro]).toEqual(['falhou', META_CONVERSIONS_MESSAGES.tooOld]);
    expect(received().length).toBe(before + 1);
  });

  it('without a dataset id nothing is queued', async () => {
    await configure({ datasetId: null, statusNegociacao: [2], statusVenda: [3] });
    const id = await lead('900100200300406');
    await moveStatus(id, 2);
    await w.t.app.leadEvents.drain();
    expect((await outbox()).filter((r) => r.cliCrmId === id)).toHaveLength(0);
  });
});

describe('GET/PUT /api/insights/conversoes: the unit admin maps the dataset and the statuses', () => {
  it('the admin of the unit reads the mapping, the statuses to choose and the last sends', async () => {
    const res = await call('a', { method: 'GET', url: '/api/insights/conversoes' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ datasetId: w.demo.dataset.id, statusNegociacao: [2], statusVenda: [3] });
    expect(body.opcoes.negociacao.length).toBeGreaterThan(0);
    expect(body.opcoes.venda.length).toBeGreaterThan(0);
  });

  it('u and another company’s admin are refused; ag reads its own unit', async () => {
    expect((await call('u', { method: 'GET', url: '/api/insights/conversoes' })).statusCode).toBe(403);
    const put = { datasetId: '1', statusNegociacao: [], statusVenda: [] };
    expect((await call('u', { method: 'PUT', url: '/api/insights/conversoes', payload: put })).statusCode).toBe(403);
    const other = await call('aB1', { method: 'GET', url: '/api/insights/conversoes' });
    // Company B's admin has no metaInsights flag here, or reads only its own unit's (empty) mapping.
    if (other.statusCode === 200) expect(other.json()).toMatchObject({ datasetId: null, envios: [] });
    else expect(other.statusCode).toBe(403);
    expect((await call('ag', { method: 'GET', url: '/api/insights/conversoes' })).statusCode).toBe(200);
  });

  it('bad input is refused in Portuguese and changes nothing', async () => {
    const bad = await call('a', {
      method: 'PUT',
      url: '/api/insights/conversoes',
      payload: { datasetId: 'abc', statusNegociacao: [], statusVenda: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(META_CONVERSIONS_MESSAGES.datasetInvalid);
    const unknown = await call('a', {
      method: 'PUT',
      url: '/api/insights/conversoes',
      payload: { datasetId: '123', statusNegociacao: [999], statusVenda: [] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(META_CONVERSIONS_MESSAGES.statusUnknown);
    const state = (await call('a', { method: 'GET', url: '/api/insights/conversoes' })).json();
    expect(state).toMatchObject({ datasetId: w.demo.dataset.id, statusNegociacao: [2] });
  });
});
