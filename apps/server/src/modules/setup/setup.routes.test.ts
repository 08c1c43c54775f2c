// issue 10 "A fresh install is usable": on a database without the demo, the first super-admin is
// created once (setup call or FUNIL_ADMIN_*), creates a company with its first unit and admin, the
// admin creates an attendant, and the attendant logs in and sees the CRM's data.
// @pglite-too (vitest.config.ts): the first run on PGlite, the engine `npm start` uses by default.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { companyListSchema } from '@funil/domain/admin-api/companies';

import { buildApp } from '../../app.ts';
import { loadEnv } from '../../env.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/test-app.ts';
import { auditoria } from '../audit/audit.table.ts';
import { usuarios } from '../users/users.table.ts';
import { ensureSuperAdmin } from './setup.service.ts';

let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, webDist: '/nonexistent' });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const login = async (email: string, senha: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, senha } });
  expect([email, res.statusCode]).toEqual([email, 200]);
  return (res.json() as { data: { token: string } }).data.token;
};
const as = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const setupBody = {
  empresa: 'Funil Matriz',
  unidade: 'Sede',
  ddd: '11',
  nome: 'Sara Admin',
  email: 'sara@funil.com.br',
  senha: 'senha-forte-123',
};
// Which of the two racing setups won (either may, on PostgreSQL): the super-admin of the later tests.
let superAdminEmail = setupBody.email;

