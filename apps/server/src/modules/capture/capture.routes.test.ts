// Issue 23 §1 (the capture URL) and §4 (a lead's origin), on the real database and routes.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CAPTURE_MESSAGES } from '@funil/domain/capture/capture-api';
import { HTTP_MESSAGES } from '@funil/domain/http/errors';
import { buildFilterSegments, CONTACT_LIST_LAYOUT, emptyFilter } from '@funil/domain/leads/filter-segments';
import { CONTACT_STATUS } from '@funil/domain/leads/negotiation';
import type { LeadOrigins } from '@funil/domain/leads/origin';

import { PUBLIC_RATE_LIMITS } from '../../http/rate-limit.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { leadEventos } from '../lead-events/lead-events.table.ts';
import { historico, leads } from '../leads/leads.table.ts';
import { unidades } from '../tenancy/tenancy.table.ts';
import { captacaoChaves } from './capture.table.ts';

let t: TestApp;
let tokenA1 = '';
let tokenA2 = '';
const sessions = { a: '', sa: '' };

const tokenOf = async (idUnidade: number) =>
  (await t.database.db.select({ token: unidades.token }).from(unidades).where(eq(unidades.id, idUnidade)))[0]!.token;

beforeAll(async () => {
  t = await createTestApp();
  tokenA1 = await tokenOf(t.fixture.unitA1);
  tokenA2 = await tokenOf(t.fixture.unitA2);
  sessions.a = await t.login(t.fixture.users.a.email);
  sessions.sa = await t.login(t.fixture.users.sa.email);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const post = async (token: string, payload: unknown, extra: { query?: string; headers?: Record<string, string> } = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/captacao/${token}${extra.query ?? ''}`,
    ...(typeof payload === 'string'
      ? { payload, headers: { 'content-type': 'application/x-www-form-urlencoded', ...extra.headers } }
      : { payload: payload as object, headers: extra.headers ?? {} }),
  });
  await t.app.leadEvents.drain();
  return res;
};

const leadsOfPhone = (idUnidade: number, telefone: string) =>
  t.database.db
    .select()
    .from(leads)
    .where(and(eq(leads.idUnidade, idUnidade), eq(leads.cliTelefone, telefone)));

const countsOf = async () => {
  const db = t.database.db;
  const [l] = await db.select({ n: count() }).from(leads);
  const [h] = await db.select({ n: count() }).from(historico);
  const [e] = await db.select({ n: count() }).from(leadEventos);
  const [k] = await db.select({ n: count() }).from(captacaoChaves);
  return { leads: l!.n, historico: h!.n, eventos: e!.n, chaves: k!.n };
};

const origemOf = async (id: number): Promise<LeadOrigins> => {
  const res = await t.as(sessions.a, { method: 'GET', url: `/api/contato/completo/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { crm_contato_completo: { origem: LeadOrigins } } }).data.crm_contato_completo.origem;
};

