// How a campaign is paced (issue 13 'Pacing', 'Caps and windows'): a random wait whose mean is
// intervaloMensagem, a typing time that grows with the text, a daily cap per WhatsApp number that
// grows with its age in use (warm-up), allowed hours and week days in America/Sao_Paulo. Shared
// by the engine and the composer's projected finish time.
import { toWallTime, zonedWallTimeToDate } from '../format/date.ts';
import { fillPlaceholders } from '../leads/placeholders.ts';
import type { MassSendSettings, WarmUpStep } from './mass-send-api.ts';

/**
 * The wait before the next send, in ms: uniform between half and one and a half times the mean,
 * so its mean is `meanSeconds` and no two waits look alike. `random` is in [0, 1).
 */
export function randomWaitMs(meanSeconds: number, random: number): number {
  const r = Math.min(Math.max(random, 0), 0.999999);
  return Math.round(meanSeconds * 1000 * (0.5 + r));
}

/** The gateway's `delay` (typing presence, ref §3.7): 1.2 s plus 50 ms a character, at most 12 s. */
export function typingDelayMs(text: string): number {
  return Math.min(12_000, 1_200 + 50 * [...text].length);
}

/** The daily cap of a number used since `firstUse` (warm-up steps, the highest reached). */
export function dailyCap(steps: readonly WarmUpStep[], firstUse: Date | null, now: Date): number {
  const age = firstUse ? Math.max(0, Math.floor((now.getTime() - firstUse.getTime()) / 86_400_000)) : 0;
  const sorted = [...steps].sort((a, b) => a.dias - b.dias);
  let cap = sorted[0]?.limite ?? 20;
  for (const s of sorted) if (age >= s.dias) cap = s.limite;
  return cap;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The start of the São Paulo day of `now` (00:00 wall time). */
export function startOfSaoPauloDay(now: Date): Date {
  const w = toWallTime(now);
  return zonedWallTimeToDate({ ...w, hour: 0, minute: 0, second: 0 })!;
}

const weekdayOf = (w: { year: number; month: number; day: number }) => new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();

/**
 * The first instant at or after `now` inside the allowed hours and days (São Paulo wall time);
 * `now` itself when it is allowed. Null when no day is allowed.
 */
export function nextAllowedTime(
  settings: Pick<MassSendSettings, 'horario_inicio' | 'horario_fim' | 'dias_semana'>,
  now: Date,
): Date | null {
  const start = minutesOf(settings.horario_inicio);
  const end = minutesOf(settings.horario_fim);
  if (settings.dias_semana.length === 0 || start >= end) return null;
  const w = toWallTime(now);
  for (let d = 0; d < 8; d += 1) {
    const day = new Date(Date.UTC(w.year, w.month - 1, w.day + d));
    const wall = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
    if (!settings.dias_semana.includes(weekdayOf(wall))) continue;
    const open = zonedWallTimeToDate({ ...wall, hour: Math.floor(start / 60), minute: start % 60, second: 0 })!;
    const close = zonedWallTimeToDate({ ...wall, hour: Math.floor(end / 60), minute: end % 60, second: 0 })!;
    if (d === 0) {
      if (now < open) return open;
      if (now < close) return now;
      continue;
    }
    return open;
  }
  return null;
}

/** The next São Paulo midnight after `now` (when a daily cap opens again). */
export function nextSaoPauloDay(now: Date): Date {
  const w = toWallTime(now);
  const next = new Date(Date.UTC(w.year, w.month - 1, w.day + 1));
  return zonedWallTimeToDate({
    year: next.getUTCFullYear(),
    month: next.getUTCMonth() + 1,
    day: next.getUTCDate(),
    hour: 0,
    minute: 0,
    second: 0,
  })!;
}

/**
 * The campaign's text for one lead: the lead's own text (older payloads) or one of the variants,
 * picked by the lead id so a retry renders the same text; placeholders filled (002 §5).
 */
export function renderForLead(
  variants: readonly string[],
  own: string | null,
  lead: { cliCrmId: number; nome: string | null },
  now: Date,
): string {
  const template = own ?? (variants.length > 0 ? variants[lead.cliCrmId % variants.length]! : '');
  return fillPlaceholders(template, { clientName: lead.nome, now });
}

/**
 * The composer's projected finish (issue 13 'Beyond the spec'): `count` sends from one number,
 * a mean wait of `intervalSeconds`, the number's cap (`sentToday` already used today) and the
 * allowed hours. Null when the settings allow no sending at all.
 */
export function projectedFinish(
  settings: Pick<MassSendSettings, 'horario_inicio' | 'horario_fim' | 'dias_semana' | 'aquecimento'>,
  input: { count: number; intervalSeconds: number; sentToday: number; firstUse: Date | null },
  now: Date,
): Date | null {
  let t = now;
  let usedToday = input.sentToday;
  let day = startOfSaoPauloDay(now).getTime();
  for (let i = 0; i < input.count; i += 1) {
    for (let guard = 0; guard < 400; guard += 1) {
      const allowed = nextAllowedTime(settings, t);
      if (!allowed) return null;
      t = allowed;
      const today = startOfSaoPauloDay(t).getTime();
      if (today !== day) {
        day = today;
        usedToday = 0;
      }
      if (usedToday < dailyCap(settings.aquecimento, input.firstUse, t)) break;
      t = nextSaoPauloDay(t);
      if (guard === 399) return null;
    }
    usedToday += 1;
    if (i < input.count - 1) t = new Date(t.getTime() + input.intervalSeconds * 1000);
  }
  return t;
}
