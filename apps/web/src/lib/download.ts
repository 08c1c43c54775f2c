// A file made in the browser handed to the user as a download (the dashboards' PNG and CSV, the
// tables' CSV).
import { csvDocument, type CsvValue } from '@funil/domain/csv/csv';

export type CsvColumn<R> = { header: string; value: (row: R) => CsvValue; noCsv?: boolean };

/**
 * The CSV text of a table's rows, by the one CSV writer of every export (';', a BOM, CRLF; issue 21 item 17); `noCsv` columns
 * (actions) left out.
 */
export function tableCsv<R>(columns: readonly CsvColumn<R>[], rows: readonly R[]): string {
  const exported = columns.filter((column) => !column.noCsv);
  return csvDocument(
    exported.map((column) => column.header),
    rows.map((row) => exported.map((column) => column.value(row))),
  );
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A CSV text (written by `csvDocument` of @funil/domain/csv/csv) as `<fileName>.csv`. */
export function downloadCsvText(text: string, fileName: string): void {
  downloadBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), `${fileName}.csv`);
}