describe('POST /api/captacao/{token} (issue 23 §1)', () => {
  it('JSON: creates the lead with its origin (§4), shown by the lead detail', async () => {
    const res = await post(tokenA1, {
      cli_nome: 'Maria Captada',
      cli_telefone: '(11) 98111-0001',
      cli_email: 'maria@exemplo.com.br',
      campaign_id: '120200001',
      campaign_name: 'Implante Novembro',
      adset_id: '120200002',
      adset_name: 'Mulheres 30-50',
      ad_id: '120200003',
      ad_name: 'Vídeo depoimento',
      utm_source: 'facebook',
      utm_medium: 'cpc',
      fbclid: 'IwAR0abc',
      convenio: 'Unimed',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { message: string; data: { protocolo: string; avisos: string[] } };
    expect(body.message).toBe(CAPTURE_MESSAGES.received);
    expect(body.data.avisos).toEqual([]);
    const [lead] = await leadsOfPhone(t.fixture.unitA1, '11981110001');
    expect(lead).toMatchObject({
      cliNome: 'Maria Captada',
      cliEmail: 'maria@exemplo.com.br',
      cliTipoLead: 1, // utm_source 'facebook' names the platform Facebook
      cliCampanhaNome: 'Implante Novembro',
      adId: '120200003',
      origemCanal: 'captura',
      origemCerteza: 'id-exato',
      informacoesExtra: { convenio: 'Unimed' },
    });
    const origem = await origemOf(lead!.cliCrmId);
    expect(origem.ultimo).toMatchObject({
      canal: 'captura',
      plataforma: 1,
      certeza: 'id-exato',
      campaign_name: 'Implante Novembro',
      adset_name: 'Mulheres 30-50',
      ad_name: 'Vídeo depoimento',
      utm_source: 'facebook',
      utm_medium: 'cpc',
      fbclid: 'IwAR0abc',
    });
    expect(origem.primeiro).toEqual(origem.ultimo);
    const history = await t.database.db.select().from(historico).where(eq(historico.cliCrmId, lead!.cliCrmId));
    expect(history.map((h) => [h.descricao, h.texto])).toEqual([
      [
        'Lead captado pela URL de captação',
        'Origem: URL de captação · Implante Novembro > Mulheres 30-50 > Vídeo depoimento · utm_source=facebook, utm_medium=cpc',
      ],
    ]);
    const events = await t.database.db.select().from(leadEventos).where(eq(leadEventos.cliCrmId, lead!.cliCrmId));
    expect(events.map((e) => [e.tipo, (e.dados as { origem: string }).origem])).toEqual([['criado', 'captura']]);
    // Written in the creation's own statement (issue 22 §2's event of a new lead, whole).
    expect(events[0]).toMatchObject({
      idEmpresa: t.fixture.companyA,
      idUnidade: t.fixture.unitA1,
      antes: null,
      depois: { idUnidade: t.fixture.unitA1, idUsuario: null },
      ator: null,
      mudancas: {},
      dados: { descricao: 'Lead captado pela URL de captação', toque: { canal: 'captura', ad_id: '120200003' } },
    });
  });

  it('form-encoded (landing pages, RD Station): the fields and the extras; an invalid e-mail keeps the lead', async () => {
    const form = new URLSearchParams({
      cli_nome: 'João Formulário',
      cli_telefone: '21 97222-0002',
      cli_email: 'não-é-email',
      plataforma: 'instagram',
      utm_campaign: 'botox',
      mensagem: 'Quero saber o preço',
    }).toString();
    const res = await post(tokenA1, form);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: { avisos: string[] } }).data.avisos).toEqual([CAPTURE_MESSAGES.invalidEmail]);
    const [lead] = await leadsOfPhone(t.fixture.unitA1, '21972220002');
    expect(lead).toMatchObject({
      cliNome: 'João Formulário',
      cliEmail: null,
      cliTipoLead: 2,
      utmCampaign: 'botox',
      origemCerteza: null,
      informacoesExtra: { mensagem: 'Quero saber o preço', email_informado: 'não-é-email' },
    });
  });

  it("Meta's URL macros as query parameters count as fields; an unreplaced macro counts as absent", async () => {
    const query =
      '?ad.id=555001&adset_id=555002&campaign.id=555003&site_source_name=ig' +
      '&ad_name=%7B%7Bad.name%7D%7D&utm_source=%7B%7Bsite_source_name%7D%7D';
    const res = await post(tokenA1, { cli_nome: 'Ana Macro', cli_telefone: '31983330003' }, { query });
    expect(res.statusCode, res.body).toBe(200);
    const [lead] = await leadsOfPhone(t.fixture.unitA1, '31983330003');
    expect(lead).toMatchObject({
      adId: '555001',
      adsetId: '555002',
      cliCampanhaId: '555003',
      adName: null,
      utmSource: null,
      cliTipoLead: 2, // site_source_name ig: Instagram
      origemCerteza: 'id-exato',
    });
    // The body wins over the query where both have the field.
    await post(tokenA1, { cli_telefone: '31983330004', ad_id: 'do-corpo' }, { query: '?ad_id=da-url' });
    expect((await leadsOfPhone(t.fixture.unitA1, '31983330004'))[0]?.adId).toBe('do-corpo');
  });

  it('phone rules (001 §5): formatting, 55 and the ninth digit find one lead; not a phone answers 400, stores nothing', async () => {
    const before = await countsOf();
    for (const [payload, message] of [
      [{ cli_nome: 'Sem telefone' }, CAPTURE_MESSAGES.phoneRequired],
      [{ cli_nome: 'Letras', cli_telefone: 'abc' }, CAPTURE_MESSAGES.phoneInvalid],
      [{ cli_nome: 'Curto', cli_telefone: '1199' }, CAPTURE_MESSAGES.phoneInvalid],
    ] as const) {
      const res = await post(tokenA1, payload);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect(await countsOf()).toEqual(before);
    await post(tokenA1, { cli_nome: 'Carlos Nono', cli_telefone: '+55 (41) 99444-0005' });
    await post(tokenA1, { cli_nome: 'Carlos Sem Nono', cli_telefone: '4194440005' });
    const all = await t.database.db
      .select({ id: leads.cliCrmId, nome: leads.cliNome })
      .from(leads)
      .where(and(eq(leads.idUnidade, t.fixture.unitA1), eq(leads.telefoneChave, '4194440005')));
    expect(all.map((l) => l.nome)).toEqual(['Carlos Nono']);
  });

  it("a known number re-enters: 'captado novamente', back to the queue, last touch updated, first kept; same answer", async () => {
    const first = await post(tokenA1, { cli_nome: 'Paula Retorno', cli_telefone: '11985550006', campaign_name: 'Primeira' });
    const [lead] = await leadsOfPhone(t.fixture.unitA1, '11985550006');
    // The team called her and gave up.
    await t.database.db
      .update(leads)
      .set({
        cliContatoStatus: CONTACT_STATUS.Atendido,
        cliTentativas: 5,
        cliTentativasDiarias: 2,
        cliDataProximaTentativa: new Date(),
      })
      .where(eq(leads.cliCrmId, lead!.cliCrmId));
    const again = await post(tokenA1, {
      cli_nome: 'Paula Outro Nome',
      cli_telefone: '(11) 98555-0006',
      campaign_name: 'Segunda',
      ad_id: '777',
      utm_source: 'google',
    });
    expect(again.statusCode).toBe(first.statusCode);
    const a = first.json() as { message: string; data: { avisos: string[] } };
    const b = again.json() as { message: string; data: { avisos: string[] } };
    expect([b.message, Object.keys(b.data), b.data.avisos]).toEqual([a.message, Object.keys(a.data), a.data.avisos]);
    const rows = await leadsOfPhone(t.fixture.unitA1, '11985550006');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      cliNome: 'Paula Retorno',
      cliContatoStatus: CONTACT_STATUS.NaFila,
      cliTentativas: 0,
      cliTentativasDiarias: 0,
      cliDataProximaTentativa: null,
      cliCampanhaNome: 'Segunda',
      adId: '777',
      cliTipoLead: 3, // utm_source google: Google
    });
    const origem = await origemOf(lead!.cliCrmId);
    expect([origem.primeiro?.campaign_name, origem.ultimo?.campaign_name]).toEqual(['Primeira', 'Segunda']);
    const history = await t.database.db.select().from(historico).where(eq(historico.cliCrmId, lead!.cliCrmId));
    expect(history.map((h) => h.descricao)).toEqual(['Lead captado pela URL de captação', 'Lead captado novamente']);
    expect(history[1]?.texto).toBe('Origem: URL de captação · Segunda > 777 · utm_source=google');
    const events = await t.database.db.select().from(leadEventos).where(eq(leadEventos.cliCrmId, lead!.cliCrmId));
    expect(events.map((e) => e.tipo)).toEqual(['criado', 'captado-novamente']);
    expect(events[1]).toMatchObject({
      ator: null,
      dados: { descricao: 'Lead captado novamente', toque: { canal: 'captura', campaign_name: 'Segunda', ad_id: '777' } },
      mudancas: {
        cliContatoStatus: { de: CONTACT_STATUS.Atendido, para: CONTACT_STATUS.NaFila },
        cliTentativas: { de: 5, para: 0 },
      },
    });
  });

  it('the same Idempotency-Key (or id_externo) answers the first result and creates nothing more', async () => {
    const headers = { 'idempotency-key': 'zap-123' };
    const first = await post(tokenA1, { cli_nome: 'Idem', cli_telefone: '11986660007' }, { headers });
    const before = await countsOf();
    const retry = await post(tokenA1, { cli_nome: 'Idem', cli_telefone: '11986660007' }, { headers });
    expect(retry.json()).toEqual(first.json());
    expect(await countsOf()).toEqual(before);
    // The same key of another unit is another key.
    const other = await post(tokenA2, { cli_nome: 'Idem A2', cli_telefone: '11986660007' }, { headers });
    expect(other.json()).not.toEqual(first.json());
    const byId = await post(tokenA1, { cli_telefone: '11986660008', id_externo: 'rd-9' });
    const byIdAgain = await post(tokenA1, { cli_telefone: '11986660008', id_externo: 'rd-9', campaign_name: 'outra' });
    expect(byIdAgain.json()).toEqual(byId.json());
    const history = await t.database.db
      .select()
      .from(historico)
      .where(eq(historico.cliCrmId, (await leadsOfPhone(t.fixture.unitA1, '11986660008'))[0]!.cliCrmId));
    expect(history).toHaveLength(1);
  });

  it('an unknown token, or a deactivated unit’s, answers 404 and stores nothing', async () => {
    const before = await countsOf();
    for (const token of ['x'.repeat(32), 'curto', tokenA1.slice(0, 31) + (tokenA1.endsWith('a') ? 'b' : 'a')]) {
      const res = await post(
        token,
        { cli_nome: 'Ninguém', cli_telefone: '11987770009' },
        { headers: { 'idempotency-key': 'k' } },
      );
      expect([res.statusCode, res.json().message]).toEqual([404, CAPTURE_MESSAGES.unknownToken]);
    }
    await t.database.db.update(unidades).set({ ativo: 0 }).where(eq(unidades.id, t.fixture.unitA2));
    try {
      const res = await post(tokenA2, { cli_nome: 'Desativada', cli_telefone: '11987770010' });
      expect([res.statusCode, res.json().message]).toEqual([404, CAPTURE_MESSAGES.unknownToken]);
    } finally {
      await t.database.db.update(unidades).set({ ativo: 1 }).where(eq(unidades.id, t.fixture.unitA2));
    }
    expect(await countsOf()).toEqual(before);
  });
});

