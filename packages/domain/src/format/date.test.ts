import { describe, expect, it } from 'vitest';

import {
  checkScheduleDateTime,
  endOfDayFilter,
  filterBound,
  formatDate,
  formatDatePlusDays,
  formatDateTime,
  formatDateTimeSeconds,
  formatIsoDate,
  formatSchedulePayload,
  formatTime,
  isInPast,
  parseBrazilianDate,
  parseBrazilianDateTime,
  SCHEDULE_MESSAGES,
  startOfDayFilter,
  toInstant,
} from './date.ts';

describe('date display in America/Sao_Paulo (000 §9, 001 §9 UTC minus 3 hours)', () => {
  const instant = '2024-03-05T02:07:09Z'; // 23:07:09 on 04/03 in Sao Paulo

  it('000 §5 formats dates as DD/MM/YYYY in Sao Paulo time', () => {
    expect(formatDate(instant)).toBe('04/03/2024');
    expect(formatDate(new Date(instant))).toBe('04/03/2024');
    expect(formatDate(Date.parse(instant))).toBe('04/03/2024');
  });

  it('000 §9 formats date-times as DD/MM/YYYY HH:mm and DD/MM/YYYY HH:mm:ss', () => {
    expect(formatDateTime(instant)).toBe('04/03/2024 23:07');
    expect(formatDateTimeSeconds(instant)).toBe('04/03/2024 23:07:09');
    expect(formatTime(instant)).toBe('23:07');
  });

  it('reads a naive YYYY-MM-DD HH:mm:ss as Sao Paulo wall time', () => {
    expect(formatDateTimeSeconds('2024-03-05 14:30:15')).toBe('05/03/2024 14:30:15');
    expect(toInstant('2024-03-05 14:30:15')?.toISOString()).toBe('2024-03-05T17:30:15.000Z');
  });

  it('uses the historical daylight-saving offset of Sao Paulo for old dates', () => {
    // 2018-01-10 was under BRST (UTC-2).
    expect(formatDateTime('2018-01-10T12:00:00Z')).toBe('10/01/2018 10:00');
    expect(toInstant('2018-01-10 10:00:00')?.toISOString()).toBe('2018-01-10T12:00:00.000Z');
  });

  it('answers a wall time read again the same, as a new Date each time (the kept answers are not shared)', () => {
    const first = toInstant('2018-01-10 10:00:00');
    first?.setTime(0);
    expect(toInstant('2018-01-10 10:00:00')?.toISOString()).toBe('2018-01-10T12:00:00.000Z');
    expect(toInstant('2024-02-31 10:00:00')).toBeNull();
    expect(toInstant('2024-02-31 10:00:00')).toBeNull();
  });

  it("gives '' for empty and invalid inputs", () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTimeSeconds('2024-02-31 10:00:00')).toBe('');
  });
});

