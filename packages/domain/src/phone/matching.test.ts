import { describe, expect, it } from 'vitest';

import { classifyPhone, leadPhoneText, phoneMatchKeys, phonesMatch, whatsappNumberVariants } from './matching.ts';

describe('phone matching (001 §5 "Phone matching")', () => {
  it('001 §5 compares digits only', () => {
    expect(phonesMatch('(11) 98765-4321', '11987654321')).toBe(true);
  });

  it('001 §5 drops a leading 55 when the number is longer than 11 digits', () => {
    expect(phonesMatch('5511987654321', '11987654321')).toBe(true);
    expect(phonesMatch('551187654321', '1187654321')).toBe(true);
  });

  it('001 §5 tolerates a missing or extra ninth digit', () => {
    expect(phonesMatch('11987654321', '1187654321')).toBe(true);
    expect(phonesMatch('551187654321', '11987654321')).toBe(true);
  });

  it('does not match different numbers or an 11-digit number without the 9 to a 10-digit one', () => {
    expect(phonesMatch('11987654321', '11987654322')).toBe(false);
    expect(phonesMatch('21987654321', '11987654321')).toBe(false);
    expect(phonesMatch('11887654321', '1187654321')).toBe(false);
  });

  it('001 §5 numbers longer than 11 digits are treated as @lid ids', () => {
    expect(classifyPhone('123456789012345')).toEqual({ kind: 'lid', id: '123456789012345' });
    expect(classifyPhone('55123456789012345')).toEqual({ kind: 'lid', id: '55123456789012345' });
    expect(phonesMatch('123456789012345', '123456789012345')).toBe(true);
    expect(phonesMatch('123456789012345', '12345678901')).toBe(false);
    expect(classifyPhone('12345')).toEqual({ kind: 'invalid', digits: '12345' });
  });
});

describe('phoneMatchKeys: indexable keys for matching a sender to a lead (001 §5)', () => {
  it('001 §5 gives the 11- and 10-digit national forms of a ninth-digit mobile', () => {
    expect(phoneMatchKeys('5511987654321')).toEqual(['11987654321', '1187654321']);
  });

  it('001 §5 gives the 10- and 11-digit forms of a number without the ninth digit', () => {
    expect(phoneMatchKeys('(11) 8765-4321')).toEqual(['1187654321', '11987654321']);
  });

  it('gives a lone key for other 11-digit numbers and lid ids, none for invalid numbers', () => {
    expect(phoneMatchKeys('11887654321')).toEqual(['11887654321']);
    expect(phoneMatchKeys('123456789012345')).toEqual(['123456789012345']);
    expect(phoneMatchKeys('123')).toEqual([]);
  });

  it('001 §5 a lead and a sender share a key whichever ninth-digit form each side has', () => {
    const forms = ['11987654321', '1187654321', '5511987654321', '551187654321'];
    for (const lead of forms) {
      for (const sender of forms) {
        const leadKeys = new Set(phoneMatchKeys(lead));
        expect(phoneMatchKeys(sender).some((key) => leadKeys.has(key))).toBe(true);
      }
    }
  });
});

describe('WhatsApp number resolution variants (001 §5 "Variants with and without the ninth digit and without 55")', () => {
  it('001 §5 tries 55 with both ninth-digit forms, then both without 55', () => {
    expect(whatsappNumberVariants('11987654321')).toEqual(['5511987654321', '551187654321', '11987654321', '1187654321']);
    expect(whatsappNumberVariants('551187654321')).toEqual(['551187654321', '5511987654321', '1187654321', '11987654321']);
  });

  it('tries an @lid id as is and nothing for an invalid number', () => {
    expect(whatsappNumberVariants('123456789012345')).toEqual(['123456789012345']);
    expect(whatsappNumberVariants('')).toEqual([]);
  });
});

describe('leadPhoneText (001 §5: digits and the separators people type)', () => {
  it('accepts digits with spaces, parentheses, hyphens, dots and a leading +', () => {
    for (const ok of ['11987654321', '(11) 98765-4321', '+55 11 98765.4321', ' 5511987654321 '])
      expect(leadPhoneText(ok)).toBe(true);
  });
  it('refuses text with letters or other symbols, and text without digits', () => {
    for (const bad of ['', '   ', 'abc', '11abc98765432', '11;98765432', '()-', '11\u000098765432'])
      expect(leadPhoneText(bad)).toBe(false);
  });
});
