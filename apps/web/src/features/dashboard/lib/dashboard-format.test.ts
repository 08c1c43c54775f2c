import { describe, expect, it } from 'vitest';

import { workingHoursOf } from '@funil/domain/dashboard/dashboard-api';

import {
  formatAverage,
  formatBRL,
  formatChange,
  formatCount,
  formatDecimal,
  formatDuration,
  formatShare,
  periodChange,
  workingHoursText,
} from './dashboard-format.ts';

describe('dashboard numbers (000 §2 Dashboard screen, §9 pt-BR)', () => {
  it("prints counts with '.' thousands and money as BRL", () => {
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatCount(Number.NaN)).toBe('0');
    // 000 §2 'Conversões shown as a BRL value'.
    expect(formatBRL(15300.5)).toBe('R$ 15.300,50');
  });

  it("prints the averages of 'Performance de Atendimento' with 3 decimals", () => {
    // 000 §2 'average messages and average call attempts (3 decimals)'
    expect(formatAverage(1.5)).toBe('1,500');
    expect(formatAverage(2 / 3)).toBe('0,667');
    expect(formatAverage(1234.56789)).toBe('1.234,568');
  });

  it("prints the classic tabs' averages with at most one decimal, never read as thousands", () => {
    expect(formatDecimal(3.6)).toBe('3,6');
    expect(formatDecimal(27)).toBe('27');
    expect(formatDecimal(22.67)).toBe('22,7');
    expect(formatDecimal(1234.5)).toBe('1.234,5');
    expect(formatDecimal(undefined)).toBe('0');
  });

  it('prints shares without dividing by zero on an empty period', () => {
    expect(formatShare(3, 7)).toBe('42,9%');
    expect(formatShare(0, 0)).toBe('0,0%');
  });

  it('prints durations as a manager reads them', () => {
    expect(formatDuration(42)).toBe('42s');
    expect(formatDuration(185)).toBe('3min 05s');
    expect(formatDuration(2 * 3600 + 7 * 60 + 30)).toBe('2h 07min');
    expect(formatDuration(3 * 86400 + 4 * 3600)).toBe('3d 4h');
    expect(formatDuration(null)).toBe('—');
  });

  it('compares a card with the previous period', () => {
    expect(periodChange(150, 100)).toBe(50);
    expect(periodChange(50, 100)).toBe(-50);
    expect(periodChange(0, 0)).toBe(0);
    // Nothing before: no percentage can be told.
    expect(periodChange(10, 0)).toBeNull();
    expect(periodChange(10, null)).toBeNull();
    expect(formatChange(12.5)).toBe('+12,5%');
    expect(formatChange(-3)).toBe('−3,0%');
    expect(formatChange(0)).toBe('0,0%');
  });

  it('tells the hours the working-hours first contact counted in', () => {
    expect(workingHoursText(workingHoursOf(null))).toBe('Conta só seg, ter, qua, qui, sex das 08:00 às 18:00 (horário padrão)');
    const week = [
      null,
      { inicio: '09:00', fim: '18:00' },
      { inicio: '09:00', fim: '18:00' },
      null,
      null,
      null,
      { inicio: '09:00', fim: '13:00' },
    ];
    expect(workingHoursText(workingHoursOf({ horario_ligacao: week, feriados: ['2026-12-25', '2027-01-01'] }))).toBe(
      'Conta só seg, ter das 09:00 às 18:00; sáb das 09:00 às 13:00 (horário da unidade, 2 feriados)',
    );
    expect(workingHoursText(workingHoursOf({ horario_ligacao: null, feriados: ['2026-12-25'] }))).toBe(
      'Conta só seg, ter, qua, qui, sex das 08:00 às 18:00 (horário padrão, 1 feriado)',
    );
  });
});
