// CSV import of contacts (000 §2 'Cadastrar Contato', §3 CSV columns, §4 CSV import, §5, §8).
import { z } from 'zod';
import { stripPhone, toNationalDigits } from '../phone/phone.ts';
import { CONTACT_MESSAGES } from './contact.ts';

export const CSV_MESSAGES = {
  /** 000 §5, §8: required columns missing. */
  missingColumns: 'Erro ao processar o arquivo CSV',
  /** 000 §5, §8: the file cannot be read or parsed. */
  invalidFile: 'Arquivo inválido',
  /** 000 §8: one row failed to post; the import continues. */
  rowPostFailed: 'Erro ao enviar dados para o servidor',
  /** 000 §4, §8: the import finished. */
  done: 'Operação concluída com sucesso.',
} as const;

/** 000 §2: the example file offered for download. */
export const EXAMPLE_CSV_FILE_NAME = 'exemplo.csv';
/** 000 §4, §9: one contact every 2 seconds. */
export const CSV_IMPORT_DELAY_MS = 2000;
/** 000 §5: the columns a CSV must have. */
export const CSV_REQUIRED_COLUMNS = ['cli_telefone', 'cli_nome'] as const;

/** A row of the CSV column table shown in the dialog (000 §2). */
export type CsvColumnDescription = { column: string; required: boolean; description: string };

/** 000 §2, §3: the table describing the CSV columns. */
export const CSV_COLUMNS: readonly CsvColumnDescription[] = [
  { column: 'cli_nome', required: true, description: 'Nome do contato' },
  { column: 'cli_telefone', required: true, description: 'Celular com DDD, somente números (ex.: 11987654321)' },
  { column: 'cli_email', required: false, description: 'Email do contato' },
  { column: 'ad_name', required: false, description: 'Nome do anúncio de origem do contato' },
  { column: 'ad_id', required: false, description: 'ID do anúncio de origem do contato' },
  {
    column: 'cli_tags',
    required: false,
    description: 'Tags do contato separadas por ponto e vírgula (ex.: VIP;Retornar)',
  },
];

/**
 * The content of exemplo.csv (000 §2), with the columns of 000 §3. Comma-separated, so the
 * semicolon-separated tags are quoted.
 */
export function exampleCsv(): string {
  return [
    'cli_nome,cli_telefone,cli_email,ad_name,ad_id,cli_tags',
    'Maria Oliveira,11987654321,maria.oliveira@exemplo.com.br,Clareamento Verão,120210000000000001,"VIP;Retornar"',
    'João Santos,21998765432,,Implante Dentário,120210000000000002,Orçamento enviado',
    '',
  ].join('\r\n');
}

/** 000 §5: only .csv files are accepted. */
export function isCsvFileName(fileName: string): boolean {
  return /\.csv$/i.test(fileName.trim());
}

/** One parsed record with the line of the file it starts on (header = line 1). */
export type CsvRecord = { line: number; values: string[] };

/** The result of reading CSV text. */
export type CsvTable = { delimiter: ',' | ';'; header: string[]; records: CsvRecord[] };

/** Error raised for text that is not readable CSV (000 §5 'Arquivo inválido'). */
export class CsvFormatError extends Error {
  override readonly name = 'CsvFormatError';
  constructor(readonly detail: string) {
    super(CSV_MESSAGES.invalidFile);
  }
}

/** The delimiter the header line uses most outside quotes; a tie goes to ','. */
function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * Reads CSV text (RFC 4180 style): an optional BOM, CRLF or LF line ends, quoted fields with ""
 * escapes and line breaks inside, and a ',' or ';' delimiter decided by the header line. Blank
 * lines are skipped. Throws CsvFormatError for empty text or an unterminated quote.
 */
export function parseCsv(input: string): CsvTable {
  const text = input.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new CsvFormatError('arquivo vazio');
  const delimiter = detectDelimiter(text);
  const rows: CsvRecord[] = [];
  let field = '';
  let values: string[] = [];
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let fieldWasQuoted = false;

  const endRow = (): void => {
    values.push(field);
    if (values.length > 1 || values[0] !== '' || fieldWasQuoted) rows.push({ line: rowLine, values });
    values = [];
    field = '';
    fieldWasQuoted = false;
  };

  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
      fieldWasQuoted = true;
    } else if (char === delimiter) {
      values.push(field);
      field = '';
      fieldWasQuoted = false;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else {
      field += char;
    }
  }
  if (quoted) throw new CsvFormatError(`aspas sem fechamento a partir da linha ${rowLine}`);
  if (field !== '' || values.length > 0 || fieldWasQuoted) endRow();

  const [head, ...records] = rows;
  if (!head) throw new CsvFormatError('sem cabeçalho');
  return { delimiter, header: head.values.map((name) => name.trim()), records };
}

