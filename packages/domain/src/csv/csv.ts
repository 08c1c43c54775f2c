// CSV text, both ways, as one pair (issue 22 §1): the reader of an imported file (RFC 4180 style,
// ',' or ';') and the one writer of every CSV Funil produces (issue 21 item 17). The contacts
// import's rules (columns, messages, rows) are in leads/csv.ts.

/** 000 §5: the text of a file that is not readable CSV ('Arquivo inválido'). */
export const CSV_INVALID_FILE = 'Arquivo inválido';

/** One parsed record with the line of the file it starts on (header = line 1). */
export type CsvRecord = { line: number; values: string[] };

/** The result of reading CSV text. */
export type CsvTable = { delimiter: ',' | ';'; header: string[]; records: CsvRecord[] };

/** Error raised for text that is not readable CSV (000 §5 'Arquivo inválido'). */
export class CsvFormatError extends Error {
  override readonly name = 'CsvFormatError';
  constructor(readonly detail: string) {
    super(CSV_INVALID_FILE);
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
