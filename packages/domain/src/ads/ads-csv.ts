// The 'Inserir CSV' import of the ads catalogue (002 §3 'Ad CSV row', §4 'CSV import of ads', §5 'Ads CSV',
// §7 POST /anuncios/csv, §8, §9): the file is read in the browser, its rows sent in batches of up to 1000.
import { z } from 'zod';

import { CSV_INVALID_FILE, CsvFormatError, parseCsv } from '../csv/csv.ts';

/** The seven columns of 002 §3 'Ad CSV row', all required per row (002 §5). */
export const ADS_CSV_HEADERS = ['campaign_id', 'campaign_name', 'adset_id', 'adset_name', 'ad_id', 'ad_name', 'tags'] as const;

/** 002 §9: up to 1000 rows per request, 500 ms between requests. */
export const ADS_CSV_BATCH = 1000;
export const ADS_CSV_PAUSE_MS = 500;

/** 002 §5 'Ads CSV' and §8, as the spec writes them. */
export const ADS_CSV_MESSAGES = {
  invalidFile: CSV_INVALID_FILE,
  empty: 'O arquivo CSV está vazio.',
  noHeader: 'O arquivo CSV não possui cabeçalho.',
  missingHeaders: (list: readonly string[]) => `Cabeçalhos obrigatórios ausentes: ${list.join(', ')}`,
  noValidRows: 'Nenhum registro válido encontrado. Verifique se as colunas obrigatórias estão preenchidas.',
  batchFailed: 'Erro ao enviar dados',
  done: 'Operação concluída com sucesso.',
  cancelled: 'Arquivo removido.',
  tooMany: `Envie no máximo ${ADS_CSV_BATCH} linhas por vez.`,
} as const;

const cell = (max: number) =>
  z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(max, `Use no máximo ${max} caracteres.`);

/** One row as sent to POST /anuncios/csv: tags are names (the unit's; a new name becomes a tag). */
export const adsCsvRowSchema = z.object({
  campaign_id: cell(100),
  campaign_name: cell(200),
  adset_id: cell(100),
  adset_name: cell(200),
  ad_id: cell(100),
  ad_name: cell(200),
  tags: z.array(cell(100)).min(1, 'Obrigatório').max(50),
});
export type AdsCsvRow = z.infer<typeof adsCsvRowSchema>;

/** POST /anuncios/csv: a JSON array of 1..1000 rows (002 §7). */
export const adsCsvBatchSchema = z
  .array(adsCsvRowSchema)
  .min(1, ADS_CSV_MESSAGES.noValidRows)
  .max(ADS_CSV_BATCH, ADS_CSV_MESSAGES.tooMany);

export const adsCsvResultSchema = z.object({
  message: z.string(),
  data: z.object({
    campanhas: z.number().int(),
    conjuntos: z.number().int(),
    anuncios: z.number().int(),
    tags: z.number().int(),
  }),
});
export type AdsCsvResult = z.infer<typeof adsCsvResultSchema>['data'];

export type AdsCsvParse = { ok: true; rows: AdsCsvRow[]; skipped: number } | { ok: false; message: string };

/** Whether a chosen file may be read (002 §5: 'text/csv', else 'Arquivo inválido'); Windows sends .csv as Excel's type. */
export function isCsvFile(file: { name: string; type: string }): boolean {
  return (
    file.type === 'text/csv' || (file.name.toLowerCase().endsWith('.csv') && ['', 'application/vnd.ms-excel'].includes(file.type))
  );
}

/**
 * Reads the file's text into rows (002 §5 'Ads CSV'): every message of the spec in its order; a row
 * with any of the seven columns empty is skipped; tags are separated by ';' (in a ';'-delimited
 * file the tags cell is quoted).
 */
export function parseAdsCsv(text: string): AdsCsvParse {
  if (text.replace(/^\uFEFF/, '').trim() === '') return { ok: false, message: ADS_CSV_MESSAGES.empty };
  let table;
  try {
    table = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvFormatError) return { ok: false, message: ADS_CSV_MESSAGES.invalidFile };
    throw error;
  }
  const header = table.header.map((h) => h.trim().toLowerCase());
  if (header.every((h) => h === '')) return { ok: false, message: ADS_CSV_MESSAGES.noHeader };
  const missing = ADS_CSV_HEADERS.filter((h) => !header.includes(h));
  // A first line without a single known column is data, not a header.
  if (missing.length === ADS_CSV_HEADERS.length) return { ok: false, message: ADS_CSV_MESSAGES.noHeader };
  if (missing.length > 0) return { ok: false, message: ADS_CSV_MESSAGES.missingHeaders(missing) };
  const at = Object.fromEntries(ADS_CSV_HEADERS.map((h) => [h, header.indexOf(h)])) as Record<
    (typeof ADS_CSV_HEADERS)[number],
    number
  >;
  const rows: AdsCsvRow[] = [];
  let skipped = 0;
  for (const record of table.records) {
    const value = (h: (typeof ADS_CSV_HEADERS)[number]) => (record.values[at[h]] ?? '').trim();
    const candidate = {
      campaign_id: value('campaign_id'),
      campaign_name: value('campaign_name'),
      adset_id: value('adset_id'),
      adset_name: value('adset_name'),
      ad_id: value('ad_id'),
      ad_name: value('ad_name'),
      tags: [
        ...new Set(
          value('tags')
            .split(';')
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      ],
    };
    const parsed = adsCsvRowSchema.safeParse(candidate);
    if (parsed.success) rows.push(parsed.data);
    else skipped += 1;
  }
  if (rows.length === 0) return { ok: false, message: ADS_CSV_MESSAGES.noValidRows };
  return { ok: true, rows, skipped };
}

/** The rows in batches of up to ADS_CSV_BATCH (002 §9). */
export function adsCsvBatches<T>(rows: readonly T[], size = ADS_CSV_BATCH): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < rows.length; i += size) batches.push(rows.slice(i, i + size));
  return batches;
}
