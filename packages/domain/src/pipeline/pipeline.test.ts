import { describe, expect, it } from 'vitest';

import { isBoardStatusName, positionBetween } from './pipeline.ts';

describe('pipeline rules (002 §2.4, §9)', () => {
  it('drops the statuses named erro and nenhum, whatever the case and accents (001 §7)', () => {
    expect(['Novo', 'Erro', ' nenhum ', 'NENHUM', 'Érro', 'Em negociação'].filter(isBoardStatusName)).toEqual([
      'Novo',
      'Em negociação',
    ]);
  });

  it('places a dropped card between its neighbours, or at an end', () => {
    expect(positionBetween(1, 3)).toBe(2);
    expect(positionBetween(null, 3)).toBe(2);
    expect(positionBetween(5, null)).toBe(6);
    expect(positionBetween(null, null)).toBe(0);
    expect(positionBetween(1, 1 + Number.EPSILON)).toBeNull();
  });
});
