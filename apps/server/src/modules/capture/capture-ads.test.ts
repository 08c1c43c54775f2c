// Issue 23 §4 (a lead captured from a known ad gets that ad's tags, with the tag history events of
// 000 §4 and the stream's `tags` event; the catalogue fills what the post left out) and §1 (two
// posts of one number never make two leads; different numbers do not wait on each other: the
// creation lock is per unit and phone key). Real database and routes over HTTP.
import type { AddressInfo } from 'node:net';

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TIMELINE_EVENT_TYPE } from '@funil/domain/leads/timeline';

import { loadEnv } from '../../env.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { leadEventos } from '../lead-events/lead-events.table.ts';
import { lockLeadPhone } from '../leads/leads.service.ts';
import { historico, leads } from '../leads/leads.table.ts';
import { phoneKey } from '../leads/phone-key.ts';
import { tagsOfLeadById } from '../tags/tags.service.ts';
import { unidades } from '../tenancy/tenancy.table.ts';

let t: TestApp;
let base = '';
let token = '';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  token = (await t.database.db.select({ token: unidades.token }).from(unidades).where(eq(unidades.id, t.fixture.unitA1)))[0]!
    .token;
  const admin = await t.login(t.fixture.users.a.email);
  const csv = await t.as(admin, {
    method: 'POST',
    url: '/api/anuncios/csv',
    payload: [
      {
        campaign_id: '120300001',
        campaign_name: 'Lentes de Contato Dental',
        adset_id: '120300101',
        adset_name: 'Público Quente',
        ad_id: '120300201',
        ad_name: 'Lentes em 7 dias',
        tags: ['Lentes', 'Quente'],
      },
    ],
  });
  expect(csv.statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const post = async (body: Record<string, unknown>, query = '') => {
  const res = await fetch(`${base}/api/captacao/${token}${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
};

const leadsOfKey = (telefone: string) =>
  t.database.db
    .select()
    .from(leads)
    .where(and(eq(leads.idUnidade, t.fixture.unitA1), eq(leads.telefoneChave, phoneKey(telefone))));

describe("a lead captured from a known ad gets the ad's tags (issue 23 §4)", () => {
  it('by ad id: the tags, one mensagemTag event each (id_novo the tag), one `tags` event; the catalogue fills the names', async () => {
    expect(await post({ cli_nome: 'Joana', cli_telefone: '11981230001' }, '?ad_id=120300201')).toBe(200);
    await t.app.leadEvents.drain();
    const [lead] = await leadsOfKey('11981230001');
    expect(lead).toMatchObject({
      adId: '120300201',
      adName: 'Lentes em 7 dias',
      adsetName: 'Público Quente',
      cliCampanhaId: '120300001',
      cliCampanhaNome: 'Lentes de Contato Dental',
      origemCerteza: 'id-exato',
    });
    const tags = await tagsOfLeadById(t.database.db, lead!.cliCrmId);
    expect(tags.map((x) => x.nome).sort()).toEqual(['Lentes', 'Quente']);
    const h = await t.database.db.select().from(historico).where(eq(historico.cliCrmId, lead!.cliCrmId)).orderBy(historico.id);
    const tagRows = h.filter((e) => e.tipo === TIMELINE_EVENT_TYPE.mensagemTag);
    expect(tagRows.map((e) => e.idNovo).sort()).toEqual(tags.map((x) => x.id).sort());
    expect(tagRows.map((e) => e.descricao).sort()).toEqual(['Lentes', 'Quente']);
    const ev = await t.database.db.select().from(leadEventos).where(eq(leadEventos.cliCrmId, lead!.cliCrmId));
    const tagEvents = ev.filter((e) => e.tipo === 'tags');
    expect(tagEvents).toHaveLength(1);
    expect(tagEvents[0]!.dados).toEqual({ adicionadas: tags.map((x) => x.id).sort(), removidas: [] });

    // A re-entry from the same ad adds no tag twice.
    expect(await post({ cli_telefone: '11981230001' }, '?ad_id=120300201')).toBe(200);
    await t.app.leadEvents.drain();
    const again = await t.database.db.select().from(leadEventos).where(eq(leadEventos.cliCrmId, lead!.cliCrmId));
    expect(again.filter((e) => e.tipo === 'tags')).toHaveLength(1);
    expect(again.filter((e) => e.tipo === 'captado-novamente')).toHaveLength(1);
  });

  it("by the ad's name (accent- and case-free) when no id; an ad the catalogue lacks gives no tag", async () => {
    expect(await post({ cli_telefone: '11981230002', ad_name: 'LENTES EM 7 DIAS' })).toBe(200);
    const [byName] = await leadsOfKey('11981230002');
    expect(byName).toMatchObject({
      adName: 'LENTES EM 7 DIAS',
      cliCampanhaNome: 'Lentes de Contato Dental',
      origemCerteza: 'texto',
    });
    expect((await tagsOfLeadById(t.database.db, byName!.cliCrmId)).map((x) => x.nome).sort()).toEqual(['Lentes', 'Quente']);

    expect(await post({ cli_telefone: '11981230003', ad_id: '99999' })).toBe(200);
    const [unknown] = await leadsOfKey('11981230003');
    expect(unknown).toMatchObject({ adId: '99999', adName: null });
    expect(await tagsOfLeadById(t.database.db, unknown!.cliCrmId)).toEqual([]);
  });
});

describe('the creation lock per unit and phone key (issue 23 §1)', () => {
  it('20 parallel posts of one number (its written forms vary) make one lead; 20 of different numbers make 20', async () => {
    const forms = ['11981239000', '(11) 98123-9000', '5511981239000', '1181239000'];
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post({ cli_nome: `Paralelo ${i}`, cli_telefone: forms[i % forms.length] })),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await leadsOfKey('11981239000')).toHaveLength(1);

    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post({ cli_telefone: `119812381${String(i).padStart(2, '0')}` })),
    );
    expect(many.every((s) => s === 200)).toBe(true);
    for (let i = 0; i < 20; i++) expect(await leadsOfKey(`119812381${String(i).padStart(2, '0')}`)).toHaveLength(1);
  });

  // PostgreSQL only: PGlite has one connection, so a held transaction would hold every request.
  it.skipIf(!loadEnv().DATABASE_URL)(
    'a number being created holds only its own posts: another number of the unit goes through',
    async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = t.database.db.transaction(async (tx) => {
        await lockLeadPhone(tx, t.fixture.unitA1, phoneKey('11981237000'));
        locked();
        await held;
      });
      await isLocked;
      let sameDone = false;
      const same = post({ cli_telefone: '11981237000' }).then((s) => ((sameDone = true), s));
      // Another number answers while the first one's lock is held.
      expect(await post({ cli_telefone: '11981237001' })).toBe(200);
      expect(await leadsOfKey('11981237001')).toHaveLength(1);
      expect(sameDone).toBe(false);
      release();
      await holder;
      expect(await same).toBe(200);
      expect(await leadsOfKey('11981237000')).toHaveLength(1);
    },
  );
});
