// Brazilian phone and CEP input rules (000 §5, §9; 001 §2 Instâncias, §5).

/** 000 §5: the Celular field must read (DD) then 4 or 5 digits, a hyphen and 4 digits. */
export const CELULAR_REGEX = /^\(\d{2}\) \d{4,5}-\d{4}$/;

/** 000 §9: phone numbers are assumed Brazilian. */
export const BRAZIL_COUNTRY_CODE = '55';

/**
 * Keeps only the digits of a phone: spaces, brackets, hyphens (000 §5, 001 §5) and anything
 * else that is not a digit are removed. '(11) 98765-4321' → '11987654321'.
 */
export function stripPhone(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * Masks what is typed into the Celular field as (##) #####-#### (000 §5). While typing the
 * digits fill the mask from the left; a complete 10-digit number is grouped (##) ####-####, the
 * shape the regex also accepts. Digits beyond 11 are dropped.
 */
export function maskCelular(typed: string): string {
  const digits = stripPhone(typed).slice(0, 11);
  if (digits.length === 0) return '';
  const ddd = digits.slice(0, 2);
  if (digits.length <= 2) return `(${ddd}`;
  const local = digits.slice(2);
  const split = digits.length === 10 ? 4 : 5;
  if (local.length <= split) return `(${ddd}) ${local}`;
  return `(${ddd}) ${local.slice(0, split)}-${local.slice(split)}`;
}

/** Whether a masked Celular value is complete and valid (000 §5). */
export function isValidCelular(masked: string): boolean {
  return CELULAR_REGEX.test(masked.trim());
}

/** 000 §5: CEP is masked #####-###. Non-digits are ignored and at most 8 digits kept. */
export function maskCEP(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return digits.length <= 5 ? digits : `${digits.slice(0, 5)}-${digits.slice(5)}`;
}

/** 000 §5: the hyphen of the CEP is stripped when stored ('01310-100' → '01310100'). */
export function stripCEP(text: string): string {
  return text.replace(/\D/g, '');
}

/** Whether a CEP (masked or not) has exactly 8 digits. */
export function isValidCEP(text: string): boolean {
  return /^\d{5}-?\d{3}$/.test(text.trim());
}

/**
 * The national form of a Brazilian phone: digits only, with a leading 55 dropped when the number
 * is longer than 11 digits (001 §5). Returns the digits as they are when no 55 applies.
 */
export function toNationalDigits(phone: string): string {
  const digits = stripPhone(phone);
  return digits.length > 11 && digits.startsWith(BRAZIL_COUNTRY_CODE) ? digits.slice(2) : digits;
}

/**
 * Phone display (DD) NNNNN-NNNN (000 §9, 001 §2 Instâncias): a leading 55 is dropped, a 9 is
 * added to 8-digit local numbers, and a jid's server part is ignored ('5511987654321@s.whatsapp.net'
 * → '(11) 98765-4321'). Anything that is not a 10- or 11-digit national number is returned as
 * its digits (an @lid id, an incomplete number).
 */
export function formatPhoneDisplay(phone: string | null | undefined): string {
  if (!phone) return '';
  const user = phone.split('@')[0]?.split(':')[0] ?? '';
  let national = toNationalDigits(user);
  if (national.length === 10) national = `${national.slice(0, 2)}9${national.slice(2)}`;
  if (national.length !== 11) return national;
  return `(${national.slice(0, 2)}) ${national.slice(2, 7)}-${national.slice(7)}`;
}
