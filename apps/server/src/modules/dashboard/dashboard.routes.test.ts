// Over 500 lines: one hand-made data set whose every answer is written here; a split would copy the data set.
// Issue 14 "Definitions": every dashboard number on a small hand-made data set whose answers are
// written here (docs/decisions.md "Dashboards"), the role rules of 000 §6 'Dashboard', the
// segment encodings of 000 §5/§7, and the read model agreeing with the raw records.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEFAULT_UNIT_SETTINGS } from '@funil/domain/admin-api/settings';
import {
  attendanceResponseSchema,
  buildDashboardPath,
  campaignsResponseSchema,
  captureResponseSchema,
  classicDailyResponseSchema,
  classicResponseSchema,
  conversionValuesResponseSchema,
  DEFAULT_WORKING_HOURS,
  leadsTablesResponseSchema,
  ltvResponseSchema,
  rankingResponseSchema,
  stagesResponseSchema,
  timeResponseSchema,
  type DashboardV2Filter,
} from '@funil/domain/dashboard/dashboard-api';

import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { phoneKey } from '../leads/phone-key.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const L: Record<string, number> = {};

// The week of Monday 02/11/2026 to Sunday 08/11/2026 (São Paulo, UTC-3); the week before is the comparison.
const WEEK = { data_inicio: '2026-11-02 00:00:00', data_fim: '2026-11-08 23:59:59' };
const v2 = (extra: Partial<DashboardV2Filter> = {}): DashboardV2Filter => ({
  campanha: '',
  status_cliente: null,
  plataforma: null,
  atendente: null,
  ...WEEK,
  ...extra,
});
/** São Paulo wall time as an instant. */
const sp = (text: string) => new Date(`${text.replace(' ', 'T')}:00-03:00`).toISOString();

async function lead(values: {
  nome: string;
  captado: string;
  campanha?: string | null;
  ad?: [string, string];
  plataforma: number;
  negociacao?: number;
  contato?: number;
  valor?: number;
  usuario?: number | null;
  desativado?: number;
}) {
  const phone = `1199${String(Object.keys(L).length).padStart(7, '0')}`;
  const res = (await t.database.db
    .execute(sql`insert into leads (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave, cli_data_captacao, cli_campanha_nome,
      ad_id, ad_name, cli_tipo_lead, cli_status_negociacao, cli_contato_status, valor_ticket, id_usuario, desativado)
    values (${t.fixture.companyA}, ${t.fixture.unitA1}, ${values.nome}, ${phone}, ${phoneKey(phone)}, ${sp(values.captado)},
      ${values.campanha ?? null},
      ${values.ad?.[0] ?? null}, ${values.ad?.[1] ?? null}, ${values.plataforma}, ${values.negociacao ?? 1},
        ${values.contato ?? 1}, ${values.valor ?? 0},
      ${values.usuario ?? null}, ${values.desativado ?? 0}) returning cli_crm_id`)) as unknown as {
    rows: { cli_crm_id: number }[];
  };
  L[values.nome] = Number(res.rows[0]!.cli_crm_id);
  return L[values.nome]!;
}
async function message(id: number, at: string, fromMe: boolean, user: number | null = null) {
  await t.database.db
    .execute(sql`insert into whatsapp_mensagens (id_empresa, id_unidade, cli_crm_id, from_me, media_type, body, criado_em, id_usuario)
    values (${t.fixture.companyA}, ${t.fixture.unitA1}, ${id}, ${fromMe}, 'chat', 'oi', ${sp(at)}, ${user})`);
}
async function call(id: number, at: string, answered: boolean, user: number, s: { duracao: number; falada: number }) {
  await t.database.db
    .execute(sql`insert into historico (cli_crm_id, id_unidade, atendente, tipo, datacad, duracao, duracao_falada, duracao_cobrada)
    values (${id}, ${t.fixture.unitA1}, ${user}, ${answered ? 3 : 4}, ${sp(at)}, ${s.duracao}, ${s.falada}, ${s.falada})`);
}
async function move(id: number, at: string, from: number, to: number, user: number) {
  await t.database.db.execute(sql`insert into historico (cli_crm_id, id_unidade, atendente, tipo, datacad, id_antigo, id_novo)
    values (${id}, ${t.fixture.unitA1}, ${user}, 5, ${sp(at)}, ${from}, ${to})`);
}

