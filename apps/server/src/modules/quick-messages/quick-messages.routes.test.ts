// Quick messages (001 §3, §5, §6, §7, §8; 002 §8): the three levels, creation at the level of the
// permission, changes only where allowed (docs/decisions.md "Quick-message scopes"), every
// validation of 001 §5 with 'Dados inválidos!', other units' and companies' templates unseen.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { modelosMensagem } from './quick-messages.table.ts';

let t: TestApp;
const token: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const key of ['u', 'a', 'ag', 'm', 'mg', 'sa', 'uA2', 'aB1', 'uB1'] as const)
    token[key] = await t.login(t.fixture.users[key].email);
});
afterAll(async () => {
  await t.close();
});

const call = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.as(token[who]!, { method, url: `/api/whatsapp/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
const list = async (who: string) => {
  const res = await call(who, 'GET', 'modelos');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const create = (who: string, body: Record<string, unknown>) =>
  call(who, 'POST', 'adicionarModelo', {
    novaCategoria: true,
    nomeCategoria: 'Geral',
    tituloMensagem: 'Olá',
    mensagem: 'Olá [nome_cliente]!',
    ...body,
  });

describe('POST whatsapp/adicionarModelo: the level follows the permission (001 §6)', () => {
  it('ag creates at the company level, 201 with the stored template', async () => {
    const res = await create('ag', { tituloMensagem: 'Boas-vindas', nomeCategoria: 'Atendimento', isAdmg: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Mensagem adicionada com sucesso!',
      status: 201,
      data: { tituloMensagem: 'Boas-vindas', nomeCategoria: 'Atendimento', escopo: 'empresa' },
    });
  });
  it('a creates at the unit level, u at its own level', async () => {
    expect((await create('a', { tituloMensagem: 'Horário', nomeCategoria: 'Unidade', isAdm: true })).json().data.escopo).toBe(
      'unidade',
    );
    expect((await create('u', { tituloMensagem: 'Meu recado', nomeCategoria: 'Pessoal' })).json().data.escopo).toBe('atendente');
  });
  it('a flag claiming a level the session does not hold is 403 and stores nothing', async () => {
    const before = (await t.database.db.select().from(modelosMensagem)).length;
    expect((await create('u', { isAdmg: true, tituloMensagem: 'X' })).statusCode).toBe(403);
    expect((await create('a', { isAdmg: true, tituloMensagem: 'X' })).statusCode).toBe(403);
    expect((await create('u', { isAdm: true, tituloMensagem: 'X' })).statusCode).toBe(403);
    expect((await t.database.db.select().from(modelosMensagem)).length).toBe(before);
  });
  it('an existing category of the level is reused by name and by id', async () => {
    const again = await create('ag', { tituloMensagem: 'Despedida', nomeCategoria: 'atendimento' });
    const data = await list('ag');
    const cat = data.categorias_empresa.find((c: { nomeCategoria: string }) => c.nomeCategoria === 'Atendimento');
    expect(again.json().data.idCategoria).toBe(cat.idCategoria);
    const byId = await create('ag', {
      novaCategoria: false,
      nomeCategoria: undefined,
      idCategoria: cat.idCategoria,
      tituloMensagem: 'Retorno',
    });
    expect(byId.statusCode, byId.body).toBe(201);
  });
  it("another level's category id is refused (404, nothing stored)", async () => {
    const unitCat = (await list('a')).categorias_unidade[0].idCategoria;
    const res = await create('u', { novaCategoria: false, idCategoria: unitCat, tituloMensagem: 'Intruso' });
    expect(res.statusCode).toBe(404);
  });
});

describe("every validation of 001 §5 answers 400 'Dados inválidos!' and stores nothing", () => {
  const cases: [string, Record<string, unknown>][] = [
    ['no category chosen', { novaCategoria: false, nomeCategoria: undefined, idCategoria: null }],
    ['blank title', { tituloMensagem: '   ' }],
    ['title of 101 characters', { tituloMensagem: 'x'.repeat(101) }],
    ['blank message', { mensagem: ' \n ' }],
    ['blank new category', { nomeCategoria: '  ' }],
    ['category of 101 characters', { nomeCategoria: 'c'.repeat(101) }],
    ["category literally 'Criar categoria'", { nomeCategoria: 'Criar categoria' }],
  ];
  it.each(cases)('%s', async (_name, body) => {
    const before = (await t.database.db.select().from(modelosMensagem)).length;
    const res = await create('u', body);
    expect([res.statusCode, res.json().message]).toEqual([400, 'Dados inválidos!']);
    expect((await t.database.db.select().from(modelosMensagem)).length).toBe(before);
  });
});

describe('GET whatsapp/modelos: three levels with their categories', () => {
  it('an attendant sees the company, its unit and its own templates; not another attendant’s', async () => {
    const u = await list('u');
    expect(u.modelos_empresa.map((m: { tituloMensagem: string }) => m.tituloMensagem)).toEqual(
      expect.arrayContaining(['Boas-vindas', 'Despedida', 'Retorno']),
    );
    expect(u.modelos_unidade.map((m: { tituloMensagem: string }) => m.tituloMensagem)).toEqual(['Horário']);
    expect(u.modelos_atendente.map((m: { tituloMensagem: string }) => m.tituloMensagem)).toEqual(['Meu recado']);
    expect(u).toMatchObject({ escopo_criacao: 'atendente', escopos_editaveis: ['atendente'] });
    const a = await list('a');
    expect(a.modelos_atendente).toEqual([]);
    // Managers reach none of the screens these calls serve (000 §6).
    expect((await call('m', 'GET', 'modelos')).statusCode).toBe(403);
  });
  it('another unit sees the company’s but not this unit’s; another company sees none', async () => {
    const other = await list('uA2');
    expect(other.modelos_empresa.length).toBeGreaterThan(0);
    expect(other.modelos_unidade).toEqual([]);
    const b = await list('uB1');
    expect([b.modelos_empresa, b.modelos_unidade, b.modelos_atendente]).toEqual([[], [], []]);
  });
});

describe('editarModelo / deletarModelo (204) only at the levels the user may change', () => {
  const idOf = async (who: string, title: string) => {
    const d = await list(who);
    return [...d.modelos_empresa, ...d.modelos_unidade, ...d.modelos_atendente].find(
      (m: { tituloMensagem: string }) => m.tituloMensagem === title,
    ).idModelo as number;
  };
  it('the owner edits its own template: 204, stored', async () => {
    const id = await idOf('u', 'Meu recado');
    const res = await call('u', 'POST', 'editarModelo', { idModelo: id, tituloMensagem: 'Meu recado 2', mensagem: 'Novo texto' });
    expect([res.statusCode, res.body]).toEqual([204, '']);
    const [row] = await t.database.db.select().from(modelosMensagem).where(eq(modelosMensagem.id, id));
    expect([row!.titulo, row!.mensagem]).toEqual(['Meu recado 2', 'Novo texto']);
  });
  it('editing applies the same rules (400 Dados inválidos!)', async () => {
    const id = await idOf('u', 'Meu recado 2');
    const res = await call('u', 'POST', 'editarModelo', { idModelo: id, tituloMensagem: ' ', mensagem: 'x' });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Dados inválidos!']);
  });
  it('an attendant cannot change company or unit templates (403); a unit admin cannot change the company’s', async () => {
    const company = await idOf('u', 'Boas-vindas');
    const unit = await idOf('u', 'Horário');
    expect((await call('u', 'POST', 'editarModelo', { idModelo: company, tituloMensagem: 'x', mensagem: 'y' })).statusCode).toBe(
      403,
    );
    expect((await call('u', 'POST', 'deletarModelo', { idModelo: unit })).statusCode).toBe(403);
    expect((await call('a', 'POST', 'deletarModelo', { idModelo: company })).statusCode).toBe(403);
    expect(
      (
        await call('a', 'POST', 'editarModelo', {
          idModelo: unit,
          tituloMensagem: 'Horário de atendimento',
          mensagem: 'Das 8h às 18h',
        })
      ).statusCode,
    ).toBe(204);
  });
  it('another user’s, unit’s or company’s template is 404 and unchanged', async () => {
    const own = await idOf('u', 'Meu recado 2');
    expect((await call('a', 'POST', 'deletarModelo', { idModelo: own })).statusCode).toBe(404);
    expect((await call('aB1', 'POST', 'deletarModelo', { idModelo: own })).statusCode).toBe(404);
    const unit = await idOf('a', 'Horário de atendimento');
    expect((await call('uA2', 'POST', 'editarModelo', { idModelo: unit, tituloMensagem: 'x', mensagem: 'y' })).statusCode).toBe(
      404,
    );
    expect((await call('u', 'POST', 'deletarModelo', { idModelo: 999_999 })).statusCode).toBe(404);
  });
  it('ag deletes a company template: 204, gone from every list', async () => {
    const id = await idOf('ag', 'Retorno');
    expect((await call('ag', 'POST', 'deletarModelo', { idModelo: id })).statusCode).toBe(204);
    expect((await list('u')).modelos_empresa.some((m: { idModelo: number }) => m.idModelo === id)).toBe(false);
  });
});
