// The list statements match the list indexes (docs/performance.md "Lead list"): same column
// order, same ORDER BY (DESC = NULLS FIRST), same `desativado = 0` predicate. Checked with EXPLAIN
// on a unit of a few thousand leads, with the planner's alternatives to an index (sequential and
// bitmap scans, sorting) priced out, so a mismatch shows as a Sort or another index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { emptyFilter, CONTACT_LIST_LAYOUT, type ContactListFilter } from '@funil/domain/leads/filter-segments';
import { openTestDatabase, seedFixture, type Fixture, type TestDatabase } from '../../testing/test-app.ts';
import { leadListStatements, type LeadScope, type ListOptions } from './leads.repository.ts';

let database: TestDatabase;
let f: Fixture;
beforeAll(async () => {
  database = await openTestDatabase();
  f = await seedFixture(database);
  const db = database.db;
  // 4,000 live leads in A1 (statuses 1–8, half assigned), 200 deleted, 1,000 in A2.
  for (const [unit, n, deleted] of [
    [f.unitA1, 4000, 0],
    [f.unitA1, 200, 1],
    [f.unitA2, 1000, 0],
  ] as const) {
    await db.execute(sql`insert into leads (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave, cli_status_negociacao, cli_data_captacao, id_usuario, desativado)
      select ${f.companyA}, ${unit}, 'Lead ' || g, '1190000' || lpad(g::text, 4, '0'), '110000' || lpad(g::text, 4, '0'), 1 + g % 8,
        now() - (g || ' minutes')::interval, case when g % 2 = 0 then ${f.users.a.id}::int end, ${deleted}
      from generate_series(1, ${n}) as g`);
  }
  // VACUUM sets the visibility map, without which no count is planned index-only.
  await db.execute(sql`vacuum analyze leads`);
});
afterAll(async () => {
  await database.drop();
});

async function plan(statement: SQLWrapper): Promise<string> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    const result = (await tx.execute(sql`explain ${statement}`)) as unknown as { rows: Record<string, unknown>[] };
    return result.rows.map((r) => String(Object.values(r)[0])).join('\n');
  });
}

const options = (filter: Partial<ContactListFilter> = {}, capturedSince?: Date): ListOptions => ({ filter: { ...emptyFilter(CONTACT_LIST_LAYOUT), ...filter }, ...(capturedSince ? { capturedSince } : {}) });

describe('lead list statements and the list indexes', () => {
  const admin = (): LeadScope => ({ empresaId: f.companyA, unidadeId: f.unitA1, userId: f.users.a.id, seesAssigned: true });
  const attendant = (): LeadScope => ({ empresaId: f.companyA, unidadeId: f.unitA1, userId: f.users.u.id, seesAssigned: false });

  it('the whole unit: the page walks leads_lista_idx in order (no Sort), the total is index-only', async () => {
    const { page, count } = leadListStatements(database.db, admin(), options());
    const pagePlan = await plan(page);
    expect(pagePlan).toContain('Index Scan using leads_lista_idx');
    expect(pagePlan).not.toMatch(/Sort Key: leads\./);
    expect(await plan(count)).toContain('Index Only Scan using leads_lista_idx');
  });

  it("contato/crm's window and an attendant's visibility stay on leads_lista_idx (id_usuario included)", async () => {
    const since = new Date(Date.now() - 62 * 86_400_000);
    const { page, count } = leadListStatements(database.db, attendant(), options({}, since));
    const pagePlan = await plan(page);
    expect(pagePlan).toContain('Index Scan using leads_lista_idx');
    expect(pagePlan).not.toMatch(/Sort Key: leads\./);
    expect(await plan(count)).toContain('Index Only Scan using leads_lista_idx');
  });

  it('a negotiation-status filter walks leads_lista_status_idx in order', async () => {
    const { page } = leadListStatements(database.db, admin(), options({ cli_status_negociacao: 4 }));
    const pagePlan = await plan(page);
    expect(pagePlan).toContain('leads_lista_status_idx');
    expect(pagePlan).not.toMatch(/Sort Key: leads\./);
  });
});
