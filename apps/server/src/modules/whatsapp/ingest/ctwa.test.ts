// Issue 23 §3 click-to-WhatsApp, against the gateway emulator over real HTTP: a message from an ad
// (contextInfo.externalAdReply) creates or re-enters its lead with the ad's origin: by the ad id
// ('id-exato'), by the title or text matched against the catalogue ('texto'), else 'Meta (anúncio
// não identificado)'; a known number re-enters once per conversation, not per message; §4: the ad's
// tags with their mensagemTag history events (000 §4) and the stream's `tags` event.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CTWA_EXTRA_FIELDS, UNIDENTIFIED_AD_NAME } from '@funil/domain/leads/origin';
import { TIMELINE_EVENT_TYPE } from '@funil/domain/leads/timeline';

import { executeRows } from '../../../db/handle.ts';
import { AD_MESSAGE_HISTORY } from '../../leads/lead-ad-message.service.ts';
import { phoneKey } from '../../leads/phone-key.ts';
import { tagsOfLeadById } from '../../tags/tags.service.ts';
import { startKit, type Kit } from '../whatsapp-test-kit.ts';

let k: Kit;
const INST = 'ctwa-a1';

async function fromAd(from: string, ad: Record<string, unknown>, text = 'Oi! Vi o anúncio.') {
  const res = await k.emu$('POST', `/_emulator/instances/${INST}/messages`, { from, text, pushName: 'Paciente', ad });
  expect(res.status).toBe(201);
  await k.settle();
}

async function leadOf(phone: string) {
  const [lead] = await k.leadsWithPhoneKey(phoneKey(phone));
  expect(lead).toBeDefined();
  return lead!;
}

const history = (id: number) =>
  executeRows<{ tipo: number; descricao: string; id_novo: number | null }>(
    k.t.database.db,
    sql`select tipo, descricao, id_novo from historico where cli_crm_id = ${id} order by id`,
  );
const events = (id: number) =>
  executeRows<{ tipo: string; dados: Record<string, unknown> }>(
    k.t.database.db,
    sql`select tipo, dados from lead_eventos where cli_crm_id = ${id} order by id`,
  );

