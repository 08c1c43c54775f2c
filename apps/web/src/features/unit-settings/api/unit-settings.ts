// GET and PUT configuracoes/unidade (002 §7 "Admin"): the settings of the admin's unit. The answer
// carries, for each transfer list, the statuses available and those in use (002 §3).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { parseStatusIds, unitSettingsSchema, type UnitSettings, type UnitSettingsBody } from '@funil/domain/admin-api/settings';
import type { MassSendSettingsBody } from '@funil/domain/mass-send/mass-send-api';
import { unitsListSchema } from '@funil/domain/unit/unit-data';
import type { CallHours } from '@funil/domain/webphone/call-hours';

import type { TransferItem } from '../../../components/ui/transfer-list.tsx';
import { apiRequest, http } from '../../../lib/http-client.ts';
import { unitDataQuery } from '../../../lib/unit-data.ts';

type ListField = 'regra_fila_1' | 'regra_fila_2' | 'regra_fila_3' | 'status_negociacao_permitidos';

/** The form state: numbers, the message, its switch, and the ids used in each list (in order). */
export type SettingsForm = {
  ligacao_limite_tentativas: number;
  ligacao_limite_tentativas_diarias: number;
  ligacao_intervalo_nao_atendida: number;
  intervalo_dias_crm: number;
  valor_minimo_segundos_chamada_atendida: number;
  mensagem_whatsapp: string;
  habilita_mensagem_whatsapp: boolean;
  /** issue 12: busy retry delay (minutes), call hours (null: any time) and holidays ('YYYY-MM-DD'). */
  ligacao_intervalo_ocupado: number;
  horario_ligacao: CallHours | null;
  feriados: string[];
  /** issue 13: the unit's mass-send caps and windows; edited and sent only when the unit has mass send. */
  habilita_envio_em_massa: boolean;
  configuracoes_envio_em_massa: MassSendSettingsBody;
  /** issue 21 item 15: WhatsApp through the gateway for the unit, and its external dashboard ('' for none). */
  evolution_habilitado: boolean;
  url_dashboard: string;
} & Record<ListField, number[]>;
export type UnitSettingsView = { form: SettingsForm; options: Record<ListField, TransferItem[]> };

function viewOf(settings: UnitSettings): UnitSettingsView {
  const usedAndAvailable = (used: TransferItem[], available: TransferItem[]) => [
    ...used,
    ...available.filter((a) => !used.some((u) => u.id === a.id)),
  ];
  return {
    form: {
      ligacao_limite_tentativas: settings.ligacao_limite_tentativas,
      ligacao_limite_tentativas_diarias: settings.ligacao_limite_tentativas_diarias,
      ligacao_intervalo_nao_atendida: settings.ligacao_intervalo_nao_atendida,
      intervalo_dias_crm: settings.intervalo_dias_crm,
      valor_minimo_segundos_chamada_atendida: settings.valor_minimo_segundos_chamada_atendida,
      mensagem_whatsapp: settings.mensagem_whatsapp,
      habilita_mensagem_whatsapp: settings.habilita_mensagem_whatsapp,
      ligacao_intervalo_ocupado: settings.ligacao_intervalo_ocupado,
      horario_ligacao: settings.horario_ligacao,
      feriados: settings.feriados,
      habilita_envio_em_massa: settings.habilita_envio_em_massa,
      configuracoes_envio_em_massa: settings.configuracoes_envio_em_massa,
      evolution_habilitado: settings.evolution_habilitado,
      url_dashboard: settings.url_dashboard ?? '',
      regra_fila_1: parseStatusIds(settings.regra_fila_1),
      regra_fila_2: parseStatusIds(settings.regra_fila_2),
      regra_fila_3: parseStatusIds(settings.regra_fila_3),
      status_negociacao_permitidos: parseStatusIds(settings.status_negociacao_permitidos),
    },
    options: {
      regra_fila_1: usedAndAvailable(settings.regra_fila_1_usados, settings.regra_fila_1_disponiveis),
      regra_fila_2: usedAndAvailable(settings.regra_fila_2_usados, settings.regra_fila_2_disponiveis),
      regra_fila_3: usedAndAvailable(settings.regra_fila_3_usados, settings.regra_fila_3_disponiveis),
      status_negociacao_permitidos: usedAndAvailable(settings.status_negociacao_usados, settings.status_negociacao_disponiveis),
    },
  };
}

/** The PUT's body of a form: the mass-send settings only where the unit has mass send (else they are kept as stored). */
export function settingsBodyOf(form: SettingsForm): UnitSettingsBody {
  const { habilita_envio_em_massa, configuracoes_envio_em_massa, ...rest } = form;
  return habilita_envio_em_massa ? { ...rest, configuracoes_envio_em_massa } : rest;
}

/** idUnidade null: the session's own unit; a company admin (ag) may pick another of the company. */
const settingsPath = (idUnidade: number | null) => `/configuracoes/unidade${idUnidade === null ? '' : `?idUnidade=${idUnidade}`}`;

export const unitSettingsQuery = (idUnidade: number | null) =>
  queryOptions({
    queryKey: ['configuracoes-unidade', idUnidade],
    queryFn: async ({ signal }) => viewOf(await http.get(settingsPath(idUnidade), unitSettingsSchema, signal)),
  });

export function useUnitSettings(idUnidade: number | null) {
  return useQuery(unitSettingsQuery(idUnidade));
}

/** GET cadastros/unidades: the company's units, for the company admin's unit picker. */
export function useCompanyUnits(enabled: boolean) {
  return useQuery({
    queryKey: ['unidades-lista'],
    queryFn: ({ signal }) => http.get('/cadastros/unidades', unitsListSchema.shape.data, signal),
    enabled,
    staleTime: 300_000,
  });
}

/**
 * The handlers run with the mutation itself, not with the call: saving replaces the settings the
 * form was keyed on, so the form remounts before a per-call callback could run (and it never did).
 */
export function useSaveUnitSettings(
  idUnidade: number | null,
  handlers: { onSaved?: () => void; onFailed?: (error: Error) => void } = {},
) {
  const client = useQueryClient();
  return useMutation({
    onError: (error) => handlers.onFailed?.(error),
    // The lists go as arrays of ids: the 'used' side, in order (the server stores them as '1,7').
    mutationFn: (form: SettingsForm) =>
      apiRequest(settingsPath(idUnidade), { method: 'PUT', body: settingsBodyOf(form), schema: unitSettingsSchema }),
    onSuccess: (saved) => {
      handlers.onSaved?.();
      client.setQueryData(unitSettingsQuery(idUnidade).queryKey, viewOf(saved));
      // The CRM days are also part of the unit data every screen reads.
      return client.invalidateQueries({ queryKey: unitDataQuery.queryKey });
    },
  });
}