async function get<T>(who: string, path: string, schema: { parse(v: unknown): T }): Promise<T> {
  const res = await t.as(tokens[who]!, { method: 'GET', url: `/api/${path}` });
  expect(res.statusCode, `${who} ${path}: ${res.body}`).toBe(200);
  return schema.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['sa', 'ag', 'a', 'u', 'm', 'mg', 'uA2'] as const) tokens[role] = await t.login(t.fixture.users[role].email);
  const u = t.fixture.users.u.id;
  const a = t.fixture.users.a.id;
  // L1: Facebook, messaged 10 min after capture, answered, replied in 10 min, converted (5) at R$ 1.500,00.
  await lead({
    nome: 'L1',
    captado: '2026-11-02 09:00',
    campanha: 'Implante Dentário',
    ad: ['111', 'Implante em 24h'],
    plataforma: 1,
    negociacao: 5,
    contato: 3,
    valor: 1500,
    usuario: u,
  });
  await message(L['L1']!, '2026-11-02 09:10', true, u);
  await message(L['L1']!, '2026-11-02 09:20', false);
  await message(L['L1']!, '2026-11-02 09:30', true, u);
  await move(L['L1']!, '2026-11-02 10:00', 1, 4, u);
  await move(L['L1']!, '2026-11-02 11:00', 4, 5, u);
  // L2: Instagram, one unanswered call after 30 min, one answered (180 s talked), now in negotiation (4).
  await lead({
    nome: 'L2',
    captado: '2026-11-03 10:00',
    campanha: 'Implante Dentário',
    ad: ['112', 'Implante – parcelamento em 12x'],
    plataforma: 2,
    negociacao: 4,
    contato: 3,
    usuario: u,
  });
  await call(L['L2']!, '2026-11-03 10:30', false, u, { duracao: 30, falada: 0 });
  await call(L['L2']!, '2026-11-03 11:00', true, u, { duracao: 200, falada: 180 });
  await move(L['L2']!, '2026-11-03 11:05', 1, 4, u);
  // L3: Facebook, messaged the next morning, never answered.
  await lead({
    nome: 'L3',
    captado: '2026-11-04 14:00',
    campanha: 'Clareamento Black Friday',
    ad: ['113', 'Clareamento 50% off'],
    plataforma: 1,
    contato: 2,
  });
  await message(L['L3']!, '2026-11-05 08:30', true, u);
  // L4: Google, no campaign, untouched.
  await lead({ nome: 'L4', captado: '2026-11-05 17:00', plataforma: 3 });
  // L5: captured the week before; called and converted (6, R$ 800,00 by the admin) in this week.
  await lead({
    nome: 'L5',
    captado: '2026-10-28 10:00',
    campanha: 'Implante Dentário',
    ad: ['111', 'Implante em 24h'],
    plataforma: 1,
    negociacao: 6,
    contato: 3,
    valor: 800,
  });
  await call(L['L5']!, '2026-11-02 10:00', true, u, { duracao: 130, falada: 120 });
  await move(L['L5']!, '2026-11-03 15:00', 1, 6, a);
  // L6: captured the week before, untouched. L7: deleted (desativado), never counted.
  await lead({ nome: 'L6', captado: '2026-10-30 12:00', plataforma: 2 });
  await lead({ nome: 'L7', captado: '2026-11-03 12:00', plataforma: 1, desativado: 1 });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("v2 'Performance de Captação' (000 §2, §3 cards_captacao)", () => {
  it('counts the leads captured in the period and what became of them, with the week before', async () => {
    const { data } = await get('a', buildDashboardPath('captacao', v2()), captureResponseSchema);
    expect(data.cards_captacao).toEqual({
      'Leads Captados': 4,
      Impactados: 3,
      Mensagens: 2,
      Ligacao: 1,
      Responderam: 2,
      'Respondeu Wpp': 1,
      Atendeu: 1,
      Valor: 1500,
      Conversao: 1,
    });
    expect(data.cards_captacao_anterior).toEqual({
      'Leads Captados': 2,
      Impactados: 1,
      Mensagens: 0,
      Ligacao: 1,
      Responderam: 1,
      'Respondeu Wpp': 0,
      Atendeu: 1,
      Valor: 800,
      Conversao: 1,
    });
    expect(data.grafico_funil_captacao).toEqual([
      { nome: 'Leads Captados', valor: 4 },
      { nome: 'Impactados', valor: 3 },
      { nome: 'Responderam', valor: 2 },
      { nome: 'Conversões', valor: 1 },
    ]);
    expect(data.grafico_donut_captacao).toEqual([
      { id: 1, nome: 'Facebook', valor: 2 },
      { id: 2, nome: 'Instagram', valor: 1 },
      { id: 3, nome: 'Google', valor: 1 },
    ]);
    expect(data.grafico_column_captacao.map((c) => [c.cli_campanha_nome, c.nome, c['Leads Captados']])).toEqual([
      ['Clareamento Black Friday', 'Novo', 1],
      ['Implante Dentário', 'Em negociação', 1],
      ['Implante Dentário', 'Convertido', 1],
      ['Sem campanha', 'Novo', 1],
    ]);
    expect(data.periodo).toEqual({ inicio: '2026-11-02T03:00:00.000Z', fim: '2026-11-09T02:59:59.000Z' });
    expect(data.periodo_anterior).toEqual({ inicio: '2026-10-26T03:00:00.000Z', fim: '2026-11-02T02:59:59.000Z' });
  });

  it('applies the campaign, platform, sale status and attendant filters (-1 for none)', async () => {
    const byCampaign = await get(
      'a',
      buildDashboardPath('captacao', v2({ campanha: 'Implante Dentário' })),
      captureResponseSchema,
    );
    expect(byCampaign.data.cards_captacao['Leads Captados']).toBe(2);
    const byPlatform = await get('a', buildDashboardPath('captacao', v2({ plataforma: 1 })), captureResponseSchema);
    expect(byPlatform.data.cards_captacao['Leads Captados']).toBe(2);
    const bySale = await get('a', buildDashboardPath('captacao', v2({ status_cliente: 2 })), captureResponseSchema);
    expect(bySale.data.cards_captacao['Leads Captados']).toBe(0);
    const unassigned = await get('a', buildDashboardPath('captacao', v2({ atendente: 0 })), captureResponseSchema);
    expect(unassigned.data.cards_captacao['Leads Captados']).toBe(2);
    const mine = await get('a', buildDashboardPath('captacao', v2({ atendente: t.fixture.users.u.id })), captureResponseSchema);
    expect(mine.data.cards_captacao['Leads Captados']).toBe(2);
  });
});

