// Users administration (issue 10 'Usuários'; 002 §3, §4, §5 'User', §6; 000 §6 /usuarios): each call
// × each role × another unit's and company's ids; nobody gives a permission above their own;
// deactivation ends the user's sessions and sockets at once; a user changes their own password.
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { permissionsListSchema } from '@funil/domain/admin-api/users';

import { createUser as seedUser } from '../../demo/builders.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app.ts';
import { auditoria } from '../audit/audit.table.ts';
import { usuarios } from './users.table.ts';

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
let seq = 0;
const newUser = (over: Record<string, unknown> = {}) => ({
  nome: 'Nova Atendente',
  email: `nova${++seq}@teste.com.br`,
  senha: 'senha-nova-1',
  idUnidade: t.fixture.unitA1,
  permissao: 'u',
  ativo: 1,
  acesso_atribuidos: 0,
  excluir_leads: 1,
  idRamal: 210,
  ...over,
});

function openSocket(token: string): Promise<{ ended: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const ended = new Promise<string>((r) => socket.once('disconnect', (reason) => r(reason)));
    socket.once('ready', () => resolve({ ended }));
    socket.once('connect_error', reject);
  });
}
const endedWithin = (s: { ended: Promise<string> }, ms: number) =>
  Promise.race([s.ended, new Promise((r) => setTimeout(r, ms)).then(() => 'still connected')]);

describe('GET cadastros/permissoes (002 §6: the permission list comes from the server)', () => {
  it('lists only the levels the caller may give; 403 to attendants and managers', async () => {
    const codes = async (role: Role) =>
      permissionsListSchema.parse((await call(role, 'GET', '/cadastros/permissoes')).json()).data.map((p) => p.permissao);
    expect(await codes('sa')).toEqual(['u', 'a', 'ag', 'm', 'mg', 'sa']);
    expect(await codes('ag')).toEqual(['u', 'a', 'ag', 'm', 'mg']);
    expect(await codes('a')).toEqual(['u', 'a', 'm']);
    for (const role of ['u', 'm', 'mg'] as const) expect((await call(role, 'GET', '/cadastros/permissoes')).statusCode).toBe(403);
  });
});

