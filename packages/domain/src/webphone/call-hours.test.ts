// issue 12 "call hours per unit (weekday windows and holidays, São Paulo time) outside which nobody is dialled".
import { describe, expect, it } from 'vitest';

import { callHoursAt, callHoursSchema, holidaysSchema, SUGGESTED_CALL_HOURS } from './call-hours.ts';

// 26/11/2026 is a Thursday. São Paulo is UTC-3 (no daylight saving time since 2019).
const at = (iso: string) => new Date(iso);

describe('callHoursAt', () => {
  it('a unit without windows (null) dials at any time, except on its holidays', () => {
    expect(callHoursAt(null, [], at('2026-11-26T05:00:00Z'))).toEqual({ aberto: true });
    expect(callHoursAt(null, ['2026-11-25'], at('2026-11-26T05:00:00Z'))).toEqual({ aberto: true });
    expect(callHoursAt(null, ['2026-11-26', '2026-11-27'], at('2026-11-26T15:00:00Z'))).toEqual({
      aberto: false,
      ate: at('2026-11-28T03:00:00Z'),
      motivo: 'feriado',
    });
  });

  it('inside the weekday window it is open; the end is exclusive', () => {
    expect(callHoursAt(SUGGESTED_CALL_HOURS, [], at('2026-11-26T11:00:00Z'))).toEqual({ aberto: true }); // 08:00
    expect(callHoursAt(SUGGESTED_CALL_HOURS, [], at('2026-11-26T22:59:00Z'))).toEqual({ aberto: true }); // 19:59
    expect(callHoursAt(SUGGESTED_CALL_HOURS, [], at('2026-11-26T23:00:00Z'))).toEqual({
      aberto: false,
      ate: at('2026-11-27T11:00:00Z'),
      motivo: 'fora_do_horario',
    }); // 20:00 → Friday 08:00
  });

  it('before the window it waits for today’s start, judged in São Paulo time, not UTC', () => {
    // 05:30 UTC on the 26th is 02:30 of the 26th in São Paulo; 01:00 UTC on the 27th is 22:00 of the 26th.
    expect(callHoursAt(SUGGESTED_CALL_HOURS, [], at('2026-11-26T05:30:00Z'))).toEqual({
      aberto: false,
      ate: at('2026-11-26T11:00:00Z'),
      motivo: 'fora_do_horario',
    });
    expect(callHoursAt(SUGGESTED_CALL_HOURS, [], at('2026-11-27T01:00:00Z'))).toEqual({
      aberto: false,
      ate: at('2026-11-27T11:00:00Z'),
      motivo: 'fora_do_horario',
    });
  });

  it('Saturday afternoon waits for Monday (Sunday has no window)', () => {
    expect(callHoursAt(SUGGESTED_CALL_HOURS, [], at('2026-11-28T17:00:00Z'))).toEqual({
      aberto: false,
      ate: at('2026-11-30T11:00:00Z'),
      motivo: 'fora_do_horario',
    });
  });

  it('a holiday is closed all day and skipped when looking for the next window', () => {
    // Friday 27/11 a holiday: Thursday evening waits for Saturday 09:00.
    expect(callHoursAt(SUGGESTED_CALL_HOURS, ['2026-11-27'], at('2026-11-26T23:30:00Z'))).toEqual({
      aberto: false,
      ate: at('2026-11-28T12:00:00Z'),
      motivo: 'fora_do_horario',
    });
    expect(callHoursAt(SUGGESTED_CALL_HOURS, ['2026-11-27'], at('2026-11-27T14:00:00Z'))).toEqual({
      aberto: false,
      ate: at('2026-11-28T12:00:00Z'),
      motivo: 'feriado',
    });
    // Christmas and New Year's day on weekdays.
    expect(callHoursAt(SUGGESTED_CALL_HOURS, ['2026-12-25', '2027-01-01'], at('2026-12-31T23:30:00Z'))).toEqual({
      aberto: false,
      ate: at('2027-01-02T12:00:00Z'),
      motivo: 'fora_do_horario',
    });
  });

  it('a week with no window at all is closed with no opening', () => {
    expect(callHoursAt([null, null, null, null, null, null, null], [], at('2026-11-26T14:00:00Z'))).toEqual({
      aberto: false,
      ate: null,
      motivo: 'fora_do_horario',
    });
  });
});

describe('the settings fields', () => {
  it('horario_ligacao takes 7 windows (or null) with HH:MM times and the end after the start', () => {
    expect(callHoursSchema.parse(SUGGESTED_CALL_HOURS)).toEqual(SUGGESTED_CALL_HOURS);
    expect(callHoursSchema.parse(null)).toBeNull();
    expect(callHoursSchema.safeParse(SUGGESTED_CALL_HOURS.slice(1)).error?.issues[0]?.message).toBe(
      'Informe os 7 dias da semana (domingo a sábado).',
    );
    expect(
      callHoursSchema.safeParse([null, { inicio: '8:00', fim: '20:00' }, null, null, null, null, null]).error?.issues[0]?.message,
    ).toBe('Use o formato HH:MM (00:00 a 23:59).');
    expect(
      callHoursSchema.safeParse([null, { inicio: '20:00', fim: '08:00' }, null, null, null, null, null]).error?.issues[0]
        ?.message,
    ).toBe('O fim deve ser depois do início.');
  });
  it('feriados are real dates, kept sorted and unique', () => {
    expect(holidaysSchema.parse(['2026-12-25', '2026-11-20', '2026-12-25'])).toEqual(['2026-11-20', '2026-12-25']);
    expect(holidaysSchema.safeParse(['2026-02-30']).error?.issues[0]?.message).toBe(
      'Informe o feriado como data válida (AAAA-MM-DD).',
    );
    expect(holidaysSchema.safeParse(['25/12/2026']).success).toBe(false);
  });
});