describe("v2 'Performance de Atendimento' (000 §2)", () => {
  it('counts the leads first contacted in the period, with percentages and 3-decimal averages', async () => {
    const { data } = await get('a', buildDashboardPath('atendimento', v2()), attendanceResponseSchema);
    expect(data.cards_atendimento).toEqual({
      leads_impactados: 4,
      impactados_mensagem: 2,
      impactados_ligacao: 2,
      responderam: 3,
      responderam_mensagem: 1,
      responderam_ligacao: 2,
      percentual_responderam: 75,
      percentual_responderam_mensagem: 50,
      percentual_responderam_ligacao: 100,
      media_mensagens: 1.5,
      media_tentativas_ligacao: 1.5,
      valor_conversoes: 2300,
      conversoes: 2,
    });
    expect(data.cards_atendimento_anterior.leads_impactados).toBe(0);
  });

  it('sums the conversions of the period by day', async () => {
    const { data } = await get('a', buildDashboardPath('atendimento-conversao-valores', v2()), conversionValuesResponseSchema);
    expect(data.conversao_valores).toEqual({ conversoes: 2, valor_conversoes: 2300, ticket_medio: 1150 });
    expect(data.por_dia).toHaveLength(7);
    expect(data.por_dia.filter((d) => d.conversoes > 0)).toEqual([
      { dia: '2026-11-02', conversoes: 1, valor: 1500 },
      { dia: '2026-11-03', conversoes: 1, valor: 800 },
    ]);
  });

  it('measures the six times and the first contact in working hours, in seconds', async () => {
    const { data } = await get('a', buildDashboardPath('atendimento-tempo', v2()), timeResponseSchema);
    expect(data.tempos).toEqual({
      // L1 2 h; L5 6 days 5 h.
      tempo_medio_conversao: (7200 + 536_400) / 2,
      // L1 10 min; L3 18 h 30 min.
      tempo_medio_contato_mensagem: (600 + 66_600) / 2,
      // L2 30 min; L5 5 days.
      tempo_medio_contato_ligacao: (1800 + 432_000) / 2,
      // L1's one answer: 10 min after the received message.
      tempo_medio_resposta_mensagem: 600,
      // 180 s + 120 s over two answered calls.
      duracao_media_ligacao: 150,
      duracao_total_ligacoes: 300,
      // Mon–Fri 08:00–18:00: L1 600; L2 1800; L3 Wed 14–18 + Thu 08:00–08:30 = 16200; L5 Wed 10–18 + Thu + Fri + Mon 08–10 = 108000.
      tempo_medio_primeiro_contato_horario_util: (600 + 1800 + 16_200 + 108_000) / 4,
    });
    expect(data.horario_util).toEqual({ origem: 'padrao', semana: DEFAULT_WORKING_HOURS, feriados: [] });
  });

  it('pages the two tables, 25 rows a server page, newest first', async () => {
    const { data } = await get(
      'a',
      buildDashboardPath('atendimento-leads', { pagina_captacao: 1, pagina_atendimento: 1, ...v2() }),
      leadsTablesResponseSchema,
    );
    expect(data.tabela_leads_captados.map((r) => r.cli_nome)).toEqual(['L4', 'L3', 'L2', 'L1']);
    expect(data.tabela_leads_captados[3]).toMatchObject({
      anuncio: 'Implante em 24h',
      negociacao: 'Convertido',
      valor_ticket: 1500,
      data_captacao: '2026-11-02T12:00:00.000Z',
    });
    expect(data.tabela_leads_antendidos.map((r) => [r.cli_nome, r.tipo])).toEqual([
      ['L3', 'Mensagem'],
      ['L2', 'Ligação'],
      ['L5', 'Ligação'],
      ['L1', 'Mensagem'],
    ]);
    expect([data.total_captados, data.total_atendidos, data.por_pagina]).toEqual([4, 4, 25]);
    const second = await get(
      'a',
      buildDashboardPath('atendimento-leads', { pagina_captacao: 2, pagina_atendimento: 1, ...v2() }),
      leadsTablesResponseSchema,
    );
    expect(second.data.tabela_leads_captados).toEqual([]);
  });
});

