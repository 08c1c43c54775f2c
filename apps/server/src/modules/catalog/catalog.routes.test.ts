// 002 §2.8, §5 "Negotiation status form", §7 "Extras and catalogue"; 002 §2.10, §3, §5 "Potential";
// issue 10 "API": each call × each role × another company's ids, the delete-with-leads flow, audit.
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { unitDataEvent } from '@funil/domain/realtime/events';

import { auditoria } from '../audit/audit.table.ts';
import { createLeadsKit, type Kit } from '../leads/leads-test-kit.ts';
import { unidadeConfiguracoes } from '../tenancy/tenancy.table.ts';
import { potenciais, statusNegociacao, statusNegociacaoPermitidos, statusNegociacaoVenda } from './catalog.table.ts';

let k: Kit;
let url: string;
beforeAll(async () => {
  k = await createLeadsKit();
  url = await k.t.app.listen({ port: 0, host: '127.0.0.1' });
});
// A socket left open (a failed assertion) would keep the app from closing.
const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(async () => {
  await k.t.close();
});

const db = () => k.t.database.db;
const ROLES = ['u', 'a', 'ag', 'm', 'sa'] as const;
const NEG = '/api/cadastros/status-negociacao';
const SALE = '/api/cadastros/status-negociacao-venda';
const POT = '/api/cadastros/potencial';

async function negotiationRow(idEmpresa: number, idFunil: number) {
  const [row] = await db()
    .select()
    .from(statusNegociacao)
    .where(and(eq(statusNegociacao.idEmpresa, idEmpresa), eq(statusNegociacao.idFunil, idFunil)));
  return row ?? null;
}

function listenCompany(token: string, idEmpresa: number): Promise<{ socket: Socket; got: unknown[] }> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    const got: unknown[] = [];
    socket.on(unitDataEvent(idEmpresa), (p: unknown) => got.push(p));
    sockets.push(socket);
    socket.once('ready', () => resolve({ socket, got }));
    socket.once('connect_error', reject);
  });
}

describe('cadastros/status-negociacao: who may call it (000 §6 /status-negociacao: super-admin)', () => {
  it.each(ROLES)('%s', async (role) => {
    const calls = [
      { method: 'GET', url: NEG },
      { method: 'POST', url: NEG, payload: { nome: 'Qualquer', idFunil: 90 } },
      { method: 'PUT', url: NEG, payload: { nome: 'Qualquer', idFunil: 1 } },
      { method: 'DELETE', url: `${NEG}/91` },
      { method: 'GET', url: SALE },
      { method: 'POST', url: SALE, payload: { nome: 'Qualquer', idFunilVenda: 90 } },
      { method: 'PUT', url: SALE, payload: { nome: 'Qualquer', idFunilVenda: 1 } },
      { method: 'DELETE', url: `${SALE}/91` },
    ] as const;
    for (const c of calls) {
      const res = await k.call(role, c);
      if (role === 'sa') expect([c.method, c.url, res.statusCode]).not.toEqual([c.method, c.url, 403]);
      else
        expect([c.method, c.url, res.statusCode, res.json().message]).toEqual([
          c.method,
          c.url,
          403,
          'Você não tem permissão para acessar este recurso.',
        ]);
    }
    // Nothing was written by those refused.
    if (role !== 'sa') expect(await negotiationRow(k.t.fixture.companyA, 90)).toBeNull();
    await db().delete(statusNegociacao).where(eq(statusNegociacao.idFunil, 90));
    await db().delete(statusNegociacaoVenda).where(eq(statusNegociacaoVenda.idFunilVenda, 90));
  });
});

