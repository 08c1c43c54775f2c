// 000 §3 "Unit data" and §7 unit lists, scoped to the session's company and unit.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { unitDataSchema } from '@funil/domain/unit/unit-data';

import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { statusNegociacaoPermitidos } from '../catalog/catalog.table.ts';
import { orientacoes } from '../guidance/guidance.table.ts';
import { tags } from '../tags/tags.table.ts';
import { instanciasEvolution } from '../whatsapp/instances/instances.table.ts';
import { unidadeConfiguracoes } from './tenancy.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { unitA1, unitA2, unitB1, companyA, companyB } = t.fixture;
  await t.database.db.insert(tags).values([
    { idUnidade: unitA1, nome: 'Quente', cor: '#f44336' },
    { idUnidade: unitA2, nome: 'Só A2', cor: '#2196f3' },
    { idUnidade: unitB1, nome: 'Só B1', cor: '#4caf50' },
  ]);
  await t.database.db.insert(orientacoes).values([
    { idEmpresa: companyA, titulo: 'Geral A', textoOrientacao: '<p>Para toda a empresa A</p>', ordem: 2 },
    { idEmpresa: companyA, idUnidade: unitA1, titulo: 'Só A1', textoOrientacao: '<p>A1</p>', ordem: 1 },
    { idEmpresa: companyA, idUnidade: unitA2, titulo: 'Só A2', textoOrientacao: '<p>A2</p>' },
    { idEmpresa: companyB, titulo: 'Geral B', textoOrientacao: '<p>B</p>' },
  ]);
  await t.database.db.insert(instanciasEvolution).values({
    idUnidade: unitA1,
    idEmpresa: companyA,
    name: 'a1-principal',
    token: 'segredo-da-instancia',
    webhookSecret: 'w'.repeat(32),
  });
  await t.database.db.insert(statusNegociacaoPermitidos).values([{ idUnidade: unitA1, de: 1, para: 2 }]);
  await t.database.db
    .update(unidadeConfiguracoes)
    .set({ configuracoesExtra: JSON.stringify({ pipeline: true }), evolutionHabilitado: true })
    .where(eq(unidadeConfiguracoes.idUnidade, unitA1));
});
afterAll(async () => {
  await t.close();
});

