import { describe, expect, it } from 'vitest';
import { classicTabsFor, dashboardVariantOf, picksUnits } from './dashboard-access.ts';

describe('classic dashboard by role (000 §6 Dashboard)', () => {
  it('CAMPANHAS for super-admin, admin, multi-manager and manager; LTV for super-admin and multi-manager', () => {
    expect(classicTabsFor('u')).toEqual(['ATENDIMENTOS']);
    expect(classicTabsFor('a')).toEqual(['ATENDIMENTOS', 'CAMPANHAS']);
    expect(classicTabsFor('ag')).toEqual(['ATENDIMENTOS', 'CAMPANHAS']);
    expect(classicTabsFor('m')).toEqual(['ATENDIMENTOS', 'CAMPANHAS']);
    expect(classicTabsFor('mg')).toEqual(['ATENDIMENTOS', 'CAMPANHAS', 'LTV']);
    expect(classicTabsFor('sa')).toEqual(['ATENDIMENTOS', 'CAMPANHAS', 'LTV']);
  });

  it('gives the unit multi-select to the super-admin and the multi-unit manager only', () => {
    expect((['u', 'a', 'ag', 'm', 'mg', 'sa'] as const).filter(picksUnits)).toEqual(['mg', 'sa']);
  });
});

describe('which dashboard a unit shows (000 §2 three variants)', () => {
  it('an url_dashboard wins, then dash_v2, then the classic one', () => {
    expect(dashboardVariantOf({ url_dashboard: 'https://bi.exemplo.com.br/painel', dash_v2: true })).toBe('externo');
    expect(dashboardVariantOf({ url_dashboard: '  ', dash_v2: true })).toBe('v2');
    expect(dashboardVariantOf({ url_dashboard: null, dash_v2: false })).toBe('classico');
  });
});