describe('cadastros/status-negociacao (002 §5 "Negotiation status form")', () => {
  it('lists the company funnel in order with the table columns of 002 §2.8', async () => {
    const res = await k.call('sa', { method: 'GET', url: NEG });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as {
      idFunil: number;
      nome: string;
      cor: string;
      descricao: string | null;
      dataCad: string;
      dataAtualizacao: string;
    }[];
    expect(data.map((s) => s.idFunil)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(Object.keys(data[0]!).sort()).toEqual(['cor', 'dataAtualizacao', 'dataCad', 'descricao', 'id', 'idFunil', 'nome']);
  });

  it('creates a status black by default, audited, and tells the company to reload its unit data', async () => {
    const other = await listenCompany(k.token.u, k.t.fixture.companyA);
    const foreign = await listenCompany(k.token.uB1, k.t.fixture.companyB);
    const res = await k.call('sa', {
      method: 'POST',
      url: NEG,
      payload: { nome: ' Proposta enviada ', idFunil: 11, descricao: 'Enviada ao cliente' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Status cadastrado com sucesso!',
      data: { nome: 'Proposta enviada', idFunil: 11, cor: '#000000', descricao: 'Enviada ao cliente' },
    });
    const [audit] = await db()
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'status_negociacao'), eq(auditoria.idEntidade, res.json().data.id)));
    expect(audit).toMatchObject({ acao: 'create', idUsuario: k.t.fixture.users.sa.id, idEmpresa: k.t.fixture.companyA });
    await vi.waitFor(() => expect(other.got).toEqual([{ motivo: 'status-negociacao', idUnidade: null }]));
    // The same emit reaches every room at once: once the right socket has it, a wrong one would have too.
    expect(foreign.got).toEqual([]);
    other.socket.close();
    foreign.socket.close();
    // The CRM's selector reads the unit data: the new status is there.
    const unit = await k.call('u', { method: 'GET', url: '/api/cadastros/dados-unidade' });
    expect(unit.json().data.statusNegociacao.map((s: { idFunil: number }) => s.idFunil)).toContain(11);
  });

  it("answers 'Nome é obrigatório', 'Ordem do funil é obrigatório' and 'Funil já existe.' and saves nothing", async () => {
    const noName = await k.call('sa', { method: 'POST', url: NEG, payload: { nome: '  ', idFunil: 13 } });
    expect([noName.statusCode, noName.json().message]).toEqual([400, 'Nome é obrigatório']);
    const noOrder = await k.call('sa', { method: 'POST', url: NEG, payload: { nome: 'X' } });
    expect([noOrder.statusCode, noOrder.json().message]).toEqual([400, 'Ordem do funil é obrigatório']);
    const zero = await k.call('sa', { method: 'POST', url: NEG, payload: { nome: 'X', idFunil: 0 } });
    expect([zero.statusCode, zero.json().message]).toEqual([400, 'Ordem do funil é obrigatório']);
    const dup = await k.call('sa', { method: 'POST', url: NEG, payload: { nome: 'Outro', idFunil: 4 } });
    expect([dup.statusCode, dup.json().message]).toEqual([409, 'Funil já existe.']);
    expect((await negotiationRow(k.t.fixture.companyA, 4))?.nome).toBe('Em negociação');
    expect(await negotiationRow(k.t.fixture.companyA, 13)).toBeNull();
  });

  it('accepts only the 12 colours of the palette or black (002 §5)', async () => {
    const off = await k.call('sa', { method: 'POST', url: NEG, payload: { nome: 'Cor', idFunil: 12, cor: '#123456' } });
    expect([off.statusCode, off.json().message]).toEqual([400, 'Escolha uma cor da paleta.']);
    const ok = await k.call('sa', { method: 'POST', url: NEG, payload: { nome: 'Cor', idFunil: 12, cor: '#3F51B5' } });
    expect([ok.statusCode, ok.json().data.cor]).toEqual([200, '#3f51b5']);
  });

  it('edits name, colour and description by idFunil; the order itself never changes (002 §5)', async () => {
    const res = await k.call('sa', {
      method: 'PUT',
      url: NEG,
      payload: { idFunil: 12, nome: 'Cor nova', cor: '#4caf50', descricao: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Status atualizado com sucesso!',
      data: { idFunil: 12, nome: 'Cor nova', cor: '#4caf50', descricao: null },
    });
    // A status keeps a colour from before the palette when the form does not change it.
    const keep = await k.call('sa', { method: 'PUT', url: NEG, payload: { idFunil: 9, nome: 'WhatsApp' } });
    expect([keep.statusCode, keep.json().data.cor]).toEqual([200, '#25d366']);
    const missing = await k.call('sa', { method: 'PUT', url: NEG, payload: { idFunil: 77, nome: 'Nada' } });
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Status não encontrado.']);
    const audits = await db().select().from(auditoria).where(eq(auditoria.entidade, 'status_negociacao'));
    expect(audits.find((a) => a.acao === 'update' && JSON.stringify(a.alteracoes).includes('Cor nova'))).toBeTruthy();
  });

  it("never reaches another company's statuses: a PUT and a DELETE act on the caller's company only", async () => {
    const before = await negotiationRow(k.t.fixture.companyB, 4);
    await k.call('sa', { method: 'PUT', url: NEG, payload: { idFunil: 4, nome: 'Renomeado em A' } });
    expect(await negotiationRow(k.t.fixture.companyB, 4)).toEqual(before);
    // B has no status 12: deleting it from A removes only A's.
    const del = await k.call('sa', { method: 'DELETE', url: `${NEG}/12` });
    expect(del.statusCode, del.body).toBe(200);
    expect(await negotiationRow(k.t.fixture.companyA, 12)).toBeNull();
    expect(await negotiationRow(k.t.fixture.companyB, 4)).toEqual(before);
  });
});

