// How the dashboards print their numbers (000 §2 'Dashboard screen', §9 "Money in BRL, locale
// pt-BR"): counts with '.' thousands, percentages with one decimal, the averages of 'Performance de
// Atendimento' with 3 decimals, durations as a manager reads them, campaign names cut for the chart.
import type { WorkingHours } from '@funil/domain/dashboard/dashboard-api';
import { formatBRL } from '@funil/domain/format/currency';

const countFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const averageFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const decimalFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const percentFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export { formatBRL };

/** 1234 → '1.234'; anything not finite → '0'. */
export function formatCount(value: number | null | undefined): string {
  return countFormat.format(Number.isFinite(value) ? (value as number) : 0);
}

/** 000 §2 'Performance de Atendimento': average messages and call attempts with 3 decimals (1.5 → '1,500'). */
export function formatAverage(value: number | null | undefined): string {
  return averageFormat.format(Number.isFinite(value) ? (value as number) : 0);
}

/** An average a manager reads at a glance, at most one decimal (3.6 → '3,6', 27 → '27', 22.67 → '22,7'). */
export function formatDecimal(value: number | null | undefined): string {
  return decimalFormat.format(Number.isFinite(value) ? (value as number) : 0);
}

/** A share of a whole as '42,9%'; a zero whole gives '0,0%' (no division by zero on an empty period). */
export function formatShare(part: number, whole: number): string {
  return `${percentFormat.format(whole > 0 ? (part / whole) * 100 : 0)}%`;
}

/** A percentage already computed (12.345 → '12,3%'). */
export function formatPercent(value: number | null | undefined): string {
  return `${percentFormat.format(Number.isFinite(value) ? (value as number) : 0)}%`;
}

/**
 * A duration in seconds as the time cards show it: '42s', '3min 05s', '2h 07min', '3d 4h'.
 * null (nothing measured in the period) gives '—'.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const total = Math.max(0, Math.round(seconds));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const secs = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${two(minutes)}min`;
  if (minutes > 0) return `${minutes}min ${two(secs)}s`;
  return `${secs}s`;
}

/** The change of a card against the previous period, in percent; null when there is nothing to compare with. */
export function periodChange(current: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || !Number.isFinite(previous) || !Number.isFinite(current)) return null;
  if (previous === 0) return current === 0 ? 0 : null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

/** '+12,5%', '−3,0%', '0,0%': the signed change shown beside the arrow. */
export function formatChange(change: number): string {
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  return `${sign}${percentFormat.format(Math.abs(change))}%`;
}

const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];

/** 'Conta só seg, ter, qua, qui, sex das 08:00 às 18:00; sáb das 09:00 às 13:00 (horário da unidade, 2 feriados)'. */
export function workingHoursText(hours: WorkingHours): string {
  const groups = new Map<string, number[]>();
  hours.semana.forEach((w, day) => {
    if (!w) return;
    const key = `das ${w.inicio} às ${w.fim}`;
    groups.set(key, [...(groups.get(key) ?? []), day]);
  });
  const week = [...groups].map(([window, days]) => `${days.map((d) => WEEKDAYS[d]).join(', ')} ${window}`).join('; ');
  const holidays =
    hours.feriados.length === 0 ? '' : hours.feriados.length === 1 ? ', 1 feriado' : `, ${hours.feriados.length} feriados`;
  return `Conta só ${week || 'nenhum dia'} (${hours.origem === 'unidade' ? 'horário da unidade' : 'horário padrão'}${holidays})`;
}
