// Call hours of a unit (issue 12, "beyond the spec, from what dialers do"): weekday windows and
// holidays in America/Sao_Paulo time, outside which the auto-dial queue dials nobody. A unit
// without windows (null) may be dialled at any hour, as before the setting existed, except on its
// holidays.
import { z } from 'zod';

import { toWallTime, zonedWallTimeToDate } from '../format/date.ts';

export const CALL_HOURS_MESSAGES = {
  time: 'Use o formato HH:MM (00:00 a 23:59).',
  order: 'O fim deve ser depois do início.',
  days: 'Informe os 7 dias da semana (domingo a sábado).',
  holiday: 'Informe o feriado como data válida (AAAA-MM-DD).',
  holidays: 'No máximo 100 feriados.',
} as const;

/** Names of the weekdays, index 0 = Sunday (as Date#getDay). */
export const WEEKDAY_NAMES = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
] as const;

/** One day's window, São Paulo wall time: from `inicio` (inclusive) to `fim` (exclusive). */
export type CallWindow = { inicio: string; fim: string };
/** Seven entries, Sunday first; null = no calls that day. */
export type CallHours = (CallWindow | null)[];

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export const callWindowSchema = z
  .object({ inicio: z.string().regex(HH_MM, CALL_HOURS_MESSAGES.time), fim: z.string().regex(HH_MM, CALL_HOURS_MESSAGES.time) })
  .refine((w) => minutesOf(w.inicio) < minutesOf(w.fim), { message: CALL_HOURS_MESSAGES.order, path: ['fim'] });

/** horario_ligacao: 7 windows (Sunday first) or null for "any time". */
export const callHoursSchema = z
  .array(callWindowSchema.nullable(), { error: CALL_HOURS_MESSAGES.days })
  .length(7, CALL_HOURS_MESSAGES.days)
  .nullable();

const isoDay = z
  .string({ error: CALL_HOURS_MESSAGES.holiday })
  .regex(/^\d{4}-\d{2}-\d{2}$/, CALL_HOURS_MESSAGES.holiday)
  .refine(
    (d) =>
      zonedWallTimeToDate({
        year: Number(d.slice(0, 4)),
        month: Number(d.slice(5, 7)),
        day: Number(d.slice(8, 10)),
        hour: 12,
        minute: 0,
        second: 0,
      }) !== null,
    CALL_HOURS_MESSAGES.holiday,
  );

/** feriados: dates without calls, sorted and unique. */
export const holidaysSchema = z
  .array(isoDay, { error: CALL_HOURS_MESSAGES.holiday })
  .max(100, CALL_HOURS_MESSAGES.holidays)
  .transform((days) => [...new Set(days)].sort());

/** A sensible week to start from in the form: weekdays 08:00–20:00, Saturday 09:00–13:00. */
export const SUGGESTED_CALL_HOURS: CallHours = [
  null,
  { inicio: '08:00', fim: '20:00' },
  { inicio: '08:00', fim: '20:00' },
  { inicio: '08:00', fim: '20:00' },
  { inicio: '08:00', fim: '20:00' },
  { inicio: '08:00', fim: '20:00' },
  { inicio: '09:00', fim: '13:00' },
];

/** No restriction of hours: every day from 00:00 to the end of the day. */
const ALL_DAY: CallHours = Array.from({ length: 7 }, () => ({ inicio: '00:00', fim: '24:00' }));

/** Whether the queue may dial now, and if not, when it may again (null: never, no window at all). */
export type CallHoursState = { aberto: true } | { aberto: false; ate: Date | null; motivo: 'feriado' | 'fora_do_horario' };

const isoOf = (w: { year: number; month: number; day: number }) =>
  `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;

/** The calendar day `offset` days after the given São Paulo day (noon arithmetic: no DST edge). */
function dayAfter(w: { year: number; month: number; day: number }, offset: number) {
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day, 12) + offset * 86_400_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() };
}

/**
 * The unit's call hours at `now`: open inside today's window on a day that is not a holiday;
 * otherwise closed until the next window's start (looking a year and a week ahead).
 */
export function callHoursAt(hours: CallHours | null, holidays: readonly string[], now: Date): CallHoursState {
  if (!hours && holidays.length === 0) return { aberto: true };
  const week = hours ?? ALL_DAY;
  const wall = toWallTime(now);
  const nowMinutes = wall.hour * 60 + wall.minute;
  const off = new Set(holidays);
  const todayIsHoliday = off.has(isoOf(wall));
  for (let offset = 0; offset <= 372; offset += 1) {
    const day = dayAfter(wall, offset);
    if (off.has(isoOf(day))) continue;
    const window = week[day.weekday] ?? null;
    if (!window) continue;
    const start = minutesOf(window.inicio);
    const end = minutesOf(window.fim);
    if (offset === 0) {
      if (nowMinutes >= end) continue;
      if (nowMinutes >= start) return { aberto: true };
    }
    const at = zonedWallTimeToDate({
      year: day.year,
      month: day.month,
      day: day.day,
      hour: Math.floor(start / 60),
      minute: start % 60,
      second: 0,
    });
    return { aberto: false, ate: at, motivo: todayIsHoliday ? 'feriado' : 'fora_do_horario' };
  }
  return { aberto: false, ate: null, motivo: todayIsHoliday ? 'feriado' : 'fora_do_horario' };
}
