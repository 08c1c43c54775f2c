// Beyond the spec (issue 14): a chart is exported as PNG and a table as CSV, in pt-BR (BRL with
// 'R$', dates DD/MM/YYYY), so a manager pastes the morning's numbers into a report as they are.
import { foldAccents } from '@funil/domain/format/fold';

import { downloadBlob, downloadCsvText, tableCsv, type CsvColumn } from '../../../lib/download.ts';

/** A file name from a title: 'Leads Por Campanha' → 'leads-por-campanha'. */
export function fileNameOf(title: string): string {
  return (
    foldAccents(title)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'dashboard'
  );
}

export function downloadCsv<R>(title: string, columns: readonly CsvColumn<R>[], rows: readonly R[]): void {
  downloadCsvText(tableCsv(columns, rows), fileNameOf(title));
}

type LegendEntry = { text: string; color: string };

/** The chart's own drawing: Recharts' main SVG (its legend icons are small SVGs too, skipped). */
function chartSvg(container: HTMLElement): SVGSVGElement | null {
  const main = container.querySelector<SVGSVGElement>('.recharts-wrapper > svg');
  if (main) return main;
  const all = Array.from(container.querySelectorAll<SVGSVGElement>('svg'));
  const area = (svg: SVGSVGElement) => svg.getBoundingClientRect().width * svg.getBoundingClientRect().height;
  return all.sort((a, b) => area(b) - area(a))[0] ?? null;
}

/** Recharts draws the legend in HTML: its entries are read back to be painted under the chart. */
function legendOf(container: HTMLElement): LegendEntry[] {
  return Array.from(container.querySelectorAll('.recharts-legend-item')).map((item) => {
    const shape = item.querySelector('path, circle, rect');
    return {
      text: (item.textContent ?? '').trim(),
      color: shape?.getAttribute('fill') ?? shape?.getAttribute('stroke') ?? '#1f2937',
    };
  });
}

/**
 * Draws the chart's SVG (Recharts renders one) on a white canvas at twice its size, with the title
 * above it and the legend under it, and downloads it as PNG.
 */
export async function downloadChartPng(container: HTMLElement, title: string): Promise<void> {
  const svg = chartSvg(container);
  if (!svg) throw new Error('Nenhum gráfico para exportar.');
  const box = svg.getBoundingClientRect();
  const width = Math.max(1, Math.round(box.width));
  const height = Math.max(1, Math.round(box.height));
  const fontFamily = getComputedStyle(container).fontFamily;
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  // The chart's text takes the page's font; an SVG drawn as an image does not inherit it.
  clone.setAttribute('font-family', fontFamily);
  const source = new XMLSerializer().serializeToString(clone);
  const image = new Image();
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('Não foi possível desenhar o gráfico.'));
  });
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
  await loaded;

  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Não foi possível desenhar o gráfico.');
  // The legend's entries laid out in rows as wide as the chart.
  context.font = `13px ${fontFamily}`;
  const legend = legendOf(container);
  const rows: { entry: LegendEntry; x: number; y: number }[] = [];
  let x = 12;
  let y = 0;
  for (const entry of legend) {
    const w = 18 + context.measureText(entry.text).width + 16;
    if (x + w > width && x > 12) {
      x = 12;
      y += 22;
    }
    rows.push({ entry, x, y });
    x += w;
  }
  const header = 40;
  const legendHeight = legend.length > 0 ? y + 34 : 0;
  const scale = 2;
  canvas.width = width * scale;
  canvas.height = (header + height + legendHeight) * scale;
  context.scale(scale, scale);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, header + height + legendHeight);
  context.fillStyle = '#1f2937';
  context.font = `600 16px ${fontFamily}`;
  context.fillText(title, 12, 26);
  context.drawImage(image, 0, header, width, height);
  context.font = `13px ${fontFamily}`;
  for (const { entry, x: ex, y: ey } of rows) {
    const top = header + height + 12 + ey;
    context.fillStyle = entry.color;
    context.beginPath();
    context.arc(ex + 6, top + 6, 6, 0, Math.PI * 2);
    context.fill();
    context.fillStyle = '#1f2937';
    context.fillText(entry.text, ex + 18, top + 11);
  }
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('Não foi possível exportar o gráfico.');
  downloadBlob(blob, `${fileNameOf(title)}.png`);
}
