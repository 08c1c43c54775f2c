// CSV import of contacts (000 §2 'Cadastrar Contato', §3 CSV columns, §4 CSV import, §5, §8).
import { z } from 'zod';

import { CSV_INVALID_FILE, CsvFormatError, parseCsv, type CsvTable } from '../csv/csv.ts';
import { stripPhone, toNationalDigits } from '../phone/phone.ts';
import { CONTACT_MESSAGES } from './contact.ts';

export const CSV_MESSAGES = {
  /** 000 §5, §8: required columns missing. */
  missingColumns: 'Erro ao processar o arquivo CSV',
  /** 000 §5, §8: the file cannot be read or parsed. */
  invalidFile: CSV_INVALID_FILE,
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
