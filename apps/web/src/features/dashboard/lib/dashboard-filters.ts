// The filters of the dashboards and how they travel (000 §2 'Dashboard screen', §4 'Dashboard v2
// load', §5, §7 'Dashboard GETs'): the period defaults to the last 7 days (São Paulo days, today
// included); Limpar restores it. The previous period, for the comparison on every card, is the
// period of the same length that ends the day before.
import { toWallTime } from '@funil/domain/format/date';

/** A period of whole days, both ends 'YYYY-MM-DD' and included. */
export type Period = { inicio: string; fim: string };

/** 000 §2 v2 filter bar: campaign, platform, customer sale status and attendant; null is "all". */
export type V2Filter = Period & {
  campanha: string | null;
  plataforma: number | null;
  statusVenda: number | null;
  atendente: number | null;
};

/** 000 §2 classic filter bar: the radio Atendimento / Captação, the units and (CAMPANHAS, LTV) the ads. */
export type ClassicFilter = Period & {
  base: 'atendimento' | 'captacao';
  unidades: number[];
  anuncios: string[];
};

/** 000 §9: the default dashboard period. */
export const DEFAULT_PERIOD_DAYS = 7;

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const dayNumber = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
const isoOfDayNumber = (n: number) => {
  const d = new Date(n * DAY_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** Today in São Paulo as 'YYYY-MM-DD'. */
export function todayIn(now: Date): string {
  const w = toWallTime(now);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** The day `days` after an ISO day. */
export function addDays(iso: string, days: number): string {
  return isoOfDayNumber(dayNumber(iso) + days);
}

/** 000 §4, §9: the last 7 days, today included. */
export function defaultPeriod(now: Date): Period {
  const fim = todayIn(now);
  return { inicio: addDays(fim, -(DEFAULT_PERIOD_DAYS - 1)), fim };
}

/** How many days a period spans, both ends included. */
export function periodLength(period: Period): number {
  return dayNumber(period.fim) - dayNumber(period.inicio) + 1;
}

/** The period of the same length that ends the day before this one starts (the comparison of every card). */
export function previousPeriod(period: Period): Period {
  const length = Math.max(1, periodLength(period));
  return { inicio: addDays(period.inicio, -length), fim: addDays(period.inicio, -1) };
}

export function defaultV2Filter(now: Date): V2Filter {
  return { ...defaultPeriod(now), campanha: null, plataforma: null, statusVenda: null, atendente: null };
}

export function defaultClassicFilter(now: Date, unidades: number[] = []): ClassicFilter {
  return { ...defaultPeriod(now), base: 'atendimento', unidades, anuncios: [] };
}

/** True when a period reads backwards (the end before the start): Atualizar refuses it. */
export function isReversed(period: Period): boolean {
  return dayNumber(period.fim) < dayNumber(period.inicio);
}
