// The CSV reader and writer (000 §5, issue 21 item 17), moved from leads/csv.test.ts with the code (issue 22 §1).
import { describe, expect, it } from 'vitest';

import { csvCell, csvDocument, CsvFormatError, csvLine, parseCsv } from './csv.ts';

describe('CSV reading (000 §5 "A parse failure shows \'Arquivo inválido\'")', () => {
  it('reads quoted fields with escaped quotes, delimiters and line breaks inside', () => {
    const table = parseCsv('a,b,c\n"x, y","he said ""oi""","linha 1\nlinha 2"\n');
    expect(table.header).toEqual(['a', 'b', 'c']);
    expect(table.records).toEqual([{ line: 2, values: ['x, y', 'he said "oi"', 'linha 1\nlinha 2'] }]);
  });

  it('the header decides the delimiter: semicolons when it has more of them than commas', () => {
    const table = parseCsv('cli_nome;cli_telefone\nSilva, Ana;11987654321\n');
    expect(table.delimiter).toBe(';');
    expect(table.records[0]?.values).toEqual(['Silva, Ana', '11987654321']);
    expect(parseCsv('a,b\n1;2,3').delimiter).toBe(',');
  });

  it('strips a BOM, accepts CRLF and skips blank lines while keeping file line numbers', () => {
    const table = parseCsv('\uFEFFa,b\r\n1,2\r\n\r\n3,4\r\n');
    expect(table.header).toEqual(['a', 'b']);
    expect(table.records).toEqual([
      { line: 2, values: ['1', '2'] },
      { line: 4, values: ['3', '4'] },
    ]);
  });

  it('counts the lines a quoted field spans', () => {
    const table = parseCsv('a,b\n"1\n1",2\n3,4');
    expect(table.records.map((r) => r.line)).toEqual([2, 4]);
  });

  it('rejects empty text and an unterminated quote', () => {
    expect(() => parseCsv('')).toThrow(CsvFormatError);
    expect(() => parseCsv('\uFEFF  \n')).toThrow('Arquivo inválido');
    expect(() => parseCsv('a,b\n"1,2\n')).toThrow(CsvFormatError);
  });
});

describe('CSV writing (issue 21 item 17: one writer, as a pt-BR spreadsheet opens it)', () => {
  it("separates cells with ';', ends lines with CRLF and opens the file with a UTF-8 BOM", () => {
    expect(csvLine(['a', 1, null, undefined, 'São Paulo'])).toBe('a;1;;;São Paulo\r\n');
    expect(csvDocument(['nome', 'telefone'], [['Ana', '11987654321']])).toBe('\uFEFFnome;telefone\r\nAna;11987654321\r\n');
  });

  it('quotes a cell holding the separator, a comma, a quote or a line break, and neutralises formulas', () => {
    expect(csvCell('Maria; "a"')).toBe('"Maria; ""a"""');
    expect(csvCell('R$ 1.234,56')).toBe('"R$ 1.234,56"');
    expect(csvCell('linha\nquebrada')).toBe('"linha\nquebrada"');
    expect(csvCell('=HYPERLINK()')).toBe("'=HYPERLINK()");
    expect(csvCell(12)).toBe('12');
  });

  it('what it writes reads back the same (the one parser beside it)', () => {
    const rows = [['José "Zé"', 'Campanha, CSV; 2', '']];
    const table = parseCsv(csvDocument(['nome', 'campanha', 'vazio'], rows));
    expect(table.delimiter).toBe(';');
    expect(table.header).toEqual(['nome', 'campanha', 'vazio']);
    expect(table.records.map((r) => r.values)).toEqual(rows);
  });
});
