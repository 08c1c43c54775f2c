import { describe, expect, it } from 'vitest';

import { foldAccents } from './fold.ts';

describe('foldAccents (001 §5 search: accents ignored; issue 22 §3 one fold)', () => {
  it('drops the marks of Portuguese letters and keeps the case', () => {
    expect(foldAccents('Conceição Magalhães JOÃO Ônibus à Pé')).toBe('Conceicao Magalhaes JOAO Onibus a Pe');
  });

  it('spells out the letters unaccent spells out', () => {
    expect(foldAccents('Straße Æsir œuvre Øre Łódź Đorđe Þór')).toBe('Strasse AEsir oeuvre Ore Lodz Dorde THor');
  });

  it('leaves digits, punctuation and emoji alone', () => {
    expect(foldAccents('R$ 1.000,00 — ok? 😀')).toBe('R$ 1.000,00 — ok? 😀');
  });
});
