import { describe, expect, it } from 'vitest';

import { DASHBOARD_LEADS_PAGE_SIZE, leadsPageToFetch } from '@funil/domain/dashboard/dashboard-api';

import { pageRows, ROWS_PER_PAGE } from './lead-paging.ts';

describe('lead tables paging (000 §2 "the next page is fetched when the page index plus 2 is divisible by 5", §9)', () => {
  it('shows 5 rows a page, the only option', () => {
    expect(ROWS_PER_PAGE).toBe(5);
    const rows = Array.from({ length: 12 }, (_, i) => i);
    expect(pageRows(rows, 0)).toEqual([0, 1, 2, 3, 4]);
    expect(pageRows(rows, 2)).toEqual([10, 11]);
  });

  it('asks for server page 2 on table page 3, page 3 on table page 8, …, each before its rows are needed', () => {
    const asks = Array.from({ length: 20 }, (_, page) => [page, leadsPageToFetch(page)] as const).filter(
      ([, next]) => next !== null,
    );
    expect(asks).toEqual([
      [3, 2],
      [8, 3],
      [13, 4],
      [18, 5],
    ]);
    // The server page asked on table page p holds table pages 5(n−1)…5n−1, all after p.
    for (const [page, next] of asks)
      expect((next! - 1) * DASHBOARD_LEADS_PAGE_SIZE).toBeGreaterThan((page + 1) * ROWS_PER_PAGE - 1);
  });
});
