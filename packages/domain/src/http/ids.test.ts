// Issue 7 §4: one id schema, 1 to 2^31 − 1, for bodies and paths.
import { describe, expect, it } from 'vitest';

import { ID_MESSAGE, idParam, idSchema, isDbId, PG_INT_MAX } from './ids.ts';

describe('the shared id schema (issue 7 §4)', () => {
  it('accepts 1 to 2^31 − 1 as a number or its digits', () => {
    expect(idSchema().parse(1)).toBe(1);
    expect(idSchema().parse('42')).toBe(42);
    expect(idSchema().parse(PG_INT_MAX)).toBe(PG_INT_MAX);
    expect(idParam.parse(String(PG_INT_MAX))).toBe(PG_INT_MAX);
    expect(isDbId(PG_INT_MAX)).toBe(true);
  });

  it('refuses 2^31, 99999999999, 0, −1, fractions, emoji and NaN with its Portuguese text', () => {
    for (const value of [2 ** 31, '2147483648', 99_999_999_999, 0, -1, '-1', 1.5, '1.5', '😀', Number.NaN, '', null, true]) {
      const result = idSchema('Ticket inválido.').safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Ticket inválido.');
    }
    for (const text of ['2147483648', '99999999999', '0', '-1', '01a', '']) {
      const result = idParam.safeParse(text);
      expect(result.success, text).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(ID_MESSAGE);
    }
    expect(isDbId(2 ** 31)).toBe(false);
  });
});
