// 002 §2.4 §4 §6 §7 and 001 §7 'kanban' reads (issue 11): the board, a column's pages, the table,
// the CSV of a column and the moves, each by role and against another company's and unit's leads.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  buildFilterSegments,
  buildKanbanTablePath,
  PIPELINE_LAYOUT,
  type PipelineFilter,
} from '@funil/domain/leads/filter-segments';
import { TIMELINE_EVENT_TYPE } from '@funil/domain/leads/timeline';
import { EMPTY_PIPELINE_FILTER } from '@funil/domain/pipeline/pipeline';
import {
  kanbanBoardResponseSchema,
  kanbanColumnPageResponseSchema,
  kanbanTableResponseSchema,
} from '@funil/domain/pipeline/pipeline-api';

import { tableDigests } from '../../testing/db-snapshot.ts';
import { statusNegociacaoPermitidos } from '../catalog/catalog.table.ts';
import { createLeadsKit, type Kit } from '../leads/leads-test-kit.ts';

let k: Kit;
const EXTRAS = { pipeline: true, clienteAtendente: true, edicao_status_cliente: true };
const segments = (filter: Partial<PipelineFilter> = {}) =>
  buildFilterSegments(PIPELINE_LAYOUT, { ...EMPTY_PIPELINE_FILTER, ...filter });
const boardUrl = (filter: Partial<PipelineFilter> = {}, venda = false) =>
  `/api/kanban/status-negociacao${venda ? '-venda' : ''}/${segments(filter)}`;

beforeAll(async () => {
  k = await createLeadsKit();
  for (const unit of ['A1', 'A2', 'B1'] as const) await k.setExtras(unit, EXTRAS);
}, 180_000);
afterAll(async () => {
  await k?.t.close();
});

async function board(who: keyof Kit['token'], filter: Partial<PipelineFilter> = {}, venda = false) {
  const res = await k.call(who, { method: 'GET', url: boardUrl(filter, venda) });
  expect(res.statusCode, res.body).toBe(200);
  return kanbanBoardResponseSchema.parse(res.json());
}
const column = (b: Awaited<ReturnType<typeof board>>, idFunil: number) =>
  b.data.find((c) => (c.idFunil ?? c.idFunilVenda) === idFunil)!;

