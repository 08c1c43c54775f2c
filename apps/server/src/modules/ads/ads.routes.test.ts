// The ads catalogue (issue 23 §5; 002 §2.6, §4 'Ads catalogue', §5 'Campaign registry', 'Ad set and ad
// (catalogue)', 'Ads CSV', §7 'Extras and catalogue', §8; 000 §6 /anuncios: admin and super-admin): each
// call × each role × another unit's and company's ids; the CSV batches; every write audited.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adListSchema, adSetListSchema, adTagListSchema, campaignListSchema } from '@funil/domain/ads/catalogue';

import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { auditoria } from '../audit/audit.table.ts';
import { tags } from '../tags/tags.table.ts';
import { findAd } from './ads.service.ts';
import { anunciosCampanhas } from './ads.table.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
type Role = 'sa' | 'ag' | 'a' | 'u' | 'm' | 'mg' | 'aB1';
let tagA1 = 0;
let tagA1b = 0;
let tagA2 = 0;
let tagB1 = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const key of ['sa', 'ag', 'a', 'u', 'm', 'mg', 'aB1'] as const) tokens[key] = await t.login(t.fixture.users[key].email);
  const made = await t.app.db
    .insert(tags)
    .values([
      { idUnidade: t.fixture.unitA1, nome: 'Implante', cor: '#1976d2' },
      { idUnidade: t.fixture.unitA1, nome: 'Clareamento', cor: '#e91e63' },
      { idUnidade: t.fixture.unitA2, nome: 'Outra unidade', cor: '#000000' },
      { idUnidade: t.fixture.unitB1, nome: 'Outra empresa', cor: '#000000' },
    ])
    .returning({ id: tags.id });
  [tagA1, tagA1b, tagA2, tagB1] = made.map((r) => r.id) as [number, number, number, number];
});
afterAll(async () => {
  await t.close();
});

