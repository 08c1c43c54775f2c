// The time of a list row like WhatsApp Web (001 §9: São Paulo time, HH:mm and DD/MM/YYYY): the hour
// today, 'Ontem' yesterday, the date before.
import { formatDate, formatIsoDate, formatTime } from '@funil/domain/format/date';

export function listTimeLabel(when: string | null | undefined, now: Date = new Date()): string {
  if (!when) return '';
  const day = formatIsoDate(when);
  if (day === '') return '';
  if (day === formatIsoDate(now)) return formatTime(when);
  if (day === formatIsoDate(new Date(now.getTime() - 86_400_000))) return 'Ontem';
  return formatDate(when);
}