beforeAll(async () => {
  k = await startKit();
  expect((await k.t.as(k.tokens.a, { method: 'POST', url: '/api/instancias', payload: { name: INST } })).statusCode).toBe(201);
  expect((await k.emu$('POST', `/_emulator/instances/${INST}/scan`, { number: '5511900000009' })).status).toBe(200);
  await k.settle();
  // The unit's catalogue: two ads, the first with two tags.
  const csv = await k.t.as(k.tokens.a, {
    method: 'POST',
    url: '/api/anuncios/csv',
    payload: [
      {
        campaign_id: '2385001',
        campaign_name: 'Clareamento Novembro',
        adset_id: '2385101',
        adset_name: 'Mulheres 25-45',
        ad_id: '2385201',
        ad_name: 'Clareamento em 1 sessão',
        tags: ['Clareamento', 'Anúncio WhatsApp'],
      },
      {
        campaign_id: '2385002',
        campaign_name: 'Implantes',
        adset_id: '2385102',
        adset_name: 'Sêniores',
        ad_id: '2385202',
        ad_name: 'Implante Dentário Sem Dor',
        tags: ['Implante'],
      },
    ],
  });
  expect(csv.statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await k?.close();
});

describe('click-to-WhatsApp (issue 23 §3)', () => {
  it("by the ad id: a new lead 'whatsapp-anuncio', 'id-exato', the catalogue's campaign > ad set > ad, the ad's tags (§4)", async () => {
    await fromAd('5511970000001', {
      sourceId: '2385201',
      ctwaClid: 'clid-1',
      title: 'Sorriso branco',
      body: 'Agende sua avaliação',
      sourceUrl: 'https://fb.me/abc',
    });
    const lead = await leadOf('11970000001');
    expect(lead).toMatchObject({
      origemCanal: 'whatsapp-anuncio',
      origemCerteza: 'id-exato',
      cliTipoLead: 4,
      cliCampanhaId: '2385001',
      cliCampanhaNome: 'Clareamento Novembro',
      adsetId: '2385101',
      adsetName: 'Mulheres 25-45',
      adId: '2385201',
      adName: 'Clareamento em 1 sessão',
      cliNome: 'Paciente',
    });
    expect(lead.origemPrimeira).toMatchObject({ canal: 'whatsapp-anuncio', ad_id: '2385201', certeza: 'id-exato' });
    expect(lead.informacoesExtra).toMatchObject({
      [CTWA_EXTRA_FIELDS.ctwaClid]: 'clid-1',
      [CTWA_EXTRA_FIELDS.title]: 'Sorriso branco',
      [CTWA_EXTRA_FIELDS.sourceUrl]: 'https://fb.me/abc',
    });
    // The message is the lead's.
    expect((await k.messagesOf(lead.cliCrmId)).map((m) => m.body)).toEqual(['Oi! Vi o anúncio.']);
    // §4: the ad's tags, each with its mensagemTag event (000 §4: id_novo the tag), and one `tags` lead event.
    const tags = await tagsOfLeadById(k.t.database.db, lead.cliCrmId);
    expect(tags.map((t) => t.nome).sort()).toEqual(['Anúncio WhatsApp', 'Clareamento']);
    const h = await history(lead.cliCrmId);
    expect(h[0]).toMatchObject({ tipo: TIMELINE_EVENT_TYPE.usuario, descricao: AD_MESSAGE_HISTORY.created });
    const tagEvents = h.filter((e) => e.tipo === TIMELINE_EVENT_TYPE.mensagemTag);
    expect(tagEvents.map((e) => e.id_novo).sort()).toEqual(tags.map((t) => t.id).sort());
    const stream = await events(lead.cliCrmId);
    expect(stream.map((e) => e.tipo)).toEqual(expect.arrayContaining(['criado', 'tags']));
    expect(stream.find((e) => e.tipo === 'tags')!.dados).toMatchObject({ removidas: [] });
    expect(stream.find((e) => e.tipo === 'criado')!.dados).toMatchObject({ origem: 'whatsapp' });
  });

  it("by text: no ad id, the title matched accent- and case-free against the catalogue → 'texto' (ad in the content only)", async () => {
    await fromAd('5511970000002', { title: 'implante dentario sem dor', ctwaClid: 'clid-2', placement: 'message' });
    const lead = await leadOf('11970000002');
    expect(lead).toMatchObject({
      origemCanal: 'whatsapp-anuncio',
      origemCerteza: 'texto',
      adId: '2385202',
      adName: 'Implante Dentário Sem Dor',
      cliCampanhaNome: 'Implantes',
    });
    expect((await tagsOfLeadById(k.t.database.db, lead.cliCrmId)).map((t) => t.nome)).toEqual(['Implante']);
  });

  it("the body matched when the title is not; neither → 'Meta (anúncio não identificado)', no ad id, what came kept", async () => {
    await fromAd('5511970000003', { title: 'Promoção', body: 'Clareamento em 1 sessão', placement: 'data' });
    expect(await leadOf('11970000003')).toMatchObject({ origemCerteza: 'texto', adId: '2385201' });

    await fromAd('5511970000004', {
      sourceId: '999999999',
      ctwaClid: 'clid-4',
      title: 'Outro anúncio',
      sourceUrl: 'https://fb.me/x',
    });
    const lead = await leadOf('11970000004');
    expect(lead).toMatchObject({
      origemCanal: 'whatsapp-anuncio',
      origemCerteza: null,
      adId: null,
      adName: UNIDENTIFIED_AD_NAME,
      adsetId: null,
      cliCampanhaId: null,
    });
    expect(lead.informacoesExtra).toMatchObject({
      [CTWA_EXTRA_FIELDS.sourceId]: '999999999',
      [CTWA_EXTRA_FIELDS.ctwaClid]: 'clid-4',
      [CTWA_EXTRA_FIELDS.title]: 'Outro anúncio',
      [CTWA_EXTRA_FIELDS.sourceUrl]: 'https://fb.me/x',
    });
    expect(await tagsOfLeadById(k.t.database.db, lead.cliCrmId)).toEqual([]);
  });

  it('opaque fields only (no externalAdReply) still say "from an ad": unidentified', async () => {
    await fromAd('5511970000005', { opaque: true });
    expect(await leadOf('11970000005')).toMatchObject({ origemCanal: 'whatsapp-anuncio', adName: UNIDENTIFIED_AD_NAME });
  });

  it("a known number writing from an ad re-enters ('captado novamente', back to 'Novo') once per conversation", async () => {
    const f = k.t.fixture;
    const id = await k.addLead(f.unitA1, f.companyA, 'Carlos Lima', '11970000006', {
      cliContatoStatus: 3,
      cliTentativas: 2,
      origemCanal: 'whatsapp-organico',
      origemEm: new Date(Date.now() - 3 * 86_400_000),
    });
    await fromAd('5511970000006', { sourceId: '2385202', ctwaClid: 'clid-6' });
    let lead = (await k.leadRow(id))!;
    expect(lead).toMatchObject({
      origemCanal: 'whatsapp-anuncio',
      origemCerteza: 'id-exato',
      adId: '2385202',
      cliContatoStatus: 1,
      cliTentativas: 0,
      cliNome: 'Carlos Lima',
    });
    // The same click again (the gateway repeats the ad, or a webhook arrives twice) and a plain message: no second re-entry.
    await fromAd('5511970000006', { sourceId: '2385202', ctwaClid: 'clid-6' }, 'Qual o valor?');
    await k.emu$('POST', `/_emulator/instances/${INST}/messages`, { from: '5511970000006', text: 'Obrigado' });
    await k.settle();
    // Without a click id, the same ad within 24 hours is the same conversation too.
    await fromAd('5511970000006', { sourceId: '2385202' }, 'Oi de novo');
    const stream = await events(id);
    expect(stream.filter((e) => e.tipo === 'captado-novamente')).toHaveLength(1);
    expect(stream.filter((e) => e.tipo === 'tags')).toHaveLength(1);
    const h = await history(id);
    expect(h.filter((e) => e.descricao === AD_MESSAGE_HISTORY.again)).toHaveLength(1);
    expect((await k.messagesOf(id)).map((m) => m.body)).toEqual(['Oi! Vi o anúncio.', 'Qual o valor?', 'Obrigado', 'Oi de novo']);
    // A new click (another ctwaClid) is a new conversation: it re-enters again.
    await k.updateLead(id, { cliContatoStatus: 3 });
    await fromAd('5511970000006', { sourceId: '2385201', ctwaClid: 'clid-6b' });
    lead = (await k.leadRow(id))!;
    expect(lead).toMatchObject({ adId: '2385201', cliContatoStatus: 1 });
    expect((await events(id)).filter((e) => e.tipo === 'captado-novamente')).toHaveLength(2);
    // First touch kept: it came organically.
    expect(lead.origemPrimeira).toBeNull();
  });

  it('a message without an ad never attributes: an unknown number stays WhatsApp organic', async () => {
    await k.emu$('POST', `/_emulator/instances/${INST}/messages`, { from: '5511970000007', text: 'Oi' });
    await k.settle();
    expect(await leadOf('11970000007')).toMatchObject({ origemCanal: 'whatsapp-organico', adName: null });
  });
});
