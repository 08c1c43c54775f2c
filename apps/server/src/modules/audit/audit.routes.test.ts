// issue 10 "API": every administration write is recorded (who, when, what changed) in an audit
// trail an admin can read, scoped like the admin screens (000 §6).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditListSchema } from '@funil/domain/admin-api/audit';

import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { changedFields, recordAudit } from './audit.service.ts';
import { auditoria } from './audit.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { companyA, companyB, unitA1, unitA2, unitB1, users } = t.fixture;
  const author = { userId: users.sa.id, nome: 'Usuário sa', empresaId: companyA, unidadeId: unitA1 };
  await recordAudit(t.database.db, {
    session: author,
    entity: 'unidade',
    entityId: unitA1,
    action: 'update',
    before: { nome: 'A1' },
    after: { nome: 'Unidade A1' },
  });
  await recordAudit(t.database.db, {
    session: author,
    entity: 'unidade',
    entityId: unitA2,
    action: 'update',
    before: { ddd: '11' },
    after: { ddd: '21' },
    scope: { idEmpresa: companyA, idUnidade: unitA2 },
  });
  await recordAudit(t.database.db, {
    session: author,
    entity: 'unidade',
    entityId: unitB1,
    action: 'create',
    after: { nome: 'Unidade B1' },
    scope: { idEmpresa: companyB, idUnidade: unitB1 },
  });
});
afterAll(async () => {
  await t.close();
});

const read = async (email: string, url = '/api/cadastros/auditoria') => t.as(await t.login(email), { method: 'GET', url });
// The fixture itself is created through the audited services (author 'Sistema'); these tests look at the records above.
const bySa = <T extends { data: { nomeUsuario: string }[] }>(list: T) => ({
  ...list,
  data: list.data.filter((r) => r.nomeUsuario === 'Usuário sa'),
});

describe('audit trail (issue 10 "API")', () => {
  it('stores only the changed fields, and never a password or a token', () => {
    expect(changedFields({ nome: 'a', ddd: '11', senhaHash: 'x' }, { nome: 'b', ddd: '11', senhaHash: 'y' })).toEqual({
      nome: { antes: 'a', depois: 'b' },
      senhaHash: { antes: null, depois: '(alterada)' },
    });
  });

  it('an update that changed nothing records nothing', async () => {
    const before = await t.database.db.select().from(auditoria);
    await recordAudit(t.database.db, {
      session: null,
      entity: 'usuario',
      entityId: 1,
      action: 'update',
      before: { nome: 'x' },
      after: { nome: 'x' },
    });
    expect(await t.database.db.select().from(auditoria)).toHaveLength(before.length);
  });

  it('the super-admin reads every company; a company admin the company; a unit admin the unit', async () => {
    const sa = bySa(auditListSchema.parse((await read(t.fixture.users.sa.email)).json()));
    expect(sa.data).toHaveLength(3);
    const ag = bySa(auditListSchema.parse((await read(t.fixture.users.ag.email)).json()));
    expect(ag.data.map((r) => r.idEntidade).sort()).toEqual([t.fixture.unitA1, t.fixture.unitA2].sort());
    const a = bySa(auditListSchema.parse((await read(t.fixture.users.a.email)).json()));
    expect(a.data.map((r) => r.idEntidade)).toEqual([t.fixture.unitA1]);
    expect(a.data[0]).toMatchObject({
      nomeUsuario: 'Usuário sa',
      acao: 'update',
      alteracoes: { nome: { antes: 'A1', depois: 'Unidade A1' } },
    });
    const aB1 = bySa(auditListSchema.parse((await read(t.fixture.users.aB1.email)).json()));
    expect(aB1.data.map((r) => r.idEntidade)).toEqual([t.fixture.unitB1]);
  });

  it('filters by entity and pages', async () => {
    const res = auditListSchema.parse(
      (await read(t.fixture.users.sa.email, '/api/cadastros/auditoria?entidade=unidade&pagina=1')).json(),
    );
    expect(res.data.every((r) => r.entidade === 'unidade')).toBe(true);
    expect(res.data.some((r) => r.nomeUsuario === 'Sistema')).toBe(true);
    const far = auditListSchema.parse((await read(t.fixture.users.sa.email, '/api/cadastros/auditoria?pagina=99')).json());
    expect(far.data).toEqual([]);
    const bad = await read(t.fixture.users.sa.email, '/api/cadastros/auditoria?entidade=senha');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/inválid/);
  });

  it('attendants and managers may not read it (000 §6 /usuarios)', async () => {
    for (const key of ['u', 'm', 'mg'] as const) expect((await read(t.fixture.users[key].email)).statusCode).toBe(403);
  });

  it('a record written in a rolled-back transaction is gone with it', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await recordAudit(tx, { session: null, entity: 'parceiro', entityId: 99, action: 'create', after: { nome: 'x' } });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await t.database.db.select().from(auditoria).where(eq(auditoria.idEntidade, 99))).toEqual([]);
  });
});