describe('deleting a status leads hold (issue 10: say how many and where they go)', () => {
  it('answers 409 with the count and changes nothing; with ?destino the leads move there with a history event each', async () => {
    const mine = [await k.lead({ cliStatusNegociacao: 7 }), await k.lead({ cliStatusNegociacao: 7, unit: 'A2' })];
    await db()
      .update(unidadeConfiguracoes)
      .set({ regraFila1: '1,7' })
      .where(eq(unidadeConfiguracoes.idUnidade, k.unitId('A1')));
    const foreign = await k.lead({ cliStatusNegociacao: 7, unit: 'B1' });
    await db()
      .insert(statusNegociacaoPermitidos)
      .values({ idUnidade: k.unitId('A1'), de: 0, para: 7 });

    const refused = await k.call('sa', { method: 'DELETE', url: `${NEG}/7` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Este status está em 2 leads. Escolha para qual status eles vão antes de excluir.',
      status: 409,
      code: 'STATUS_EM_USO',
      leads: 2,
    });
    expect(await negotiationRow(k.t.fixture.companyA, 7)).not.toBeNull();
    expect((await k.leadRow(mine[0]!)).cliStatusNegociacao).toBe(7);

    const badTarget = await k.call('sa', { method: 'DELETE', url: `${NEG}/7?destino=77` });
    expect([badTarget.statusCode, badTarget.json().message]).toEqual([
      400,
      'Escolha outro status existente para receber os leads.',
    ]);
    const self = await k.call('sa', { method: 'DELETE', url: `${NEG}/7?destino=7` });
    expect(self.statusCode).toBe(400);

    const moved = await k.call('sa', { method: 'DELETE', url: `${NEG}/7?destino=2` });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ message: 'Status excluído com sucesso!', leadsMovidos: 2 });
    for (const id of mine) {
      expect((await k.leadRow(id)).cliStatusNegociacao).toBe(2);
      const events = await k.history(id);
      expect(
        events.some((h) => h.tipo === 5 && h.idAntigo === 7 && h.idNovo === 2 && h.atendente === k.t.fixture.users.sa.id),
      ).toBe(true);
    }
    expect(await negotiationRow(k.t.fixture.companyA, 7)).toBeNull();
    // Another company's leads and status stay as they were.
    expect((await k.leadRow(foreign)).cliStatusNegociacao).toBe(7);
    expect(await negotiationRow(k.t.fixture.companyB, 7)).not.toBeNull();
    // No queue rule and no allowed transition points at the deleted status any more.
    expect(
      (
        await db()
          .select()
          .from(unidadeConfiguracoes)
          .where(eq(unidadeConfiguracoes.idUnidade, k.unitId('A1')))
      )[0]?.regraFila1,
    ).toBe('1');
    expect(await db().select().from(statusNegociacaoPermitidos).where(eq(statusNegociacaoPermitidos.para, 7))).toEqual([]);
    const [audit] = await db()
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'status_negociacao'), eq(auditoria.acao, 'delete')));
    expect(audit).toBeTruthy();
  });

  it('never deletes a status the rules name (new lead 1, Não Atendido 3, Em negociação 4, Whatsapp 9; sale 1)', async () => {
    for (const idFunil of [1, 3, 4, 9]) {
      const res = await k.call('sa', { method: 'DELETE', url: `${NEG}/${idFunil}?destino=2` });
      expect([idFunil, res.statusCode, res.json().message]).toEqual([
        idFunil,
        409,
        'Este status é usado pelas regras do sistema e não pode ser excluído.',
      ]);
      // Issue 22 §3: the dialog tells this refusal from STATUS_EM_USO by its code.
      expect(res.json().code).toBe('STATUS_DO_SISTEMA');
      expect(await negotiationRow(k.t.fixture.companyA, idFunil)).not.toBeNull();
    }
    const sale = await k.call('sa', { method: 'DELETE', url: `${SALE}/1` });
    expect(sale.statusCode).toBe(409);
  });

  it('does the same for a sale status by idFunilVenda', async () => {
    const id = await k.lead({ cliStatusNegociacaoVenda: 3 });
    const refused = await k.call('sa', { method: 'DELETE', url: `${SALE}/3` });
    expect([refused.statusCode, refused.json().leads]).toEqual([409, 1]);
    const moved = await k.call('sa', { method: 'DELETE', url: `${SALE}/3?destino=1` });
    expect(moved.json()).toEqual({ message: 'Status excluído com sucesso!', leadsMovidos: 1 });
    expect((await k.leadRow(id)).cliStatusNegociacaoVenda).toBe(1);
    expect((await k.history(id)).some((h) => h.tipo === 8 && h.idAntigo === 3 && h.idNovo === 1)).toBe(true);
  });

  it('creates and edits sale statuses with the same rules', async () => {
    const created = await k.call('sa', {
      method: 'POST',
      url: SALE,
      payload: { nome: 'Contrato assinado', idFunilVenda: 6, cor: '#4caf50' },
    });
    expect(created.json()).toMatchObject({
      message: 'Status cadastrado com sucesso!',
      data: { idFunilVenda: 6, cor: '#4caf50' },
    });
    const dup = await k.call('sa', { method: 'POST', url: SALE, payload: { nome: 'Outro', idFunilVenda: 6 } });
    expect([dup.statusCode, dup.json().message]).toEqual([409, 'Funil já existe.']);
    const noName = await k.call('sa', { method: 'PUT', url: SALE, payload: { idFunilVenda: 6, nome: '' } });
    expect([noName.statusCode, noName.json().message]).toEqual([400, 'Nome é obrigatório']);
  });
});

