// The list statements match the list indexes (docs/performance.md "Lead list"): same column
// order, same ORDER BY (DESC = NULLS FIRST), same `desativado = 0` predicate. Checked with EXPLAIN
// on a unit of a few thousand leads, with the planner's alternatives to an index (sequential and
// bitmap scans, sorting) priced out, so a mismatch shows as a Sort or another index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { emptyFilter, CONTACT_LIST_LAYOUT, type ContactListFilter } from '@funil/domain/leads/filter-segments';
import { openTestDatabase, seedFixture, type Fixture, type TestDatabase } from '../../testing/test-app.ts';
import { asDrizzleSql, leadListStatements, type LeadScope, type ListOptions, type SqlStatement } from './leads.repository.ts';

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
    await db.execute(sql`insert into leads (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave, cli_status_negociacao, cli_data_captacao, id_usuario, desativado)
      select ${f.companyA}, ${unit}, case when g % 40 = 0 then 'Maria Conceição ' || g else 'Lead ' || g end, '1190000' || lpad(g::text, 4, '0'), '110000' || lpad(g::text, 4, '0'), 1 + g % 8,
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

const options = (filter: Partial<ContactListFilter> = {}, capturedSince?: Date): ListOptions => ({ filter: { ...emptyFilter(CONTACT_LIST_LAYOUT), ...filter }, ...(capturedSince ? { capturedSince } : {}) });

describe('lead list statements and the list indexes', () => {
  const admin = (): LeadScope => ({ empresaId: f.companyA, unidadeId: f.unitA1, userId: f.users.a.id, seesAssigned: true });
  const attendant = (): LeadScope => ({ empresaId: f.companyA, unidadeId: f.unitA1, userId: f.users.u.id, seesAssigned: false });

  it('the whole unit: the page walks leads_lista_idx in order (no Sort), the total is index-only', async () => {
    const { page, count } = leadListStatements(admin(), options());
    const pagePlan = await plan(page);
    expect(pagePlan).toContain('Index Scan using leads_lista_idx');
    expect(pagePlan).not.toMatch(/Sort Key: leads\./);
    expect(await plan(count)).toContain('Index Only Scan using leads_lista_idx');
  });

  it("contato/crm's window and an attendant's visibility stay on leads_lista_idx (id_usuario included)", async () => {
    const since = new Date(Date.now() - 62 * 86_400_000);
    const { page, count } = leadListStatements(attendant(), options({}, since));
    const pagePlan = await plan(page);
    expect(pagePlan).toContain('Index Scan using leads_lista_idx');
    expect(pagePlan).not.toMatch(/Sort Key: leads\./);
    expect(await plan(count)).toContain('Index Only Scan using leads_lista_idx');
  });

  it('a negotiation-status filter walks leads_lista_status_idx in order', async () => {
    const { page } = leadListStatements(admin(), options({ cli_status_negociacao: 4 }));
    const pagePlan = await plan(page);
    expect(pagePlan).toContain('leads_lista_status_idx');
    expect(pagePlan).not.toMatch(/Sort Key: leads\./);
  });

  it('a name search reads the unit-aware trigram index (unit and name in one GIN condition), page and total', async () => {
    const { page, count } = leadListStatements(admin(), options({ texto_busca: 'conceicao' }));
    for (const statement of [page, count]) {
      const p = await plan(statement, 'bitmap');
      expect(p).toContain('Bitmap Index Scan on leads_unidade_nome_trgm_idx');
      expect(p).toMatch(/Index Cond: \(\(id_unidade = \d+\) AND \(immutable_unaccent\(lower/);
    }
  });

  it('a phone search reads both unit-aware trigram indexes (name or phone digits)', async () => {
    const { page } = leadListStatements(attendant(), options({ texto_busca: '900012' }));
    const p = await plan(page, 'bitmap');
    expect(p).toContain('Bitmap Index Scan on leads_unidade_nome_trgm_idx');
    expect(p).toContain('Bitmap Index Scan on leads_unidade_telefone_trgm_idx');
  });
});
