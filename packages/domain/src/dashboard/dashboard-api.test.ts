import { describe, expect, it } from 'vitest';

import { FilterSegmentsError } from '../leads/filter-segments.ts';
import {
  buildDashboardPath,
  campaignChartLabel,
  canChooseDashboardUnits,
  dashboardTabsFor,
  dashboardVariant,
  daysOfPeriod,
  defaultDashboardPeriod,
  defaultV2Filter,
  leadsPageToFetch,
  parseDashboardSegments,
  previousPeriod,
  resolveDashboardPeriod,
} from './dashboard-api.ts';

describe('dashboard segments (000 §5, §7)', () => {
  it("joins units with '&' and ads with '@', '0' for none", () => {
    expect(buildDashboardPath('crm', { unidades: [3, 7], data_inicio: '2026-11-01', data_fim: '2026-11-07' })).toBe(
      'dashboard/crm/3&7/2026-11-01/2026-11-07',
    );
    expect(buildDashboardPath('crmat', { unidades: [], data_inicio: null, data_fim: null })).toBe('dashboard/crmat/0');
    expect(
      buildDashboardPath('campanhas', {
        unidades: [1],
        anuncios: ['120210000000000001', '99'],
        data_inicio: null,
        data_fim: null,
      }),
    ).toBe('dashboard/campanhas/1/120210000000000001@99');
    expect(buildDashboardPath('ltv', { unidades: [], anuncios: [], data_inicio: null, data_fim: null })).toBe(
      'dashboard/ltv/0/0',
    );
  });

  it('reads them back, with or without the optional start and end', () => {
    expect(parseDashboardSegments('crm', '3&7/2026-11-01/2026-11-07')).toEqual({
      unidades: [3, 7],
      data_inicio: '2026-11-01',
      data_fim: '2026-11-07',
    });
    expect(parseDashboardSegments('crm', '0')).toEqual({ unidades: [], data_inicio: null, data_fim: null });
    expect(parseDashboardSegments('crm', '5/2026-11-01')).toEqual({ unidades: [5], data_inicio: '2026-11-01', data_fim: null });
    expect(parseDashboardSegments('ltv', '0/1@2')).toEqual({
      unidades: [],
      anuncios: ['1', '2'],
      data_inicio: null,
      data_fim: null,
    });
  });

  it('sends empty v2 filters as -1 and dates as YYYY-MM-DD 00:00:00 … 23:59:59 (000 §5, §7)', () => {
    const path = buildDashboardPath('captacao', {
      campanha: 'Implante Dentário',
      status_cliente: null,
      plataforma: 2,
      atendente: null,
      data_inicio: '2026-11-20 00:00:00',
      data_fim: '2026-11-26 23:59:59',
    });
    expect(path).toBe(
      'dashboard/captacao/Implante%2520Dent%25C3%25A1rio/-1/2/-1/2026-11-20%2000%3A00%3A00/2026-11-26%2023%3A59%3A59',
    );
    // The router decodes once; the parser reads the rest.
    const tail = path.replace('dashboard/captacao/', '').split('/').map(decodeURIComponent);
    expect(parseDashboardSegments('captacao', tail)).toEqual({
      campanha: 'Implante Dentário',
      status_cliente: null,
      plataforma: 2,
      atendente: null,
      data_inicio: '2026-11-20 00:00:00',
      data_fim: '2026-11-26 23:59:59',
    });
    expect(parseDashboardSegments('atendimento-leads', '1/3/-1/-1/-1/0')).toMatchObject({
      pagina_captacao: 1,
      pagina_atendimento: 3,
      atendente: 0,
    });
  });

  it("refuses malformed segments with 'Filtro inválido: …'", () => {
    for (const [call, tail] of [
      ['crm', '1,2'],
      ['crm', '0&1'],
      ['crm', '1/2026-02-30'],
      ['campanhas', '1/abc'],
      ['captacao', '-1/-1/-1'],
      ['captacao', '-1/x/-1/-1'],
      ['crm', '1/2026-11-01/2026-11-02/extra'],
    ] as const) {
      expect(() => parseDashboardSegments(call, tail), `${call} ${tail}`).toThrow(FilterSegmentsError);
    }
  });
});

