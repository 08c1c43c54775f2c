import { describe, expect, it } from 'vitest';

import {
  fillPlaceholders,
  findUnknownPlaceholders,
  firstName,
  MESSAGE_LINE_MAX,
  tokenizeTemplate,
  tokenizeWhatsappText,
} from './placeholders.ts';

const now = new Date('2024-03-30T15:00:00Z'); // 30/03/2024 12:00 in Sao Paulo
const values = { clientName: '  Maria Aparecida Souza ', now };

describe('template placeholders (001 §5 Composer "Placeholders in templates")', () => {
  it('001 §5 [nome_cliente], [nome_da_cliente] and [nome_do_cliente] become the first name', () => {
    expect(fillPlaceholders('Olá [nome_cliente], [nome_da_cliente] e [nome_do_cliente]!', values)).toBe(
      'Olá Maria, Maria e Maria!',
    );
  });

  it("001 §5 [data_atual] is today's date and [data_atual+N] today plus N days, DD/MM/YYYY", () => {
    expect(fillPlaceholders('Hoje: [data_atual]; depois: [data_atual+3]', values)).toBe('Hoje: 30/03/2024; depois: 02/04/2024');
  });

  it('001 §5 an invalid N counts as 0', () => {
    expect(fillPlaceholders('[data_atual+abc] [data_atual+] [data_atual+-2]', values)).toBe('30/03/2024 30/03/2024 30/03/2024');
  });

  it('uses the Sao Paulo calendar day for the date', () => {
    const lateNight = new Date('2024-03-31T02:30:00Z'); // still 30/03 in Sao Paulo
    expect(fillPlaceholders('[data_atual]', { clientName: 'Ana', now: lateNight })).toBe('30/03/2024');
  });

  it('leaves unknown placeholders and plain brackets as typed; an empty name gives an empty first name', () => {
    expect(fillPlaceholders('[nome] [1] {{anuncio}}', values)).toBe('[nome] [1] {{anuncio}}');
    expect(fillPlaceholders('Oi [nome_cliente]', { clientName: null, now })).toBe('Oi ');
    expect(firstName('Ana')).toBe('Ana');
  });
});

describe('mass-send placeholders (002 §5 "{{nome_do_cliente}} (first name), {{data_atual}}, {{data_atual+i}}")', () => {
  it('002 §5 fills {{nome_do_cliente}}, {{data_atual}} and {{data_atual+i}}', () => {
    expect(fillPlaceholders('{{nome_do_cliente}}, até {{data_atual+2}} (hoje {{data_atual}})', values)).toBe(
      'Maria, até 01/04/2024 (hoje 30/03/2024)',
    );
    expect(fillPlaceholders('{{ nome_do_cliente }} {{data_atual+x}}', values)).toBe('Maria 30/03/2024');
  });
});

describe('unknown placeholder detection (coloured red in the template editor, 001 §5, 002 §5)', () => {
  it('splits a template into text and placeholders, marking the unknown ones', () => {
    expect(tokenizeTemplate('Oi [nome_cliente], veja {{oferta}} até [data_atual+2].')).toEqual([
      { kind: 'text', text: 'Oi ' },
      { kind: 'placeholder', text: '[nome_cliente]', known: true },
      { kind: 'text', text: ', veja ' },
      { kind: 'placeholder', text: '{{oferta}}', known: false },
      { kind: 'text', text: ' até ' },
      { kind: 'placeholder', text: '[data_atual+2]', known: true },
      { kind: 'text', text: '.' },
    ]);
  });

  it('lists the unknown placeholders in order', () => {
    expect(findUnknownPlaceholders('[Nome_Cliente] [nome_do_cliente] {{data}} [data_atual+1] [telefone]')).toEqual([
      '[Nome_Cliente]',
      '{{data}}',
      '[telefone]',
    ]);
    expect(findUnknownPlaceholders('Sem marcadores')).toEqual([]);
  });
});

const plain = (text: string) => ({ text, bold: false, italic: false, strike: false });

describe('message text formatting (001 §2 "lines are truncated to 400 characters; *x* is bold, _x_ italic and ~x~ strikethrough")', () => {
  it('001 §2 *x* bold, _x_ italic, ~x~ strikethrough', () => {
    expect(tokenizeWhatsappText('a *negrito* b _itálico_ c ~riscado~')).toEqual([
      [
        plain('a '),
        { text: 'negrito', bold: true, italic: false, strike: false },
        plain(' b '),
        { text: 'itálico', bold: false, italic: true, strike: false },
        plain(' c '),
        { text: 'riscado', bold: false, italic: false, strike: true },
      ],
    ]);
  });

  it('nests styles and splits lines', () => {
    expect(tokenizeWhatsappText('*_ambos_*\nlinha 2')).toEqual([
      [{ text: 'ambos', bold: true, italic: true, strike: false }],
      [plain('linha 2')],
    ]);
  });

  it('keeps markers literal inside words, next to spaces, unmatched or empty', () => {
    for (const text of ['snake_case_name', '2 * 3 * 4', '*aberto', '**', 'a * b*', 'preço_*']) {
      expect(tokenizeWhatsappText(text)).toEqual([[plain(text)]]);
    }
  });

  it('001 §2 truncates each line to 400 characters before formatting', () => {
    const long = 'x'.repeat(450);
    const [line] = tokenizeWhatsappText(`${long}\n*ok*`);
    expect(line).toEqual([plain('x'.repeat(MESSAGE_LINE_MAX))]);
    expect(tokenizeWhatsappText(`*${'y'.repeat(500)}*`)[0]).toEqual([plain(`*${'y'.repeat(399)}`)]);
  });

  it('gives one empty line for empty text', () => {
    expect(tokenizeWhatsappText('')).toEqual([[]]);
  });
});
