import { describe, expect, it } from 'vitest';

import {
  CSV_COLUMNS,
  CSV_IMPORT_DELAY_MS,
  csvImportProgress,
  csvLeadRowSchema,
  exampleCsv,
  isCsvFileName,
  parseLeadCsv,
  splitCsvTags,
} from './csv.ts';

describe('contacts CSV (000 §3 CSV columns, §5, §8)', () => {
  it("000 §5 without the columns cli_telefone and cli_nome: 'Erro ao processar o arquivo CSV'", () => {
    expect(parseLeadCsv('nome,telefone\nAna,11987654321')).toEqual({
      ok: false,
      error: 'Erro ao processar o arquivo CSV',
    });
    expect(parseLeadCsv('cli_nome\nAna')).toEqual({ ok: false, error: 'Erro ao processar o arquivo CSV' });
  });

  it("000 §5, §8 unreadable content: 'Arquivo inválido'", () => {
    expect(parseLeadCsv('')).toEqual({ ok: false, error: 'Arquivo inválido' });
    expect(parseLeadCsv('cli_nome,cli_telefone\n"Ana,11987654321')).toEqual({ ok: false, error: 'Arquivo inválido' });
  });

  it('000 §3 reads every column; the phone loses its mask and tags are split on ; trimmed, empties dropped', () => {
    const result = parseLeadCsv(
      'CLI_NOME , cli_telefone,cli_email,ad_name,ad_id,cli_tags\n' +
        'Ana Souza,(11) 98765-4321,ana@exemplo.com,Anúncio A,123," VIP ; ;Retornar;"\n',
    );
    expect(result).toEqual({
      ok: true,
      failures: [],
      rows: [
        {
          line: 2,
          cli_nome: 'Ana Souza',
          cli_telefone: '11987654321',
          cli_email: 'ana@exemplo.com',
          ad_name: 'Anúncio A',
          ad_id: '123',
          cli_tags: ['VIP', 'Retornar'],
        },
      ],
    });
  });

  it('000 §3 optional columns may be absent or empty; a 55 prefix is dropped from the phone', () => {
    const result = parseLeadCsv('cli_telefone;cli_nome\n5511987654321;Bruno\n');
    expect(result).toEqual({
      ok: true,
      failures: [],
      rows: [
        {
          line: 2,
          cli_nome: 'Bruno',
          cli_telefone: '11987654321',
          cli_email: undefined,
          ad_name: undefined,
          ad_id: undefined,
          cli_tags: [],
        },
      ],
    });
  });

  it('000 §4 an invalid row is reported with its line and reason and does not stop the rest', () => {
    const result = parseLeadCsv(
      'cli_nome,cli_telefone,cli_email\n' +
        'Ana,11987654321,\n' +
        ',11987654321,\n' +
        'Caio,1234,\n' +
        'Duda,21987654321,duda@\n' +
        'Eva,31987654321,eva@exemplo.com\n',
    );
    if (!result.ok) throw new Error('expected the file to be read');
    expect(result.rows.map((row) => [row.line, row.cli_nome])).toEqual([
      [2, 'Ana'],
      [6, 'Eva'],
    ]);
    expect(result.failures).toEqual([
      { line: 3, reason: 'Nome é obrigatório' },
      { line: 4, reason: 'Celular inválido' },
      { line: 5, reason: 'Email inválido' },
    ]);
  });

  it('000 §7 the posted row body is validated by csvLeadRowSchema', () => {
    expect(csvLeadRowSchema.safeParse({ cli_nome: 'Ana', cli_telefone: '11987654321', cli_tags: [] }).success).toBe(true);
    expect(csvLeadRowSchema.safeParse({ cli_nome: 'Ana', cli_telefone: '', cli_tags: [] }).error?.issues[0]?.message).toBe(
      'Celular é obrigatório',
    );
  });

  it('000 §3 splitCsvTags trims and drops empty entries', () => {
    expect(splitCsvTags(' a ;;b; ')).toEqual(['a', 'b']);
    expect(splitCsvTags('')).toEqual([]);
  });
});

describe("000 §2 'CSV de Exemplo' (exemplo.csv) and the column table", () => {
  it('000 §3 the example has the six columns and imports without failures', () => {
    expect(exampleCsv().split('\r\n')[0]).toBe('cli_nome,cli_telefone,cli_email,ad_name,ad_id,cli_tags');
    const result = parseLeadCsv(exampleCsv());
    if (!result.ok) throw new Error('expected the example to be read');
    expect(result.failures).toEqual([]);
    expect(result.rows).toHaveLength(2);
    expect(result.rows[0]?.cli_tags).toEqual(['VIP', 'Retornar']);
  });

  it('000 §3 the column table lists cli_nome and cli_telefone as required, the rest optional', () => {
    expect(CSV_COLUMNS.map((c) => [c.column, c.required])).toEqual([
      ['cli_nome', true],
      ['cli_telefone', true],
      ['cli_email', false],
      ['ad_name', false],
      ['ad_id', false],
      ['cli_tags', false],
    ]);
    expect(CSV_COLUMNS.every((c) => c.description.length > 0)).toBe(true);
  });
});

describe('CSV import pacing (000 §4 "one contact every 2 seconds. Progress rises by 100/total per contact")', () => {
  it('000 §5 only .csv files are accepted', () => {
    expect(isCsvFileName('contatos.CSV')).toBe(true);
    expect(isCsvFileName('contatos.xlsx')).toBe(false);
    expect(isCsvFileName('csv')).toBe(false);
  });

  it('000 §4 progress rises by 100/total per contact and the delay is 2000 ms', () => {
    expect(CSV_IMPORT_DELAY_MS).toBe(2000);
    expect([0, 1, 2, 4].map((done) => csvImportProgress(done, 4))).toEqual([0, 25, 50, 100]);
    expect(csvImportProgress(3, 0)).toBe(0);
  });
});
