// Over 500 lines: the settings of 002 §3 and §5 share one fixture of roles, units and companies.
// 002 §3 "Settings (per unit)", §5 "Settings", §9 (configuracoes/unidade) and 002 §2.9, §6, §7
// (cadastros/configuracoes-extras); issue 10: roles × another unit's and company's ids, the audit
// trail, and a toggle reaching logged-in users without a new login.
import { and, asc, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { unitDataEvent } from '@funil/domain/realtime/events';

import { createUnit } from '../../demo/builders.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { auditoria } from '../audit/audit.table.ts';
import { statusNegociacaoPermitidos } from '../catalog/catalog.table.ts';
import { leads } from '../leads/leads.table.ts';
import { phoneKey } from '../leads/phone-key.ts';
import { unidadeConfiguracoes } from '../tenancy/tenancy.table.ts';

let t: TestApp;
let url: string;
const token: Record<string, string> = {};
const ROLES = ['u', 'a', 'ag', 'm', 'mg', 'sa'] as const;
beforeAll(async () => {
  t = await createTestApp({ sessionSweepMs: 0 });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const key of [...ROLES, 'uA2', 'aB1', 'uB1'] as const) token[key] = await t.login(t.fixture.users[key].email);
});
// A socket left open (a failed assertion) would keep the app from closing.
const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const call = (who: string, options: Parameters<TestApp['as']>[1]) => t.as(token[who]!, options);
const settingsRow = async (idUnidade: number) =>
  (await db().select().from(unidadeConfiguracoes).where(eq(unidadeConfiguracoes.idUnidade, idUnidade)))[0]!;
function listen(who: string, idEmpresa: number): Promise<{ socket: Socket; got: unknown[] }> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, {
      path: '/socket.io',
      auth: { token: token[who] },
      transports: ['websocket'],
      reconnection: false,
    });
    const got: unknown[] = [];
    socket.on(unitDataEvent(idEmpresa), (p: unknown) => got.push(p));
    sockets.push(socket);
    socket.once('ready', () => resolve({ socket, got }));
    socket.once('connect_error', reject);
  });
}

const valid = {
  ligacao_limite_tentativas: 8,
  ligacao_limite_tentativas_diarias: 2,
  ligacao_intervalo_nao_atendida: 30,
  intervalo_dias_crm: 90,
  valor_minimo_segundos_chamada_atendida: 15,
  regra_fila_1: '1,7',
  regra_fila_2: [2, 3],
  regra_fila_3: '4',
  mensagem_whatsapp: 'Olá {nome}, vi seu interesse em {anuncio}!',
  habilita_mensagem_whatsapp: true,
  status_negociacao_permitidos: '4,5',
};

describe('configuracoes/unidade: who may call it (000 §6 /configuracoes: admin)', () => {
  it.each(ROLES)('%s', async (role) => {
    const get = await call(role, { method: 'GET', url: '/api/configuracoes/unidade' });
    const put = await call(role, {
      method: 'PUT',
      url: '/api/configuracoes/unidade',
      payload: { ...valid, ligacao_limite_tentativas: 7 },
    });
    if (role === 'a' || role === 'ag') {
      expect([get.statusCode, put.statusCode]).toEqual([200, 200]);
    } else {
      expect([get.statusCode, put.statusCode]).toEqual([403, 403]);
    }
  });
});

