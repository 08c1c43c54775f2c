// The list statements match the list indexes (docs/performance.md "Lead list"): same column
// order, same ORDER BY (DESC = NULLS FIRST), same `desativado = 0` predicate. Checked with EXPLAIN
// on a unit of a few thousand leads, with the planner's alternatives to an index (sequential and
// bitmap scans, sorting) priced out, so a mismatch shows as a Sort or another index.
// @pglite-too (vitest.config.ts): the planner's choices on PGlite's build.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CONTACT_LIST_LAYOUT, emptyFilter, type ContactListFilter } from '@funil/domain/leads/filter-segments';

import { openTestDatabase, seedFixture, type Fixture, type TestDatabase } from '../../../../testing/test-app.ts';
import { asDrizzleSql, NAME_WALK_LIMIT, type ListOptions, type SqlStatement } from '../../lead-sql.service.ts';
import type { LeadScope } from '../../leads.service.ts';
import { leadListStatements } from './contact-list.repository.ts';

let database: TestDatabase;
let f: Fixture;
beforeAll(async () => {
  database = await openTestDatabase();
  f = await seedFixture(database);
  const db = database.db;
  // 4,000 live leads in A1 (statuses 1–8, half assigned, one in 40 named 'Maria Conceição'), 200 deleted, 1,000 in A2.
  for (const [unit, n, deleted] of [
    [f.unitA1, 4000, 0],
    [f.unitA1, 200, 1],
    [f.unitA2, 1000, 0],
  ] as const) {
    await db.execute(sql`insert into leads (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave,
      cli_status_negociacao, cli_data_captacao, id_usuario, desativado)
      select ${f.companyA}, ${unit}, case when g % 40 = 0 then 'Maria Conceição ' || g else 'Lead ' || g end, '1190000' ||
        lpad(g::text, 4, '0'), '110000' || lpad(g::text, 4, '0'), 1 + g % 8,
        now() - (g || ' minutes')::interval, case when g % 2 = 0 then ${f.users.a.id}::int end, ${deleted}
      from generate_series(1, ${n}) as g`);
  }
  // VACUUM sets the visibility map, without which no count is planned index-only.
  await db.execute(sql`vacuum analyze leads`);
});
afterAll(async () => {
  await database.drop();
});

