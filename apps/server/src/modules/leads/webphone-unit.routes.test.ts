// issue 12, 002 §2.1 "For the permission value ag, a unit dropdown (label Unidades, placeholder
// Selecione a unidade) replaces the call controller and contacts are loaded by unit": GET
// contato/crm/* and contato/completo/{id} take ?idUnidade=, honoured for the company admin (ag)
// and a unit of its company only; ignored for every other role (as ?idEmpresa= is); 404 for
// another company's unit. Every change keeps the session's unit.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { contactListResponseSchema } from '@funil/domain/leads-api/lead-api';
import { buildContactListPath, CONTACT_LIST_LAYOUT, emptyFilter } from '@funil/domain/leads/filter-segments';

import { tableDigests } from '../../testing/db-snapshot.ts';
import { unidades } from '../tenancy/tenancy.table.ts';
import { createLeadsKit, type Kit } from './leads-test-kit.ts';

let k: Kit;
let inA1: number;
let inA2: number;
let inB1: number;
beforeAll(async () => {
  k = await createLeadsKit();
  inA1 = await k.lead({ cliNome: 'Lead da A1' });
  inA2 = await k.lead({ cliNome: 'Lead da A2', unit: 'A2' });
  inB1 = await k.lead({ cliNome: 'Lead da B1', unit: 'B1' });
});
afterAll(async () => {
  await k.t.close();
});

const crmPath = (idUnidade?: number | string) =>
  `/api/${buildContactListPath('crm', emptyFilter(CONTACT_LIST_LAYOUT))}${idUnidade === undefined ? '' : `?idUnidade=${idUnidade}`}`;
async function crmIds(who: keyof Kit['token'], idUnidade?: number) {
  const res = await k.call(who, { method: 'GET', url: crmPath(idUnidade) });
  expect(res.statusCode, res.body).toBe(200);
  const body: unknown = res.json();
  expect(contactListResponseSchema.parse(body)).toStrictEqual(body);
  return contactListResponseSchema.parse(body).data.crm_contato.map((l) => l.cli_crm_id);
}
const full = (who: keyof Kit['token'], id: number, idUnidade?: number) =>
  k.call(who, { method: 'GET', url: `/api/contato/completo/${id}${idUnidade === undefined ? '' : `?idUnidade=${idUnidade}`}` });

describe('contato/crm/* ?idUnidade= (002 §2.1 "contacts are loaded by unit")', () => {
  it('ag lists unit A2 of its company: only A2’s leads; without the parameter, its own unit', async () => {
    expect(await crmIds('ag', k.unitId('A2'))).toEqual([inA2]);
    expect(await crmIds('ag')).toEqual([inA1]);
    expect(await crmIds('ag', k.unitId('A1'))).toEqual([inA1]);
  });

  it('ag naming a unit of another company gets 404 and no rows', async () => {
    const res = await k.call('ag', { method: 'GET', url: crmPath(k.unitId('B1')) });
    expect([res.statusCode, res.json().message]).toEqual([404, 'Unidade não encontrada.']);
    expect(res.body).not.toContain('Lead da B1');
    const none = await k.call('ag', { method: 'GET', url: crmPath(999_999) });
    expect(none.statusCode).toBe(404);
  });

  it('ag naming an inactive unit of its company gets 404 (the dropdown lists active units)', async () => {
    const db = k.t.database.db;
    await db
      .update(unidades)
      .set({ ativo: 0 })
      .where(eq(unidades.id, k.unitId('A2')));
    try {
      expect((await k.call('ag', { method: 'GET', url: crmPath(k.unitId('A2')) })).statusCode).toBe(404);
    } finally {
      await db
        .update(unidades)
        .set({ ativo: 1 })
        .where(eq(unidades.id, k.unitId('A2')));
    }
  });

  it('a (unit admin), u and the super-admin passing ?idUnidade= get their own unit only', async () => {
    for (const who of ['a', 'u', 'sa'] as const) {
      expect([who, await crmIds(who, k.unitId('A2'))]).toEqual([who, [inA1]]);
      expect([who, await crmIds(who, k.unitId('B1'))]).toEqual([who, [inA1]]);
    }
    expect(await crmIds('uB1', k.unitId('A1'))).toEqual([inB1]);
  });

  it('a malformed unit answers 400 in Portuguese', async () => {
    const res = await k.call('ag', { method: 'GET', url: crmPath('abc') });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/inválid/);
  });
});

describe('contato/completo/{id} ?idUnidade= (the detail on the right of /webphone)', () => {
  it('ag opens a lead of the chosen unit of its company; not without naming the unit', async () => {
    const res = await full('ag', inA2, k.unitId('A2'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.crm_contato_completo.cli_nome).toBe('Lead da A2');
    expect((await full('ag', inA2)).statusCode).toBe(404);
    // The chosen unit is a scope: a lead of another unit is not found through it.
    expect((await full('ag', inA1, k.unitId('A2'))).statusCode).toBe(404);
  });

  it('never a lead of another company, whatever unit is named', async () => {
    for (const unit of [k.unitId('B1'), k.unitId('A2'), k.unitId('A1')]) {
      const res = await full('ag', inB1, unit);
      expect([404].includes(res.statusCode)).toBe(true);
      expect(res.body).not.toContain('Lead da B1');
    }
  });

  it('other roles keep their unit: a and u cannot open A2’s lead by naming A2', async () => {
    for (const who of ['a', 'u'] as const) expect([who, (await full(who, inA2, k.unitId('A2'))).statusCode]).toEqual([who, 404]);
  });

  it('changes keep the session’s unit: ag cannot edit a lead of the unit it reads, and nothing changes', async () => {
    const before = await tableDigests(k.t.database.db);
    const res = await k.call('ag', {
      method: 'POST',
      url: `/api/contato/valorticket/${inA2}?idUnidade=${k.unitId('A2')}`,
      payload: { valor_ticket: 10 },
    });
    expect(res.statusCode).toBe(404);
    expect(await tableDigests(k.t.database.db)).toEqual(before);
  });
});