describe('configuracoes/unidade (002 §3, §5, §9)', () => {
  it('a new unit gets the 002 §9 defaults, and each queue rule is split into available and used statuses', async () => {
    const fresh = await createUnit(db(), t.fixture.companyA, 'Unidade nova', '41');
    // createUnit of the builders writes its own row; a unit without one gets the defaults on read.
    await db().delete(unidadeConfiguracoes).where(eq(unidadeConfiguracoes.idUnidade, fresh));
    const res = await call('ag', { method: 'GET', url: `/api/configuracoes/unidade?idUnidade=${fresh}` });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      idUnidade: fresh,
      ligacao_limite_tentativas: 6,
      ligacao_limite_tentativas_diarias: 3,
      ligacao_intervalo_nao_atendida: 60,
      intervalo_dias_crm: 62,
      valor_minimo_segundos_chamada_atendida: 20,
      regra_fila_1: '1,7',
      regra_fila_2: '2',
      regra_fila_3: '5,3',
      status_negociacao_permitidos: '',
      // issue 12: busy retried after 15 min; no call hours until the unit sets them.
      ligacao_intervalo_ocupado: 15,
      horario_ligacao: null,
      feriados: [],
    });
    // issue 21 item 19: rule 1 takes the new leads and those still being reached, never 'Sem interesse'.
    expect(data.regra_fila_1_usados.map((s: { nome: string }) => s.nome)).toEqual(['Novo', 'Tentando contato']);
    expect(data.regra_fila_1_disponiveis.map((s: { id: number }) => s.id)).toEqual([2, 3, 4, 5, 6, 8, 9, 10]);
    expect(data.regra_fila_3_usados).toEqual([
      { id: 5, nome: 'Convertido', cor: '#4caf50' },
      { id: 3, nome: 'Não Atendido', cor: '#ff9800' },
    ]);
    expect(data.status_negociacao_usados).toEqual([]);
    expect(data.status_negociacao_disponiveis).toHaveLength(10);
  });

  it("saves every field, answers 'Configurações salvas com sucesso!', audits the change and tells the unit", async () => {
    const mine = await listen('u', t.fixture.companyA);
    const sibling = await listen('uA2', t.fixture.companyA);
    const res = await call('a', { method: 'PUT', url: '/api/configuracoes/unidade', payload: valid });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Configurações salvas com sucesso!');
    expect(res.json().data).toMatchObject({
      ligacao_limite_tentativas: 8,
      regra_fila_2: '2,3',
      habilita_mensagem_whatsapp: true,
      status_negociacao_permitidos: '4,5',
    });
    expect(res.json().data.status_negociacao_usados.map((s: { id: number }) => s.id)).toEqual([4, 5]);
    const row = await settingsRow(t.fixture.unitA1);
    expect(row).toMatchObject({
      ligacaoLimiteTentativas: 8,
      ligacaoLimiteTentativasDiarias: 2,
      intervaloDiasCrm: 90,
      mensagemWhatsapp: valid.mensagem_whatsapp,
      regraFila3: '4',
    });
    // The allowed statuses reach the CRM through the unit data (000 §3 crm_contato_negociacao_status_permitidos).
    const unit = await call('u', { method: 'GET', url: '/api/cadastros/dados-unidade' });
    expect(unit.json().data.crm_contato_negociacao_status_permitidos).toEqual([
      { de: 0, para: 4 },
      { de: 0, para: 5 },
    ]);
    const audits = await db()
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'configuracoes_unidade'), eq(auditoria.idEntidade, t.fixture.unitA1)))
      .orderBy(asc(auditoria.id));
    // The role walk above saved the same form with 7 attempts: only the difference is recorded.
    expect(audits.at(-1)?.alteracoes).toEqual({ ligacao_limite_tentativas: { antes: 7, depois: 8 } });
    expect(audits[0]?.alteracoes).toMatchObject({
      intervalo_dias_crm: { antes: 62, depois: 90 },
      status_negociacao_permitidos: { antes: '', depois: '4,5' },
    });
    await vi.waitFor(() => expect(mine.got).toEqual([{ motivo: 'configuracoes-unidade', idUnidade: t.fixture.unitA1 }]));
    // The same emit reaches every room at once: once the right socket has it, a wrong one would have too.
    expect(sibling.got).toEqual([]);
    mine.socket.close();
    sibling.socket.close();
  });

  it('the saved allowed statuses bind the lead status change of the unit (000 §3 crm_contato_negociacao_status_permitidos)', async () => {
    // The previous test saved status_negociacao_permitidos '4,5' for unit A1.
    const [lead] = await db()
      .insert(leads)
      .values({
        idEmpresa: t.fixture.companyA,
        idUnidade: t.fixture.unitA1,
        cliNome: 'Lead',
        cliTelefone: '11987650001',
        telefoneChave: phoneKey('11987650001'),
        cliStatusNegociacao: 1,
      })
      .returning({ id: leads.cliCrmId });
    const move = (status: number) =>
      call('a', { method: 'POST', url: `/api/negociacao/atualizarstatusnegociacao/${lead!.id}`, payload: { status } });
    const refused = await move(2);
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Transição de status não permitida.']);
    expect((await move(4)).statusCode).toBe(200);
    expect((await move(5)).statusCode).toBe(200);
  });

  it(
    "refuses daily attempts above the total with 'O número de tentativas diárias é maior que o total " +
      "de tentativas!' and saves nothing",
    async () => {
      const before = await settingsRow(t.fixture.unitA1);
      const res = await call('a', {
        method: 'PUT',
        url: '/api/configuracoes/unidade',
        payload: { ...valid, ligacao_limite_tentativas: 3, ligacao_limite_tentativas_diarias: 4, intervalo_dias_crm: 5 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('O número de tentativas diárias é maior que o total de tentativas!');
      expect(await settingsRow(t.fixture.unitA1)).toEqual(before);
    },
  );

  it(
    'issue 12: the busy retry delay, the call hours and the holidays are saved, audited, and kept ' +
      'when a client leaves them out',
    async () => {
      const week = [
        null,
        ...Array.from({ length: 5 }, () => ({ inicio: '08:30', fim: '18:00' })),
        { inicio: '09:00', fim: '12:00' },
      ];
      const res = await call('a', {
        method: 'PUT',
        url: '/api/configuracoes/unidade',
        payload: {
          ...valid,
          ligacao_intervalo_ocupado: 20,
          horario_ligacao: week,
          feriados: ['2026-12-25', '2026-11-20', '2026-12-25'],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        ligacao_intervalo_ocupado: 20,
        horario_ligacao: week,
        feriados: ['2026-11-20', '2026-12-25'],
      });
      expect(await settingsRow(t.fixture.unitA1)).toMatchObject({
        ligacaoIntervaloOcupado: 20,
        horarioLigacao: week,
        feriados: ['2026-11-20', '2026-12-25'],
      });
      const [audit] = await db()
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidade, 'configuracoes_unidade'), eq(auditoria.idEntidade, t.fixture.unitA1)))
        .orderBy(asc(auditoria.id))
        .then((r) => r.slice(-1));
      expect(audit!.alteracoes).toMatchObject({
        ligacao_intervalo_ocupado: { depois: 20 },
        feriados: { depois: ['2026-11-20', '2026-12-25'] },
      });
      // A body without them (an older client) keeps them.
      expect(
        (await call('a', { method: 'PUT', url: '/api/configuracoes/unidade', payload: { ...valid, intervalo_dias_crm: 91 } }))
          .statusCode,
      ).toBe(200);
      expect(await settingsRow(t.fixture.unitA1)).toMatchObject({
        intervaloDiasCrm: 91,
        ligacaoIntervaloOcupado: 20,
        horarioLigacao: week,
      });
      // Hours back to "any time".
      expect(
        (
          await call('a', {
            method: 'PUT',
            url: '/api/configuracoes/unidade',
            payload: { ...valid, horario_ligacao: null, feriados: [] },
          })
        ).json().data,
      ).toMatchObject({ horario_ligacao: null, feriados: [] });
    },
  );

  it('issue 12: refuses bad call hours and holidays in Portuguese, saving nothing', async () => {
    const before = await settingsRow(t.fixture.unitA1);
    const cases: [object, string][] = [
      [{ ligacao_intervalo_ocupado: 0 }, 'O valor mínimo é 1.'],
      [{ horario_ligacao: [{ inicio: '08:00', fim: '18:00' }] }, 'Informe os 7 dias da semana (domingo a sábado).'],
      [
        { horario_ligacao: [null, { inicio: '18:00', fim: '08:00' }, null, null, null, null, null] },
        'O fim deve ser depois do início.',
      ],
      [
        { horario_ligacao: [null, { inicio: '8h', fim: '18:00' }, null, null, null, null, null] },
        'Use o formato HH:MM (00:00 a 23:59).',
      ],
      [{ feriados: ['2026-02-30'] }, 'Informe o feriado como data válida (AAAA-MM-DD).'],
    ];
    for (const [extra, message] of cases) {
      const res = await call('a', { method: 'PUT', url: '/api/configuracoes/unidade', payload: { ...valid, ...extra } });
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect(await settingsRow(t.fixture.unitA1)).toEqual(before);
  });

  // Issue 13 'Caps and windows … configurable per unit with safe defaults'.
  const massSend = {
    quantidade_max_leads: 300,
    tempo_minimo: 15,
    tempo_maximo: 40,
    aquecimento: [
      { dias: 0, limite: 10 },
      { dias: 7, limite: 60 },
    ],
    horario_inicio: '09:00',
    horario_fim: '18:30',
    dias_semana: [5, 1, 2, 3, 4],
    janela_erros: 30,
    percentual_erros: 25,
  };

  it(
    "issue 13: the unit's mass-send caps and windows are read with their defaults, saved for that " +
      "unit only, and the composer's capacity follows",
    async () => {
      const fresh = await call('ag', { method: 'GET', url: `/api/configuracoes/unidade?idUnidade=${t.fixture.unitA2}` });
      expect(fresh.json().data.configuracoes_envio_em_massa).toEqual({
        quantidade_max_leads: 500,
        tempo_minimo: 10,
        tempo_maximo: 50,
        aquecimento: [
          { dias: 0, limite: 20 },
          { dias: 4, limite: 50 },
          { dias: 8, limite: 100 },
          { dias: 15, limite: 150 },
          { dias: 31, limite: 200 },
        ],
        horario_inicio: '08:00',
        horario_fim: '20:00',
        dias_semana: [1, 2, 3, 4, 5, 6],
        janela_erros: 20,
        percentual_erros: 30,
      });
      // The unit has mass send on, with another key of its own: both are kept.
      const extrasBefore = (await settingsRow(t.fixture.unitA1)).configuracoesExtra;
      await db()
        .update(unidadeConfiguracoes)
        .set({ configuracoesExtra: JSON.stringify({ habilita_envio_em_massaV2: true, outra_chave: 'x' }) })
        .where(eq(unidadeConfiguracoes.idUnidade, t.fixture.unitA1));
      const res = await call('a', {
        method: 'PUT',
        url: '/api/configuracoes/unidade',
        payload: { ...valid, configuracoes_envio_em_massa: massSend },
      });
      expect(res.statusCode, res.body).toBe(200);
      const saved = { ...massSend, dias_semana: [1, 2, 3, 4, 5] };
      expect(res.json().data).toMatchObject({ habilita_envio_em_massa: true, configuracoes_envio_em_massa: saved });
      expect(JSON.parse((await settingsRow(t.fixture.unitA1)).configuracoesExtra ?? '{}')).toEqual({
        habilita_envio_em_massaV2: true,
        outra_chave: 'x',
        configuracoes_envio_em_massa: saved,
      });
      // Another unit of the company keeps its defaults (the settings are per unit, not per company).
      expect(
        (await call('ag', { method: 'GET', url: `/api/configuracoes/unidade?idUnidade=${t.fixture.unitA2}` })).json().data
          .configuracoes_envio_em_massa.quantidade_max_leads,
      ).toBe(500);
      // The composer of the unit reads the new caps (GET envio-em-massa/capacidade).
      const capacity = await call('u', { method: 'GET', url: '/api/envio-em-massa/capacidade' });
      expect(capacity.statusCode, capacity.body).toBe(200);
      expect(capacity.json().data.configuracoes).toEqual(saved);
      const [audit] = await db()
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidade, 'configuracoes_unidade'), eq(auditoria.idEntidade, t.fixture.unitA1)))
        .orderBy(asc(auditoria.id))
        .then((r) => r.slice(-1));
      expect(audit!.alteracoes).toMatchObject({ configuracoes_envio_em_massa: { depois: saved } });
      // A body without them (an older client) keeps them.
      expect(
        (await call('a', { method: 'PUT', url: '/api/configuracoes/unidade', payload: valid })).json().data
          .configuracoes_envio_em_massa,
      ).toEqual(saved);
      await db()
        .update(unidadeConfiguracoes)
        .set({ configuracoesExtra: extrasBefore })
        .where(eq(unidadeConfiguracoes.idUnidade, t.fixture.unitA1));
    },
  );

  it('issue 13: refuses bad mass-send settings in Portuguese, saving nothing', async () => {
    const before = await settingsRow(t.fixture.unitA1);
    const cases: [object, string][] = [
      [{ quantidade_max_leads: 0 }, 'O valor deve ser no mínimo 1'],
      [{ quantidade_max_leads: 1001 }, 'O valor deve ser no máximo 1000'],
      [{ tempo_minimo: 5 }, 'O valor deve ser no mínimo 10'],
      [{ tempo_maximo: 61 }, 'O valor deve ser no máximo 60'],
      [{ tempo_minimo: 45, tempo_maximo: 20 }, 'O tempo mínimo deve ser menor ou igual ao máximo.'],
      [{ tempo_minimo: 12.5 }, 'Informe um número inteiro.'],
      [{ aquecimento: [] }, 'Use de 1 a 10 etapas de aquecimento.'],
      [{ aquecimento: [{ dias: 3, limite: 20 }] }, 'O aquecimento deve começar no dia 0.'],
      [
        {
          aquecimento: [
            { dias: 0, limite: 20 },
            { dias: 0, limite: 50 },
          ],
        },
        'Os dias do aquecimento devem ser crescentes e sem repetição.',
      ],
      [{ aquecimento: [{ dias: 0, limite: 0 }] }, 'O valor deve ser no mínimo 1'],
      [{ horario_inicio: '8h' }, 'Use o formato HH:MM.'],
      [{ horario_inicio: '20:00', horario_fim: '08:00' }, 'O horário final deve ser depois do inicial.'],
      [{ dias_semana: [] }, 'Escolha ao menos um dia da semana.'],
      [{ dias_semana: [7] }, 'O valor deve ser no máximo 6'],
      [{ janela_erros: 2 }, 'O valor deve ser no mínimo 5'],
      [{ percentual_erros: 101 }, 'O valor deve ser no máximo 100'],
    ];
    for (const [extra, message] of cases) {
      const res = await call('a', {
        method: 'PUT',
        url: '/api/configuracoes/unidade',
        payload: { ...valid, ligacao_limite_tentativas: 9, configuracoes_envio_em_massa: { ...massSend, ...extra } },
      });
      expect([JSON.stringify(extra), res.statusCode, res.json().message]).toEqual([JSON.stringify(extra), 400, message]);
    }
    expect(await settingsRow(t.fixture.unitA1)).toEqual(before);
  });

  it('refuses numbers below 1 and statuses outside the funnel, saving nothing (002 §5)', async () => {
    const before = await settingsRow(t.fixture.unitA1);
    for (const field of [
      'ligacao_limite_tentativas',
      'ligacao_intervalo_nao_atendida',
      'intervalo_dias_crm',
      'valor_minimo_segundos_chamada_atendida',
    ] as const) {
      const res = await call('a', { method: 'PUT', url: '/api/configuracoes/unidade', payload: { ...valid, [field]: 0 } });
      expect([field, res.statusCode, res.json().fields?.[field]]).toEqual([field, 400, 'O valor mínimo é 1.']);
    }
    const unknown = await call('a', {
      method: 'PUT',
      url: '/api/configuracoes/unidade',
      payload: { ...valid, regra_fila_1: '1,99' },
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'Escolha status existentes.']);
    expect(await settingsRow(t.fixture.unitA1)).toEqual(before);
  });

  it(
    "issue 21 item 15: the administrators switch the unit's WhatsApp gateway on and set its external " +
      'dashboard (000 §2 variant 1); bad addresses answer in Portuguese and save nothing',
    async () => {
      const unit = t.fixture.unitA2;
      const before = await call('ag', { method: 'GET', url: `/api/configuracoes/unidade?idUnidade=${unit}` });
      expect(before.json().data).toMatchObject({ evolution_habilitado: false, url_dashboard: null });
      const res = await call('ag', {
        method: 'PUT',
        url: `/api/configuracoes/unidade?idUnidade=${unit}`,
        payload: { ...valid, evolution_habilitado: true, url_dashboard: ' https://bi.exemplo.com.br/painel?u=2 ' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        evolution_habilitado: true,
        url_dashboard: 'https://bi.exemplo.com.br/painel?u=2',
      });
      expect(await settingsRow(unit)).toMatchObject({
        evolutionHabilitado: true,
        urlDashboard: 'https://bi.exemplo.com.br/painel?u=2',
      });
      // The unit's users read both in their unit data: the chat menu and the dashboard follow.
      const unitData = (await call('uA2', { method: 'GET', url: '/api/cadastros/dados-unidade' })).json().data;
      expect([unitData.evolutionHabilitado, unitData.url_dashboard]).toEqual([true, 'https://bi.exemplo.com.br/painel?u=2']);
      const [audit] = await db()
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidade, 'configuracoes_unidade'), eq(auditoria.idEntidade, unit)))
        .orderBy(asc(auditoria.id))
        .then((r) => r.slice(-1));
      expect(audit!.alteracoes).toMatchObject({
        evolution_habilitado: { depois: true },
        url_dashboard: { depois: 'https://bi.exemplo.com.br/painel?u=2' },
      });
      // Only https pages load in the dashboard's frame; a script address never.
      for (const bad of [
        'javascript:alert(1)',
        'http://bi.exemplo.com.br',
        'bi.exemplo.com.br',
        'https://',
        `https://x.com.br/${'a'.repeat(2001)}`,
      ]) {
        const refused = await call('ag', {
          method: 'PUT',
          url: `/api/configuracoes/unidade?idUnidade=${unit}`,
          payload: { ...valid, url_dashboard: bad },
        });
        expect([refused.statusCode, refused.json().message], bad.slice(0, 30)).toEqual([
          400,
          bad.length > 2000 ? 'O endereço deve ter no máximo 2000 caracteres.' : 'Informe um endereço que comece com https://.',
        ]);
      }
      expect((await settingsRow(unit)).urlDashboard).toBe('https://bi.exemplo.com.br/painel?u=2');
      // Left out: kept (an older client); empty: no external dashboard; the gateway off again.
      expect(
        (await call('ag', { method: 'PUT', url: `/api/configuracoes/unidade?idUnidade=${unit}`, payload: valid })).json().data,
      ).toMatchObject({ evolution_habilitado: true, url_dashboard: 'https://bi.exemplo.com.br/painel?u=2' });
      const cleared = await call('ag', {
        method: 'PUT',
        url: `/api/configuracoes/unidade?idUnidade=${unit}`,
        payload: { ...valid, evolution_habilitado: false, url_dashboard: '' },
      });
      expect(cleared.json().data).toMatchObject({ evolution_habilitado: false, url_dashboard: null });
      // Another company's admin reaches neither.
      const foreign = await call('aB1', {
        method: 'PUT',
        url: `/api/configuracoes/unidade?idUnidade=${unit}`,
        payload: { ...valid, evolution_habilitado: true },
      });
      expect(foreign.statusCode).toBe(403);
      expect((await settingsRow(unit)).evolutionHabilitado).toBe(false);
    },
  );

  it("keeps a unit admin to their unit; a company admin reaches the company's units, never another company's", async () => {
    const sibling = await call('a', { method: 'GET', url: `/api/configuracoes/unidade?idUnidade=${t.fixture.unitA2}` });
    expect(sibling.statusCode).toBe(403);
    const put = await call('a', {
      method: 'PUT',
      url: `/api/configuracoes/unidade?idUnidade=${t.fixture.unitA2}`,
      payload: valid,
    });
    expect(put.statusCode).toBe(403);
    const agSibling = await call('ag', {
      method: 'PUT',
      url: `/api/configuracoes/unidade?idUnidade=${t.fixture.unitA2}`,
      payload: { ...valid, intervalo_dias_crm: 33 },
    });
    expect(agSibling.statusCode).toBe(200);
    expect((await settingsRow(t.fixture.unitA2)).intervaloDiasCrm).toBe(33);
    const beforeB = await settingsRow(t.fixture.unitB1);
    const foreign = await call('ag', {
      method: 'PUT',
      url: `/api/configuracoes/unidade?idUnidade=${t.fixture.unitB1}`,
      payload: valid,
    });
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Registro não encontrado.']);
    const foreignGet = await call('ag', { method: 'GET', url: `/api/configuracoes/unidade?idUnidade=${t.fixture.unitB1}` });
    expect(foreignGet.statusCode).toBe(404);
    expect(await settingsRow(t.fixture.unitB1)).toEqual(beforeB);
    expect(
      await db().select().from(statusNegociacaoPermitidos).where(eq(statusNegociacaoPermitidos.idUnidade, t.fixture.unitB1)),
    ).toEqual([]);
  });
});

