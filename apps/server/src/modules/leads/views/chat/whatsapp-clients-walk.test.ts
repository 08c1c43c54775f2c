// The chat's lead list searched by a name (issue 8: 'Busque por contatos e mensagens', 001 §2, whose
// lead half is the CRM's name search; 001 §5 Search): a common name's page is read from the newest
// leads in the chat's order, a rare name's from the name index (nameWalkOrIds). Both ways must
// answer exactly the plain search's rows, in the chat's order, with the visibility rule (001 §6), the
// other filters, the message half and an exact total. 8,000 leads in the unit: "Maria Conceição" is
// one in 40, so the newest NAME_WALK_LIMIT (3,000) hold 75 of them: page 1 is walked, page 2 is not.
// @pglite-too (vitest.config.ts): the walked page against the plain search on both engines (docs/decisions.md, issue 8).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  buildWhatsappClientsPath,
  emptyFilter,
  WHATSAPP_CLIENTS_LAYOUT,
  type WhatsappClientsFilter,
} from '@funil/domain/leads/filter-segments';
import { WHATSAPP_CLIENTS_PAGE_SIZE } from '@funil/domain/whatsapp-api/legacy-api';

import { createUser } from '../../../../demo/builders.ts';
import { TEST_PASSWORD } from '../../../../testing/test-app.ts';
import { startKit, type Kit } from '../../../whatsapp/whatsapp-test-kit.ts';
import { NAME_WALK_LIMIT } from '../../lead-sql.service.ts';
import { invalidateLeadCounts } from '../../leads.service.ts';

const LEADS = 8_000;
let k: Kit;
let admin: string;
let restricted: string;
let other: number;
let firstId: number;

type Answer = { ids: number[]; total: number };
async function search(token: string, filter: Partial<WhatsappClientsFilter>): Promise<Answer> {
  const path = buildWhatsappClientsPath({ ...emptyFilter(WHATSAPP_CLIENTS_LAYOUT), ...filter });
  const res = await k.t.as(token, { method: 'GET', url: `/api/${path}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { clientes: { cli_crm_id: number }[]; total: number };
  return { ids: body.clientes.map((c) => c.cli_crm_id), total: body.total };
}

/** The leads numbered `g` (1 = newest captured) that pass `keep`, newest first, as ids. */
const byG = (keep: (g: number) => boolean): number[] =>
  Array.from({ length: LEADS }, (_, i) => i + 1)
    .filter(keep)
    .map((g) => firstId + g - 1);
const page = (all: number[], n: number) => all.slice((n - 1) * WHATSAPP_CLIENTS_PAGE_SIZE, n * WHATSAPP_CLIENTS_PAGE_SIZE);

beforeAll(async () => {
  k = await startKit();
  const f = k.t.fixture;
  const db = k.t.database.db;
  other = await createUser(db, {
    idEmpresa: f.companyA,
    idUnidade: f.unitA1,
    nome: 'Outra',
    email: 'outra@teste.com.br',
    senha: TEST_PASSWORD,
    permissao: 'u',
    idRamal: 0,
  });
  await createUser(db, {
    idEmpresa: f.companyA,
    idUnidade: f.unitA1,
    nome: 'Restrita',
    email: 'restrita@teste.com.br',
    senha: TEST_PASSWORD,
    permissao: 'u',
    idRamal: 0,
  });
  admin = await k.t.login(f.users.a.email);
  restricted = await k.t.login('restrita@teste.com.br');
  // Lead g: captured g minutes ago; every 40th is a Maria Conceição, three old ones are Zuleica
  // (rare, beyond the newest 3,000), every 3rd is another attendant's, status 1 + g % 8.
  const { rows } = (await db.execute(sql`insert into leads (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave,
      cli_status_negociacao, cli_data_captacao, id_usuario)
    select ${f.companyA}, ${f.unitA1},
      case when g % 40 = 0 then 'Maria Conceição ' || g when g in (5001, 6001, 7001) then 'Zuleica Prado' else 'Lead ' || g end,
      '1191' || lpad(g::text, 7, '0'), '111' || lpad(g::text, 7, '0'), 1 + g % 8, now() - (g || ' minutes')::interval,
      case when g % 3 = 0 then ${other}::int end
    from generate_series(1, ${LEADS}) as g order by g returning cli_crm_id`)) as unknown as { rows: { cli_crm_id: number }[] };
  firstId = Math.min(...rows.map((r) => Number(r.cli_crm_id)));
  expect(Math.max(...rows.map((r) => Number(r.cli_crm_id)))).toBe(firstId + LEADS - 1);
  // Another unit's Maria is never found.
  await k.addLead(f.unitA2, f.companyA, 'Maria da A2', '21911110005');
  await db.execute(sql`vacuum analyze leads`);
}, 180_000);
afterAll(async () => {
  await k?.close();
});

describe('the chat list searched by a name (nameWalkOrIds)', () => {
  const maria = (g: number) => g % 40 === 0;
  it("is a walk on page 1 and the name index on page 2, both the plain search's rows and the exact total", async () => {
    expect(NAME_WALK_LIMIT / 40).toBeGreaterThan(WHATSAPP_CLIENTS_PAGE_SIZE);
    expect(NAME_WALK_LIMIT / 40).toBeLessThan(2 * WHATSAPP_CLIENTS_PAGE_SIZE);
    const all = byG(maria);
    for (const n of [1, 2, 3, 4]) {
      const got = await search(admin, { texto_busca: 'conc mar', page: n });
      expect(got.ids, `página ${n}`).toEqual(page(all, n));
      expect(got.total).toBe(all.length);
    }
  });

  it('keeps the visibility rule (001 §6) and the other filters', async () => {
    const visible = byG((g) => maria(g) && g % 3 !== 0);
    for (const n of [1, 2]) expect((await search(restricted, { texto_busca: 'maria', page: n })).ids).toEqual(page(visible, n));
    expect((await search(restricted, { texto_busca: 'maria' })).total).toBe(visible.length);
    // Status 1 is g % 8 = 0: every Maria; status 2 none of them.
    expect((await search(admin, { texto_busca: 'maria', cli_status_negociacao: 1 })).ids).toEqual(page(byG(maria), 1));
    expect(await search(admin, { texto_busca: 'maria', cli_status_negociacao: 2 })).toEqual({ ids: [], total: 0 });
  });

  it('finds a rare name beyond the newest leads, and adds the leads whose messages match', async () => {
    expect(await search(admin, { texto_busca: 'zuleica' })).toEqual({
      ids: byG((g) => [5001, 6001, 7001].includes(g)),
      total: 3,
    });
    const g2 = firstId + 1;
    await k.t.database.db
      .execute(sql`insert into whatsapp_mensagens (id_empresa, id_unidade, cli_crm_id, from_me, media_type, body, criado_em)
      values (${k.t.fixture.companyA}, ${k.t.fixture.unitA1}, ${g2}, false, 'chat', 'Quero falar com a Zuleica amanhã', now())`);
    // Bare SQL: the unit's cached totals are dropped by hand.
    invalidateLeadCounts(k.t.database.db, [k.t.fixture.unitA1]);
    const got = await search(admin, { texto_busca: 'zuleica' });
    expect(got.ids).toEqual([g2, ...byG((g) => [5001, 6001, 7001].includes(g))]);
    expect(got.total).toBe(4);
  });
});
