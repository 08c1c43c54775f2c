// Partners (issue 10 'Parceiros'; 002 §3 'Partner', §5, §6, §7; 000 §6 /parceiros: admin): each call
// × each role × another unit's and company's ids; BRL amounts; every write audited.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { partnerListSchema } from '@funil/domain/admin-api/partners';

import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { auditoria } from '../audit/audit.table.ts';
import { parceiros } from './partners.table.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const key of ['sa', 'ag', 'a', 'u', 'm', 'mg', 'aB1'] as const) tokens[key] = await t.login(t.fixture.users[key].email);
});
afterAll(async () => {
  await t.close();
});

type Role = 'sa' | 'ag' | 'a' | 'u' | 'm' | 'mg' | 'aB1';
const call = (role: Role, method: 'GET' | 'POST' | 'PUT' | 'DELETE', payload?: object) =>
  t.as(tokens[role]!, { method, url: '/api/cadastros/parceiros', ...(payload ? { payload } : {}) });
const partner = (over: Record<string, unknown> = {}) => ({
  nome: 'Clínica Parceira',
  email: 'parceira@teste.com.br',
  senha: 'senha-parceira-1',
  descricao: 'Indica pacientes',
  conta: 'Banco 001 Ag 1234 CC 5678-9',
  administrador: 0,
  idUnidade: t.fixture.unitA1,
  idEmpresa: t.fixture.companyA,
  ativo: true,
  valor_operacao_1: 'R$ 10,50',
  valor_operacao_2: 25,
  valor_operacao_3: '1.250,00',
  ...over,
});

describe('cadastros/parceiros (002 §7 Admin)', () => {
  it('admins only: the super-admin, attendants and managers get 403 (000 §6 /parceiros)', async () => {
    for (const role of ['sa', 'u', 'm', 'mg'] as const) {
      expect((await call(role, 'GET')).statusCode).toBe(403);
      expect((await call(role, 'POST', partner())).statusCode).toBe(403);
      expect((await call(role, 'DELETE', { id: 1 })).statusCode).toBe(403);
    }
  });

  it('a unit admin creates a partner of their unit with three BRL amounts; the audit keeps no password', async () => {
    const res = await call('a', 'POST', partner());
    expect([res.statusCode, res.json().message]).toEqual([201, 'Parceiro cadastrado com sucesso!']);
    const list = partnerListSchema.parse((await call('a', 'GET')).json());
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      nome: 'Clínica Parceira',
      administrador: 0,
      valor_operacao_1: 10.5,
      valor_operacao_2: 25,
      valor_operacao_3: 1250,
      nomeUnidade: 'Unidade A1',
      ativo: 1,
    });
    expect(JSON.stringify(list)).not.toMatch(/senha|argon/);
    const [audit] = await t.database.db.select().from(auditoria).where(eq(auditoria.entidade, 'parceiro'));
    expect(audit).toMatchObject({ acao: 'create', idUsuario: t.fixture.users.a.id });
    expect(JSON.stringify(audit!.alteracoes)).not.toMatch(/argon|senha/);
  });

  it('answers the texts of 002 §5 Partner', async () => {
    const msg = async (body: object) => (await call('a', 'POST', body)).json().message;
    expect(await msg(partner({ idUnidade: -1 }))).toBe('Campos obrigatórios não preenchidos');
    expect(await msg(partner({ administrador: -1 }))).toBe('Campos obrigatórios não preenchidos');
    expect(await msg(partner({ email: 'x' }))).toBe('Digite um email válido');
    expect(await msg(partner({ conta: '' }))).toBe('Obrigatório');
    expect(await msg(partner({ valor_operacao_2: 'dez' }))).toBe('Informe um valor em reais.');
    // Issue 21 item 12: an amount left empty reads 002 §5's 'Obrigatório', never zod's European
    // Portuguese 'Demasiado pequeno: esperava que o texto tivesse >= 1 caracteres'.
    const empty = (await call('a', 'POST', partner({ valor_operacao_1: '' }))).json();
    expect([empty.message, empty.fields]).toEqual(['Obrigatório', { valor_operacao_1: 'Obrigatório' }]);
    const { senha: _senha, ...withoutPassword } = partner();
    expect(await msg(withoutPassword)).toBe('Obrigatório');
  });

  it('a unit admin may not use another unit (403) nor another company (404); a company admin may use any unit of the company', async () => {
    expect((await call('a', 'POST', partner({ idUnidade: t.fixture.unitA2 }))).statusCode).toBe(403);
    expect((await call('a', 'POST', partner({ idUnidade: t.fixture.unitB1 }))).statusCode).toBe(404);
    const ag = await call('ag', 'POST', partner({ idUnidade: t.fixture.unitA2, administrador: 1, email: 'adm@parceira.com.br' }));
    expect(ag.statusCode).toBe(201);
    // The unit admin sees only their unit's partners.
    expect(partnerListSchema.parse((await call('a', 'GET')).json()).data.every((p) => p.idUnidade === t.fixture.unitA1)).toBe(
      true,
    );
    expect(
      partnerListSchema
        .parse((await call('ag', 'GET')).json())
        .data.map((p) => p.idUnidade)
        .sort(),
    ).toEqual([t.fixture.unitA1, t.fixture.unitA2].sort());
  });

  it("another company's admin neither sees, edits nor deletes a partner", async () => {
    const [row] = await t.database.db.select().from(parceiros).where(eq(parceiros.idUnidade, t.fixture.unitA1));
    expect(partnerListSchema.parse((await call('aB1', 'GET')).json()).data).toEqual([]);
    expect((await call('aB1', 'PUT', partner({ id: row!.id, idUnidade: t.fixture.unitB1 }))).statusCode).toBe(404);
    expect((await call('aB1', 'DELETE', { id: row!.id })).statusCode).toBe(404);
    const [still] = await t.database.db.select().from(parceiros).where(eq(parceiros.id, row!.id));
    expect(still!.idUnidade).toBe(t.fixture.unitA1);
  });

  it('edits (a blank password keeps the current one) and deletes with the id in the body, audited', async () => {
    const [row] = await t.database.db.select().from(parceiros).where(eq(parceiros.idUnidade, t.fixture.unitA1));
    const edit = await call('a', 'PUT', partner({ id: row!.id, senha: '', valor_operacao_3: 'R$ 2.000,00', ativo: false }));
    expect([edit.statusCode, edit.json().message]).toEqual([200, 'Parceiro editado com sucesso!']);
    const [after] = await t.database.db.select().from(parceiros).where(eq(parceiros.id, row!.id));
    expect(after).toMatchObject({ senhaHash: row!.senhaHash, valorOperacao3: '2000.00', ativo: 0 });
    // A unit admin may not move a partner of a unit they do not manage.
    const agRow = (await t.database.db.select().from(parceiros).where(eq(parceiros.idUnidade, t.fixture.unitA2)))[0]!;
    expect((await call('a', 'PUT', partner({ id: agRow.id, idUnidade: t.fixture.unitA1 }))).statusCode).toBe(403);
    const del = await call('a', 'DELETE', { id: row!.id });
    expect([del.statusCode, del.json().message]).toEqual([200, 'Parceiro excluído com sucesso!']);
    expect(await t.database.db.select().from(parceiros).where(eq(parceiros.id, row!.id))).toEqual([]);
    const trail = await t.database.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.idEntidade, row!.id))
      .orderBy(asc(auditoria.id));
    expect(trail.filter((r) => r.entidade === 'parceiro').map((r) => r.acao)).toEqual(['create', 'update', 'delete']);
    expect((await call('a', 'DELETE', { id: row!.id })).statusCode).toBe(404);
  });
});