/** The plan of a statement; `scans: 'bitmap'` leaves bitmap scans only (GIN has no other), else plain index scans. */
async function plan(statement: SqlStatement, scans: 'index' | 'bitmap' = 'index'): Promise<string> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    if (scans === 'index') {
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
    } else {
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local enable_indexonlyscan = off`);
    }
    const result = (await tx.execute(sql`explain ${asDrizzleSql(statement)}`)) as unknown as { rows: Record<string, unknown>[] };
    return result.rows.map((r) => String(Object.values(r)[0])).join('\n');
  });
}

const options = (filter: Partial<ContactListFilter> = {}, capturedSince?: Date): ListOptions => ({
  filter: { ...emptyFilter(CONTACT_LIST_LAYOUT), ...filter },
  ...(capturedSince ? { capturedSince } : {}),
});

describe('lead list statements and the list indexes', () => {
  const admin = (): LeadScope => ({ empresaId: f.companyA, unidadeId: f.unitA1, userId: f.users.a.id, seesAssigned: true });
  const attendant = (): LeadScope => ({ empresaId: f.companyA, unidadeId: f.unitA1, userId: f.users.u.id, seesAssigned: false });

  it('the whole unit: the page walks leads_lista_idx in order (no Sort), the total is index-only', async () => {
    const { page, count } = leadListStatements(admin(), options());
    const pagePlan = await plan(page);
    expect(pagePlan).toContain('Index Scan using leads_lista_idx');
    expect(pagePlan).not.toMatch(/Sort Key: leads\./);
    // Index-only on one of the unit's live-lead indexes: leads_lista_idx, or the pipeline's covering
    // indexes of issue 11 (same unit-first prefix, same desativado = 0 predicate), whichever is smaller.
    expect(await plan(count)).toMatch(/Index Only Scan using leads_(lista|pipeline_\w+)_idx/);
  });

  it("contato/crm's window and an attendant's visibility stay on leads_lista_idx (id_usuario included)", async () => {
    const since = new Date(Date.now() - 62 * 86_400_000);
    const { page, count } = leadListStatements(attendant(), options({}, since));
    const pagePlan = await plan(page);
    expect(pagePlan).toContain('Index Scan using leads_lista_idx');
    expect(pagePlan).not.toMatch(/Sort Key: leads\./);
    // Index-only on one of the unit's live-lead indexes: leads_lista_idx, or the pipeline's covering
    // indexes of issue 11 (same unit-first prefix, same desativado = 0 predicate), whichever is smaller.
    expect(await plan(count)).toMatch(/Index Only Scan using leads_(lista|pipeline_\w+)_idx/);
  });

  it('a negotiation-status filter walks leads_lista_status_idx in order', async () => {
    const { page } = leadListStatements(admin(), options({ cli_status_negociacao: 4 }));
    const pagePlan = await plan(page);
    expect(pagePlan).toContain('leads_lista_status_idx');
    expect(pagePlan).not.toMatch(/Sort Key: leads\./);
  });

  // docs/decisions.md "Lead name search": the words of the name are indexed qualified by the unit.
  it("a name search reads only its unit's entries of leads_unidade_nome_palavras_idx (word prefixes), page and total", async () => {
    const { page, count } = leadListStatements(admin(), options({ texto_busca: 'Conceição' }));
    for (const statement of [page, count]) {
      const p = await plan(statement, 'bitmap');
      expect(p).toContain('Bitmap Index Scan on leads_unidade_nome_palavras_idx');
      expect(p).toContain(`Index Cond: (cli_nome_palavras @@ '''${f.unitA1}uconceicao'':*'::tsquery)`);
      // The name index alone: no bitmap of the unit's whole range ANDed to it.
      expect(p).not.toContain('BitmapAnd');
    }
    const countPlan = await plan(count, 'bitmap');
    expect(countPlan).toMatch(/Filter: .*\(\(l\.id_unidade \+ 0\) = \d+\)|Filter: .*\(\(id_unidade \+ 0\) = \d+\)/);
  });

  // Issue 8: a name alone is first looked for among the newest NAME_WALK_LIMIT leads of the other
  // conditions, index-only on leads_lista_idx (which includes the words); the name index is read
  // only when those hold fewer matches than the page needs.
  const analyzed = async (statement: SqlStatement): Promise<string> => {
    const result = (await database.db.execute(
      sql`explain (analyze, costs off, timing off) ${asDrizzleSql(statement)}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    return result.rows.map((r) => String(Object.values(r)[0])).join('\n');
  };
  /** The lines of a plan from the first one containing `marker` to the end of its subtree. */
  const subtree = (text: string, marker: string): string => {
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.includes(marker));
    if (at < 0) return '';
    const indent = lines[at]!.search(/\S/);
    const end = lines.findIndex((l, i) => i > at && l.trim() !== '' && l.search(/\S/) <= indent);
    return lines.slice(at, end < 0 ? undefined : end).join('\n');
  };
  const pageRows = async (statement: SqlStatement) =>
    JSON.parse(
      String(((await database.db.execute(asDrizzleSql(statement))) as unknown as { rows: { page: string }[] }).rows[0]?.page),
    ) as { cli_crm_id: number; cli_nome: string }[];

  it('a common name fills its page from the newest leads, index-only on leads_lista_idx; the name index is not read', async () => {
    // 'Maria Conceição' is 1 lead in 40: 75 of the newest 3,000, more than a page.
    const p = await analyzed(
      leadListStatements(attendant(), options({ texto_busca: 'conc' }, new Date(Date.now() - 62 * 86_400_000))).page,
    );
    expect(subtree(p, 'CTE recent')).toContain('Index Only Scan using leads_lista_idx');
    expect(subtree(p, 'Bitmap Index Scan on leads_unidade_nome_palavras_idx')).toContain('(never executed)');
  });

  it('a rare name, absent from the newest leads, is read from the name index (the walk stops at NAME_WALK_LIMIT)', async () => {
    expect(NAME_WALK_LIMIT).toBe(3000);
    // 'Lead 3999' was captured 3,999 minutes ago: behind the 3,000 newest.
    const statement = leadListStatements(admin(), options({ texto_busca: 'lead 3999' })).page;
    const byIndex = subtree(await analyzed(statement), 'Bitmap Index Scan on leads_unidade_nome_palavras_idx');
    expect(byIndex).not.toBe('');
    expect(byIndex).not.toContain('never executed');
    expect((await pageRows(statement)).map((r) => r.cli_nome)).toEqual(['Lead 3999']);
  });

  it('both ways answer the rows of the plain search, in the list order, on every page', async () => {
    // 'lead 1' matches 1, 10–19, 100–199, 1000–1999 (1,111 leads): pages 1–3 come from the walk, page 30 from the name index.
    for (const page of [1, 2, 3, 22, 23, 30]) {
      const viaStatement = await pageRows(leadListStatements(admin(), options({ texto_busca: 'lead 1', page })).page);
      const expected = (
        (await database.db.execute(sql`select l.cli_crm_id from leads l where l.id_unidade = ${f.unitA1} and l.desativado = 0
        and l.cli_nome_palavras @@ to_tsquery('simple', ${`${f.unitA1}ulead:* & ${f.unitA1}u1:*`}) order by l.cli_data_captacao
          desc, l.cli_crm_id desc limit 50 offset ${(page - 1) * 50}`)) as unknown as {
          rows: { cli_crm_id: number }[];
        }
      ).rows;
      expect(viaStatement.map((r) => Number(r.cli_crm_id))).toEqual(expected.map((r) => Number(r.cli_crm_id)));
    }
  });

  it('"maria conc" finds the word prefixes in any order, only in the unit, and the count agrees', async () => {
    const run = async (statement: SqlStatement) =>
      ((await database.db.execute(asDrizzleSql(statement))) as unknown as { rows: Record<string, unknown>[] }).rows;
    for (const term of ['maria conc', 'CONC mar', 'conceicao']) {
      const { page, count } = leadListStatements(admin(), options({ texto_busca: term }));
      // The page is one JSON array text (CRM_CONTATO_SQL).
      const rows = JSON.parse(String((await run(page))[0]?.page)) as { cli_nome: string }[];
      expect(rows).toHaveLength(50);
      expect(rows.every((r) => r.cli_nome.startsWith('Maria Conceição '))).toBe(true);
      expect(Number((await run(count))[0]?.total)).toBe(100);
    }
    const other = leadListStatements({ ...admin(), unidadeId: f.unitA2 }, options({ texto_busca: 'conc' }));
    expect(Number((await run(other.count))[0]?.total)).toBe(25);
    // A word's middle is not a word's start (001 §5 as attendants type: word prefixes).
    expect(Number((await run(leadListStatements(admin(), options({ texto_busca: 'onceicao' })).count))[0]?.total)).toBe(0);
  });

  it('a phone search reads the name words and the unit-aware phone trigrams (name or phone digits)', async () => {
    const { page } = leadListStatements(attendant(), options({ texto_busca: '900012' }));
    const p = await plan(page, 'bitmap');
    expect(p).toContain('Bitmap Index Scan on leads_unidade_nome_palavras_idx');
    expect(p).toContain('Bitmap Index Scan on leads_unidade_telefone_trgm_idx');
  });
});
