// 002 §5 "Settings": whole numbers of at least 1, and daily attempts never above the total; issue 12:
// call hours the server accepts.
import { dailyAttemptsWithinTotal, isHttpsUrl } from '@funil/domain/admin-api/settings';
import { massSendSettingsProblems } from '@funil/domain/mass-send/mass-send-api';
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

/** issue 21 item 15: the external dashboard's address, empty (none) or https. */
export function isValidDashboardUrl(text: string): boolean {
  return text.trim() === '' || (text.trim().length <= 2000 && isHttpsUrl(text.trim()));
}

/** What keeps the form from saving, or null. */
export function settingsProblem(
  form: SettingsForm,
): 'invalidNumber' | 'invalidHours' | 'invalidMassSend' | 'invalidUrl' | 'dailyAboveTotal' | null {
  if (NUMBER_FIELDS.some((name) => !isValidCount(form[name]))) return 'invalidNumber';
  if (!isValidDashboardUrl(form.url_dashboard)) return 'invalidUrl';
  // issue 12: the server's own rule for the call hours (HH:MM, the end after the start).
  if (!callHoursSchema.safeParse(form.horario_ligacao).success) return 'invalidHours';
  // issue 13: the mass-send section, only where the unit has it (else it is not sent).
  if (form.habilita_envio_em_massa && Object.keys(massSendSettingsProblems(form.configuracoes_envio_em_massa)).length > 0)
    return 'invalidMassSend';
  if (!dailyAttemptsWithinTotal(form)) return 'dailyAboveTotal';
  return null;
}
