// The chat search over message text (issue 9; 001 §2 'Busque por contatos e mensagens', §5
// "Search": accent- and case-free): GET whatsapp/clientes finds a lead by a word of its messages
// and answers the matching message with the row; the visibility rule and the unit still hold.
// @pglite-too (vitest.config.ts): text search with PGlite's builds of unaccent and pg_trgm.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildWhatsappClientsPath, emptyFilter, WHATSAPP_CLIENTS_LAYOUT } from '@funil/domain/leads/filter-segments';
import { whatsappClientsResponseSchema } from '@funil/domain/whatsapp-api/legacy-api';

import { createUser } from '../../../demo/builders.ts';
import { TEST_PASSWORD } from '../../../testing/test-app.ts';
import { verifySession } from '../../auth/auth.service.ts';
import { invalidateLeadCounts } from '../../leads/lead-count-cache.ts';
import { listWhatsappClients } from '../../leads/views/chat/whatsapp-clients.repository.ts';
import { startKit, type Kit } from '../whatsapp-test-kit.ts';
import { latestMessageMatches, leadIdsMatchingMessages, messageLeadCondition } from './message-search.service.ts';
import { whatsappMensagens } from './messages.table.ts';

let k: Kit;
let restricted: string;
const ids: Record<string, number> = {};