const call = (role: Role, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.as(tokens[role]!, { method, url: `/api/${url}`, ...(payload !== undefined ? { payload: payload as object } : {}) });

describe('anuncios/… roles (000 §6 /anuncios: admin and super-admin)', () => {
  it('answers 403 to attendants and managers on every catalogue call', async () => {
    for (const role of ['u', 'm', 'mg'] as const) {
      expect((await call(role, 'GET', 'anuncios/campanhas')).statusCode).toBe(403);
      expect((await call(role, 'POST', 'anuncios/campanhas', { campaign_id: 'x', campaign_name: 'x' })).statusCode).toBe(403);
      expect((await call(role, 'POST', 'anuncios/csv', [])).statusCode).toBe(403);
      expect((await call(role, 'GET', 'anuncios/ads-sets/1')).statusCode).toBe(403);
    }
  });
});

describe('the four levels (002 §2.6, §7)', () => {
  let idCampanha = 0;
  let idAdSet = 0;
  let idAd = 0;

  it("a unit admin registers a campaign (002 §8 'Campanha cadastrada com sucesso!'), active and visible (002 §4)", async () => {
    const res = await call('a', 'POST', 'anuncios/campanhas', {
      campaign_id: ' 120210000001 ',
      campaign_name: 'Implantes | Leads | Junho',
    });
    expect([res.statusCode, res.json().message]).toEqual([201, 'Campanha cadastrada com sucesso!']);
    idCampanha = res.json().data.id;
    const list = campaignListSchema.parse((await call('a', 'GET', 'anuncios/campanhas')).json()).data;
    expect(list).toEqual([expect.objectContaining({ id: idCampanha, campaign_id: '120210000001', ativo: 1, oculto: 1 })]);
    // The company admin and the super-admin of the same unit see the same catalogue.
    expect((await call('ag', 'GET', 'anuncios/campanhas')).json().data).toHaveLength(1);
    expect((await call('sa', 'GET', 'anuncios/campanhas')).json().data).toHaveLength(1);
    // Another company's admin does not.
    expect((await call('aB1', 'GET', 'anuncios/campanhas')).json().data).toHaveLength(0);
  });

  it("002 §5 'Campaign registry': required and unique texts", async () => {
    const empty = await call('a', 'POST', 'anuncios/campanhas', { campaign_id: '', campaign_name: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('ID da campanha é obrigatório');
    expect(empty.body).toContain('Nome da campanha é obrigatório');
    const taken = await call('ag', 'POST', 'anuncios/campanhas', { campaign_id: '120210000001', campaign_name: 'Outra' });
    expect([taken.statusCode, taken.json().message]).toEqual([409, 'ID da campanha já existe']);
    // The same id in another company's catalogue is theirs to use.
    expect(
      (await call('aB1', 'POST', 'anuncios/campanhas', { campaign_id: '120210000001', campaign_name: 'B' })).statusCode,
    ).toBe(201);
  });

  it("creates an ad set and an ad under it (002 §8 'AdSet cadastrada com sucesso!', 'Anúncio cadastrado com sucesso!')", async () => {
    const set = await call('a', 'POST', 'anuncios/ads-sets', {
      adset_id: 'AS-1',
      adset_name: 'Mulheres 30-55 Zona Sul',
      idCampanha,
    });
    expect([set.statusCode, set.json().message]).toEqual([201, 'AdSet cadastrada com sucesso!']);
    idAdSet = set.json().data.id;
    const dup = await call('a', 'POST', 'anuncios/ads-sets', { adset_id: 'AS-1', adset_name: 'x', idCampanha });
    expect([dup.statusCode, dup.json().message]).toEqual([409, 'ID do Conjunto de Anúncios já existe']);
    const bad = await call('a', 'POST', 'anuncios/ads-sets', { adset_id: ' ', adset_name: '', idCampanha });
    expect(bad.body).toContain('ID do Conjunto de Anúncios é obrigatório');
    expect(bad.body).toContain('Nome do Conjunto de Anúncios é obrigatório');
    const sets = adSetListSchema.parse((await call('a', 'GET', `anuncios/ads-sets/${idCampanha}`)).json()).data;
    expect(sets.map((s) => s.adset_name)).toEqual(['Mulheres 30-55 Zona Sul']);

    const ad = await call('a', 'POST', 'anuncios/ads', { ad_id: 'AD-1', ad_name: 'Vídeo depoimento Dra. Ana', idAdSet });
    expect([ad.statusCode, ad.json().message]).toEqual([201, 'Anúncio cadastrado com sucesso!']);
    idAd = ad.json().data.id;
    const adDup = await call('a', 'POST', 'anuncios/ads', { ad_id: 'AD-1', ad_name: 'x', idAdSet });
    expect([adDup.statusCode, adDup.json().message]).toEqual([409, 'ID do Anúncio já existe']);
    expect((await call('a', 'POST', 'anuncios/ads', { ad_id: '', ad_name: '', idAdSet })).body).toContain(
      'Nome do Anúncio é obrigatório',
    );
    const ads = adListSchema.parse((await call('a', 'GET', `anuncios/ads/${idAdSet}`)).json()).data;
    expect(ads).toEqual([expect.objectContaining({ id: idAd, ad_id: 'AD-1', ativo: 1, oculto: 1 })]);
  });

  it("edits a name ('Campo não pode ser vazio' when blank), toggles ativo ('Status atualizado com sucesso!')", async () => {
    const blank = await call('a', 'PUT', `anuncios/campanhas/${idCampanha}`, { name: '  ' });
    expect([blank.statusCode, blank.body.includes('Campo não pode ser vazio')]).toEqual([400, true]);
    const renamed = await call('a', 'PUT', `anuncios/campanhas/${idCampanha}`, { name: 'Implantes | Leads | Julho' });
    expect([renamed.statusCode, renamed.json().message]).toEqual([200, 'Campanha editada com sucesso!']);
    const before = (await call('a', 'GET', `anuncios/ads/${idAdSet}`)).json().data[0].dataAtualizacao;
    const off = await call('a', 'PUT', `anuncios/ads/${idAd}`, { ativo: 0 });
    expect([off.statusCode, off.json().message]).toEqual([200, 'Status atualizado com sucesso!']);
    expect(off.json().data.dataAtualizacao >= before).toBe(true);
    expect((await call('a', 'GET', `anuncios/ads/${idAdSet}`)).json().data[0].ativo).toBe(0);
    const setEdit = await call('a', 'PUT', `anuncios/ads-sets/${idAdSet}`, { name: 'Mulheres 30-60' });
    expect(setEdit.json().message).toBe('Conjunto de Anúncios editado com sucesso!');
    expect((await call('a', 'PUT', `anuncios/ads/${idAd}`, { name: 'Carrossel' })).json().message).toBe(
      'Anúncio editado com sucesso!',
    );
    expect((await call('a', 'PUT', `anuncios/ads/${idAd}`, {})).statusCode).toBe(400);
  });

  it("links the unit's tags to an ad (002 §8); a tag of another unit or company answers 404 and links nothing", async () => {
    for (const foreign of [tagA2, tagB1]) {
      const res = await call('a', 'POST', 'anuncios/ads-tags', { idAd, idsTags: [tagA1, foreign] });
      expect([res.statusCode, res.json().message]).toEqual([404, 'Tag não encontrada nesta unidade.']);
    }
    expect((await call('a', 'POST', 'anuncios/ads-tags', { idAd, idsTags: [] })).body).toContain('Selecione ao menos uma tag.');
    const res = await call('a', 'POST', 'anuncios/ads-tags', { idAd, idsTags: [tagA1, tagA1b] });
    expect([res.statusCode, res.json().message]).toEqual([201, 'Tags do Anúncio cadastradas com sucesso!']);
    const links = adTagListSchema.parse((await call('a', 'GET', `anuncios/ads-tags/${idAd}`)).json()).data;
    expect(links.map((l) => l.tag?.nome)).toEqual(['Implante', 'Clareamento']);
    const off = await call('a', 'PUT', `anuncios/ads-tags/${links[0]!.id}`, { ativo: 0 });
    expect([off.statusCode, off.json().message]).toEqual([200, 'Status atualizado com sucesso!']);
    // 002 §2.6: a tag that no longer exists shows as 'Tag desconhecida' (tag null).
    await t.app.db.delete(tags).where(eq(tags.id, tagA1b));
    const after = adTagListSchema.parse((await call('a', 'GET', `anuncios/ads-tags/${idAd}`)).json()).data;
    expect(after.map((l) => l.tag?.nome ?? null)).toEqual(['Implante', null]);
  });

  it("another company's admin gets 404 for this unit's ids, and changes nothing", async () => {
    expect((await call('aB1', 'GET', `anuncios/ads-sets/${idCampanha}`)).statusCode).toBe(404);
    expect((await call('aB1', 'GET', `anuncios/ads/${idAdSet}`)).statusCode).toBe(404);
    expect((await call('aB1', 'GET', `anuncios/ads-tags/${idAd}`)).statusCode).toBe(404);
    expect((await call('aB1', 'PUT', `anuncios/campanhas/${idCampanha}`, { ativo: 0 })).statusCode).toBe(404);
    expect((await call('aB1', 'PUT', `anuncios/ads-sets/${idAdSet}`, { ativo: 0 })).statusCode).toBe(404);
    expect((await call('aB1', 'PUT', `anuncios/ads/${idAd}`, { name: 'x' })).statusCode).toBe(404);
    expect((await call('aB1', 'POST', 'anuncios/ads-sets', { adset_id: 'Z', adset_name: 'Z', idCampanha })).statusCode).toBe(404);
    expect((await call('aB1', 'POST', 'anuncios/ads', { ad_id: 'Z', ad_name: 'Z', idAdSet })).statusCode).toBe(404);
    expect((await call('aB1', 'POST', 'anuncios/ads-tags', { idAd, idsTags: [tagB1] })).statusCode).toBe(404);
    const [row] = await t.app.db.select().from(anunciosCampanhas).where(eq(anunciosCampanhas.id, idCampanha));
    expect(row).toMatchObject({ ativo: 1, campaignName: 'Implantes | Leads | Julho' });
  });

  it("another unit's campaign of the same company answers 404 to this unit's admin", async () => {
    const [other] = await t.app.db
      .insert(anunciosCampanhas)
      .values({ idEmpresa: t.fixture.companyA, idUnidade: t.fixture.unitA2, campaignId: 'A2-1', campaignName: 'Da A2' })
      .returning();
    expect((await call('a', 'PUT', `anuncios/campanhas/${other!.id}`, { ativo: 0 })).statusCode).toBe(404);
    expect((await call('a', 'GET', `anuncios/ads-sets/${other!.id}`)).statusCode).toBe(404);
  });

  it('audits every write', async () => {
    const rows = await t.app.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'campanha_anuncio'), eq(auditoria.idEntidade, idCampanha)));
    expect(rows.map((r) => r.acao).sort()).toEqual(['create', 'update']);
  });
});

