// Dates and times as the product shows and sends them: America/Sao_Paulo wall time
// (000 §5, §9 "dates DD/MM/YYYY, date-times DD/MM/YYYY HH:mm(:ss)"; 001 §5, §7, §9).

/** The time zone every date of the product is shown in (001 §9: UTC minus 3 hours). */
export const APP_TIME_ZONE = 'America/Sao_Paulo';

/** Accepted as a date input: a Date, epoch milliseconds or a date string. */
export type DateInput = Date | string | number;

/** Wall-clock parts of an instant in America/Sao_Paulo. */
export type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const NAIVE_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

const pad = (value: number, size = 2): string => String(value).padStart(size, '0');

/**
 * Turns a date input into an instant. Strings with an offset or 'Z' are exact instants; a naive
 * 'YYYY-MM-DD[ HH:mm[:ss]]' (the shape of the schedule payloads) is read as Sao Paulo wall time.
 * Returns null for anything that is not a valid date.
 */
export function toInstant(input: DateInput | null | undefined): Date | null {
  if (input === null || input === undefined || input === '') return null;
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : new Date(input.getTime());
  if (typeof input === 'number') return Number.isFinite(input) ? new Date(input) : null;
  const naive = NAIVE_DATE_TIME.exec(input.trim());
  if (naive) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = naive;
    return zonedWallTimeToDate({
      year: Number(y),
      month: Number(mo),
      day: Number(d),
      hour: Number(h),
      minute: Number(mi),
      second: Number(s),
    });
  }
  const parsed = new Date(input);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** The wall-clock parts of an instant in America/Sao_Paulo. */
export function toWallTime(date: Date): WallTime {
  const parts: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts['year'] ?? 0,
    month: parts['month'] ?? 0,
    day: parts['day'] ?? 0,
    hour: parts['hour'] ?? 0,
    minute: parts['minute'] ?? 0,
    second: parts['second'] ?? 0,
  };
}

/**
 * The instant at which America/Sao_Paulo shows the given wall time, or null when the parts do
 * not name a real calendar date (31/02, 25:00, …).
 */
export function zonedWallTimeToDate(wall: WallTime): Date | null {
  const { year, month, day, hour, minute, second } = wall;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  // The same wall times come again and again (a list filter's days on every page and live
  // refresh), and each answer costs four Intl.DateTimeFormat calls: kept, a few hundred at most.
  const key = `${year}-${month}-${day} ${hour}:${minute}:${second}`;
  const known = zonedInstants.get(key);
  if (known !== undefined) return known === null ? null : new Date(known);
  const found = zonedInstant(year, month, day, hour, minute, second);
  if (zonedInstants.size >= 512) zonedInstants.clear();
  zonedInstants.set(key, found === null ? null : found.getTime());
  return found;
}

const zonedInstants = new Map<string, number | null>();

function zonedInstant(year: number, month: number, day: number, hour: number, minute: number, second: number): Date | null {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  // Two passes settle the offset even across a (historical) daylight-saving change.
  let guess = asUtc;
  for (let i = 0; i < 2; i += 1) {
    const shown = toWallTime(new Date(guess));
    const shownAsUtc = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute, shown.second);
    guess += asUtc - shownAsUtc;
  }
  return new Date(guess);
}

function withWall(input: DateInput | null | undefined, render: (wall: WallTime) => string): string {
  const date = toInstant(input);
  return date ? render(toWallTime(date)) : '';
}

/** 'DD/MM/YYYY' in America/Sao_Paulo (000 §5 date filters, §9); '' for an invalid input. */
export function formatDate(input: DateInput | null | undefined): string {
  return withWall(input, (w) => `${pad(w.day)}/${pad(w.month)}/${w.year}`);
}

/** 'DD/MM/YYYY HH:mm' in America/Sao_Paulo (000 §9, 001 §5); '' for an invalid input. */
export function formatDateTime(input: DateInput | null | undefined): string {
  return withWall(input, (w) => `${pad(w.day)}/${pad(w.month)}/${w.year} ${pad(w.hour)}:${pad(w.minute)}`);
}

/** 'DD/MM/YYYY HH:mm:ss' in America/Sao_Paulo (000 §2 timeline rows, §9); '' for an invalid input. */
export function formatDateTimeSeconds(input: DateInput | null | undefined): string {
  return withWall(input, (w) => `${pad(w.day)}/${pad(w.month)}/${w.year} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`);
}

/** 'HH:mm' in America/Sao_Paulo (001 §9 time display); '' for an invalid input. */
export function formatTime(input: DateInput | null | undefined): string {
  return withWall(input, (w) => `${pad(w.hour)}:${pad(w.minute)}`);
}

/** 'YYYY-MM-DD' in America/Sao_Paulo (000 §7 dashboard dates, 002 §7 filter dates). */
export function formatIsoDate(input: DateInput | null | undefined): string {
  return withWall(input, (w) => `${w.year}-${pad(w.month)}-${pad(w.day)}`);
}

