// Phone matching between leads and WhatsApp senders (001 §5 "Phone matching").
import { BRAZIL_COUNTRY_CODE, stripPhone, toNationalDigits } from './phone.ts';

/** The longest phone (or @lid id) a lead holds, in digits (leads.cli_telefone, telefone_chave). */
export const LEAD_PHONE_MAX_DIGITS = 20;

/** What a phone string turns out to be once normalized (001 §5). */
export type PhoneIdentity =
  { kind: 'national'; digits: string } | { kind: 'lid'; id: string } | { kind: 'invalid'; digits: string };

/**
 * Classifies a phone (001 §5): digits only; a leading 55 is dropped when longer than 11 digits;
 * 10 or 11 digits are a national number; anything still longer than 11 digits is a WhatsApp
 * @lid id; shorter numbers are invalid.
 */
export function classifyPhone(phone: string): PhoneIdentity {
  const national = toNationalDigits(phone);
  if (national.length === 10 || national.length === 11) return { kind: 'national', digits: national };
  if (national.length > 11) return { kind: 'lid', id: stripPhone(phone) };
  return { kind: 'invalid', digits: national };
}

/** 11 digits with a 9 right after the area code: the ninth-digit mobile form. */
const hasNinthDigit = (national: string): boolean => national.length === 11 && national[2] === '9';

/**
 * The normalized keys of a phone that a database column can be indexed on (001 §5): the
 * 10- and 11-digit national forms, so that a WhatsApp sender matches a lead whichever side has
 * or lacks the ninth digit. Store all keys of a lead; look a sender up by any of its keys.
 * 11 digits with a 9 after the area code give [11-digit, 10-digit]; 10 digits give
 * [10-digit, 11-digit with the 9]; other 11-digit numbers give themselves; an @lid id gives
 * itself; an invalid number gives no key.
 */
export function phoneMatchKeys(phone: string): string[] {
  const identity = classifyPhone(phone);
  if (identity.kind === 'lid') return [identity.id];
  if (identity.kind === 'invalid') return [];
  const national = identity.digits;
  if (national.length === 10) return [national, `${national.slice(0, 2)}9${national.slice(2)}`];
  if (hasNinthDigit(national)) return [national, `${national.slice(0, 2)}${national.slice(3)}`];
  return [national];
}

/**
 * Whether two phones are the same contact (001 §5): digits only, 55 ignored, missing or extra
 * ninth digit tolerated; @lid ids match only the same id.
 */
export function phonesMatch(a: string, b: string): boolean {
  const keysB = new Set(phoneMatchKeys(b));
  return phoneMatchKeys(a).some((key) => keysB.has(key));
}

/**
 * The numbers tried, in order, when resolving a lead's WhatsApp number on the gateway (001 §5:
 * variants with and without the ninth digit and without 55). For a national number: 55 + the
 * number as stored, 55 + the other ninth-digit form, then both without 55. An @lid id is tried
 * as is; an invalid number gives nothing.
 */
export function whatsappNumberVariants(phone: string): string[] {
  const keys = phoneMatchKeys(phone);
  if (classifyPhone(phone).kind !== 'national') return keys;
  return [...keys.map((key) => `${BRAZIL_COUNTRY_CODE}${key}`), ...keys];
}

/**
 * Whether a text can be a phone at all (001 §5 "Compares digits only"; 000 §5 strips spaces,
 * parentheses and hyphens): digits with those separators, a leading +, dots, and nothing else.
 * Letters or other symbols make it not a phone, whatever digits it has.
 */
export function leadPhoneText(text: string): boolean {
  return /^\+?[\d\s().-]+$/.test(text.trim()) && /\d/.test(text);
}
