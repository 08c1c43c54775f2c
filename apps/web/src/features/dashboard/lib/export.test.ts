import { describe, expect, it } from 'vitest';

import { formatDateTime } from '@funil/domain/format/date';

import { tableCsv, type CsvColumn } from '../../../lib/download.ts';
import { formatBRL } from './dashboard-format.ts';
import { fileNameOf } from './export.ts';

type Row = { data: string; nome: string; valor: number };
const columns: CsvColumn<Row>[] = [
  { header: 'Data de captação', value: (r) => formatDateTime(r.data) },
  { header: 'Nome', value: (r) => r.nome },
  { header: 'Valor do ticket', value: (r) => formatBRL(r.valor) },
];

describe('table CSV export (issue 14 "tables as CSV", 000 §9 BRL and DD/MM/YYYY)', () => {
  it("writes the pt-BR texts as the table shows them, by the one CSV writer: ';', a BOM, CRLF (issue 21 item 17)", () => {
    const csv = tableCsv(columns, [
      { data: '2026-11-24T13:05:00.000Z', nome: 'Ana "Bia" Lima', valor: 1234.5 },
      { data: '2026-11-25T02:00:00.000Z', nome: '=HYPERLINK("x")', valor: 0 },
    ]);
    expect(csv).toBe(
      '\ufeffData de captação;Nome;Valor do ticket\r\n' +
        '24/11/2026 10:05;"Ana ""Bia"" Lima";"R$ 1.234,50"\r\n' +
        // 02:00 UTC on 25/11 is 23:00 on 24/11 in São Paulo; a formula is neutralised.
        `24/11/2026 23:00;"'=HYPERLINK(""x"")";"R$ 0,00"\r\n`,
    );
  });

  it('names the file after the title, without accents', () => {
    expect(fileNameOf('Leads Por Campanha e Status de Negociação')).toBe('leads-por-campanha-e-status-de-negociacao');
    expect(fileNameOf('***')).toBe('dashboard');
  });
});