describe('POST cadastros/usuarios (issue 10: scope and levels)', () => {
  it('a unit admin creates an attendant of their unit, who logs in; the write is audited without the password', async () => {
    const body = newUser();
    const res = await call('a', 'POST', '/cadastros/usuarios', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Usuário cadastrado com sucesso!');
    const id = res.json().data.id as number;
    const [row] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, id));
    expect(row).toMatchObject({
      idEmpresa: t.fixture.companyA,
      idUnidade: t.fixture.unitA1,
      permissao: 'u',
      idRamal: 210,
      ativo: 1,
    });
    expect(JSON.parse(row!.configuracoes)).toMatchObject({ excluir_leads: true });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: body.email, senha: body.senha } });
    expect(login.statusCode).toBe(200);
    const audit = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'usuario'), eq(auditoria.idEntidade, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entidade: 'usuario',
      acao: 'create',
      idUsuario: t.fixture.users.a.id,
      idUnidade: t.fixture.unitA1,
    });
    expect(JSON.stringify(audit[0]!.alteracoes)).not.toMatch(/argon|senha/);
  });

  it('a unit admin may not create in another unit (403) nor another company (404)', async () => {
    const other = await call('a', 'POST', '/cadastros/usuarios', newUser({ idUnidade: t.fixture.unitA2 }));
    expect([other.statusCode, other.json().message]).toEqual([403, 'Você não pode gerenciar usuários desta unidade.']);
    const foreign = await call('a', 'POST', '/cadastros/usuarios', newUser({ idUnidade: t.fixture.unitB1 }));
    expect(foreign.statusCode).toBe(404);
    expect((await call('ag', 'POST', '/cadastros/usuarios', newUser({ idUnidade: t.fixture.unitB1 }))).statusCode).toBe(404);
  });

  it('a company admin creates in any unit of the company; the super-admin in any company', async () => {
    expect((await call('ag', 'POST', '/cadastros/usuarios', newUser({ idUnidade: t.fixture.unitA2 }))).statusCode).toBe(201);
    const inB = await call('sa', 'POST', '/cadastros/usuarios', newUser({ idUnidade: t.fixture.unitB1, permissao: 'a' }));
    expect(inB.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, inB.json().data.id));
    expect(row!.idEmpresa).toBe(t.fixture.companyB);
  });

  it('nobody gives a permission above their own', async () => {
    const up = await call('a', 'POST', '/cadastros/usuarios', newUser({ permissao: 'ag' }));
    expect([up.statusCode, up.json().message]).toEqual([403, 'Você não pode atribuir uma permissão acima da sua.']);
    expect((await call('a', 'POST', '/cadastros/usuarios', newUser({ permissao: 'mg' }))).statusCode).toBe(403);
    expect((await call('ag', 'POST', '/cadastros/usuarios', newUser({ permissao: 'sa' }))).statusCode).toBe(403);
    expect((await call('sa', 'POST', '/cadastros/usuarios', newUser({ permissao: 'sa' }))).statusCode).toBe(201);
  });

  it('answers the texts of 002 §5 User and refuses a taken email', async () => {
    const bad = await call('a', 'POST', '/cadastros/usuarios', newUser({ email: 'nao-e-email' }));
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Digite um email válido']);
    const none = await call('a', 'POST', '/cadastros/usuarios', newUser({ idUnidade: -1 }));
    expect([none.statusCode, none.json().message]).toEqual([400, 'Obrigatório']);
    const taken = await call('a', 'POST', '/cadastros/usuarios', newUser({ email: t.fixture.users.u.email.toUpperCase() }));
    expect([taken.statusCode, taken.json().message]).toEqual([409, 'Este email já está cadastrado.']);
  });

  it('attendants and managers get 403', async () => {
    for (const role of ['u', 'm', 'mg'] as const)
      expect((await call(role, 'POST', '/cadastros/usuarios', newUser())).statusCode).toBe(403);
  });

  it(
    'issue 21 item 7: an email of another company answers as any taken email, naming no company nor ' +
      'user, and a sweep of taken emails is throttled (429 with Retry-After)',
    async () => {
      const foreign = t.fixture.users.aB1.email;
      // A unit admin of company A with no refusal behind them yet.
      await seedUser(t.database.db, {
        idEmpresa: t.fixture.companyA,
        idUnidade: t.fixture.unitA1,
        nome: 'Alice',
        email: 'alice@teste.com.br',
        senha: TEST_PASSWORD,
        permissao: 'a',
      });
      const alice = await t.login('alice@teste.com.br');
      const asAlice = (method: 'POST' | 'PUT', payload: object) =>
        t.as(alice, { method, url: '/api/cadastros/usuarios', payload });
      const taken = await asAlice('POST', newUser({ email: foreign }));
      expect(taken.json()).toEqual({
        message: 'Este email já está cadastrado.',
        status: 409,
        fields: { email: 'Este email já está cadastrado.' },
      });
      for (const told of ['Empresa B', 'Unidade B1', String(t.fixture.users.aB1.id)]) expect(taken.body).not.toContain(told);
      // Four more taken emails (own company or not) in a row: the sweep stops there with a 429, even for a free email.
      for (const email of [foreign, t.fixture.users.u.email, foreign, t.fixture.users.m.email])
        expect((await asAlice('POST', newUser({ email }))).statusCode).toBe(409);
      const blocked = await asAlice('POST', newUser());
      expect([blocked.statusCode, blocked.json().message]).toEqual([
        429,
        'Muitas tentativas com emails já cadastrados. Aguarde alguns minutos e tente novamente.',
      ]);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      const edit = await asAlice('PUT', { ...newUser({ email: foreign }), id: t.fixture.users.u.id });
      expect(edit.statusCode).toBe(429);
      // Another admin is not slowed by this one's sweep.
      expect((await call('a', 'POST', '/cadastros/usuarios', newUser())).statusCode).toBe(201);
    },
  );
});