describe('dashboard variants and roles (000 §2, §6)', () => {
  it('shows the external dashboard first, then v2 with dash_v2, else the classic tabs', () => {
    expect(dashboardVariant({ urlDashboard: 'https://bi.exemplo.com.br', dashV2: true })).toBe('externo');
    expect(dashboardVariant({ urlDashboard: '', dashV2: true })).toBe('v2');
    expect(dashboardVariant({ urlDashboard: null, dashV2: false })).toBe('classico');
  });

  it('gives the unit selector to super-admin and multi-manager, CAMPANHAS to sa, a, ag, mg, m, LTV to sa and mg', () => {
    expect(['sa', 'ag', 'a', 'u', 'm', 'mg'].filter((p) => canChooseDashboardUnits(p as 'sa'))).toEqual(['sa', 'mg']);
    expect(dashboardTabsFor('u')).toEqual(['ATENDIMENTOS']);
    expect(dashboardTabsFor('a')).toEqual(['ATENDIMENTOS', 'CAMPANHAS']);
    expect(dashboardTabsFor('ag')).toEqual(['ATENDIMENTOS', 'CAMPANHAS']);
    expect(dashboardTabsFor('m')).toEqual(['ATENDIMENTOS', 'CAMPANHAS']);
    expect(dashboardTabsFor('mg')).toEqual(['ATENDIMENTOS', 'CAMPANHAS', 'LTV']);
    expect(dashboardTabsFor('sa')).toEqual(['ATENDIMENTOS', 'CAMPANHAS', 'LTV']);
  });
});

describe('dashboard constants (000 §2, §9)', () => {
  it('defaults to the last 7 São Paulo days', () => {
    // 02:00 UTC on the 26th is still the 25th in São Paulo.
    expect(defaultDashboardPeriod(new Date('2026-11-26T02:00:00Z'))).toEqual({
      data_inicio: '2026-11-19 00:00:00',
      data_fim: '2026-11-25 23:59:59',
    });
    expect(defaultV2Filter(new Date('2026-03-03T15:00:00Z'))).toMatchObject({
      campanha: '',
      status_cliente: null,
      data_inicio: '2026-02-25 00:00:00',
      data_fim: '2026-03-03 23:59:59',
    });
  });

  it('fetches the next page when the page index plus 2 is divisible by 5', () => {
    expect([0, 1, 2, 3, 4, 5, 8, 13].map(leadsPageToFetch)).toEqual([null, null, null, 2, null, null, 3, 4]);
  });

  it('cuts campaign names over 20 characters to 15', () => {
    expect(campaignChartLabel('Avaliação Gratuita – Novembro')).toBe('Avaliação Gratu');
    expect(campaignChartLabel('Implante Dentário')).toBe('Implante Dentário');
    expect(campaignChartLabel('12345678901234567890')).toBe('12345678901234567890');
  });
});

describe('dashboard periods (000 §7, §9)', () => {
  const now = new Date('2026-11-26T15:00:00Z');
  const iso = (p: ReturnType<typeof resolveDashboardPeriod>) =>
    'error' in p ? p : { inicio: p.inicio.toISOString(), fim: p.fim.toISOString() };

  it('reads a day as São Paulo midnight to the next midnight and an end time as its whole second', () => {
    expect(iso(resolveDashboardPeriod({ data_inicio: '2026-11-02', data_fim: '2026-11-08' }, now))).toEqual({
      inicio: '2026-11-02T03:00:00.000Z',
      fim: '2026-11-09T03:00:00.000Z',
    });
    expect(iso(resolveDashboardPeriod({ data_inicio: '2026-11-02 00:00:00', data_fim: '2026-11-08 23:59:59' }, now))).toEqual({
      inicio: '2026-11-02T03:00:00.000Z',
      fim: '2026-11-09T03:00:00.000Z',
    });
  });

  it('defaults to the last 7 days and runs a lone start to the end of today', () => {
    expect(iso(resolveDashboardPeriod({ data_inicio: null, data_fim: null }, now))).toEqual({
      inicio: '2026-11-20T03:00:00.000Z',
      fim: '2026-11-27T03:00:00.000Z',
    });
    expect(iso(resolveDashboardPeriod({ data_inicio: '2026-11-01', data_fim: null }, now))).toEqual({
      inicio: '2026-11-01T03:00:00.000Z',
      fim: '2026-11-27T03:00:00.000Z',
    });
  });

  it('refuses a backwards or too long period in Portuguese', () => {
    expect(resolveDashboardPeriod({ data_inicio: '2026-11-08', data_fim: '2026-11-02' }, now)).toEqual({
      error: 'Período inválido: a data inicial é posterior à data final.',
    });
    expect(resolveDashboardPeriod({ data_inicio: '2020-01-01', data_fim: '2026-01-01' }, now)).toEqual({
      error: 'Período inválido: no máximo 732 dias.',
    });
  });

  it('compares with the period of the same length just before, and lists its days', () => {
    const week = resolveDashboardPeriod({ data_inicio: '2026-11-02', data_fim: '2026-11-08' }, now);
    if ('error' in week) throw new Error(week.error);
    expect(iso(previousPeriod(week))).toEqual({ inicio: '2026-10-26T03:00:00.000Z', fim: '2026-11-02T03:00:00.000Z' });
    expect(daysOfPeriod(week)).toEqual([
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-08',
    ]);
  });
});