describe('POST /anuncios/csv (002 §4 CSV import of ads, §7, §9)', () => {
  const row = (i: number, over: Record<string, unknown> = {}) => ({
    campaign_id: `C-${i % 3}`,
    campaign_name: `Campanha ${i % 3}`,
    adset_id: `S-${i % 7}`,
    adset_name: `Conjunto ${i % 7}`,
    ad_id: `A-${i}`,
    ad_name: `Anúncio ${i}`,
    tags: ['Implante', 'Lente de contato'],
    ...over,
  });

  it("imports a batch of 1000 rows in one request ('Operação concluída com sucesso.'), creating the tag the unit lacked", async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => row(i));
    const res = await call('ag', 'POST', 'anuncios/csv', rows);
    expect([res.statusCode, res.json().message]).toEqual([200, 'Operação concluída com sucesso.']);
    expect(res.json().data).toEqual({ campanhas: 3, conjuntos: 21, anuncios: 1000, tags: 2000 });
    const campaigns = (await call('a', 'GET', 'anuncios/campanhas')).json().data as { campaign_id: string; id: number }[];
    expect(campaigns.map((c) => c.campaign_id)).toEqual(expect.arrayContaining(['C-0', 'C-1', 'C-2']));
    const created = await t.app.db
      .select()
      .from(tags)
      .where(and(eq(tags.idUnidade, t.fixture.unitA1), eq(tags.nome, 'Lente de contato')));
    expect(created).toHaveLength(1);
    // A second run of the same rows adds nothing (upsert on the ids of each level).
    const again = await call('a', 'POST', 'anuncios/csv', rows.slice(0, 10));
    expect(again.statusCode).toBe(200);
    const c0 = campaigns.find((c) => c.campaign_id === 'C-0')!;
    expect(((await call('a', 'GET', `anuncios/ads-sets/${c0.id}`)).json().data as unknown[]).length).toBe(7);
  });

  it('refuses 1001 rows and a row with a column missing, storing nothing', async () => {
    const tooMany = await call(
      'a',
      'POST',
      'anuncios/csv',
      Array.from({ length: 1001 }, (_, i) => row(i, { campaign_id: 'Z' })),
    );
    expect([tooMany.statusCode, tooMany.body.includes('Envie no máximo 1000 linhas por vez.')]).toEqual([400, true]);
    const missing = await call('a', 'POST', 'anuncios/csv', [
      row(1, { campaign_id: 'Z' }),
      row(2, { campaign_id: 'Z', ad_name: '' }),
    ]);
    expect(missing.statusCode).toBe(400);
    const z = await t.app.db
      .select()
      .from(anunciosCampanhas)
      .where(and(eq(anunciosCampanhas.idUnidade, t.fixture.unitA1), eq(anunciosCampanhas.campaignId, 'Z')));
    expect(z).toHaveLength(0);
  });

  it('findAd finds an ad by Meta id and by its text, accent- and case-free, with its active tags (issue 23 §3, §4)', async () => {
    const scope = { idEmpresa: t.fixture.companyA, idUnidade: t.fixture.unitA1 };
    const byId = await findAd(t.app.db, scope, { adId: 'A-5' });
    expect(byId).toMatchObject({ ad_name: 'Anúncio 5', campaign_id: 'C-2', adset_id: 'S-5' });
    expect(byId!.tagIds).toHaveLength(2);
    expect(await findAd(t.app.db, scope, { text: ' ANUNCIO 7 ' })).toMatchObject({ ad_id: 'A-7' });
    expect(await findAd(t.app.db, { idEmpresa: t.fixture.companyB, idUnidade: t.fixture.unitB1 }, { adId: 'A-5' })).toBeNull();
    expect(await findAd(t.app.db, scope, { text: 'nenhum' })).toBeNull();
  });
});
