// Beyond the spec (issue 14): a chart is exported as PNG and a table as CSV, in pt-BR (BRL with
// 'R$', dates DD/MM/YYYY), so a manager pastes the morning's numbers into a report as they are.
import { csvLine } from '@funil/domain/pipeline/pipeline';

export type CsvColumn<R> = { header: string; value: (row: R) => string | number | null | undefined };

/** The CSV text of a table: a BOM (spreadsheets then read the accents right), the header, one line per row. */
export function tableCsv<R>(columns: readonly CsvColumn<R>[], rows: readonly R[]): string {
  return `\ufeff${csvLine(columns.map((c) => c.header))}${rows.map((row) => csvLine(columns.map((c) => c.value(row)))).join('')}`;
}

/** A file name from a title: 'Leads Por Campanha' → 'leads-por-campanha'. */
export function fileNameOf(title: string): string {
  return (
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'dashboard'
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

export function downloadCsv<R>(title: string, columns: readonly CsvColumn<R>[], rows: readonly R[]): void {
  downloadBlob(new Blob([tableCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), `${fileNameOf(title)}.csv`);
}

/**
 * Draws the chart's SVG (Recharts renders one) on a white canvas at twice its size, with the title
 * above it, and downloads it as PNG.
 */
export async function downloadChartPng(container: HTMLElement, title: string): Promise<void> {
  const svg = container.querySelector('svg.recharts-surface') ?? container.querySelector('svg');
  if (!svg) throw new Error('Nenhum gráfico para exportar.');
  const box = svg.getBoundingClientRect();
  const width = Math.max(1, Math.round(box.width));
  const height = Math.max(1, Math.round(box.height));
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  // The chart's text takes the page's font; an SVG drawn as an image does not inherit it.
  clone.setAttribute('font-family', getComputedStyle(container).fontFamily);
  const source = new XMLSerializer().serializeToString(clone);
  const image = new Image();
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('Não foi possível desenhar o gráfico.'));
  });
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
  await loaded;
  const scale = 2;
  const header = 40;
  const canvas = document.createElement('canvas');
  canvas.width = width * scale;
  canvas.height = (height + header) * scale;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Não foi possível desenhar o gráfico.');
  context.scale(scale, scale);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height + header);
  context.fillStyle = '#1f2937';
  context.font = `600 16px ${getComputedStyle(container).fontFamily}`;
  context.fillText(title, 12, 26);
  context.drawImage(image, 0, header, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('Não foi possível exportar o gráfico.');
  downloadBlob(blob, `${fileNameOf(title)}.png`);
}
