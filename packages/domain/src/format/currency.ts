// Money in BRL, pt-BR (000 §5 ticket value input, §9 "Money in BRL, locale pt-BR").

/** The prefix of the currency input (000 §5): 'R$' followed by a regular space. */
export const BRL_PREFIX = 'R$ ';

const numberFormat = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/**
 * Formats a value as BRL with the input's conventions: 'R$ ' prefix (regular space, not the
 * non-breaking space Intl uses), '.' for thousands and ',' for decimals (000 §5, §9).
 * formatBRL(1234.5) → 'R$ 1.234,50'; formatBRL(-3) → '-R$ 3,00'.
 */
export function formatBRL(value: number): string {
  if (!Number.isFinite(value)) return '';
  const rounded = Math.round(Math.abs(value) * 100) / 100;
  const sign = value < 0 && rounded !== 0 ? '-' : '';
  // Intl may emit U+00A0 / U+202F as group separators in some locales; pt-BR uses '.', kept safe anyway.
  const digits = numberFormat.format(rounded).replace(/[\u00a0\u202f]/g, ' ');
  return `${sign}${BRL_PREFIX}${digits}`;
}

/**
 * Parses what the BRL input shows back into a number: 'R$ 1.234,50' → 1234.5. Accepts the value
 * without prefix ('1.234,50', '1234,5', '10') and a leading '-'. Returns null when the text is
 * empty or not a pt-BR amount.
 */
export function parseBRL(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^(-?)R\$/i, '$1');
  const match = /^(-)?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const [, minus, integerPart = '0', fraction = ''] = match;
  const value = Number(`${integerPart.replace(/\./g, '')}.${fraction.padEnd(2, '0')}`);
  return minus && value !== 0 ? -value : value;
}

/**
 * Mask for typing into the BRL input: every digit typed shifts in from the right as cents, so
 * '1' → 'R$ 0,01', '123450' → 'R$ 1.234,50'. Non-digits are ignored; no digits gives ''.
 * Leading zeros are dropped and at most 13 digits are kept (values below one hundred billion).
 */
export function maskBRLInput(typed: string): string {
  const digits = typed.replace(/\D/g, '').replace(/^0+/, '').slice(0, 13);
  if (typed.replace(/\D/g, '') === '') return '';
  return formatBRL(Number(digits || '0') / 100);
}