describe('cadastros/potencial (002 §2.10, §5 "Potential"; /potencial for super-admin and ag)', () => {
  const body = {
    nome: 'Interesse',
    descricao: 'Quanto o lead quer comprar',
    status: 'Nenhum',
    status1: 'Pouco',
    status2: 'Pouco+',
    status3: 'Médio',
    status4: 'Médio+',
    status5: 'Muito',
    ativo: 1,
  };

  it.each(ROLES)('%s', async (role) => {
    const allowed = role === 'sa' || role === 'ag';
    for (const c of [
      { method: 'GET', url: POT },
      { method: 'POST', url: POT, payload: body },
      { method: 'PUT', url: POT, payload: { ...body, id: 999999 } },
      { method: 'DELETE', url: `${POT}/999999` },
    ] as const) {
      const res = await k.call(role, c);
      if (allowed) expect([c.method, res.statusCode]).not.toEqual([c.method, 403]);
      else expect([c.method, res.statusCode]).toEqual([c.method, 403]);
    }
  });

  it("creates, edits and deletes a potential; every field is required ('Obrigatório')", async () => {
    const missing = await k.call('ag', { method: 'POST', url: POT, payload: { ...body, status3: ' ' } });
    expect([missing.statusCode, missing.json().message, missing.json().fields]).toEqual([
      400,
      'Obrigatório',
      { status3: 'Obrigatório' },
    ]);
    const created = await k.call('ag', { method: 'POST', url: POT, payload: { ...body, nome: 'Orçamento' } });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      message: 'Potencial cadastrado com sucesso!',
      data: { nome: 'Orçamento', status3: 'Médio', ativo: 1 },
    });
    const id = created.json().data.id as number;
    const edited = await k.call('sa', {
      method: 'PUT',
      url: POT,
      payload: { ...body, id, nome: 'Orçamento', status5: 'Fechando', ativo: 0 },
    });
    expect(edited.json()).toMatchObject({
      message: 'Potencial atualizado com sucesso!',
      data: { status5: 'Fechando', ativo: 0 },
    });
    const listed = await k.call('ag', { method: 'GET', url: POT });
    expect(listed.json().data.map((p: { id: number }) => p.id)).toContain(id);
    const deleted = await k.call('ag', { method: 'DELETE', url: `${POT}/${id}` });
    expect(deleted.json()).toEqual({ message: 'Potencial excluído com sucesso!' });
    const actions = (
      await db()
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidade, 'potencial'), eq(auditoria.idEntidade, id)))
    ).map((a) => a.acao);
    expect(actions.sort()).toEqual(['create', 'delete', 'update']);
  });

  it('refuses to delete a potential leads are rated with, saying how many', async () => {
    const [p] = await db().insert(potenciais).values({ idEmpresa: k.t.fixture.companyA, nome: 'Usado' }).returning();
    await k.lead({ idPotencial: p!.id, valorPotencial: 3 });
    const res = await k.call('ag', { method: 'DELETE', url: `${POT}/${p!.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Este potencial está em 1 lead. Desative-o em vez de excluir.');
  });

  it("answers 404 for another company's potential and leaves it untouched", async () => {
    const [p] = await db().insert(potenciais).values({ idEmpresa: k.t.fixture.companyB, nome: 'De B' }).returning();
    const put = await k.call('ag', { method: 'PUT', url: POT, payload: { ...body, id: p!.id } });
    expect([put.statusCode, put.json().message]).toEqual([404, 'Potencial não encontrado.']);
    const del = await k.call('sa', { method: 'DELETE', url: `${POT}/${p!.id}` });
    expect(del.statusCode).toBe(404);
    const list = await k.call('ag', { method: 'GET', url: POT });
    expect(list.json().data.map((x: { id: number }) => x.id)).not.toContain(p!.id);
    const [still] = await db().select().from(potenciais).where(eq(potenciais.id, p!.id));
    expect(still?.nome).toBe('De B');
  });
});

describe("?idEmpresa=: the super-admin manages any company's statuses and potentials (issue 10; 000 §6 super-admin screens)", () => {
  const potential = {
    nome: 'Potencial de B',
    descricao: 'Criado pelo super-admin',
    status: 'Nenhum',
    status1: 'Pouco',
    status2: 'Pouco+',
    status3: 'Médio',
    status4: 'Médio+',
    status5: 'Muito',
    ativo: 1,
  };

  it("the super-admin lists, creates, edits and deletes company B's statuses; B is told and audited, A is untouched", async () => {
    const { companyA, companyB } = k.t.fixture;
    const listB = await k.call('sa', { method: 'GET', url: `${NEG}?idEmpresa=${companyB}` });
    expect(listB.statusCode, listB.body).toBe(200);
    const aBefore = await db().select().from(statusNegociacao).where(eq(statusNegociacao.idEmpresa, companyA));
    const inA = await listenCompany(k.token.u, companyA);
    const inB = await listenCompany(k.token.uB1, companyB);

    const created = await k.call('sa', {
      method: 'POST',
      url: `${NEG}?idEmpresa=${companyB}`,
      payload: { nome: 'Só em B', idFunil: 40 },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await negotiationRow(companyB, 40))?.nome).toBe('Só em B');
    expect(await negotiationRow(companyA, 40)).toBeNull();
    const renamed = await k.call('sa', {
      method: 'PUT',
      url: `${NEG}?idEmpresa=${companyB}`,
      payload: { nome: 'Renomeado em B', idFunil: 40 },
    });
    expect([renamed.statusCode, renamed.json().data.nome]).toEqual([200, 'Renomeado em B']);
    const sale = await k.call('sa', {
      method: 'POST',
      url: `${SALE}?idEmpresa=${companyB}`,
      payload: { nome: 'Venda de B', idFunilVenda: 40 },
    });
    expect(sale.statusCode, sale.body).toBe(200);
    const [saleB] = await db()
      .select()
      .from(statusNegociacaoVenda)
      .where(and(eq(statusNegociacaoVenda.idEmpresa, companyB), eq(statusNegociacaoVenda.idFunilVenda, 40)));
    expect(saleB?.nome).toBe('Venda de B');
    const deleted = await k.call('sa', { method: 'DELETE', url: `${NEG}/40?idEmpresa=${companyB}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await negotiationRow(companyB, 40)).toBeNull();

    await vi.waitFor(() => {
      expect(inB.got).toContainEqual({ motivo: 'status-negociacao', idUnidade: null });
      expect(inB.got).toContainEqual({ motivo: 'status-negociacao-venda', idUnidade: null });
    });
    // The same emit reaches every room at once: once the right socket has it, a wrong one would have too.
    expect(inA.got).toEqual([]);
    const audits = await db().select().from(auditoria).where(eq(auditoria.idEntidade, created.json().data.id));
    expect(audits.filter((a) => a.entidade === 'status_negociacao').map((a) => [a.acao, a.idEmpresa])).toEqual([
      ['create', companyB],
      ['update', companyB],
      ['delete', companyB],
    ]);
    expect(await db().select().from(statusNegociacao).where(eq(statusNegociacao.idEmpresa, companyA))).toEqual(aBefore);
    await db().delete(statusNegociacaoVenda).where(eq(statusNegociacaoVenda.id, saleB!.id));
  });

  it("answers 404 'Empresa não encontrada.' for a company that does not exist, saving nothing", async () => {
    const res = await k.call('sa', { method: 'POST', url: `${NEG}?idEmpresa=999999`, payload: { nome: 'Órfão', idFunil: 41 } });
    expect([res.statusCode, res.json().message]).toEqual([404, 'Empresa não encontrada.']);
    const pot = await k.call('sa', { method: 'GET', url: `${POT}?idEmpresa=999999` });
    expect([pot.statusCode, pot.json().message]).toEqual([404, 'Empresa não encontrada.']);
    expect((await db().select().from(statusNegociacao).where(eq(statusNegociacao.idFunil, 41))).length).toBe(0);
  });

  it(
    "the super-admin creates company B's potential; an ag naming company B still acts on their own " +
      'company (the parameter is ignored)',
    async () => {
      const { companyA, companyB } = k.t.fixture;
      const sa = await k.call('sa', { method: 'POST', url: `${POT}?idEmpresa=${companyB}`, payload: potential });
      expect(sa.statusCode, sa.body).toBe(200);
      const [row] = await db().select().from(potenciais).where(eq(potenciais.id, sa.json().data.id));
      expect(row?.idEmpresa).toBe(companyB);
      const [audit] = await db()
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidade, 'potencial'), eq(auditoria.idEntidade, row!.id)));
      expect(audit?.idEmpresa).toBe(companyB);

      // ag of company A: B's potentials stay out of reach.
      const list = await k.call('ag', { method: 'GET', url: `${POT}?idEmpresa=${companyB}` });
      expect(list.json().data.map((p: { id: number }) => p.id)).not.toContain(row!.id);
      const edit = await k.call('ag', {
        method: 'PUT',
        url: `${POT}?idEmpresa=${companyB}`,
        payload: { ...potential, id: row!.id, nome: 'Tomado' },
      });
      expect(edit.statusCode).toBe(404);
      const del = await k.call('ag', { method: 'DELETE', url: `${POT}/${row!.id}?idEmpresa=${companyB}` });
      expect(del.statusCode).toBe(404);
      const own = await k.call('ag', {
        method: 'POST',
        url: `${POT}?idEmpresa=${companyB}`,
        payload: { ...potential, nome: 'Do ag' },
      });
      expect(own.statusCode, own.body).toBe(200);
      const [agRow] = await db().select().from(potenciais).where(eq(potenciais.id, own.json().data.id));
      expect(agRow?.idEmpresa).toBe(companyA);
      const [still] = await db().select().from(potenciais).where(eq(potenciais.id, row!.id));
      expect(still?.nome).toBe('Potencial de B');
    },
  );

  it.each(['ag', 'a'] as const)("%s cannot reach company B's statuses: 403 and nothing written", async (role) => {
    const before = await db().select().from(statusNegociacao).where(eq(statusNegociacao.idEmpresa, k.t.fixture.companyB));
    const post = await k.call(role, {
      method: 'POST',
      url: `${NEG}?idEmpresa=${k.t.fixture.companyB}`,
      payload: { nome: 'Invasor', idFunil: 42 },
    });
    const put = await k.call(role, {
      method: 'PUT',
      url: `${NEG}?idEmpresa=${k.t.fixture.companyB}`,
      payload: { nome: 'Invasor', idFunil: 4 },
    });
    const del = await k.call(role, { method: 'DELETE', url: `${NEG}/4?idEmpresa=${k.t.fixture.companyB}` });
    expect([post.statusCode, put.statusCode, del.statusCode]).toEqual([403, 403, 403]);
    expect(await db().select().from(statusNegociacao).where(eq(statusNegociacao.idEmpresa, k.t.fixture.companyB))).toEqual(
      before,
    );
  });
});