describe('beyond the spec: ranking and stages (issue 14)', () => {
  it('ranks the attendants by conversion value with calls, talk minutes, reach and first-response time', async () => {
    const { data } = await get('a', buildDashboardPath('ranking', v2()), rankingResponseSchema);
    expect(data.ranking).toEqual([
      {
        id_usuario: t.fixture.users.u.id,
        nome: 'Usuário u',
        ligacoes: 3,
        ligacoes_atendidas: 2,
        minutos_falados: 5,
        mensagens_enviadas: 3,
        leads_contatados: 4,
        tempo_medio_primeira_resposta: (600 + 1800 + 66_600 + 432_000) / 4,
        conversoes: 1,
        valor_conversoes: 1500,
      },
      {
        id_usuario: t.fixture.users.a.id,
        nome: 'Usuário a',
        ligacoes: 0,
        ligacoes_atendidas: 0,
        minutos_falados: 0,
        mensagens_enviadas: 0,
        leads_contatados: 0,
        tempo_medio_primeira_resposta: null,
        conversoes: 1,
        valor_conversoes: 800,
      },
    ]);
  });

  it('gives each negotiation status its entries, forward moves and average time spent', async () => {
    const { data } = await get('a', buildDashboardPath('etapas', v2()), stagesResponseSchema);
    const byId = Object.fromEntries(
      data.etapas.map((e) => [e.id_funil, [e.entraram, e.avancaram, e.taxa_avanco, e.tempo_medio_na_etapa]]),
    );
    expect(byId[1]).toEqual([4, 3, 75, (3600 + 3900 + 536_400) / 3]);
    expect(byId[4]).toEqual([2, 1, 50, 3600]);
    expect(byId[5]).toEqual([1, 0, 0, null]);
    expect(byId[6]).toEqual([1, 0, 0, null]);
    expect(byId[7]).toEqual([0, 0, 0, null]);
    // Narrowed to one campaign, each move is read with its lead: L1, L2 and L5 are all 'Implante Dentário';
    // only L1 and L2 were captured in the week (the entries of 1), L5 left 1 in it too.
    const narrowed = await get('a', buildDashboardPath('etapas', v2({ campanha: 'Implante Dentário' })), stagesResponseSchema);
    expect(narrowed.data.etapas.map((e) => [e.id_funil, e.entraram, e.avancaram, e.tempo_medio_na_etapa]).slice(0, 6)).toEqual([
      [1, 2, 3, (3600 + 3900 + 536_400) / 3],
      [2, 0, 0, null],
      [3, 0, 0, null],
      [4, 2, 1, 3600],
      [5, 1, 0, null],
      [6, 1, 0, null],
    ]);
  });
});

