import { describe, expect, it } from 'vitest';

import { buildDashboardPath, defaultV2Filter } from '@funil/domain/dashboard/dashboard-api';

import { defaultClassicFilter, isReversed, periodOfV2, withPeriod } from './dashboard-filters.ts';

// 02:30 UTC on 26/11 is still 25/11 in São Paulo (UTC−3).
const NOW = new Date('2026-11-26T02:30:00Z');

describe('dashboard filters (000 §4 Dashboard v2 load, §5, §7 Dashboard GETs, §9 last 7 days)', () => {
  it('opens on the last 7 São Paulo days, today included', () => {
    expect(periodOfV2(defaultV2Filter(NOW))).toEqual({ inicio: '2026-11-19', fim: '2026-11-25' });
    expect(defaultClassicFilter(NOW, [3])).toEqual({
      inicio: '2026-11-19',
      fim: '2026-11-25',
      base: 'atendimento',
      unidades: [3],
      anuncios: [],
    });
  });

  it("sends v2 dates as 'YYYY-MM-DD 00:00:00' and '… 23:59:59' and empty filters as -1", () => {
    const filter = withPeriod(defaultV2Filter(NOW), { inicio: '2026-11-01', fim: '2026-11-30' });
    expect(filter.data_inicio).toBe('2026-11-01 00:00:00');
    expect(filter.data_fim).toBe('2026-11-30 23:59:59');
    expect(buildDashboardPath('captacao', filter)).toBe(
      'dashboard/captacao/-1/-1/-1/-1/2026-11-01%2000%3A00%3A00/2026-11-30%2023%3A59%3A59',
    );
    expect(
      buildDashboardPath('atendimento', { ...filter, campanha: 'Verão 2026', plataforma: 2, status_cliente: 1, atendente: 7 }),
    ).toBe('dashboard/atendimento/Ver%25C3%25A3o%25202026/1/2/7/2026-11-01%2000%3A00%3A00/2026-11-30%2023%3A59%3A59');
  });

  it("joins units with '&' and ads with '@', '0' for none (000 §5)", () => {
    expect(buildDashboardPath('crm', { unidades: [1, 2], data_inicio: '2026-11-19', data_fim: '2026-11-25' })).toBe(
      'dashboard/crm/1&2/2026-11-19/2026-11-25',
    );
    expect(
      buildDashboardPath('campanhas', {
        unidades: [],
        anuncios: ['120210', '120211'],
        data_inicio: '2026-11-19',
        data_fim: '2026-11-25',
      }),
    ).toBe('dashboard/campanhas/0/120210@120211/2026-11-19/2026-11-25');
  });

  it('tells a reversed period', () => {
    expect(isReversed({ inicio: '2026-11-20', fim: '2026-11-19' })).toBe(true);
    expect(isReversed({ inicio: '2026-11-19', fim: '2026-11-19' })).toBe(false);
  });
});
