// 002 §5 "Settings": whole numbers of at least 1, and daily attempts never above the total; issue 12:
// call hours the server accepts.
import { dailyAttemptsWithinTotal } from '@funil/domain/admin-api/settings';
import { callHoursSchema } from '@funil/domain/webphone/call-hours';
import type { SettingsForm } from './api/unit-settings.ts';

export type NumberField =
  | 'ligacao_limite_tentativas'
  | 'ligacao_limite_tentativas_diarias'
  | 'ligacao_intervalo_nao_atendida'
  | 'ligacao_intervalo_ocupado'
  | 'intervalo_dias_crm'
  | 'valor_minimo_segundos_chamada_atendida';

const NUMBER_FIELDS: readonly NumberField[] = [
  'ligacao_limite_tentativas',
  'ligacao_limite_tentativas_diarias',
  'ligacao_intervalo_nao_atendida',
  'ligacao_intervalo_ocupado',
  'intervalo_dias_crm',
  'valor_minimo_segundos_chamada_atendida',
];

export function isValidCount(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= 100_000;
}

/** What keeps the form from saving, or null. */
export function settingsProblem(form: SettingsForm): 'invalidNumber' | 'invalidHours' | 'dailyAboveTotal' | null {
  if (NUMBER_FIELDS.some((name) => !isValidCount(form[name]))) return 'invalidNumber';
  // issue 12: the server's own rule for the call hours (HH:MM, the end after the start).
  if (!callHoursSchema.safeParse(form.horario_ligacao).success) return 'invalidHours';
  if (!dailyAttemptsWithinTotal(form)) return 'dailyAboveTotal';
  return null;
}