describe('classic ATENDIMENTOS, CAMPANHAS and LTV (000 §2, §6)', () => {
  const week = { data_inicio: '2026-11-02', data_fim: '2026-11-08' };

  it('counts the unit by capture date, with the three donuts and the recent leads', async () => {
    const { data } = await get('m', buildDashboardPath('crm', { unidades: [], ...week }), classicResponseSchema);
    expect(data.unidades).toEqual([t.fixture.unitA1]);
    expect(data.crm_total).toEqual({
      total: 4,
      novos: 1,
      nao_atendidos: 1,
      atendidos: 2,
      em_atendimento: 0,
      convertidos: 1,
      valor_ticket: 1500,
      ligacoes: 2,
      ligacoes_atendidas: 1,
    });
    expect(data.crm_total_anterior.total).toBe(2);
    expect(data.crm_status_negociacao.map((s) => [s.nome, s.total])).toEqual([
      ['Novo', 2],
      ['Em negociação', 1],
      ['Convertido', 1],
    ]);
    expect(data.crm_total_ligacao.map((s) => [s.nome, s.total])).toEqual([
      ['Novo', 1],
      ['Não Atendido', 1],
      ['Atendido', 2],
    ]);
    expect(data.crm_status_venda.map((s) => [s.nome, s.total])).toEqual([['Nenhum', 4]]);
    expect(data.recentes.map((r) => r.cli_nome)).toEqual(['L4', 'L3', 'L2', 'L1']);
    expect(data.recentes[2]).toMatchObject({ atendente: 'Usuário u', negociacao: 'Em negociação', venda: 'Nenhum' });
  });

  it('draws the daily bars with every day of the period', async () => {
    const { data } = await get('a', buildDashboardPath('crmdata', { unidades: [], ...week }), classicDailyResponseSchema);
    expect(data.crm_atendimentos.map((d) => d.dia)).toEqual([
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-08',
    ]);
    expect(data.crm_atendimentos[3]).toEqual({ dia: '2026-11-05', novos: 1, nao_atendidos: 0, atendidos: 0, em_atendimento: 0 });
    expect(data.crm_ligacoes.slice(0, 2)).toEqual([
      { dia: '2026-11-02', atendidas: 1, nao_atendidas: 0 },
      { dia: '2026-11-03', atendidas: 1, nao_atendidas: 1 },
    ]);
    expect(data.crm_valores.slice(0, 2)).toEqual([
      { dia: '2026-11-02', valor: 1500, conversoes: 1 },
      { dia: '2026-11-03', valor: 800, conversoes: 1 },
    ]);
  });

  it('compares campaigns and ads, filtered by ad ids joined with @', async () => {
    const all = await get('a', buildDashboardPath('campanhas', { unidades: [], anuncios: [], ...week }), campaignsResponseSchema);
    expect(all.data.crm_campanhas.map((r) => [r.cli_campanha_nome, r.ad_id, r.leads, r.conversoes, r.taxa_conversao])).toEqual([
      ['Clareamento Black Friday', '113', 1, 0, 0],
      ['Implante Dentário', '111', 1, 1, 100],
      ['Implante Dentário', '112', 1, 0, 0],
      ['Sem campanha', null, 1, 0, 0],
    ]);
    expect(all.data.melhor).toEqual({ nome: 'Implante em 24h', taxa_conversao: 100, conversoes: 1, leads: 1 });
    expect(all.data.ticket_medio).toBe(1500);
    // L2's billed 180 s over the one conversion.
    expect(all.data.minutos_por_conversao).toBe(3);
    const some = await get(
      'a',
      buildDashboardPath('campanhas', { unidades: [], anuncios: ['111', '112'], ...week }),
      campaignsResponseSchema,
    );
    expect(some.data.crm_campanhas.map((r) => r.ad_id)).toEqual(['111', '112']);
    expect(some.data.minutos_por_conversao).toBe(3);
  });

  it('gives LTV per campaign and ad to the super-admin and the multi-manager', async () => {
    const { data } = await get(
      'mg',
      buildDashboardPath('ltv', {
        unidades: [t.fixture.unitA1],
        anuncios: ['111'],
        data_inicio: '2026-10-01',
        data_fim: '2026-11-30',
      }),
      ltvResponseSchema,
    );
    // L1 and L5 (ad 111) are customers: R$ 2.300,00 over 2.
    expect(data.crm_valores).toEqual([
      {
        cli_campanha_nome: 'Implante Dentário',
        ad_id: '111',
        ad_name: 'Implante em 24h',
        leads: 2,
        clientes: 2,
        valor_total: 2300,
        ltv: 1150,
        valor_por_lead: 1150,
      },
    ]);
    expect(data.por_mes).toEqual([
      { mes: '2026-10', clientes: 1, valor: 800 },
      { mes: '2026-11', clientes: 1, valor: 1500 },
    ]);
  });
});

