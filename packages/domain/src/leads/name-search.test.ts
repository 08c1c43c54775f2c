import { describe, expect, it } from 'vitest';

import { nameMatchesSearch, normalizeName, searchWords } from './name-search.ts';

describe('lead name search (001 §5 Search: case and accents ignored)', () => {
  it('normalises a name: lower case, no accents, collapsed spaces', () => {
    expect(normalizeName('  Conceição   MAGALHÃES  ')).toBe('conceicao magalhaes');
    expect(normalizeName('Sebastião Gonçalves Araújo')).toBe('sebastiao goncalves araujo');
    expect(normalizeName("D'Ávila-Strauß, Ana")).toBe('d avila strauss ana');
  });

  it('reads the typed words as word prefixes, in any order', () => {
    expect(searchWords('Joã  MAG')).toEqual(['joa', 'mag']);
    expect(nameMatchesSearch('João Magalhães', 'joa mag')).toBe(true);
    expect(nameMatchesSearch('João Magalhães', 'MAG joã')).toBe(true);
    expect(nameMatchesSearch('Maria Conceição', 'conceicao')).toBe(true);
    expect(nameMatchesSearch('Conceição Magalhães', 'conc mag')).toBe(true);
    expect(nameMatchesSearch('Maria Conceição', 'onceicao')).toBe(false);
    expect(nameMatchesSearch('João Silva', 'joa mag')).toBe(false);
  });

  it('keeps only letters and digits, so no tsquery operator reaches the database', () => {
    expect(searchWords("o'neil & | ! :* (x)")).toEqual(['o', 'neil', 'x']);
    expect(searchWords('&|!()')).toEqual([]);
    expect(searchWords('   ')).toEqual([]);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });
});
