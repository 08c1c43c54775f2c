// What the DataTable's tools do to its rows, without React (002 §2.10 "Tables have search, column
// filter, CSV download on some, print on some"): the search over every column or one column
// (accents and case folded, as the server's searches fold them), the sort of a column, and the
// printed page of the rows the table shows.
import type { CsvValue } from '@funil/domain/csv/csv';
import { foldAccents } from '@funil/domain/format/fold';

/** What the tools need of a column (the DataTable's columns have more). */
export type ToolColumn<R> = {
  header: string;
  id?: string;
  value: (row: R) => CsvValue;
  sortValue?: (row: R) => string | number | null | undefined;
  /** A missing value sorts as the smallest, not always last (002 §5 'Insights'). */
  missingSmallest?: boolean;
  noCsv?: boolean;
  noFilter?: boolean;
};

export type SortState = { column: string; direction: 'asc' | 'desc' };

/** The column's key: its id, else its header. */
export const columnKey = (column: { header: string; id?: string }): string => column.id ?? column.header;

const fold = (text: string) => foldAccents(text.toLocaleLowerCase('pt-BR')).trim();
const cellText = (value: CsvValue): string => (value === null || value === undefined ? '' : String(value));

/** The rows whose `column` (or any searchable column) contains `text`, accents and case aside. */
export function searchRows<R>(
  columns: readonly ToolColumn<R>[],
  rows: readonly R[],
  text: string,
  column: string | null,
): readonly R[] {
  const wanted = fold(text);
  if (wanted === '') return rows;
  const searched = columns.filter((c) => !c.noFilter && (column === null || columnKey(c) === column));
  return rows.filter((row) => searched.some((c) => fold(cellText(c.value(row))).includes(wanted)));
}

const collator = new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' });

/** The rows by one column: numbers as numbers, texts in Portuguese order, empty cells last. */
export function sortRows<R>(columns: readonly ToolColumn<R>[], rows: readonly R[], sort: SortState | null): readonly R[] {
  const column = sort ? columns.find((c) => columnKey(c) === sort.column) : undefined;
  if (!sort || !column) return rows;
  const keyOf = column.sortValue ?? column.value;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: keyOf(row) }))
    .sort((a, b) => {
      const aEmpty = a.key === null || a.key === undefined || a.key === '';
      const bEmpty = b.key === null || b.key === undefined || b.key === '';
      // 002 §5 'Insights': a column may sort a missing value as the smallest (first ascending, last descending).
      if ((aEmpty || bEmpty) && column.missingSmallest) return aEmpty === bEmpty ? a.index - b.index : sign * (aEmpty ? -1 : 1);
      if (aEmpty || bEmpty) return aEmpty === bEmpty ? a.index - b.index : aEmpty ? 1 : -1;
      const order =
        typeof a.key === 'number' && typeof b.key === 'number' ? a.key - b.key : collator.compare(String(a.key), String(b.key));
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map((entry) => entry.row);
}

/** The next sort of a header click: ascending, then descending, then the rows' own order. */
export function nextSort(current: SortState | null, column: string): SortState | null {
  if (current?.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : null;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The printed page: the title, then the shown columns (no actions) of every row the table holds after its search and sort. */
export function printDocument<R>(title: string, columns: readonly ToolColumn<R>[], rows: readonly R[]): string {
  const printed = columns.filter((c) => !c.noCsv);
  const head = printed.map((c) => `<th>${escapeHtml(c.header)}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${printed.map((c) => `<td>${escapeHtml(cellText(c.value(row)))}</td>`).join('')}</tr>`)
    .join('');
  return (
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>` +
    'body{font-family:Roboto,Arial,sans-serif;font-size:12px;margin:16px}h1{font-size:18px;margin:0 0 12px}' +
    'table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ccc;padding:4px 6px;text-align:left;vertical-align:top}' +
    'th{font-weight:700}</style></head><body>' +
    `<h1>${escapeHtml(title)}</h1><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></body></html>`
  );
}

/** Prints `html` from a hidden frame (the page around the table stays out of the print), then removes the frame. */
export function printHtml(html: string): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0';
  document.body.appendChild(frame);
  const view = frame.contentWindow;
  if (!view) {
    frame.remove();
    return;
  }
  view.document.open();
  view.document.write(html);
  view.document.close();
  view.addEventListener('afterprint', () => frame.remove(), { once: true });
  view.focus();
  view.print();
  // A browser that prints without 'afterprint' still loses the frame.
  setTimeout(() => frame.remove(), 60_000);
}