describe('who sees what (000 §6 Dashboard)', () => {
  const week = { data_inicio: '2026-11-02', data_fim: '2026-11-08' };
  const status = async (who: string, path: string) =>
    (await t.as(tokens[who]!, { method: 'GET', url: `/api/${path}` })).statusCode;

  it('lets only the super-admin and the multi-manager choose units; the others read their own unit', async () => {
    const A2 = t.fixture.unitA2;
    const B1 = t.fixture.unitB1;
    expect(await status('m', buildDashboardPath('crm', { unidades: [A2], ...week }))).toBe(403);
    expect(await status('a', buildDashboardPath('crm', { unidades: [A2], ...week }))).toBe(403);
    expect(await status('m', buildDashboardPath('crm', { unidades: [t.fixture.unitA1], ...week }))).toBe(200);
    expect(await status('mg', buildDashboardPath('crm', { unidades: [t.fixture.unitA1, A2], ...week }))).toBe(200);
    expect(await status('mg', buildDashboardPath('crm', { unidades: [B1], ...week }))).toBe(403);
    expect(await status('sa', buildDashboardPath('crm', { unidades: [B1], ...week }))).toBe(200);
    const mg = await get('mg', buildDashboardPath('crm', { unidades: [], ...week }), classicResponseSchema);
    expect(mg.data.unidades.sort()).toEqual([t.fixture.unitA1, A2].sort());
    // The attendant of A2 sees nothing of A1.
    const other = await get('uA2', buildDashboardPath('captacao', v2()), captureResponseSchema);
    expect(other.data.cards_captacao['Leads Captados']).toBe(0);
  });

  it('gives CAMPANHAS to sa, ag, a, mg and m, and LTV to sa and mg', async () => {
    const campanhas = buildDashboardPath('campanhas', { unidades: [], anuncios: [], ...week });
    const ltv = buildDashboardPath('ltv', { unidades: [], anuncios: [], ...week });
    const result: Record<string, [number, number]> = {};
    for (const who of ['sa', 'ag', 'a', 'u', 'm', 'mg']) result[who] = [await status(who, campanhas), await status(who, ltv)];
    expect(result).toEqual({ sa: [200, 200], ag: [200, 403], a: [200, 403], u: [403, 403], m: [200, 403], mg: [200, 200] });
    const denied = await t.as(tokens['u']!, { method: 'GET', url: `/api/${ltv}` });
    expect(denied.json()).toEqual({ message: 'Você não tem acesso a esta aba do dashboard.', status: 403 });
  });

  it('shows an attendant only their own leads', async () => {
    const { data } = await get('u', buildDashboardPath('captacao', v2()), captureResponseSchema);
    expect(data.cards_captacao['Leads Captados']).toBe(2);
    const ranking = await get('u', buildDashboardPath('ranking', v2()), rankingResponseSchema);
    expect(ranking.data.ranking.map((r) => r.id_usuario)).toEqual([t.fixture.users.u.id]);
  });
});

describe('bad segments answer 400 in Portuguese (000 §5, §7)', () => {
  it.each([
    ['dashboard/crm/1,2', 'Filtro inválido: valor inválido em unidades'],
    ['dashboard/campanhas/0/abc', 'Filtro inválido: valor inválido em anuncios'],
    ['dashboard/captacao/-1/x/-1/-1', 'Filtro inválido: valor inválido em status_cliente'],
    ['dashboard/captacao/-1/-1', 'Filtro inválido: esperados 4 ou 6 segmentos, recebidos 2'],
    ['dashboard/captacao/-1/-1/-1/-1/2026-11-08/2026-11-02', 'Período inválido: a data inicial é posterior à data final.'],
    ['dashboard/crm/0/2020-01-01/2026-01-01', 'Período inválido: no máximo 732 dias.'],
    ['dashboard/atendimento-leads/0/1/-1/-1/-1/-1', 'Página inválida.'],
  ])('%s', async (path, message) => {
    const res = await t.as(tokens['a']!, { method: 'GET', url: `/api/${path}` });
    expect(res.json()).toEqual({ message, status: 400 });
  });

  it('reads a start date alone as running to the end of today', async () => {
    const res = await t.as(tokens['a']!, { method: 'GET', url: '/api/dashboard/crm/0/2026-11-02' });
    expect(res.statusCode).toBe(200);
  });
});