describe('cadastros/configuracoes-extras (002 §2.9, §6: per company; 000 §6 /configuracoes-globais: super-admin)', () => {
  it.each(ROLES)('%s', async (role) => {
    const get = await call(role, { method: 'GET', url: '/api/cadastros/configuracoes-extras' });
    const put = await call(role, { method: 'PUT', url: '/api/cadastros/configuracoes-extras', payload: { cadastrarCEP: false } });
    if (role === 'sa') expect([get.statusCode, put.statusCode]).toEqual([200, 200]);
    else expect([get.statusCode, put.statusCode]).toEqual([403, 403]);
  });

  it(
    'turns the pipeline on for every unit of the company: the logged-in attendant is told, and the ' +
      'route opens without a new login',
    async () => {
      const before = await call('u', { method: 'GET', url: '/api/cadastros/dados-unidade' });
      expect(JSON.parse(before.json().data.crm_configuracoes.configuracoesExtra).pipeline).not.toBe(true);
      const attendant = await listen('u', t.fixture.companyA);
      const sibling = await listen('uA2', t.fixture.companyA);
      const foreign = await listen('uB1', t.fixture.companyB);

      const res = await call('sa', {
        method: 'PUT',
        url: '/api/cadastros/configuracoes-extras',
        payload: { pipeline: true, habilita_envio_em_massaV2: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Funcionalidades salvas com sucesso!',
        data: { pipeline: true, habilita_envio_em_massaV2: true, automacao: false },
      });
      await vi.waitFor(() => {
        expect(attendant.got).toEqual([{ motivo: 'configuracoes-extras', idUnidade: null }]);
        expect(sibling.got).toEqual([{ motivo: 'configuracoes-extras', idUnidade: null }]);
      });
      // The same emit reaches every room at once: once the right socket has it, a wrong one would have too.
      expect(foreign.got).toEqual([]);
      for (const s of [attendant, sibling, foreign]) s.socket.close();

      // The same session now reads the flag in its unit data, and the server's role matrix follows.
      const after = await call('u', { method: 'GET', url: '/api/cadastros/dados-unidade' });
      expect(JSON.parse(after.json().data.crm_configuracoes.configuracoesExtra)).toMatchObject({ pipeline: true });
      for (const unit of [t.fixture.unitA1, t.fixture.unitA2])
        expect(JSON.parse((await settingsRow(unit)).configuracoesExtra)).toMatchObject({ pipeline: true });
      expect(JSON.parse((await settingsRow(t.fixture.unitB1)).configuracoesExtra).pipeline).toBeUndefined();
      const [audit] = await db().select().from(auditoria).where(eq(auditoria.entidade, 'configuracoes_extras'));
      expect(audit).toMatchObject({ acao: 'update', idEmpresa: t.fixture.companyA, idUsuario: t.fixture.users.sa.id });
      expect(audit?.alteracoes).toMatchObject({ pipeline: { antes: false, depois: true } });
    },
  );

  it('keeps the flags left out and refuses a key outside 000 §3', async () => {
    const res = await call('sa', {
      method: 'PUT',
      url: '/api/cadastros/configuracoes-extras',
      payload: { edicao_status_cliente: true },
    });
    expect(res.json().data).toMatchObject({ pipeline: true, edicao_status_cliente: true });
    const bad = await call('sa', {
      method: 'PUT',
      url: '/api/cadastros/configuracoes-extras',
      payload: { pipeline: true, qualquer: true },
    });
    expect(bad.statusCode).toBe(400);
    const notBool = await call('sa', { method: 'PUT', url: '/api/cadastros/configuracoes-extras', payload: { pipeline: 'sim' } });
    expect(notBool.statusCode).toBe(400);
    expect((await call('sa', { method: 'GET', url: '/api/cadastros/configuracoes-extras' })).json().data.pipeline).toBe(true);
  });
});

describe("cadastros/configuracoes-extras?idEmpresa=: the super-admin sets another company's toggles (issue 10)", () => {
  const EXTRAS = '/api/cadastros/configuracoes-extras';
  it('turns company B on; B is told and audited, company A is untouched', async () => {
    const aBefore = await call('sa', { method: 'GET', url: EXTRAS });
    const inA = await listen('u', t.fixture.companyA);
    const inB = await listen('uB1', t.fixture.companyB);
    const res = await call('sa', {
      method: 'PUT',
      url: `${EXTRAS}?idEmpresa=${t.fixture.companyB}`,
      payload: { clienteAtendente: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.clienteAtendente).toBe(true);
    expect(JSON.parse((await settingsRow(t.fixture.unitB1)).configuracoesExtra)).toMatchObject({ clienteAtendente: true });
    const readB = await call('sa', { method: 'GET', url: `${EXTRAS}?idEmpresa=${t.fixture.companyB}` });
    expect(readB.json().data.clienteAtendente).toBe(true);
    await vi.waitFor(() => expect(inB.got).toEqual([{ motivo: 'configuracoes-extras', idUnidade: null }]));
    // The same emit reaches every room at once: once the right socket has it, a wrong one would have too.
    expect(inA.got).toEqual([]);
    expect((await call('sa', { method: 'GET', url: EXTRAS })).json()).toEqual(aBefore.json());
    const audits = await db()
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'configuracoes_extras'), eq(auditoria.idEntidade, t.fixture.companyB)));
    expect(audits.map((a) => a.idEmpresa)).toEqual([t.fixture.companyB]);
  });

  it("answers 404 'Empresa não encontrada.' for a company that does not exist", async () => {
    const res = await call('sa', { method: 'PUT', url: `${EXTRAS}?idEmpresa=999999`, payload: { pipeline: true } });
    expect([res.statusCode, res.json().message]).toEqual([404, 'Empresa não encontrada.']);
  });

  it.each(['ag', 'a', 'aB1'] as const)("%s cannot reach another company's toggles: 403 and nothing written", async (who) => {
    const before = (await settingsRow(t.fixture.unitB1)).configuracoesExtra;
    const res = await call(who, {
      method: 'PUT',
      url: `${EXTRAS}?idEmpresa=${t.fixture.companyB}`,
      payload: { automacao: true },
    });
    expect(res.statusCode).toBe(403);
    expect((await settingsRow(t.fixture.unitB1)).configuracoesExtra).toBe(before);
  });
});
