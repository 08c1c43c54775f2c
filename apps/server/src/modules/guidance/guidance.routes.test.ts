// Guidance texts of /inicial (000 §2, §7 orientacoes/lista; 002 §3 "Guidance text") and their
// administration (issue 10): company-wide and per unit, ordered, HTML sanitised on save and when
// served, audited; roles × another unit's and company's ids.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { auditoria } from '../audit/audit.table.ts';
import { orientacoes } from './guidance.table.ts';

let t: TestApp;
const token: Record<string, string> = {};
const ROLES = ['u', 'a', 'ag', 'm', 'mg', 'sa'] as const;
beforeAll(async () => {
  t = await createTestApp();
  for (const key of [...ROLES, 'uA2', 'aB1', 'uB1'] as const) token[key] = await t.login(t.fixture.users[key].email);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const call = (who: string, options: Parameters<TestApp['as']>[1]) => t.as(token[who]!, options);
const ADM = '/api/cadastros/orientacoes';
const home = async (who: string) =>
  (await call(who, { method: 'GET', url: '/api/orientacoes/lista' })).json().data as {
    titulo: string;
    textoOrientacao: string;
  }[];
const HOSTILE =
  '<p>Bem-vindo <strong>time</strong></p><script>alert(1)</script><img src=x onerror="alert(2)"><a ' +
  'href="javascript:alert(3)" onclick="x()">link</a><p style="color:red" onmouseover="y()">fim</p>';

describe('cadastros/orientacoes: who may call it (admins and the super-admin)', () => {
  it.each(ROLES)('%s', async (role) => {
    const list = await call(role, { method: 'GET', url: ADM });
    const create = await call(role, {
      method: 'POST',
      url: ADM,
      payload: { titulo: `Teste ${role}`, textoOrientacao: '<p>x</p>', idUnidade: t.fixture.unitA1 },
    });
    if (role === 'a' || role === 'ag' || role === 'sa') expect([list.statusCode, create.statusCode]).toEqual([200, 200]);
    else expect([list.statusCode, create.statusCode]).toEqual([403, 403]);
  });
});

describe('guidance texts (issue 10; 000 §2 /inicial)', () => {
  it('sanitises the HTML when saved: no <script>, handler, style or javascript: link survives', async () => {
    const res = await call('ag', {
      method: 'POST',
      url: ADM,
      payload: { titulo: 'Boas-vindas', textoOrientacao: HOSTILE, idUnidade: null, ordem: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Orientação cadastrada com sucesso!');
    const [stored] = await db().select().from(orientacoes).where(eq(orientacoes.id, res.json().data.id));
    for (const html of [stored!.textoOrientacao, res.json().data.textoOrientacao as string]) {
      expect(html).not.toMatch(/script|onerror|onclick|onmouseover|javascript:|style=|<img/i);
      expect(html).toContain('<strong>time</strong>');
      expect(html).toContain('fim');
    }
    expect(res.json().data).toMatchObject({ idUnidade: null, nomeUnidade: 'Todas as unidades', ordem: 2 });
  });

  it('sanitises again when served: a row written around the API reaches the home screen clean', async () => {
    await db().insert(orientacoes).values({
      idEmpresa: t.fixture.companyA,
      idUnidade: t.fixture.unitA1,
      titulo: 'Direto',
      textoOrientacao: HOSTILE,
      ordem: 1,
    });
    const texts = await home('u');
    const direct = texts.find((x) => x.titulo === 'Direto')!;
    expect(direct.textoOrientacao).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
    expect(direct.textoOrientacao).toContain('Bem-vindo');
  });

  it("refuses a text that is nothing but unsafe markup with 'Texto é obrigatório'", async () => {
    const res = await call('ag', {
      method: 'POST',
      url: ADM,
      payload: { titulo: 'Vazio', textoOrientacao: '<script>alert(1)</script>', idUnidade: null },
    });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Texto é obrigatório']);
    const noTitle = await call('ag', {
      method: 'POST',
      url: ADM,
      payload: { titulo: ' ', textoOrientacao: '<p>x</p>', idUnidade: null },
    });
    expect([noTitle.statusCode, noTitle.json().message]).toEqual([400, 'Título é obrigatório']);
  });

  it("shows a unit's text only to that unit, company texts to all its units, in order", async () => {
    const unitText = await call('a', {
      method: 'POST',
      url: ADM,
      payload: { titulo: 'Só A1', textoOrientacao: '<p>A1</p>', idUnidade: t.fixture.unitA1, ordem: 0 },
    });
    expect(unitText.statusCode).toBe(200);
    const a1 = (await home('u')).map((x) => x.titulo);
    expect(a1).toContain('Só A1');
    expect(a1).toContain('Boas-vindas');
    expect(a1.indexOf('Só A1')).toBeLessThan(a1.indexOf('Boas-vindas'));
    const a2 = (await home('uA2')).map((x) => x.titulo);
    expect(a2).toContain('Boas-vindas');
    expect(a2).not.toContain('Só A1');
    expect((await home('uB1')).map((x) => x.titulo)).not.toContain('Boas-vindas');
  });

  it("keeps a unit admin to their unit's texts; nobody reaches another company's", async () => {
    const companyWide = await call('a', {
      method: 'POST',
      url: ADM,
      payload: { titulo: 'Empresa', textoOrientacao: '<p>x</p>', idUnidade: null },
    });
    expect([companyWide.statusCode, companyWide.json().message]).toEqual([
      403,
      'Você não pode editar orientações desta unidade.',
    ]);
    const sibling = await call('a', {
      method: 'POST',
      url: ADM,
      payload: { titulo: 'A2', textoOrientacao: '<p>x</p>', idUnidade: t.fixture.unitA2 },
    });
    expect(sibling.statusCode).toBe(403);
    const foreignUnit = await call('ag', {
      method: 'POST',
      url: ADM,
      payload: { titulo: 'B1', textoOrientacao: '<p>x</p>', idUnidade: t.fixture.unitB1 },
    });
    expect(foreignUnit.statusCode).toBe(404);

    const [theirs] = await db()
      .insert(orientacoes)
      .values({ idEmpresa: t.fixture.companyB, titulo: 'De B', textoOrientacao: '<p>B</p>' })
      .returning();
    for (const who of ['a', 'ag', 'sa']) {
      const put = await call(who, {
        method: 'PUT',
        url: `${ADM}/${theirs!.id}`,
        payload: { titulo: 'Tomado', textoOrientacao: '<p>x</p>', idUnidade: null },
      });
      const del = await call(who, { method: 'DELETE', url: `${ADM}/${theirs!.id}` });
      expect([who, put.statusCode, del.statusCode]).toEqual([who, 404, 404]);
    }
    const list = await call('ag', { method: 'GET', url: ADM });
    expect(list.json().data.map((x: { id: number }) => x.id)).not.toContain(theirs!.id);
    const [still] = await db().select().from(orientacoes).where(eq(orientacoes.id, theirs!.id));
    expect(still?.titulo).toBe('De B');

    // A company text is the company admin's: a unit admin sees it in the list but cannot edit it.
    const welcome = (await call('a', { method: 'GET', url: ADM }))
      .json()
      .data.find((x: { titulo: string }) => x.titulo === 'Boas-vindas');
    expect(welcome).toBeTruthy();
    const edit = await call('a', {
      method: 'PUT',
      url: `${ADM}/${welcome.id}`,
      payload: { titulo: 'Mudado', textoOrientacao: '<p>x</p>', idUnidade: null },
    });
    expect(edit.statusCode).toBe(403);
  });

  it('edits, reorders and deletes, each audited', async () => {
    const created = await call('sa', {
      method: 'POST',
      url: ADM,
      payload: { titulo: 'Regras', textoOrientacao: '<p>1</p>', idUnidade: t.fixture.unitA2 },
    });
    const id = created.json().data.id as number;
    const edited = await call('sa', {
      method: 'PUT',
      url: `${ADM}/${id}`,
      payload: {
        titulo: 'Regras da casa',
        textoOrientacao: '<p>2</p><script>x</script>',
        idUnidade: t.fixture.unitA2,
        ordem: 5,
        ativo: 0,
      },
    });
    expect(edited.json()).toMatchObject({
      message: 'Orientação atualizada com sucesso!',
      data: { titulo: 'Regras da casa', textoOrientacao: '<p>2</p>', ativo: 0, nomeUnidade: 'Unidade A2' },
    });
    expect((await home('uA2')).map((x) => x.titulo)).not.toContain('Regras da casa');

    const all = (await call('ag', { method: 'GET', url: ADM })).json().data as { id: number }[];
    const reversed = all.map((x) => x.id).reverse();
    const reordered = await call('ag', { method: 'PUT', url: `${ADM}/ordem`, payload: { ids: reversed } });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.map((x: { id: number }) => x.id)).toEqual(reversed);

    const deleted = await call('sa', { method: 'DELETE', url: `${ADM}/${id}` });
    expect(deleted.json()).toEqual({ message: 'Orientação excluída com sucesso!' });
    const actions = (await db().select().from(auditoria).where(eq(auditoria.idEntidade, id)).orderBy(asc(auditoria.id)))
      .filter((a) => a.entidade === 'orientacao')
      .map((a) => a.acao);
    expect(actions).toEqual(expect.arrayContaining(['create', 'update', 'delete']));
  });
});