describe('PUT cadastros/usuarios and cadastros/usuarios/ativo (002 §4)', () => {
  const editOf = async (id: number, over: Record<string, unknown> = {}) => {
    const [row] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, id));
    return {
      id,
      nome: row!.nome,
      email: row!.email,
      idUnidade: row!.idUnidade,
      permissao: row!.permissao,
      ativo: row!.ativo,
      acesso_atribuidos: row!.acessoAtribuidos,
      excluir_leads: 0,
      ...over,
    };
  };

  it("deactivating a user ends their sessions and sockets at once; another company's admin cannot touch them", async () => {
    const id = await seedUser(t.database.db, {
      idEmpresa: t.fixture.companyA,
      idUnidade: t.fixture.unitA1,
      nome: 'Carla',
      email: 'carla@teste.com.br',
      senha: TEST_PASSWORD,
      permissao: 'u',
    });
    const token = await t.login('carla@teste.com.br');
    const socket = await openSocket(token);
    expect((await call('aB1', 'PUT', '/cadastros/usuarios/ativo', { id, ativo: -1 })).statusCode).toBe(404);
    expect((await call('aB1', 'PUT', '/cadastros/usuarios', await editOf(id, { nome: 'X' }))).statusCode).toBe(404);
    const res = await call('a', 'PUT', '/cadastros/usuarios/ativo', { id, ativo: -1 });
    expect([res.statusCode, res.json().message]).toEqual([200, 'Usuário desativado com sucesso!']);
    expect(await endedWithin(socket, 2_000)).toBe('io server disconnect');
    expect((await t.as(token, { method: 'GET', url: '/api/cadastros/dados-unidade' })).statusCode).toBe(401);
    const back = await call('a', 'PUT', '/cadastros/usuarios/ativo', { id, ativo: 1 });
    expect([back.statusCode, back.json().message]).toEqual([200, 'Usuário ativado com sucesso!']);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'carla@teste.com.br', senha: TEST_PASSWORD } }))
        .statusCode,
    ).toBe(200);
  });

  it('an admin may not edit a user above their level, nor raise one, nor deactivate themselves', async () => {
    const higher = await call('a', 'PUT', '/cadastros/usuarios', await editOf(t.fixture.users.ag.id, { nome: 'Outro' }));
    expect([higher.statusCode, higher.json().message]).toEqual([
      403,
      'Você não pode alterar um usuário com permissão acima da sua.',
    ]);
    const raise = await call('a', 'PUT', '/cadastros/usuarios', await editOf(t.fixture.users.m.id, { permissao: 'ag' }));
    expect([raise.statusCode, raise.json().message]).toEqual([403, 'Você não pode atribuir uma permissão acima da sua.']);
    const self = await call('a', 'PUT', '/cadastros/usuarios/ativo', { id: t.fixture.users.a.id, ativo: -1 });
    expect([self.statusCode, self.json().message]).toEqual([403, 'Você não pode desativar o próprio usuário.']);
    const otherUnit = await call('a', 'PUT', '/cadastros/usuarios', await editOf(t.fixture.users.uA2.id, { nome: 'Outro' }));
    expect(otherUnit.statusCode).toBe(403);
  });

  it('editing another user moves them (audited), logs them out; editing oneself keeps the session', async () => {
    const id = await seedUser(t.database.db, {
      idEmpresa: t.fixture.companyA,
      idUnidade: t.fixture.unitA1,
      nome: 'Davi',
      email: 'davi@teste.com.br',
      senha: TEST_PASSWORD,
      permissao: 'u',
    });
    const token = await t.login('davi@teste.com.br');
    const res = await call(
      'ag',
      'PUT',
      '/cadastros/usuarios',
      await editOf(id, { idUnidade: t.fixture.unitA2, idRamal: 305, acesso_atribuidos: 1 }),
    );
    expect([res.statusCode, res.json().message]).toEqual([200, 'Usuário editado com sucesso!']);
    expect((await t.as(token, { method: 'GET', url: '/api/cadastros/dados-unidade' })).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, id));
    expect(row).toMatchObject({ idUnidade: t.fixture.unitA2, idRamal: 305, acessoAtribuidos: 1 });
    const [audit] = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'usuario'), eq(auditoria.idEntidade, id), eq(auditoria.acao, 'update')));
    expect(audit!.alteracoes).toMatchObject({
      idUnidade: { antes: t.fixture.unitA1, depois: t.fixture.unitA2 },
      idRamal: { antes: 0, depois: 305 },
    });
    const mine = await call('a', 'PUT', '/cadastros/usuarios', await editOf(t.fixture.users.a.id, { nome: 'Admin Renomeada' }));
    expect(mine.statusCode).toBe(200);
    expect((await call('a', 'GET', '/cadastros/usuarios')).statusCode).toBe(200);
  });
});

describe('GET cadastros/usuarios?idEmpresa= (super-admin only)', () => {
  it('the super-admin lists another company; an admin asking for it still gets their own', async () => {
    const sa = await call('sa', 'GET', `/cadastros/usuarios?idEmpresa=${t.fixture.companyB}`);
    expect(sa.json().data.every((u: { idUnidade: number }) => u.idUnidade === t.fixture.unitB1)).toBe(true);
    const ag = await call('ag', 'GET', `/cadastros/usuarios?idEmpresa=${t.fixture.companyB}`);
    expect(ag.json().data.some((u: { idUnidade: number }) => u.idUnidade === t.fixture.unitB1)).toBe(false);
  });
});

