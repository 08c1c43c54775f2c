// 002 §5 "Settings": whole numbers of at least 1, and daily attempts never above the total.
import type { SettingsForm } from './api/unit-settings.ts';

export const SETTINGS_MESSAGES = {
  saved: 'Configurações salvas com sucesso!',
  dailyAboveTotal: 'O número de tentativas diárias é maior que o total de tentativas!',
  minimumOne: 'Informe um número inteiro maior ou igual a 1',
} as const;

export type NumberField =
  | 'ligacao_limite_tentativas'
  | 'ligacao_limite_tentativas_diarias'
  | 'ligacao_intervalo_nao_atendida'
  | 'intervalo_dias_crm'
  | 'valor_minimo_segundos_chamada_atendida';

const NUMBER_FIELDS: readonly NumberField[] = [
  'ligacao_limite_tentativas',
  'ligacao_limite_tentativas_diarias',
  'ligacao_intervalo_nao_atendida',
  'intervalo_dias_crm',
  'valor_minimo_segundos_chamada_atendida',
];

/** What keeps the form from saving, or null. */
export function settingsProblem(form: SettingsForm): 'invalidNumber' | 'dailyAboveTotal' | null {
  if (NUMBER_FIELDS.some((name) => !Number.isInteger(form[name]) || form[name] < 1)) return 'invalidNumber';
  if (form.ligacao_limite_tentativas_diarias > form.ligacao_limite_tentativas) return 'dailyAboveTotal';
  return null;
}