const get = async (email: string, url: string) => {
  const res = await t.as(await t.login(email), { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('GET /api/cadastros/dados-unidade (000 §3)', () => {
  it('answers every field of the unit data for the session unit', async () => {
    const body = await get(t.fixture.users.u.email, '/api/cadastros/dados-unidade');
    const data = unitDataSchema.parse(body.data);
    expect(data.dados_unidade).toMatchObject({ id: t.fixture.unitA1, idEmpresa: t.fixture.companyA, tokenWhatsappNovo: null });
    expect(data.crm_contato_negociacao_status.map((s) => s.idFunil)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(data.statusNegociacao).toEqual(data.crm_contato_negociacao_status);
    expect(data.crm_contato_negociacao_status_venda[0]).toMatchObject({ idFunilVenda: 1, nome: 'Nenhum' });
    expect(data.crm_cliente_contato_status.map((s) => s.nome)).toEqual(['Novo', 'Não Atendido', 'Atendido', 'Em Atendimento']);
    expect(data.plataformas.length).toBeGreaterThan(3);
    expect(data.crm_contato_negociacao_status_permitidos).toEqual([{ de: 1, para: 2 }]);
    expect(JSON.parse(data.crm_configuracoes.configuracoesExtra)).toEqual({ pipeline: true });
    expect(data.evolutionHabilitado).toBe(true);
    expect(data.dados_usuario.idRamal).toBe(201);
    expect(data.tags.map((x) => x.nome)).toEqual(['Quente']);
    expect(data.instancias_evolution).toEqual([
      { id: expect.any(Number), name: 'a1-principal', connectionStatus: 'close', ownerJid: null, profileName: null },
    ]);
  });

  it('never hands an instance token or a messaging token to the browser', async () => {
    const body = await get(t.fixture.users.a.email, '/api/cadastros/dados-unidade');
    expect(JSON.stringify(body)).not.toContain('segredo-da-instancia');
    expect(JSON.stringify(body)).not.toMatch(/apiKey|webhookSecret|senha/);
  });

  it('shows a user of another unit only that unit: tags, users, instances', async () => {
    const a2 = (await get(t.fixture.users.uA2.email, '/api/cadastros/dados-unidade')).data;
    expect(a2.dados_unidade.id).toBe(t.fixture.unitA2);
    expect(a2.tags.map((x: { nome: string }) => x.nome)).toEqual(['Só A2']);
    expect(a2.usuarios.map((u: { id: number }) => u.id)).toEqual([t.fixture.users.uA2.id]);
    expect(a2.instancias_evolution).toEqual([]);
    const b1 = (await get(t.fixture.users.uB1.email, '/api/cadastros/dados-unidade')).data;
    expect(b1.dados_unidade.idEmpresa).toBe(t.fixture.companyB);
    expect(b1.tags.map((x: { nome: string }) => x.nome)).toEqual(['Só B1']);
    expect(
      b1.crm_contato_negociacao_status.every(
        (s: { id: number }) => !a2.crm_contato_negociacao_status.some((o: { id: number }) => o.id === s.id),
      ),
    ).toBe(true);
  });
});

describe('lists scoped to the tenant (000 §7)', () => {
  it('cadastros/unidades lists the units of the caller company only', async () => {
    const a = await get(t.fixture.users.a.email, '/api/cadastros/unidades');
    expect(a.data.map((u: { nome: string }) => u.nome).sort()).toEqual(['Unidade A1', 'Unidade A2']);
    const b = await get(t.fixture.users.aB1.email, '/api/cadastros/unidades');
    expect(b.data.map((u: { nome: string }) => u.nome)).toEqual(['Unidade B1']);
  });

  it('cadastros/usuarios-sem-permissao lists {id, nome} of the caller unit', async () => {
    const body = await get(t.fixture.users.uA2.email, '/api/cadastros/usuarios-sem-permissao');
    expect(body.data).toEqual([{ id: t.fixture.users.uA2.id, nome: 'Usuário uA2' }]);
  });

  it('cadastros/usuarios: a unit admin sees the unit, ag and sa the company, nobody another company, never a password', async () => {
    const unitAdmin = await get(t.fixture.users.a.email, '/api/cadastros/usuarios');
    expect(unitAdmin.data.every((u: { idUnidade: number }) => u.idUnidade === t.fixture.unitA1)).toBe(true);
    expect(unitAdmin.data).toHaveLength(6);
    const companyAdmin = await get(t.fixture.users.ag.email, '/api/cadastros/usuarios');
    expect(companyAdmin.data).toHaveLength(7);
    const otherCompany = await get(t.fixture.users.aB1.email, '/api/cadastros/usuarios');
    expect(otherCompany.data.map((u: { email: string }) => u.email).sort()).toEqual(['ab1@teste.com.br', 'ub1@teste.com.br']);
    expect(JSON.stringify(companyAdmin)).not.toMatch(/senha|argon/);
  });

  it('orientacoes/lista shows company-wide texts and the unit own, in order, never another unit or company', async () => {
    const a1 = await get(t.fixture.users.u.email, '/api/orientacoes/lista');
    expect(a1.data.map((o: { titulo: string }) => o.titulo)).toEqual(['Só A1', 'Geral A']);
    const a2 = await get(t.fixture.users.uA2.email, '/api/orientacoes/lista');
    expect(a2.data.map((o: { titulo: string }) => o.titulo)).toEqual(['Só A2', 'Geral A']);
    const b1 = await get(t.fixture.users.uB1.email, '/api/orientacoes/lista');
    expect(b1.data.map((o: { titulo: string }) => o.titulo)).toEqual(['Geral B']);
  });
});