describe('PUT usuario/senha (issue 10: a user changes their own password)', () => {
  it('refuses a wrong current password; on success the old one no longer logs in, this session stays, the others end', async () => {
    const id = await seedUser(t.database.db, {
      idEmpresa: t.fixture.companyA,
      idUnidade: t.fixture.unitA1,
      nome: 'Eva',
      email: 'eva@teste.com.br',
      senha: TEST_PASSWORD,
      permissao: 'u',
    });
    expect(id).toBeGreaterThan(0);
    const here = await t.login('eva@teste.com.br');
    const there = await t.login('eva@teste.com.br');
    const socket = await openSocket(there);
    const wrong = await t.as(here, {
      method: 'PUT',
      url: '/api/usuario/senha',
      payload: { senhaAtual: 'errada', novaSenha: 'outra-senha-9', confirmacao: 'outra-senha-9' },
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'Senha atual incorreta.']);
    expect(wrong.json().code).toBe('SENHA_ATUAL_INCORRETA');
    const mismatch = await t.as(here, {
      method: 'PUT',
      url: '/api/usuario/senha',
      payload: { senhaAtual: TEST_PASSWORD, novaSenha: 'outra-senha-9', confirmacao: 'outra-senha-8' },
    });
    expect([mismatch.statusCode, mismatch.json().message]).toEqual([400, 'As senhas não conferem.']);
    const ok = await t.as(here, {
      method: 'PUT',
      url: '/api/usuario/senha',
      payload: { senhaAtual: TEST_PASSWORD, novaSenha: 'outra-senha-9', confirmacao: 'outra-senha-9' },
    });
    expect([ok.statusCode, ok.json().message]).toEqual([200, 'Senha alterada com sucesso!']);
    expect(await endedWithin(socket, 2_000)).toBe('io server disconnect');
    expect((await t.as(here, { method: 'GET', url: '/api/cadastros/dados-unidade' })).statusCode).toBe(200);
    expect((await t.as(there, { method: 'GET', url: '/api/cadastros/dados-unidade' })).statusCode).toBe(401);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'eva@teste.com.br', senha: TEST_PASSWORD },
      remoteAddress: '10.9.9.9',
    });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'eva@teste.com.br', senha: 'outra-senha-9' },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it(
    'issue 21 item 4 (000 §8, issue 7 §5): wrong current passwords meet the login throttle: after 5, ' +
      '429 with Retry-After there, even for the right one; nothing changes',
    async () => {
      await seedUser(t.database.db, {
        idEmpresa: t.fixture.companyA,
        idUnidade: t.fixture.unitA1,
        nome: 'Ivo',
        email: 'ivo@teste.com.br',
        senha: TEST_PASSWORD,
        permissao: 'u',
      });
      const token = await t.login('ivo@teste.com.br');
      const change = (senhaAtual: string, remoteAddress = '10.21.4.1') =>
        t.as(token, {
          method: 'PUT',
          url: '/api/usuario/senha',
          payload: { senhaAtual, novaSenha: 'outra-senha-9', confirmacao: 'outra-senha-9' },
          remoteAddress,
        });
      for (let i = 0; i < 5; i++) expect((await change(`errada-${i}`)).statusCode).toBe(400);
      const blocked = await change(TEST_PASSWORD);
      expect([blocked.statusCode, blocked.json()]).toEqual([
        429,
        { message: 'Muitas tentativas com a senha atual incorreta. Aguarde alguns minutos e tente novamente.', status: 429 },
      ]);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // The login form from that address shares the budget: no extra guesses through the other door.
      const viaLogin = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'ivo@teste.com.br', senha: TEST_PASSWORD },
        remoteAddress: '10.21.4.1',
      });
      expect(viaLogin.statusCode).toBe(429);
      // The password did not change, and the owner elsewhere is not locked out.
      const owner = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'ivo@teste.com.br', senha: TEST_PASSWORD },
        remoteAddress: '10.21.4.2',
      });
      expect(owner.statusCode).toBe(200);
      expect((await change(TEST_PASSWORD, '10.21.4.2')).statusCode).toBe(200);
    },
  );
});