describe('the read model agrees with the raw records (issue 14 Speed)', () => {
  it('keeps dashboard_leads, dashboard_atendente_dia and dashboard_mudancas_status equal to their recomputation', async () => {
    // A few more writes of every kind, including updates of the lead and a message out of a reply.
    const db = t.database.db;
    await db.execute(
      sql`update leads set cli_status_negociacao = 7, id_usuario = ${t.fixture.users.a.id} where cli_crm_id = ${L['L3']!}`,
    );
    await message(L['L3']!, '2026-11-06 09:00', false);
    await message(L['L3']!, '2026-11-06 09:05', false);
    await message(L['L3']!, '2026-11-06 10:00', true, t.fixture.users.a.id);
    await message(L['L4']!, '2026-11-07 10:00', false);
    await call(L['L4']!, '2026-11-07 11:00', false, t.fixture.users.a.id, { duracao: 10, falada: 0 });
    await move(L['L4']!, '2026-11-07 11:30', 1, 3, t.fixture.users.a.id);
    const diff = async (table: string, view: string) =>
      (await db.execute(
        sql.raw(
          `(select * from ${table} except select * from ${view}) union all (select * from ${view} except select * from ${table})`,
        ),
      )) as unknown as { rows: unknown[] };
    const columns = `cli_crm_id, id_empresa, id_unidade, id_usuario, cli_nome, cli_telefone, ad_id, ad_name, cli_campanha_nome,
      cli_tipo_lead, status_negociacao, status_venda,
      contato_status, valor_ticket, desativado, data_captacao, data_atendimento, mensagens_enviadas, primeira_mensagem_em,
        primeira_mensagem_por, respostas_recebidas,
      primeira_resposta_em, aguardando_resposta_desde, respostas_medidas, segundos_resposta, ligacoes, primeira_ligacao_em,
        primeira_ligacao_por, ligacoes_atendidas,
      primeira_atendida_em, segundos_ligacao, segundos_falados, segundos_cobrados, convertido_em, convertido_por,
        ultima_mudanca_status_em, segundos_uteis_primeiro_contato, origem_canal, cli_campanha_id, adset_id, adset_name`;
    expect(
      (await diff(`(select ${columns} from dashboard_leads) k`, `(select ${columns} from dashboard_leads_bruto) b`)).rows,
    ).toEqual([]);
    // The day counters are spread over rows (`fatia`, migration 0042): each key's rows summed.
    const atendenteDia = `(select id_unidade, dia, id_usuario, sum(ligacoes)::int, sum(ligacoes_atendidas)::int,
      sum(segundos_falados)::bigint, sum(mensagens_enviadas)::int from dashboard_atendente_dia group by 1, 2, 3) k`;
    expect((await diff(atendenteDia, 'dashboard_atendente_dia_bruto')).rows).toEqual([]);
    expect((await diff('dashboard_mudancas_status', 'dashboard_mudancas_status_bruto')).rows).toEqual([]);
    const etapasDia = `(select id_unidade, dia, de, para, sum(movimentos)::int, sum(segundos)::bigint
      from dashboard_etapas_dia group by 1, 2, 3, 4) k`;
    expect((await diff(etapasDia, 'dashboard_etapas_dia_bruto')).rows).toEqual([]);
    const days =
      (await db.execute(sql`select count(*)::int as n from dashboard_leads where dia_captacao is distinct from (data_captacao at
        time zone 'America/Sao_Paulo')::date
      or dia_conversao is distinct from (convertido_em at time zone 'America/Sao_Paulo')::date`)) as unknown as {
        rows: { n: number }[];
      };
    expect(Number(days.rows[0]!.n)).toBe(0);
    const [row] = (
      (await db.execute(
        sql`select respostas_medidas, segundos_resposta, aguardando_resposta_desde from dashboard_leads where cli_crm_id = ${L['L4']!}`,
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    expect(row).toMatchObject({ respostas_medidas: 0 });
    expect(row?.['aguardando_resposta_desde']).not.toBeNull();
  });
});

describe("the first contact in the unit's working hours (issue 14 'Beyond the spec', docs/decisions.md)", () => {
  // Runs after the comparison above, which gave L4 its first contact (a call on Saturday 07/11 11:00).
  const form = { ...DEFAULT_UNIT_SETTINGS, regra_fila_3: '4', status_negociacao_permitidos: '4,5' };
  // Sunday first: Monday 09–12, Tuesday 13–17, Wednesday 08–18, Thursday 10–11, Saturday 09–13.
  const week = [
    null,
    { inicio: '09:00', fim: '12:00' },
    { inicio: '13:00', fim: '17:00' },
    { inicio: '08:00', fim: '18:00' },
    { inicio: '10:00', fim: '11:00' },
    null,
    { inicio: '09:00', fim: '13:00' },
  ];
  async function settings(horario_ligacao: typeof week | null, feriados: string[]) {
    const res = await t.as(tokens['a']!, {
      method: 'PUT',
      url: '/api/configuracoes/unidade',
      payload: { ...form, horario_ligacao, feriados },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const firstContact = async () => (await get('a', buildDashboardPath('atendimento-tempo', v2()), timeResponseSchema)).data;
  const agrees = async () => {
    const rows = (await t.database.db
      .execute(sql`(select cli_crm_id, segundos_uteis_primeiro_contato from dashboard_leads except select cli_crm_id,
        segundos_uteis_primeiro_contato from dashboard_leads_bruto)
      union all (select cli_crm_id, segundos_uteis_primeiro_contato from dashboard_leads_bruto except select cli_crm_id,
        segundos_uteis_primeiro_contato from dashboard_leads)`)) as unknown as {
      rows: unknown[];
    };
    expect(rows.rows).toEqual([]);
  };

  it("counts the unit's own hours and holidays, the default week when it has none, and again when they change", async () => {
    expect((await firstContact()).tempos.tempo_medio_primeiro_contato_horario_util).toBe(
      (600 + 1800 + 16_200 + 108_000 + 39_600) / 5,
    );

    // Holidays Saturday 31/10 and Wednesday 04/11: the unit's leads are computed again.
    await settings(week, ['2026-11-04', '2026-10-31']);
    // L6 (captured Friday 30/10 12:00) first messaged on Monday 02/11 09:30, under the unit's hours: the trigger of a new contact.
    await message(L['L6']!, '2026-11-02 09:30', true, t.fixture.users.u.id);
    const own = await firstContact();
    // L1 Mon 09:00–09:10 = 600. L2 Tue 10:00–10:30, before 13:00 = 0. L3 Wed 04/11 is a holiday, Thu 08:30 before 10:00 = 0.
    // L5 Wed 28/10 10–18 (28800) + Thu 10–11 (3600) + Sat 31/10 holiday + Mon 09–10 (3600) = 36000.
    // L4 Thu 17:00 after 11:00, Fri closed, Sat 09–11 = 7200. L6 Fri closed, Sat holiday, Mon 09:00–09:30 = 1800.
    expect(own.tempos.tempo_medio_primeiro_contato_horario_util).toBe((600 + 0 + 0 + 36_000 + 7200 + 1800) / 6);
    expect(own.horario_util).toEqual({ origem: 'unidade', semana: week, feriados: ['2026-10-31', '2026-11-04'] });
    await agrees();

    // No week of its own but holidays Thursday 29/10 and Wednesday 04/11: Monday to Friday 08–18 without them.
    await settings(null, ['2026-10-29', '2026-11-04']);
    const holidaysOnly = await firstContact();
    // L1 600. L2 1800. L3 Wed holiday + Thu 08:00–08:30 = 1800. L5 Wed 28/10 10–18 (28800) + Thu holiday + Fri (36000) + Mon
    // 08–10 (7200) = 72000.
    // L4 Thu 17–18 (3600) + Fri (36000) = 39600. L6 Fri 12–18 (21600) + Mon 08:00–09:30 (5400) = 27000.
    expect(holidaysOnly.tempos.tempo_medio_primeiro_contato_horario_util).toBe(
      (600 + 1800 + 1800 + 72_000 + 39_600 + 27_000) / 6,
    );
    expect(holidaysOnly.horario_util.origem).toBe('padrao');
    await agrees();

    // Back to nothing: the default week, no holidays (L3 Wed 14–18 + Thu 08:00–08:30 = 16200; L5 108000).
    await settings(null, []);
    expect((await firstContact()).tempos.tempo_medio_primeiro_contato_horario_util).toBe(
      (600 + 1800 + 16_200 + 108_000 + 39_600 + 27_000) / 6,
    );
    await agrees();
  });
});