/**
 * One CSV row as posted to contato/cadastrarcontatocsv (000 §3 CSV columns, §7): cli_nome,
 * cli_telefone (digits only), optional cli_email, ad_name, ad_id, and cli_tags (split on ';',
 * each trimmed, empty entries dropped).
 */
export const csvLeadRowSchema = z.object({
  cli_nome: z
    .string()
    .trim()
    .min(1, { error: CONTACT_MESSAGES.nameRequired, abort: true })
    .max(200, CONTACT_MESSAGES.nameTooLong),
  cli_telefone: z
    .string()
    .min(1, { error: CONTACT_MESSAGES.phoneRequired, abort: true })
    .regex(/^\d{10,11}$/, CONTACT_MESSAGES.phoneInvalid),
  cli_email: z.email({ error: CONTACT_MESSAGES.emailInvalid }).optional(),
  ad_name: z.string().trim().min(1).max(200).optional(),
  ad_id: z.string().trim().min(1).max(64).optional(),
  cli_tags: z.array(z.string().trim().min(1).max(100)),
});
export type CsvLeadRow = z.infer<typeof csvLeadRowSchema>;

/** 000 §3: tags separated by ';', each trimmed, empty entries dropped. */
export function splitCsvTags(value: string): string[] {
  return value
    .split(';')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** A row that failed validation: its line in the file and why. */
export type CsvRowFailure = { line: number; reason: string };

/** The outcome of reading a contacts CSV. */
export type LeadCsvResult =
  | { ok: true; rows: (CsvLeadRow & { line: number })[]; failures: CsvRowFailure[] }
  | { ok: false; error: (typeof CSV_MESSAGES)['missingColumns' | 'invalidFile'] };

const optional = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/**
 * Reads a contacts CSV (000 §3, §5): unreadable text gives 'Arquivo inválido'; a header without
 * cli_telefone and cli_nome gives 'Erro ao processar o arquivo CSV'. Header names are matched
 * trimmed and case-insensitively. Each row is validated on its own: the phone is reduced to
 * digits (a leading 55 dropped), tags are split; invalid rows become { line, reason } failures
 * (line numbers as in the file, header = 1) and the other rows are kept.
 */
export function parseLeadCsv(text: string): LeadCsvResult {
  let table: CsvTable;
  try {
    table = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvFormatError) return { ok: false, error: CSV_MESSAGES.invalidFile };
    throw error;
  }
  const columns = table.header.map((name) => name.toLowerCase());
  if (!CSV_REQUIRED_COLUMNS.every((column) => columns.includes(column))) {
    return { ok: false, error: CSV_MESSAGES.missingColumns };
  }
  const cell = (values: string[], column: string): string | undefined => {
    const index = columns.indexOf(column);
    return index === -1 ? undefined : values[index];
  };

  const rows: (CsvLeadRow & { line: number })[] = [];
  const failures: CsvRowFailure[] = [];
  for (const record of table.records) {
    const candidate = {
      cli_nome: cell(record.values, 'cli_nome') ?? '',
      cli_telefone: toNationalDigits(stripPhone(cell(record.values, 'cli_telefone') ?? '')),
      cli_email: optional(cell(record.values, 'cli_email')),
      ad_name: optional(cell(record.values, 'ad_name')),
      ad_id: optional(cell(record.values, 'ad_id')),
      cli_tags: splitCsvTags(cell(record.values, 'cli_tags') ?? ''),
    };
    const parsed = csvLeadRowSchema.safeParse(candidate);
    if (parsed.success) rows.push({ line: record.line, ...parsed.data });
    else failures.push({ line: record.line, reason: parsed.error.issues.map((issue) => issue.message).join('; ') });
  }
  return { ok: true, rows, failures };
}

/** 000 §4: progress rises by 100/total per contact; the percentage after `done` contacts. */
export function csvImportProgress(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, (Math.max(0, done) * 100) / total);
}

/**
 * Issue 21 item 17: every CSV Funil writes (the pipeline's leads.csv, the dashboard's and the admin
 * tables' exports) is written here, as a pt-BR spreadsheet opens it: ';' between cells (the decimal
 * separator is the comma), a UTF-8 BOM (the accents read right), CRLF line ends.
 */
export const CSV_DELIMITER = ';';
/** The UTF-8 byte order mark that opens every written CSV. */
export const CSV_BOM = '\uFEFF';

/** A cell value as a writer receives it. */
export type CsvValue = string | number | null | undefined;

/**
 * One CSV cell: quoted (with "" for a quote) when it holds ';', ',', a quote or a line break; a text
 * starting with = + - @ or a tab gets a leading apostrophe so spreadsheets do not run it as a
 * formula (CSV injection).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line: the cells joined by ';', ended by CRLF. */
export function csvLine(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(CSV_DELIMITER)}\r\n`;
}

/** A whole CSV file: the BOM, the header line and one line per row. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  let text = CSV_BOM + csvLine(header);
  for (const row of rows) text += csvLine(row);
  return text;
}