describe('the capture filters and creation paths (issue 23 §4)', () => {
  const listNames = async (cli_campanha_nome: string) => {
    const segments = buildFilterSegments(CONTACT_LIST_LAYOUT, { ...emptyFilter(CONTACT_LIST_LAYOUT), cli_campanha_nome });
    const res = await t.as(sessions.a, { method: 'GET', url: `/api/contato/lista/${segments}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { crm_contato: { cli_nome: string }[] } }).data.crm_contato.map((c) => c.cli_nome).sort();
  };

  it("the lists' campaign/'Anúncio' filter finds a lead by its last touch's campaign or ad; lista-campanhas offers both", async () => {
    expect(await listNames('Implante Novembro')).toEqual(['Maria Captada']);
    expect(await listNames('Vídeo depoimento')).toEqual(['Maria Captada']);
    expect(await listNames('Primeira')).toEqual([]); // Paula's first touch, no longer her last
    expect(await listNames('Segunda')).toEqual(['Paula Retorno']);
    const res = await t.as(sessions.a, { method: 'GET', url: '/api/contato/lista-campanhas' });
    const names = (res.json() as { data: { cli_campanha_nome: string }[] }).data.map((r) => r.cli_campanha_nome);
    expect(names).toEqual(expect.arrayContaining(['Implante Novembro', 'Vídeo depoimento', 'Segunda']));
    expect(names).not.toContain('Primeira');
  });

  it('manual creation and the CSV row set their channel (manual attribution when an ad is typed)', async () => {
    const res = await t.as(sessions.a, {
      method: 'POST',
      url: '/api/contato/cadastrarcontato/manual',
      payload: { cli_nome: 'Manual Origem', cli_telefone: '11988880011', ad_name: 'Panfleto' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [manual] = await leadsOfPhone(t.fixture.unitA1, '11988880011');
    expect((await origemOf(manual!.cliCrmId)).ultimo).toMatchObject({ canal: 'manual', certeza: 'manual', ad_name: 'Panfleto' });
    const csv = await t.as(sessions.a, {
      method: 'POST',
      url: '/api/contato/cadastrarcontatocsv',
      payload: { cli_nome: 'CSV Origem', cli_telefone: '11988880012', cli_tags: '' },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const [row] = await leadsOfPhone(t.fixture.unitA1, '11988880012');
    expect((await origemOf(row!.cliCrmId)).primeiro).toMatchObject({ canal: 'csv', certeza: null });
  });
});

describe("'Gerar novo token' (issue 23 §1)", () => {
  it('the super-admin regenerates a unit’s token: the old one stops at once, the new one captures', async () => {
    const old = await tokenOf(t.fixture.unitA2);
    const res = await t.as(sessions.sa, { method: 'POST', url: `/api/cadastros/unidade/${t.fixture.unitA2}/token` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { message: string; data: { token: string } };
    expect(body.message).toBe(CAPTURE_MESSAGES.tokenRegenerated);
    expect(body.data.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(body.data.token).not.toBe(old);
    expect((await post(old, { cli_telefone: '11989990013' })).statusCode).toBe(404);
    expect((await post(body.data.token, { cli_telefone: '11989990013' })).statusCode).toBe(200);
    tokenA2 = body.data.token;
  });

  it('other roles may not; an unknown unit answers 404', async () => {
    for (const who of ['a', 'ag', 'u'] as const) {
      const session = await t.login(t.fixture.users[who].email);
      const res = await t.as(session, { method: 'POST', url: `/api/cadastros/unidade/${t.fixture.unitA1}/token` });
      expect([who, res.statusCode]).toEqual([who, 403]);
    }
    expect(await tokenOf(t.fixture.unitA1)).toBe(tokenA1);
    const res = await t.as(sessions.sa, { method: 'POST', url: '/api/cadastros/unidade/999999/token' });
    expect(res.statusCode).toBe(404);
  });
});

describe('rate limits of the capture URL (issue 23 §1)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      rateLimits: {
        ...PUBLIC_RATE_LIMITS,
        'POST /api/captacao/:token': { max: 4, timeWindowMs: 60_000 },
        'TOKEN /api/captacao/:token': { max: 2, timeWindowMs: 60_000 },
      },
    });
  }, 60_000);
  afterAll(async () => {
    await limited?.close();
  });

  it('per token, then per address: 429 in Portuguese with Retry-After', async () => {
    const [a1, a2] = await Promise.all(
      [limited.fixture.unitA1, limited.fixture.unitA2].map(
        async (id) =>
          (await limited.database.db.select({ token: unidades.token }).from(unidades).where(eq(unidades.id, id)))[0]!.token,
      ),
    );
    const send = (token: string, phone: string) =>
      limited.app.inject({ method: 'POST', url: `/api/captacao/${token}`, payload: { cli_telefone: phone } });
    expect((await send(a1!, '11990000001')).statusCode).toBe(200);
    expect((await send(a1!, '11990000002')).statusCode).toBe(200);
    const perToken = await send(a1!, '11990000003');
    expect([perToken.statusCode, perToken.json().message]).toEqual([429, CAPTURE_MESSAGES.tooMany]);
    expect(Number(perToken.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(a2!, '11990000004')).statusCode).toBe(200);
    const perAddress = await send(a2!, '11990000005');
    expect([perAddress.statusCode, perAddress.json().message]).toEqual([429, HTTP_MESSAGES.tooMany]);
    const stored = await limited.database.db.select({ n: count() }).from(leads);
    expect(stored[0]!.n).toBe(3);
  });
});