describe('GET /kanban/status-negociacao/{filters} (001 §7, 002 §3 "Kanban column")', () => {
  it("answers every column but 'Erro' with its count, BRL ticket sum and first page in card order", async () => {
    const campaign = 'Campanha Quadro';
    const a = await k.lead({
      cliNome: 'Ana',
      cliStatusNegociacao: 4,
      valorTicket: '1500.50',
      cliCampanhaNome: campaign,
      posicaoPipeline: 2,
    });
    const b = await k.lead({
      cliNome: 'Bruno',
      cliStatusNegociacao: 4,
      valorTicket: '499.50',
      cliCampanhaNome: campaign,
      posicaoPipeline: 1,
    });
    await k.lead({ cliNome: 'Caio', cliStatusNegociacao: 8, cliCampanhaNome: campaign });
    await k.lead({ cliNome: 'Outra unidade', cliStatusNegociacao: 4, cliCampanhaNome: campaign, unit: 'A2' });
    const res = await board('a', { cli_campanha_nome: campaign });
    expect(res.data.map((c) => c.nome)).not.toContain('Erro');
    expect(res.data.map((c) => c.idFunil)).toEqual([1, 2, 3, 4, 5, 6, 7, 9, 10]);
    const negotiating = column(res, 4);
    expect([negotiating.total_oportunidades, negotiating.valor_total]).toEqual([2, 2000]);
    expect(negotiating.leads.map((l) => l.cli_crm_id)).toEqual([b, a]);
    expect(res.total_leads).toBe(2);
    // With the funnel named in the filter, 'Erro' is a column again (001 §7).
    const withError = await board('a', { cli_campanha_nome: campaign, cli_status_negociacao: 8 });
    expect(column(withError, 8).total_oportunidades).toBe(1);
  });

  it('shows an attendant without acesso_atribuidos only unassigned leads and their own (001 §6)', async () => {
    const campaign = 'Campanha Visível';
    await k.lead({ cliNome: 'Minha', idUsuario: k.t.fixture.users.u.id, cliCampanhaNome: campaign });
    await k.lead({ cliNome: 'Livre', cliCampanhaNome: campaign });
    await k.lead({ cliNome: 'Do admin', idUsuario: k.t.fixture.users.a.id, cliCampanhaNome: campaign, valorTicket: '900' });
    await k.setUserConfig('u', { acessoAtribuidos: false });
    const mine = await board('u', { cli_campanha_nome: campaign });
    expect(
      column(mine, 1)
        .leads.map((l) => l.cli_nome)
        .sort(),
    ).toEqual(['Livre', 'Minha']);
    expect([column(mine, 1).total_oportunidades, column(mine, 1).valor_total]).toEqual([2, 0]);
    // 'Meus atendimentos' and 'Não Atribuídos' (002 §2.4).
    expect(
      column(await board('u', { cli_campanha_nome: campaign, meus_atendimentos: true }), 1).leads.map((l) => l.cli_nome),
    ).toEqual(['Minha']);
    expect(
      column(await board('a', { cli_campanha_nome: campaign, nao_atribuidos: true }), 1).leads.map((l) => l.cli_nome),
    ).toEqual(['Livre']);
    expect(
      column(await board('a', { cli_campanha_nome: campaign, ids_atendentes: [k.t.fixture.users.a.id] }), 1).leads.map(
        (l) => l.cli_nome,
      ),
    ).toEqual(['Do admin']);
  });

  it('answers the sale-status columns without Nenhum (002 §2.4)', async () => {
    const res = await board('a', {}, true);
    expect(res.data.map((c) => c.nome)).toEqual(['Orçamento enviado', 'Aguardando pagamento', 'Cliente ativo', 'Cancelado']);
  });

  it("never shows another company's or unit's leads, and refuses a malformed filter with 400", async () => {
    const campaign = 'Campanha Isolada';
    await k.lead({ cliNome: 'B1', cliCampanhaNome: campaign, unit: 'B1' });
    await k.lead({ cliNome: 'A2', cliCampanhaNome: campaign, unit: 'A2' });
    expect((await board('a', { cli_campanha_nome: campaign })).total_leads).toBe(0);
    expect((await board('aB1', { cli_campanha_nome: campaign })).total_leads).toBe(1);
    const bad = await k.call('a', {
      method: 'GET',
      url: `/api/kanban/status-negociacao/${segments().replace(/^-1/, 'x')}/extra`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Filtro inválido/);
  });

  it('answers 403 without the pipeline flag and to the roles 000 §6 keeps out', async () => {
    expect((await k.call('m', { method: 'GET', url: boardUrl() })).statusCode).toBe(403);
    await k.setExtras('A1', { ...EXTRAS, pipeline: false });
    try {
      expect((await k.call('a', { method: 'GET', url: boardUrl() })).statusCode).toBe(403);
    } finally {
      await k.setExtras('A1', EXTRAS);
    }
    for (const who of ['u', 'a', 'ag', 'sa'] as const)
      expect((await k.call(who, { method: 'GET', url: boardUrl() })).statusCode).toBe(200);
  });
});

describe('GET /kanban/novos-leads/{column}/{page}/{filters} (per-column paging)', () => {
  it('pages one column by 30 with total_oportunidades', async () => {
    const campaign = 'Campanha Paginada';
    const ids: number[] = [];
    for (let i = 0; i < 35; i += 1)
      ids.push(await k.lead({ cliNome: `P${i}`, cliStatusNegociacao: 6, cliCampanhaNome: campaign, posicaoPipeline: i }));
    const first = await k.call('a', {
      method: 'GET',
      url: `/api/kanban/novos-leads/6/1/${segments({ cli_campanha_nome: campaign })}`,
    });
    const second = kanbanColumnPageResponseSchema.parse(
      (
        await k.call('a', { method: 'GET', url: `/api/kanban/novos-leads/6/2/${segments({ cli_campanha_nome: campaign })}` })
      ).json(),
    );
    expect(kanbanColumnPageResponseSchema.parse(first.json()).data.leads).toHaveLength(30);
    expect(second.data).toMatchObject({ id: 6, pagina: 2, total_oportunidades: 35 });
    expect(second.data.leads.map((l) => l.cli_crm_id)).toEqual(ids.slice(30));
    expect((await k.call('a', { method: 'GET', url: `/api/kanban/novos-leads/77/1/${segments()}` })).statusCode).toBe(404);
  });
});

describe('GET kanban/tabela/{page}/{filters} (002 §2.4 table, §9 20 per page)', () => {
  it('answers data.status_negociacao (20 leads) and data.total_clientes', async () => {
    const campaign = 'Campanha Tabela';
    for (let i = 0; i < 23; i += 1)
      await k.lead({ cliNome: `T${i}`, cliCampanhaNome: campaign, cliDataCaptacao: new Date(Date.UTC(2026, 0, 1 + i)) });
    const filter = { ...EMPTY_PIPELINE_FILTER, cli_campanha_nome: campaign };
    const page1 = kanbanTableResponseSchema.parse(
      (await k.call('a', { method: 'GET', url: `/api/${buildKanbanTablePath(1, filter)}` })).json(),
    );
    const page2 = kanbanTableResponseSchema.parse(
      (await k.call('a', { method: 'GET', url: `/api/${buildKanbanTablePath(2, filter)}` })).json(),
    );
    expect([page1.data.status_negociacao.length, page1.data.total_clientes]).toEqual([20, 23]);
    expect(page1.data.status_negociacao[0]!.cli_nome).toBe('T22');
    expect(page2.data.status_negociacao.map((l) => l.cli_nome)).toEqual(['T2', 'T1', 'T0']);
  });
});

describe('GET /kanban/dados-arquivo-csv/… (002 §7, §9 leads.csv)', () => {
  it('streams the column as leads.csv with the optional funnel stage and campaign, for a and ag only', async () => {
    const campaign = 'Campanha, CSV';
    await k.lead({
      cliNome: 'José "Zé"',
      cliTelefone: '11987650001',
      cliStatusNegociacao: 10,
      cliCampanhaNome: campaign,
      cliCampanhaId: 'c-1',
      cliDataCaptacao: new Date('2026-03-10T13:05:00Z'),
    });
    const url = `/api/kanban/dados-arquivo-csv/10/1/1/1/${segments({ cli_campanha_nome: campaign })}`;
    const res = await k.call('a', { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="leads.csv"');
    // Issue 21 item 17: the one CSV writer of every export: a UTF-8 BOM, ';' and CRLF.
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('cli_crm_id;nome;telefone;dataCaptura;etapaFunil;idCampanha;nomeCampanha');
    expect(lines.slice(1).map((l) => l.split(';').slice(1).join(';'))).toEqual([
      '"José ""Zé""";11987650001;10/03/2026 10:05;Sem interesse;c-1;"Campanha, CSV"',
    ]);
    const plain = await k.call('ag', {
      method: 'GET',
      url: `/api/kanban/dados-arquivo-csv/10/0/-1/-1/${segments({ cli_campanha_nome: campaign })}`,
    });
    expect(plain.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('cli_crm_id;nome;telefone;dataCaptura');
    for (const who of ['u', 'sa'] as const) expect((await k.call(who, { method: 'GET', url })).statusCode).toBe(403);
    expect((await k.call('a', { method: 'GET', url: url.replace('/10/1/1/1/', '/10/2/1/1/') })).statusCode).toBe(400);
  });

  it('002 §7 answers the path as the spec writes it, without filter segments (the tail is optional)', async () => {
    const lead = await k.lead({ cliNome: 'Sem Filtro', cliStatusNegociacao: 8 });
    for (const url of ['/api/kanban/dados-arquivo-csv/8/1/-1/-1', '/api/kanban/dados-arquivo-csv/8/1/-1/-1/']) {
      const res = await k.call('a', { method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('cli_crm_id;nome;telefone;dataCaptura;etapaFunil');
      expect(lines.some((l) => l.startsWith(`${lead};Sem Filtro;`))).toBe(true);
    }
    // Bad input still answers 400 in Portuguese, and other roles 403.
    expect((await k.call('a', { method: 'GET', url: '/api/kanban/dados-arquivo-csv/8/7/-1/-1' })).statusCode).toBe(400);
    expect((await k.call('u', { method: 'GET', url: '/api/kanban/dados-arquivo-csv/8/1/-1/-1' })).statusCode).toBe(403);
  });
});

describe('PUT kanban/status-negociacao and -venda (002 §4 "Pipeline", §7)', () => {
  it('moves a lead to another column with its history event, between the cards it was dropped between', async () => {
    const campaign = 'Campanha Move';
    const top = await k.lead({ cliStatusNegociacao: 5, cliCampanhaNome: campaign, posicaoPipeline: 10 });
    const bottom = await k.lead({ cliStatusNegociacao: 5, cliCampanhaNome: campaign, posicaoPipeline: 20 });
    const moved = await k.lead({ cliStatusNegociacao: 4, cliCampanhaNome: campaign, valorTicket: '100' });
    const res = await k.call('u', {
      method: 'PUT',
      url: '/api/kanban/status-negociacao',
      payload: { cli_crm_id: moved, idFunil: 5, acima: top, abaixo: bottom },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Status da negociação atualizado com sucesso.',
      data: { cli_crm_id: moved, coluna: 5, posicao: 15 },
    });
    expect((await k.history(moved)).map((h) => [h.tipo, h.idAntigo, h.idNovo])).toEqual([
      [TIMELINE_EVENT_TYPE.statusNegociacao, 4, 5],
    ]);
    const after = await board('a', { cli_campanha_nome: campaign });
    expect(column(after, 5).leads.map((l) => l.cli_crm_id)).toEqual([top, moved, bottom]);
    expect([column(after, 5).valor_total, column(after, 4).total_oportunidades]).toEqual([100, 0]);
  });

  it('reorders inside a column without a history event, the same for every user', async () => {
    const campaign = 'Campanha Ordem';
    const one = await k.lead({ cliStatusNegociacao: 2, cliCampanhaNome: campaign, posicaoPipeline: 1 });
    const two = await k.lead({ cliStatusNegociacao: 2, cliCampanhaNome: campaign, posicaoPipeline: 2 });
    const res = await k.call('a', {
      method: 'PUT',
      url: '/api/kanban/status-negociacao',
      payload: { cli_crm_id: one, idFunil: 2, acima: two, abaixo: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await k.history(one)).toEqual([]);
    expect(column(await board('ag', { cli_campanha_nome: campaign }), 2).leads.map((l) => l.cli_crm_id)).toEqual([two, one]);
  });

  it('keeps a place between two cards as close as floats allow, by opening a gap', async () => {
    const campaign = 'Campanha Apertada';
    const a = await k.lead({ cliStatusNegociacao: 3, cliCampanhaNome: campaign, posicaoPipeline: 1 });
    const b = await k.lead({ cliStatusNegociacao: 3, cliCampanhaNome: campaign, posicaoPipeline: 1 + 2 ** -52 });
    const c = await k.lead({ cliStatusNegociacao: 1, cliCampanhaNome: campaign });
    expect(
      (
        await k.call('a', {
          method: 'PUT',
          url: '/api/kanban/status-negociacao',
          payload: { cli_crm_id: c, idFunil: 3, acima: a, abaixo: b },
        })
      ).statusCode,
    ).toBe(200);
    expect(column(await board('a', { cli_campanha_nome: campaign }), 3).leads.map((l) => l.cli_crm_id)).toEqual([a, c, b]);
  });

  it('refuses a transition the unit does not allow, and changes nothing (000 §3)', async () => {
    const db = k.t.database.db;
    const id = await k.lead({ cliStatusNegociacao: 1 });
    await db.insert(statusNegociacaoPermitidos).values([{ idUnidade: k.unitId('A1'), de: 1, para: 2 }]);
    try {
      const before = await tableDigests(db);
      const res = await k.call('a', {
        method: 'PUT',
        url: '/api/kanban/status-negociacao',
        payload: { cli_crm_id: id, idFunil: 5 },
      });
      expect([res.statusCode, res.json().message]).toEqual([400, 'Transição de status não permitida.']);
      expect(await tableDigests(db)).toEqual(before);
    } finally {
      await db.delete(statusNegociacaoPermitidos).where(eq(statusNegociacaoPermitidos.idUnidade, k.unitId('A1')));
    }
  });

  it('moves the sale status only with edicao_status_cliente (002 §4 §6)', async () => {
    const id = await k.lead({ cliStatusNegociacaoVenda: 2 });
    const ok = await k.call('a', {
      method: 'PUT',
      url: '/api/kanban/status-negociacao-venda',
      payload: { cli_crm_id: id, idFunilVenda: 3 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await k.history(id)).map((h) => [h.tipo, h.idAntigo, h.idNovo])).toEqual([
      [TIMELINE_EVENT_TYPE.statusNegociacaoVenda, 2, 3],
    ]);
    await k.setExtras('A1', { ...EXTRAS, edicao_status_cliente: false });
    try {
      const refused = await k.call('a', {
        method: 'PUT',
        url: '/api/kanban/status-negociacao-venda',
        payload: { cli_crm_id: id, idFunilVenda: 4 },
      });
      expect([refused.statusCode, refused.json().message]).toEqual([
        403,
        'Você não tem permissão para alterar o status do cliente.',
      ]);
      expect((await k.leadRow(id)).cliStatusNegociacaoVenda).toBe(3);
    } finally {
      await k.setExtras('A1', EXTRAS);
    }
  });

  it("answers 404 for another company's or unit's lead and 403 for another attendant's, changing no row", async () => {
    const db = k.t.database.db;
    const ofB = await k.lead({ unit: 'B1' });
    const ofA2 = await k.lead({ unit: 'A2' });
    const ofAdmin = await k.lead({ idUsuario: k.t.fixture.users.a.id });
    await k.setUserConfig('u', { acessoAtribuidos: false });
    const before = await tableDigests(db);
    for (const [who, id, status] of [
      ['a', ofB, 404],
      ['ag', ofA2, 404],
      ['u', ofAdmin, 403],
      ['aB1', ofAdmin, 404],
    ] as const) {
      const res = await k.call(who, {
        method: 'PUT',
        url: '/api/kanban/status-negociacao',
        payload: { cli_crm_id: id, idFunil: 4 },
      });
      expect([who, res.statusCode]).toEqual([who, status]);
    }
    expect(await tableDigests(db)).toEqual(before);
    const bad = await k.call('a', {
      method: 'PUT',
      url: '/api/kanban/status-negociacao',
      payload: { cli_crm_id: 'x', idFunil: 4 },
    });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Lead inválido.']);
  });
});