type Row = { cli_crm_id: number; cli_nome: string; mensagem_encontrada?: { texto: string; fromMe: boolean } | null };
async function search(token: string, texto: string): Promise<Row[]> {
  const path = buildWhatsappClientsPath({ ...emptyFilter(WHATSAPP_CLIENTS_LAYOUT), texto_busca: texto });
  const res = await k.t.as(token, { method: 'GET', url: `/api/${path}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().clientes as Row[];
}

beforeAll(async () => {
  k = await startKit();
  const f = k.t.fixture;
  const db = k.t.database.db;
  const other = await createUser(db, {
    idEmpresa: f.companyA,
    idUnidade: f.unitA1,
    nome: 'Outro',
    email: 'outro@teste.com.br',
    senha: TEST_PASSWORD,
    permissao: 'u',
    idRamal: 0,
  });
  await createUser(db, {
    idEmpresa: f.companyA,
    idUnidade: f.unitA1,
    nome: 'Restrito',
    email: 'restrito@teste.com.br',
    senha: TEST_PASSWORD,
    permissao: 'u',
    idRamal: 0,
  });
  restricted = await k.t.login('restrito@teste.com.br');
  ids.ana = await k.addLead(f.unitA1, f.companyA, 'Ana Lima', '11911110001');
  ids.bia = await k.addLead(f.unitA1, f.companyA, 'Bia Rocha', '11911110002', { idUsuario: other });
  ids.caio = await k.addLead(f.unitA1, f.companyA, 'Caio Orçamento', '11911110003');
  ids.deise = await k.addLead(f.unitA1, f.companyA, 'Deise', '11911110004');
  ids.a2 = await k.addLead(f.unitA2, f.companyA, 'Eva da A2', '21911110005');
  const at = (min: number) => new Date(Date.UTC(2026, 10, 20, 12, min));
  const msg = (
    cliCrmId: number,
    idUnidade: number,
    body: string,
    min: number,
    extra: Partial<typeof whatsappMensagens.$inferInsert> = {},
  ) => ({ idEmpresa: f.companyA, idUnidade, cliCrmId, fromMe: false, mediaType: 'chat', body, criadoEm: at(min), ...extra });
  await db
    .insert(whatsappMensagens)
    .values([
      msg(ids.ana!, f.unitA1, 'Bom dia! Gostaria de um ORÇAMENTO para o pacote completo', 1),
      msg(ids.ana!, f.unitA1, 'o orcamento chegou?', 5),
      msg(ids.ana!, f.unitA1, 'Obrigada', 6),
      msg(ids.bia!, f.unitA1, 'Quero um orçamento também', 2),
      msg(ids.deise!, f.unitA1, 'orçamento apagado', 3, { isDeleted: true }),
      msg(ids.deise!, f.unitA1, '👍 orçamento', 4, { mediaType: 'reaction' }),
      msg(ids.a2!, f.unitA2, 'orçamento na outra unidade', 3),
    ]);
}, 180_000);
afterAll(async () => {
  await k?.close();
});

describe('GET whatsapp/clientes: search over message text (issue 9)', () => {
  it(
    'accent- and case-free: "orcamento" finds the messages written "ORÇAMENTO" and "orçamento", with ' +
      'the newest match in the row',
    async () => {
      const rows = await search(k.tokens.a, 'orcamento');
      const byId = new Map(rows.map((r) => [r.cli_crm_id, r]));
      expect(byId.get(ids.ana!)?.mensagem_encontrada).toMatchObject({ texto: 'o orcamento chegou?', fromMe: false });
      expect(byId.get(ids.bia!)?.mensagem_encontrada?.texto).toBe('Quero um orçamento também');
      // The name still matches; no message of Caio's does.
      expect(byId.get(ids.caio!)?.mensagem_encontrada).toBeNull();
    },
  );
  it('deleted messages and reactions do not match; another unit’s messages never do', async () => {
    const rows = await search(k.tokens.a, 'orçamento');
    expect(rows.map((r) => r.cli_crm_id)).not.toContain(ids.deise);
    expect(rows.map((r) => r.cli_crm_id)).not.toContain(ids.a2);
    expect((await search(k.tokens.uA2, 'orcamento')).map((r) => r.cli_crm_id)).toEqual([ids.a2]);
  });
  it("an attendant without acesso_atribuidos does not find another attendant's lead by its messages", async () => {
    const rows = await search(restricted, 'orcamento');
    expect(rows.map((r) => r.cli_crm_id)).toContain(ids.ana);
    expect(rows.map((r) => r.cli_crm_id)).not.toContain(ids.bia);
  });
  it('the name and phone halves still work and answer no message', async () => {
    expect((await search(k.tokens.a, 'rocha')).map((r) => [r.cli_crm_id, r.mensagem_encontrada])).toEqual([[ids.bia, null]]);
    expect((await search(k.tokens.a, '11110004')).map((r) => r.cli_crm_id)).toEqual([ids.deise]);
  });
  it('texts shorter than 3 characters search names and phones only', async () => {
    expect((await search(k.tokens.a, 'Ob')).map((r) => r.cli_crm_id)).toEqual([]);
  });
  it('a long message is answered as a window around the match', async () => {
    const f = k.t.fixture;
    const long = `${'palavra '.repeat(40)}AGULHA no palheiro ${'fim '.repeat(40)}`;
    await k.t.database.db.insert(whatsappMensagens).values({
      idEmpresa: f.companyA,
      idUnidade: f.unitA1,
      cliCrmId: ids.caio!,
      fromMe: true,
      mediaType: 'chat',
      body: long,
      criadoEm: new Date(),
    });
    const row = (await search(k.tokens.a, 'agulha')).find((r) => r.cli_crm_id === ids.caio);
    expect(row?.mensagem_encontrada?.texto).toMatch(/^….*AGULHA no palheiro.*…$/);
    expect(row!.mensagem_encontrada!.texto.length).toBeLessThanOrEqual(122);
  });
});

// The word rows (whatsapp_palavras_lead, kept by triggers) answer "which leads" without reading the
// messages; they must agree with the messages themselves after inserts, edits and deletions.
describe('the per-lead word rows behind the search (issue 9, docs/decisions.md "Chat search over message text")', () => {
  const db = () => k.t.database.db;
  const unit = () => k.t.fixture.unitA1;
  async function byWords(text: string, rareLimit?: number): Promise<{ page: number[]; count: number[] }> {
    const cond = await messageLeadCondition(db(), unit(), text, sql`leads.cli_crm_id`, rareLimit);
    if (!cond) return { page: [], count: [] };
    const read = async (c: ReturnType<typeof sql>) =>
      (
        (await db().execute(
          sql`select cli_crm_id from leads where id_unidade = ${unit()} and ${c} order by cli_crm_id`,
        )) as unknown as { rows: { cli_crm_id: number }[] }
      ).rows.map((r) => Number(r.cli_crm_id));
    if ('ids' in cond) {
      const ids = [...cond.ids].sort((a, b) => a - b);
      return { page: ids, count: ids };
    }
    return { page: await read(cond.page), count: await read(cond.count) };
  }

  it(
    'word prefixes in any order, accent- and case-free: both plans (rare ids and per-lead probe) and ' +
      'the total agree with the messages',
    async () => {
      for (const text of ['orcamento', 'ORÇAM', 'orcamento pacote', 'pacote orç', 'chegou', 'agulha palheiro']) {
        const truth = await leadIdsMatchingMessages(db(), unit(), text);
        const rare = await byWords(text);
        const frequent = await byWords(text, 0);
        expect(rare, text).toEqual({ page: truth, count: truth });
        expect(frequent, text).toEqual({ page: truth, count: truth });
      }
      expect(await leadIdsMatchingMessages(db(), unit(), 'orcamento pacote')).toEqual([ids.ana]);
      // A word inside another word is not a word start.
      expect(await leadIdsMatchingMessages(db(), unit(), 'camento')).toEqual([]);
      expect((await byWords('camento')).page).toEqual([]);
    },
  );

  it('an edited message stops matching its old words; a deleted one stops matching; the total follows', async () => {
    const f = k.t.fixture;
    const [row] = await db()
      .insert(whatsappMensagens)
      .values({
        idEmpresa: f.companyA,
        idUnidade: f.unitA1,
        cliCrmId: ids.deise!,
        fromMe: false,
        mediaType: 'chat',
        body: 'quero falar de clareamento',
        criadoEm: new Date(),
      })
      .returning({ id: whatsappMensagens.id });
    expect((await byWords('clareamento')).page).toEqual([ids.deise]);
    await db()
      .update(whatsappMensagens)
      .set({ body: 'quero falar de manutenção', editadoEm: new Date() })
      .where(eq(whatsappMensagens.id, row!.id));
    expect((await byWords('clareamento')).page).toEqual([]);
    expect((await byWords('manutencao')).page).toEqual([ids.deise]);
    await db().update(whatsappMensagens).set({ isDeleted: true }).where(eq(whatsappMensagens.id, row!.id));
    for (const limit of [undefined, 0]) expect(await byWords('manutencao', limit)).toEqual({ page: [], count: [] });
    expect(await leadIdsMatchingMessages(db(), unit(), 'manutencao')).toEqual([]);
  });

  it(
    'the chat list answers the same page and total through the per-lead probe as through the ids, and ' +
      'the newest match of each lead',
    async () => {
      const session = await verifySession(db(), k.tokens.a);
      const filter = { ...emptyFilter(WHATSAPP_CLIENTS_LAYOUT), texto_busca: 'orcamento' };
      const rare = whatsappClientsResponseSchema.parse(
        JSON.parse(
          await listWhatsappClients(db(), session, filter, {
            leadCondition: (d, u, t, id) => messageLeadCondition(d, u, t, id),
            latest: latestMessageMatches,
          }),
        ),
      );
      invalidateLeadCounts(db(), [unit()]); // the total is counted again, through the other plan
      const frequent = whatsappClientsResponseSchema.parse(
        JSON.parse(
          await listWhatsappClients(db(), session, filter, {
            leadCondition: (d, u, t, id) => messageLeadCondition(d, u, t, id, 0),
            latest: latestMessageMatches,
          }),
        ),
      );
      expect(frequent.clientes.map((c) => c.cli_crm_id)).toEqual(rare.clientes.map((c) => c.cli_crm_id));
      expect(frequent.total).toBe(rare.total);
      expect(rare.clientes.map((c) => c.cli_crm_id)).toEqual(expect.arrayContaining([ids.ana, ids.bia, ids.caio]));
      expect(rare.clientes.find((c) => c.cli_crm_id === ids.ana)?.mensagem_encontrada?.texto).toBe('o orcamento chegou?');
    },
  );
});
