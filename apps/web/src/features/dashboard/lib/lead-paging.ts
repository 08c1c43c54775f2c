// The lead tables of dashboard v2 (000 §2, §9): 5 rows a page, the only option; the server sends
// 25 rows a page (DASHBOARD_LEADS_PAGE_SIZE), and the table asks for the next one when its page
// index plus 2 is divisible by 5 (leadsPageToFetch, the one rule in packages/domain).
import { DASHBOARD_TABLE_ROWS } from '@funil/domain/dashboard/dashboard-api';

export const ROWS_PER_PAGE = DASHBOARD_TABLE_ROWS;

/** The rows of one table page out of the rows loaded so far. */
export function pageRows<T>(rows: readonly T[], pageIndex: number): T[] {
  return rows.slice(pageIndex * ROWS_PER_PAGE, (pageIndex + 1) * ROWS_PER_PAGE);
}