/**
 * 'YYYY-MM-DD HH:mm:ss' in America/Sao_Paulo, the format of cli_data_mensagem_agendada and
 * other schedule payloads (000 §7, 001 §7 "Schedule a message"); '' for an invalid input.
 */
export function formatSchedulePayload(input: DateInput | null | undefined): string {
  return withWall(input, (w) => `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`);
}

/** A 'YYYY-MM-DD' day as a start-of-day filter value 'YYYY-MM-DD 00:00:00' (000 §7, 001 §5). */
export function startOfDayFilter(isoDay: string): string {
  return `${isoDay.slice(0, 10)} 00:00:00`;
}

/** A 'YYYY-MM-DD' day as an end-of-day filter value 'YYYY-MM-DD 23:59:59' (000 §7, 001 §5). */
export function endOfDayFilter(isoDay: string): string {
  return `${isoDay.slice(0, 10)} 23:59:59`;
}

/**
 * A date filter's bound ('YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss', São Paulo wall time; 000 §7,
 * 001 §7, 002 §2) as an instant of a half-open range [start, end): a start is its day's midnight
 * or its second; an end is exclusive, the next day's midnight for a bare day and the next second
 * for a date-time ('… 23:59:59' takes its whole second). Null for a value that names no real date.
 * The one reading of filter dates (docs/decisions.md "Issue 22 §3: one date-filter rule").
 */
export function filterBound(value: string, side: 'start' | 'end'): Date | null {
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}:\d{2})?$/.test(text)) return null;
  if (text.length === 10) {
    const day = toInstant(text);
    if (!day || side === 'start') return day;
    const [y, m, d] = text.split('-').map(Number);
    const next = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + 1));
    return zonedWallTimeToDate({
      year: next.getUTCFullYear(),
      month: next.getUTCMonth() + 1,
      day: next.getUTCDate(),
      hour: 0,
      minute: 0,
      second: 0,
    });
  }
  const at = toInstant(text);
  return at && side === 'end' ? new Date(at.getTime() + 1000) : at;
}

/**
 * Parses 'DD/MM/YYYY HH:mm' (24 h) typed by the user as Sao Paulo wall time (001 §5 "Schedule
 * message"). Returns null when the text does not have that shape or names no real date.
 */
export function parseBrazilianDateTime(text: string): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [, d, mo, y, h, mi] = match;
  return zonedWallTimeToDate({
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: 0,
  });
}

/** Parses 'DD/MM/YYYY' as the start of that day in Sao Paulo; null when invalid. */
export function parseBrazilianDate(text: string): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, d, mo, y] = match;
  return zonedWallTimeToDate({ year: Number(y), month: Number(mo), day: Number(d), hour: 0, minute: 0, second: 0 });
}

export const SCHEDULE_MESSAGES = {
  invalid: 'Data e hora inválidas. Use o formato DD/MM/AAAA HH:mm.',
  past: 'A data e hora não podem estar no passado.',
} as const;

/** Outcome of checking a typed schedule date. */
export type ScheduleDateResult =
  { ok: true; date: Date; payload: string } | { ok: false; reason: 'invalid' | 'past'; message: string };

/**
 * Checks a 'DD/MM/YYYY HH:mm' schedule date typed by the user (001 §5 "Schedule message",
 * "Schedule contact or call"): it must be a real date and not in the past relative to `now`
 * (the current minute still counts as not past). On success gives the instant and its
 * 'YYYY-MM-DD HH:mm:ss' payload.
 */
export function checkScheduleDateTime(text: string, now: Date): ScheduleDateResult {
  const date = parseBrazilianDateTime(text);
  if (!date) return { ok: false, reason: 'invalid', message: SCHEDULE_MESSAGES.invalid };
  const startOfCurrentMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  if (date.getTime() < startOfCurrentMinute) {
    return { ok: false, reason: 'past', message: SCHEDULE_MESSAGES.past };
  }
  return { ok: true, date, payload: formatSchedulePayload(date) };
}

/**
 * Whether a date input lies before `now` (001 §4: a 'Próxima chamada' date in the past shows in
 * red). Invalid inputs are not in the past.
 */
export function isInPast(input: DateInput | null | undefined, now: Date): boolean {
  const date = toInstant(input);
  return date !== null && date.getTime() < now.getTime();
}

/**
 * The Sao Paulo calendar day `days` after the day of `now`, as 'DD/MM/YYYY' (used by the
 * [data_atual+N] placeholders of 001 §5 and 002 §5).
 */
export function formatDatePlusDays(now: Date, days: number): string {
  const w = toWallTime(now);
  const shifted = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return `${pad(shifted.getUTCDate())}/${pad(shifted.getUTCMonth() + 1)}/${shifted.getUTCFullYear()}`;
}
