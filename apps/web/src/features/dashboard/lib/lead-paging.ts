// The lead tables of dashboard v2 (000 §2, §9): 5 rows a page, the only option; the leads come from
// the server a batch at a time, and the next batch is asked for when the page index plus 2 is
// divisible by 5, i.e. on pages 3, 8, 13… (0-based), two pages before the loaded rows run out.

/** 000 §9: data tables show 5 rows per page, the only option. */
export const ROWS_PER_PAGE = 5;
/** Table pages a server batch fills: the rule "page index + 2 divisible by 5" fetches every 5 pages. */
export const PAGES_PER_BATCH = 5;
export const ROWS_PER_BATCH = ROWS_PER_PAGE * PAGES_PER_BATCH;

/** 000 §2: whether arriving on this table page (0-based) asks the server for the next batch. */
export function fetchesNextBatch(pageIndex: number): boolean {
  return pageIndex >= 0 && (pageIndex + 2) % PAGES_PER_BATCH === 0;
}

/** How many server batches (1-based pages of dashboard/atendimento-leads) must be loaded to show a table page. */
export function batchesNeeded(pageIndex: number): number {
  return 1 + Math.floor((Math.max(0, pageIndex) + 2) / PAGES_PER_BATCH);
}

/** The rows of one table page out of the rows loaded so far. */
export function pageRows<T>(rows: readonly T[], pageIndex: number): T[] {
  return rows.slice(pageIndex * ROWS_PER_PAGE, (pageIndex + 1) * ROWS_PER_PAGE);
}