describe('schedule payloads (000 §7, 001 §7 cli_data_mensagem_agendada as YYYY-MM-DD HH:mm:ss)', () => {
  it('001 §7 formats an instant as YYYY-MM-DD HH:mm:ss in Sao Paulo time', () => {
    expect(formatSchedulePayload('2024-12-31T23:30:00-03:00')).toBe('2024-12-31 23:30:00');
    expect(formatSchedulePayload(new Date('2025-01-01T02:30:05Z'))).toBe('2024-12-31 23:30:05');
    expect(formatIsoDate('2025-01-01T02:30:05Z')).toBe('2024-12-31');
  });

  it('000 §7 / 001 §5 date filters: start is sent at 00:00:00 and end at 23:59:59', () => {
    expect(startOfDayFilter('2024-05-01')).toBe('2024-05-01 00:00:00');
    expect(endOfDayFilter('2024-05-31')).toBe('2024-05-31 23:59:59');
  });

  it('000 §7 / 001 §7 a filter bound is a half-open range of São Paulo instants: start inclusive, end exclusive', () => {
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    expect(iso(filterBound('2024-05-01', 'start'))).toBe('2024-05-01T03:00:00.000Z');
    expect(iso(filterBound('2024-05-01 10:20:30', 'start'))).toBe('2024-05-01T13:20:30.000Z');
    expect(iso(filterBound('2024-05-31', 'end'))).toBe('2024-06-01T03:00:00.000Z');
    expect(iso(filterBound('2024-12-31', 'end'))).toBe('2025-01-01T03:00:00.000Z');
    expect(iso(filterBound('2024-05-31 23:59:59', 'end'))).toBe('2024-06-01T03:00:00.000Z');
    expect(iso(filterBound('2024-05-31 10:00:00', 'end'))).toBe('2024-05-31T13:00:01.000Z');
    expect([
      filterBound('2024-02-30', 'start'),
      filterBound('2024-02-30', 'end'),
      filterBound('31/05/2024', 'end'),
      filterBound('2024-05-31T10:00:00Z', 'start'),
    ]).toEqual([null, null, null, null]);
  });
});

describe('schedule date input (001 §5 "Schedule message", "Schedule contact or call")', () => {
  const now = new Date('2024-06-10T15:00:30Z'); // 10/06/2024 12:00:30 in Sao Paulo

  it("001 §5 parses 'DD/MM/YYYY HH:mm' (24 h) as Sao Paulo time", () => {
    expect(parseBrazilianDateTime('10/06/2024 18:45')?.toISOString()).toBe('2024-06-10T21:45:00.000Z');
    expect(parseBrazilianDate('10/06/2024')?.toISOString()).toBe('2024-06-10T03:00:00.000Z');
  });

  it('rejects malformed or impossible dates', () => {
    expect(parseBrazilianDateTime('2024-06-10 18:45')).toBeNull();
    expect(parseBrazilianDateTime('31/02/2024 10:00')).toBeNull();
    expect(parseBrazilianDateTime('10/06/2024 24:00')).toBeNull();
    expect(parseBrazilianDate('10/13/2024')).toBeNull();
    expect(checkScheduleDateTime('amanhã', now)).toEqual({
      ok: false,
      reason: 'invalid',
      message: SCHEDULE_MESSAGES.invalid,
    });
  });

  it('001 §5 date and time cannot be in the past', () => {
    expect(checkScheduleDateTime('10/06/2024 11:59', now)).toEqual({
      ok: false,
      reason: 'past',
      message: 'A data e hora não podem estar no passado.',
    });
  });

  it('001 §5 accepts the current minute and any later time, giving the payload', () => {
    const sameMinute = checkScheduleDateTime('10/06/2024 12:00', now);
    expect(sameMinute.ok).toBe(true);
    const later = checkScheduleDateTime('11/06/2024 08:05', now);
    expect(later).toEqual({
      ok: true,
      date: new Date('2024-06-11T11:05:00Z'),
      payload: '2024-06-11 08:05:00',
    });
  });

  it('001 §4 a next-call date before now is in the past (shown in red)', () => {
    expect(isInPast('2024-06-10 11:00:00', now)).toBe(true);
    expect(isInPast('2024-06-10 13:00:00', now)).toBe(false);
    expect(isInPast(null, now)).toBe(false);
  });
});

describe('calendar day arithmetic for [data_atual+N] (001 §5)', () => {
  it('adds days on the Sao Paulo calendar, across month and year ends', () => {
    const lateNightUtc = new Date('2024-12-31T02:00:00Z'); // 30/12/2024 23:00 in Sao Paulo
    expect(formatDatePlusDays(lateNightUtc, 0)).toBe('30/12/2024');
    expect(formatDatePlusDays(lateNightUtc, 2)).toBe('01/01/2025');
    expect(formatDatePlusDays(new Date('2024-02-28T12:00:00Z'), 1)).toBe('29/02/2024');
  });
});
