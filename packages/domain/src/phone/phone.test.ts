import { describe, expect, it } from 'vitest';

import {
  CELULAR_REGEX,
  formatPhoneDisplay,
  isValidCelular,
  isValidCEP,
  maskCelular,
  maskCEP,
  stripCEP,
  stripPhone,
  toNationalDigits,
} from './phone.ts';

describe('phone stripping (000 §5 "The phone is sent with spaces, brackets and hyphens stripped")', () => {
  it('000 §5 removes spaces, brackets and hyphens', () => {
    expect(stripPhone('(11) 98765-4321')).toBe('11987654321');
    expect(stripPhone(' +55 (21) 3456-7890 ')).toBe('552134567890');
    expect(stripPhone('')).toBe('');
  });
});

describe('Celular mask and regex (000 §5 "Celular is masked (##) #####-####")', () => {
  it('000 §5 masks digits progressively as they are typed', () => {
    expect(maskCelular('')).toBe('');
    expect(maskCelular('1')).toBe('(1');
    expect(maskCelular('11')).toBe('(11');
    expect(maskCelular('119')).toBe('(11) 9');
    expect(maskCelular('1198765')).toBe('(11) 98765');
    expect(maskCelular('11987654')).toBe('(11) 98765-4');
    expect(maskCelular('11987654321')).toBe('(11) 98765-4321');
  });

  it('000 §5 groups a complete 10-digit number as (DD) NNNN-NNNN and drops digits beyond 11', () => {
    expect(maskCelular('1134567890')).toBe('(11) 3456-7890');
    expect(maskCelular('119876543210000')).toBe('(11) 98765-4321');
    expect(maskCelular('(11) 98765-4321')).toBe('(11) 98765-4321');
  });

  it('000 §5 the phone matches (DD) then 4 or 5 digits then 4 digits', () => {
    expect(CELULAR_REGEX.test('(11) 98765-4321')).toBe(true);
    expect(isValidCelular('(11) 3456-7890')).toBe(true);
    expect(isValidCelular('(11) 98765-432')).toBe(false);
    expect(isValidCelular('11987654321')).toBe(false);
    expect(isValidCelular('(1) 98765-4321')).toBe(false);
  });

  it('000 §5 every complete masked number passes the regex', () => {
    expect(isValidCelular(maskCelular('11987654321'))).toBe(true);
    expect(isValidCelular(maskCelular('1134567890'))).toBe(true);
  });
});

describe('CEP (000 §5 "CEP is masked #####-### and the hyphen is stripped when stored"; 001 §5)', () => {
  it('000 §5 masks a CEP as #####-###', () => {
    expect(maskCEP('0131')).toBe('0131');
    expect(maskCEP('01310')).toBe('01310');
    expect(maskCEP('013101')).toBe('01310-1');
    expect(maskCEP('01310100')).toBe('01310-100');
    expect(maskCEP('01310-1009')).toBe('01310-100');
  });

  it('000 §5 strips the hyphen when stored and 001 §5 shows 8 digits as 00000-000', () => {
    expect(stripCEP('01310-100')).toBe('01310100');
    expect(maskCEP(stripCEP('01310-100'))).toBe('01310-100');
    expect(isValidCEP('01310-100')).toBe(true);
    expect(isValidCEP('01310100')).toBe(true);
    expect(isValidCEP('0131010')).toBe(false);
  });
});

describe('phone display (000 §9 "(DD) NNNNN-NNNN, a leading 9 added to 8-digit local numbers")', () => {
  it('000 §9 formats an 11-digit number', () => {
    expect(formatPhoneDisplay('11987654321')).toBe('(11) 98765-4321');
  });

  it('000 §9 adds a leading 9 to an 8-digit local number', () => {
    expect(formatPhoneDisplay('1187654321')).toBe('(11) 98765-4321');
  });

  it('001 §2 Instâncias formats the owner jid, dropping 55 and the server', () => {
    expect(formatPhoneDisplay('551187654321@s.whatsapp.net')).toBe('(11) 98765-4321');
    expect(formatPhoneDisplay('5511987654321:3@s.whatsapp.net')).toBe('(11) 98765-4321');
  });

  it('leaves ids and incomplete numbers as digits and empty values empty', () => {
    expect(formatPhoneDisplay('123456789012345@lid')).toBe('123456789012345');
    expect(formatPhoneDisplay('98765')).toBe('98765');
    expect(formatPhoneDisplay(null)).toBe('');
  });

  it('001 §5 drops a leading 55 only when the number is longer than 11 digits', () => {
    expect(toNationalDigits('5511987654321')).toBe('11987654321');
    expect(toNationalDigits('5534567890')).toBe('5534567890');
  });
});
