import { describe, expect, it } from 'vitest';

import { formatBRL, maskBRLInput, parseBRL } from './currency.ts';

describe('BRL formatting (000 §5 ticket value, §9 money in BRL pt-BR)', () => {
  it("000 §5 formats with the 'R$ ' prefix, '.' thousands and ',' decimals", () => {
    expect(formatBRL(1234.5)).toBe('R$ 1.234,50');
    expect(formatBRL(0)).toBe('R$ 0,00');
    expect(formatBRL(1_000_000)).toBe('R$ 1.000.000,00');
    expect(formatBRL(0.1 + 0.2)).toBe('R$ 0,30');
  });

  it('000 §5 the prefix uses a regular space, never a non-breaking one', () => {
    expect(formatBRL(10).charCodeAt(2)).toBe(32);
  });

  it('formats negative values with the sign before the prefix and nothing for non-finite', () => {
    expect(formatBRL(-3)).toBe('-R$ 3,00');
    expect(formatBRL(-0.001)).toBe('R$ 0,00');
    expect(formatBRL(Number.NaN)).toBe('');
  });
});

describe('BRL parsing (000 §5 currency input)', () => {
  it('000 §5 reads the masked input back into a number', () => {
    expect(parseBRL('R$ 1.234,50')).toBe(1234.5);
    expect(parseBRL('R$\u00a01.234,50')).toBe(1234.5);
    expect(parseBRL('1234,5')).toBe(1234.5);
    expect(parseBRL('10')).toBe(10);
    expect(parseBRL('-R$ 2,00')).toBe(-2);
  });

  it('returns null for empty or non pt-BR text', () => {
    expect(parseBRL('')).toBeNull();
    expect(parseBRL('R$ ')).toBeNull();
    expect(parseBRL('1,234.50')).toBeNull();
    expect(parseBRL('abc')).toBeNull();
    expect(parseBRL('1,234')).toBeNull();
  });

  it('round-trips every formatted value', () => {
    for (const value of [0, 0.01, 9.99, 1234.5, 987654321.12]) {
      expect(parseBRL(formatBRL(value))).toBe(value);
    }
  });
});

describe('BRL input mask (000 §5 typing digits into the currency input)', () => {
  it('000 §5 shifts typed digits in from the right as cents', () => {
    expect(maskBRLInput('1')).toBe('R$ 0,01');
    expect(maskBRLInput('12')).toBe('R$ 0,12');
    expect(maskBRLInput('123450')).toBe('R$ 1.234,50');
  });

  it('re-masks an already masked value with one more digit typed', () => {
    expect(maskBRLInput('R$ 1.234,505')).toBe('R$ 12.345,05');
  });

  it('gives an empty field when no digit is left and zero for zeros', () => {
    expect(maskBRLInput('R$ ')).toBe('');
    expect(maskBRLInput('')).toBe('');
    expect(maskBRLInput('000')).toBe('R$ 0,00');
  });
});
