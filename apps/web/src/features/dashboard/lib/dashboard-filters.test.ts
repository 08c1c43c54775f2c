import { describe, expect, it } from 'vitest';
import { addDays, defaultPeriod, defaultV2Filter, isReversed, periodLength, previousPeriod, todayIn } from './dashboard-filters.ts';

// 02:30 UTC on 26/11 is still 25/11 in São Paulo (UTC−3).
const NOW = new Date('2026-11-26T02:30:00Z');

describe('dashboard period (000 §4 Dashboard v2 load, §9 last 7 days)', () => {
  it('counts days in São Paulo', () => {
    expect(todayIn(NOW)).toBe('2026-11-25');
  });

  it('defaults to the last 7 days, today included', () => {
    expect(defaultPeriod(NOW)).toEqual({ inicio: '2026-11-19', fim: '2026-11-25' });
    expect(periodLength(defaultPeriod(NOW))).toBe(7);
    expect(defaultV2Filter(NOW)).toEqual({ inicio: '2026-11-19', fim: '2026-11-25', campanha: null, plataforma: null, statusVenda: null, atendente: null });
  });

  it('compares with the period of the same length just before', () => {
    expect(previousPeriod({ inicio: '2026-11-19', fim: '2026-11-25' })).toEqual({ inicio: '2026-11-12', fim: '2026-11-18' });
    expect(previousPeriod({ inicio: '2026-03-01', fim: '2026-03-31' })).toEqual({ inicio: '2026-01-29', fim: '2026-02-28' });
    expect(previousPeriod({ inicio: '2026-01-01', fim: '2026-01-01' })).toEqual({ inicio: '2025-12-31', fim: '2025-12-31' });
  });

  it('walks across months and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('tells a reversed period', () => {
    expect(isReversed({ inicio: '2026-11-20', fim: '2026-11-19' })).toBe(true);
    expect(isReversed({ inicio: '2026-11-19', fim: '2026-11-19' })).toBe(false);
  });
});
