// A file made in the browser handed to the user as a download (the dashboards' PNG and CSV, the
// admin tables' CSV).

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
