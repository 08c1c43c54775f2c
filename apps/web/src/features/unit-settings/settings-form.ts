// 002 §5 "Settings": the form is checked by the server's own schema (unitSettingsBodySchema of the
// domain: whole numbers of at least 1, daily attempts never above the total, https dashboards;
// issue 12 call hours; issue 13 mass-send caps), on the body the form would send, so the form and the
// server refuse the same values with the same words.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';

import { SETTINGS_MESSAGES, unitSettingsBodySchema } from '@funil/domain/admin-api/settings';

import { settingsBodyOf, type SettingsForm } from './api/unit-settings.ts';

export type NumberField =
  | 'ligacao_limite_tentativas'
  | 'ligacao_limite_tentativas_diarias'
  | 'ligacao_intervalo_nao_atendida'
  | 'ligacao_intervalo_ocupado'
  | 'intervalo_dias_crm'
  | 'valor_minimo_segundos_chamada_atendida';

const bodyResolver = zodResolver(unitSettingsBodySchema);

/** The form's values when the body they make is valid; else the schema's errors, by the form's field names. */
export const settingsResolver: Resolver<SettingsForm> = async (values, context, options) => {
  const result = await bodyResolver(settingsBodyOf(values), context, options as never);
  return Object.keys(result.errors).length > 0
    ? { values: {}, errors: result.errors as FieldErrors<SettingsForm> }
    : { values, errors: {} };
};

/** 002 §5: the one refusal that SALVAR still answers (with its message): daily attempts above the total. */
export function isOnlyDailyAboveTotal(errors: FieldErrors<SettingsForm>): boolean {
  const names = Object.keys(errors);
  return (
    names.length === 1 &&
    names[0] === 'ligacao_limite_tentativas_diarias' &&
    errors.ligacao_limite_tentativas_diarias?.message === SETTINGS_MESSAGES.dailyAboveTotal
  );
}

/** The first message of a field's errors, however deep (a list's item, an object's property). */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as Partial<FieldError>).message;
  if (typeof own === 'string' && own !== '') return own;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref' || key === 'type' || key === 'types' || key === 'message') continue;
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}
