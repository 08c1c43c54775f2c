import { describe, expect, it } from 'vitest';
import { csvCell, formatPipelinePhone, isBoardStatusName, positionBetween } from './pipeline.ts';

describe('pipeline rules (002 §2.4, §9)', () => {
  it("drops the statuses named erro and nenhum, whatever the case and accents (001 §7)", () => {
    expect(['Novo', 'Erro', ' nenhum ', 'NENHUM', 'Érro', 'Em negociação'].filter(isBoardStatusName)).toEqual(['Novo', 'Em negociação']);
  });

  it('places a dropped card between its neighbours, or at an end', () => {
    expect(positionBetween(1, 3)).toBe(2);
    expect(positionBetween(null, 3)).toBe(2);
    expect(positionBetween(5, null)).toBe(6);
    expect(positionBetween(null, null)).toBe(0);
    expect(positionBetween(1, 1 + Number.EPSILON)).toBeNull();
  });

  it('shows the table phone as (##) # ####-#### (002 §2.4)', () => {
    expect(formatPipelinePhone('11987654321')).toBe('(11) 9 8765-4321');
    expect(formatPipelinePhone('5511987654321')).toBe('(11) 9 8765-4321');
    expect(formatPipelinePhone('1133334444')).toBe('(11) 3333-4444');
  });

  it('quotes CSV cells and neutralises formulas', () => {
    expect(csvCell('Maria, "a"')).toBe('"Maria, ""a"""');
    expect(csvCell('=HYPERLINK()')).toBe("'=HYPERLINK()");
    expect(csvCell(12)).toBe('12');
  });
});
