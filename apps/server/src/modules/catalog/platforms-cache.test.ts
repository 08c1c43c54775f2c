// Issue 23 (leftovers): the platforms list read per lead by capture and the Lead Ads intake is cached per database
// handle, so two apps (two databases) in one process never read each other's list (002 §2.10 "plataformas").
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../../testing/test-app.ts';
import { platformsCached } from './catalog.service.ts';
import { plataformas } from './catalog.table.ts';

let first: TestDatabase;
let second: TestDatabase;
beforeAll(async () => {
  [first, second] = await Promise.all([openTestDatabase(), openTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([first.drop(), second.drop()]);
});

describe('platformsCached', () => {
  it('keeps one list per database: each database reads its own platforms, not the first one cached', async () => {
    // The test databases start empty: each gets its own list, same id, different names.
    await first.db.insert(plataformas).values({ id: 1, nome: 'Facebook' });
    await second.db.insert(plataformas).values({ id: 1, nome: 'Instagram' });

    expect(await platformsCached(first.db)).toEqual([{ id: 1, nome: 'Facebook' }]);
    expect(await platformsCached(second.db)).toEqual([{ id: 1, nome: 'Instagram' }]);
    // Within the minute the list is cached: a change in the database shows after it, never in the other database.
    await second.db.update(plataformas).set({ nome: 'Outra' }).where(eq(plataformas.id, 1));
    expect(await platformsCached(second.db)).toEqual([{ id: 1, nome: 'Instagram' }]);
    expect(await platformsCached(first.db)).toEqual([{ id: 1, nome: 'Facebook' }]);
  });
});