describe('first run (issue 10)', () => {
  it('GET /api/setup says setup is needed on an empty database, without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/setup' });
    expect(res.json()).toEqual({ needed: true });
  });

  it('POST /api/setup validates in Portuguese and creates the super-admin once; later calls get 409', async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/setup', payload: { ...setupBody, email: 'sara' } });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Digite um email válido']);
    const short = await app.inject({ method: 'POST', url: '/api/setup', payload: { ...setupBody, senha: '123' } });
    expect([short.statusCode, short.json().message]).toEqual([400, 'A senha deve ter no mínimo 8 caracteres']);
    const [first, second] = await Promise.all([
      app.inject({ method: 'POST', url: '/api/setup', payload: setupBody }),
      app.inject({ method: 'POST', url: '/api/setup', payload: { ...setupBody, email: 'intruso@x.com.br' } }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    superAdminEmail = first.statusCode === 201 ? setupBody.email : 'intruso@x.com.br';
    const later = await app.inject({ method: 'POST', url: '/api/setup', payload: { ...setupBody, email: 'outro@x.com.br' } });
    expect([later.statusCode, later.json().message]).toEqual([
      409,
      'A configuração inicial já foi feita. Entre com seu usuário.',
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({ needed: false });
    const users = await database.db.select({ permissao: usuarios.permissao }).from(usuarios);
    expect(users).toEqual([{ permissao: 'sa' }]);
    // FUNIL_ADMIN_* at start does nothing once a user exists.
    expect(await ensureSuperAdmin(database.db, { email: 'env@x.com.br', senha: 'senha-forte-123' })).toBe(false);
  });

  it('the super-admin creates a company with its first unit and first company admin, in one call', async () => {
    const sa = await login(superAdminEmail, setupBody.senha);
    const missing = await as(sa, 'POST', '/api/cadastros/empresas', {
      nome: 'Clínica Bem Estar',
      unidade: { nome: 'Centro', ddd: '41' },
      administrador: { nome: 'Gil', email: 'gil@bemestar.com.br', senha: 'senha-gil-123' },
    });
    // A client company's unit needs its system id and filter (002 §5 'Unit'); nothing was created.
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'id do sistema é obrigatório']);
    expect(companyListSchema.parse((await as(sa, 'GET', '/api/cadastros/empresas')).json()).data).toHaveLength(1);

    const res = await as(sa, 'POST', '/api/cadastros/empresas', {
      nome: 'Clínica Bem Estar',
      unidade: { nome: 'Centro', ddd: '41', idSistema: 12, filtro: 'bem-estar' },
      administrador: { nome: 'Gil', email: 'gil@bemestar.com.br', senha: 'senha-gil-123' },
    });
    expect([res.statusCode, res.json().message]).toEqual([201, 'Empresa cadastrada com sucesso!']);
    const { id, idUnidade } = res.json().data as { id: number; idUnidade: number };
    const list = companyListSchema.parse((await as(sa, 'GET', '/api/cadastros/empresas')).json());
    expect(list.data.find((c) => c.id === id)).toMatchObject({ nome: 'Clínica Bem Estar', unidades: 1, usuarios: 1, ativo: 1 });

    // The company admin creates an attendant, who logs in and gets the unit data of the CRM.
    const gil = await login('gil@bemestar.com.br', 'senha-gil-123');
    expect((await as(gil, 'GET', '/api/cadastros/empresas')).statusCode).toBe(403);
    const created = await as(gil, 'POST', '/api/cadastros/usuarios', {
      nome: 'Ana',
      email: 'ana@bemestar.com.br',
      senha: 'senha-ana-123',
      idUnidade,
      permissao: 'u',
      ativo: 1,
      acesso_atribuidos: 0,
      excluir_leads: 0,
    });
    expect(created.statusCode).toBe(201);
    const ana = await login('ana@bemestar.com.br', 'senha-ana-123');
    const unit = await as(ana, 'GET', '/api/cadastros/dados-unidade');
    expect(unit.statusCode).toBe(200);
    const data = unit.json().data;
    expect(data.dados_unidade).toMatchObject({ id: idUnidade, idEmpresa: id });
    expect(data.crm_contato_negociacao_status.map((s: { idFunil: number }) => s.idFunil)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(data.crm_cliente_contato_status.map((s: { nome: string }) => s.nome)).toEqual([
      'Novo',
      'Não Atendido',
      'Atendido',
      'Em Atendimento',
    ]);
    expect(data.crm_configuracoes.intervalo_dias_crm).toBe(62);
    expect((await as(ana, 'GET', '/api/contato/lista-campanhas')).statusCode).toBe(200);

    // Every step is in the audit trail the company admin reads.
    const trail = await as(gil, 'GET', '/api/cadastros/auditoria');
    expect(
      trail
        .json()
        .data.map((r: { entidade: string; acao: string }) => `${r.entidade} ${r.acao}`)
        .sort(),
    ).toEqual(['empresa create', 'unidade create', 'usuario create', 'usuario create']);
    const rows = await database.db.select().from(auditoria).where(eq(auditoria.idEmpresa, id));
    expect(rows.every((r) => r.idUsuario !== null)).toBe(true);
  });

  it('only the super-admin deactivates a company, never their own; its users are logged out', async () => {
    const sa = await login(superAdminEmail, setupBody.senha);
    const list = companyListSchema.parse((await as(sa, 'GET', '/api/cadastros/empresas')).json());
    const own = list.data.find((c) => c.nome === 'Funil Matriz')!;
    const client = list.data.find((c) => c.nome === 'Clínica Bem Estar')!;
    expect((await as(sa, 'PUT', '/api/cadastros/empresas', { id: own.id, ativo: 0 })).json().message).toBe(
      'Você não pode desativar a própria empresa.',
    );
    const ana = await login('ana@bemestar.com.br', 'senha-ana-123');
    const res = await as(sa, 'PUT', '/api/cadastros/empresas', { id: client.id, ativo: 0 });
    expect([res.statusCode, res.json().message]).toEqual([200, 'Empresa editada com sucesso!']);
    expect((await as(ana, 'GET', '/api/cadastros/dados-unidade')).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'ana@bemestar.com.br', senha: 'senha-ana-123' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('FUNIL_ADMIN_EMAIL / FUNIL_ADMIN_PASSWORD (issue 10)', () => {
  it('creates the super-admin at start on a database without users', async () => {
    const other = await openTestDatabase();
    try {
      expect(await ensureSuperAdmin(other.db, { email: 'Env@Funil.com.br', senha: 'senha-env-123' })).toBe(true);
      expect(await ensureSuperAdmin(other.db, { email: 'env2@funil.com.br', senha: 'senha-env-123' })).toBe(false);
      const rows = await other.db.select({ email: usuarios.email, permissao: usuarios.permissao }).from(usuarios);
      expect(rows).toEqual([{ email: 'env@funil.com.br', permissao: 'sa' }]);
    } finally {
      await other.drop();
    }
  });

  it('env.ts reads both variables', () => {
    const base = { SEED_DEMO: 'false' };
    expect(loadEnv({ ...base, FUNIL_ADMIN_EMAIL: 'a@b.com.br', FUNIL_ADMIN_PASSWORD: 'senha-forte' })).toMatchObject({
      FUNIL_ADMIN_EMAIL: 'a@b.com.br',
    });
  });
});
