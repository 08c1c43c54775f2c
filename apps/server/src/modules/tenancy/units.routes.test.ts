// Units administration (issue 10 'Unidades'; 002 §3, §4, §5 'Unit', §9; 000 §6 /unidades: super-admin).
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { partnerUnitsSchema, unitListSchema } from '@funil/domain/admin-api/units';

import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { auditoria } from '../audit/audit.table.ts';
import { unidadeConfiguracoes, unidades } from './tenancy.table.ts';

let t: TestApp;
let url: string;
const tokens: Record<string, string> = {};
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp({ sessionSweepMs: 0 });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const key of ['sa', 'ag', 'a', 'u', 'm', 'mg', 'aB1'] as const) tokens[key] = await t.login(t.fixture.users[key].email);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(async () => {
  await t.close();
});

type Role = 'sa' | 'ag' | 'a' | 'u' | 'm' | 'mg' | 'aB1';
const call = (role: Role, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
  t.as(tokens[role]!, { method, url: `/api${path}`, ...(payload ? { payload } : {}) });
const unitBody = (over: Record<string, unknown> = {}) => ({
  nome: 'Unidade Nova',
  ddd: '41',
  idSistema: 77,
  filtro: 'curitiba',
  ...over,
});

describe('cadastros/unidade (002 §7 Admin)', () => {
  it('only the super-admin reaches it (000 §6 /unidades)', async () => {
    for (const role of ['ag', 'a', 'u', 'm', 'mg', 'aB1'] as const) {
      expect((await call(role, 'GET', '/cadastros/unidade')).statusCode).toBe(403);
      expect((await call(role, 'POST', '/cadastros/unidade', unitBody())).statusCode).toBe(403);
      expect(
        (await call(role, 'PUT', '/cadastros/unidade', { id: t.fixture.unitA2, ativo: 0, desativar: true })).statusCode,
      ).toBe(403);
    }
  });

  it('lists every unit of a company, its own by default, another with ?idEmpresa=', async () => {
    const own = unitListSchema.parse((await call('sa', 'GET', '/cadastros/unidade')).json());
    expect(own.data.map((u) => u.nome)).toEqual(['Unidade A1', 'Unidade A2']);
    const b = unitListSchema.parse((await call('sa', 'GET', `/cadastros/unidade?idEmpresa=${t.fixture.companyB}`)).json());
    expect(b.data.map((u) => u.id)).toEqual([t.fixture.unitB1]);
    expect(JSON.stringify(b)).not.toContain('tokenWhatsappNovo');
    expect((await call('sa', 'GET', '/cadastros/unidade?idEmpresa=999999')).statusCode).toBe(404);
  });

  it('creates a unit with a random 32-character token and the 002 §9 default settings, audited', async () => {
    const res = await call('sa', 'POST', '/cadastros/unidade', unitBody({ idEmpresa: t.fixture.companyB }));
    expect([res.statusCode, res.json().message]).toEqual([201, 'Unidade cadastrada com sucesso!']);
    const id = res.json().data.id as number;
    const [unit] = await t.database.db.select().from(unidades).where(eq(unidades.id, id));
    expect(unit).toMatchObject({ idEmpresa: t.fixture.companyB, ddd: '41', idSistema: 77, filtro: 'curitiba', ativo: 1 });
    expect(unit!.token).toMatch(/^[A-Za-z0-9]{32}$/);
    const [settings] = await t.database.db.select().from(unidadeConfiguracoes).where(eq(unidadeConfiguracoes.idUnidade, id));
    expect(settings).toMatchObject({
      ligacaoLimiteTentativas: 6,
      ligacaoLimiteTentativasDiarias: 3,
      ligacaoIntervaloNaoAtendida: 60,
      intervaloDiasCrm: 62,
      valorMinimoSegundosChamadaAtendida: 20,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'unidade'), eq(auditoria.idEntidade, id)));
    expect(audit).toMatchObject({ entidade: 'unidade', acao: 'create', idEmpresa: t.fixture.companyB, idUnidade: id });
    const other = await call('sa', 'POST', '/cadastros/unidade', unitBody());
    const [second] = await t.database.db.select().from(unidades).where(eq(unidades.id, other.json().data.id));
    expect(second!.token).not.toBe(unit!.token);
  });

  it('answers the texts of 002 §5 Unit; system id and filter required except for company 1', async () => {
    const msg = async (body: object) => (await call('sa', 'POST', '/cadastros/unidade', body)).json().message;
    expect(await msg(unitBody({ nome: '' }))).toBe('Nome é obrigatório');
    expect(await msg(unitBody({ ddd: '' }))).toBe('DDD é obrigatório');
    // The fixture's company A is id 1: the system fields are hidden and not required there.
    expect(t.fixture.companyA).toBe(1);
    expect((await call('sa', 'POST', '/cadastros/unidade', { nome: 'Sem sistema', ddd: '11' })).statusCode).toBe(201);
    expect(await msg({ nome: 'Sem sistema', ddd: '11', idEmpresa: t.fixture.companyB })).toBe('id do sistema é obrigatório');
    expect(await msg({ nome: 'Sem filtro', ddd: '11', idSistema: 3, idEmpresa: t.fixture.companyB })).toBe(
      'Filtro Facebook é obrigatório',
    );
  });

  it("'Desativar' sends ativo 0 and logs the unit's users out at once; the super-admin's own unit cannot be", async () => {
    const token = await t.login(t.fixture.users.uA2.email);
    const socket = await new Promise<{ ended: Promise<string> }>((resolve, reject) => {
      const s = connect(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(s);
      const ended = new Promise<string>((r) => s.once('disconnect', (reason) => r(reason)));
      s.once('ready', () => resolve({ ended }));
      s.once('connect_error', reject);
    });
    const res = await call('sa', 'PUT', '/cadastros/unidade', { id: t.fixture.unitA2, ativo: 0, desativar: true });
    expect([res.statusCode, res.json().message]).toEqual([200, 'Unidade desativada com sucesso!']);
    expect(await Promise.race([socket.ended, new Promise((r) => setTimeout(r, 2_000)).then(() => 'still connected')])).toBe(
      'io server disconnect',
    );
    expect((await t.as(token, { method: 'GET', url: '/api/cadastros/dados-unidade' })).statusCode).toBe(401);
    const [unit] = await t.database.db.select().from(unidades).where(eq(unidades.id, t.fixture.unitA2));
    expect(unit!.ativo).toBe(0);
    // Users of other units keep working.
    expect((await call('a', 'GET', '/cadastros/usuarios')).statusCode).toBe(200);
    const own = await call('sa', 'PUT', '/cadastros/unidade', { id: t.fixture.unitA1, ativo: 0, desativar: true });
    expect([own.statusCode, own.json().message]).toEqual([403, 'Você não pode desativar a própria unidade.']);
    const back = await call('sa', 'PUT', '/cadastros/unidade', { id: t.fixture.unitA2, nome: 'Unidade A2', ddd: '21', ativo: 1 });
    expect(back.statusCode).toBe(200);
  });

  it('edits a unit and records only what changed', async () => {
    const res = await call('sa', 'PUT', '/cadastros/unidade', {
      id: t.fixture.unitB1,
      nome: 'Unidade B1 Centro',
      ddd: '31',
      idSistema: 5,
      filtro: 'bh',
      ativo: 1,
    });
    expect([res.statusCode, res.json().message]).toEqual([200, 'Unidade editada com sucesso!']);
    const rows = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'unidade'), eq(auditoria.idEntidade, t.fixture.unitB1)));
    expect(rows.at(-1)!.alteracoes).toEqual({
      nome: { antes: 'Unidade B1', depois: 'Unidade B1 Centro' },
      idSistema: { antes: -1, depois: 5 },
      filtro: { antes: '', depois: 'bh' },
    });
    expect((await call('sa', 'PUT', '/cadastros/unidade', { id: 999999, nome: 'x', ddd: '11' })).statusCode).toBe(404);
  });
});

describe('GET cadastros/unidades/parceiro (002 §7)', () => {
  it('lists the units whose partners the admin manages: the unit for a, the company for ag; never another company', async () => {
    const names = async (role: Role) =>
      partnerUnitsSchema.parse((await call(role, 'GET', '/cadastros/unidades/parceiro')).json()).data.map((u) => u.id);
    expect(await names('a')).toEqual([t.fixture.unitA1]);
    expect(await names('ag')).toContain(t.fixture.unitA1);
    expect(await names('ag')).not.toContain(t.fixture.unitB1);
    expect(await names('aB1')).toEqual([t.fixture.unitB1]);
    for (const role of ['sa', 'u', 'm', 'mg'] as const)
      expect((await call(role, 'GET', '/cadastros/unidades/parceiro')).statusCode).toBe(403);
  });
});
