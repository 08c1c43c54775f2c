import { createHash } from 'node:crypto';

// JID rules of ref §3.7 (createJid) and §7 (@lid addressing).

export const PN_SUFFIX = '@s.whatsapp.net';
export const LID_SUFFIX = '@lid';
export const GROUP_SUFFIX = '@g.us';

export const isLidJid = (jid: string): boolean => jid.endsWith(LID_SUFFIX);
export const isPnJid = (jid: string): boolean => jid.endsWith(PN_SUFFIX);
export const isGroupJid = (jid: string): boolean => jid.endsWith(GROUP_SUFFIX);

export const jidUser = (jid: string): string => jid.split('@')[0]?.split(':')[0] ?? '';

// ref §8.5: for Brazil, createJid drops the 9th digit for DDD >= 31 when the next digit is >= 7.
export const brazilianJidDigits = (digits: string): string => {
  if (digits.length !== 13 || !digits.startsWith('55')) return digits;
  const ddd = Number(digits.slice(2, 4));
  const ninth = digits[4];
  const next = Number(digits[5]);
  if (ddd >= 31 && ninth === '9' && next >= 7) return digits.slice(0, 4) + digits.slice(5);
  return digits;
};

export type JidOptions = { brazilianNinthDigit: boolean };

// ref §3.7: number may be digits ("+", spaces and parentheses stripped), a PN JID, a @lid or a group.
export const createJid = (number: string, opts: JidOptions): string => {
  const trimmed = number.trim();
  if (trimmed.includes('@')) return trimmed;
  const cleaned = trimmed.replace(/[\s+()]/g, '');
  // old group ids look like <creator>-<timestamp>; new ones are 18+ digits
  if ((cleaned.includes('-') && cleaned.length >= 24) || /^\d{18,}$/.test(cleaned)) return `${cleaned}${GROUP_SUFFIX}`;
  const digits = cleaned.replace(/\D/g, '');
  const normalized = opts.brazilianNinthDigit ? brazilianJidDigits(digits) : digits;
  return `${normalized}${PN_SUFFIX}`;
};

// A stable fake LID for a phone: 15 digits derived from its hash (ref §7: LIDs are not phone numbers).
export const lidForPhone = (phoneDigits: string): string => {
  const hash = createHash('sha256').update(`lid:${phoneDigits}`).digest();
  let digits = '1';
  for (let i = 0; digits.length < 15; i++) digits += String((hash[i % hash.length] ?? 0) % 10);
  return `${digits}${LID_SUFFIX}`;
};
