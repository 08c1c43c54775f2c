import { describe, expect, it } from 'vitest';
import { batchesNeeded, fetchesNextBatch, pageRows, ROWS_PER_PAGE } from './lead-paging.ts';

describe('lead tables paging (000 §2 "the next page is fetched when the page index plus 2 is divisible by 5", §9)', () => {
  it('shows 5 rows a page', () => {
    expect(ROWS_PER_PAGE).toBe(5);
    const rows = Array.from({ length: 12 }, (_, i) => i);
    expect(pageRows(rows, 0)).toEqual([0, 1, 2, 3, 4]);
    expect(pageRows(rows, 2)).toEqual([10, 11]);
  });

  it('asks for the next batch on pages 3, 8, 13 (0-based) only', () => {
    const asking = Array.from({ length: 20 }, (_, page) => page).filter(fetchesNextBatch);
    expect(asking).toEqual([3, 8, 13, 18]);
  });

  it('keeps the batch that holds a page loaded before the page is reached', () => {
    expect([0, 1, 2].map(batchesNeeded)).toEqual([1, 1, 1]);
    expect([3, 4, 5, 6, 7].map(batchesNeeded)).toEqual([2, 2, 2, 2, 2]);
    expect(batchesNeeded(8)).toBe(3);
    // Every page's rows lie inside the batches loaded for it (25 rows a batch).
    for (let page = 0; page < 40; page += 1) expect((page + 1) * ROWS_PER_PAGE).toBeLessThanOrEqual(batchesNeeded(page) * 25);
  });
});
