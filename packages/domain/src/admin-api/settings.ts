// The unit settings of 002 §3 "Settings (per unit)", §4 "Settings rule", §5 "Settings", §9:
// GET and PUT configuracoes/unidade.
import { z } from 'zod';

import { DEFAULT_BUSY_RETRY_MINUTES } from '../leads/call-attempts.ts';
import { massSendSettingsBodySchema, warmUpStepSchema } from '../mass-send/mass-send-api.ts';
import { callHoursSchema, callWindowSchema, holidaysSchema } from '../webphone/call-hours.ts';

export const SETTINGS_MESSAGES = {
  saved: 'Configurações salvas com sucesso!',
  dailyAboveTotal: 'O número de tentativas diárias é maior que o total de tentativas!',
  minimumOne: 'O valor mínimo é 1.',
  number: 'Informe um número inteiro.',
  statusList: 'Escolha status existentes.',
  messageTooLong: 'A mensagem deve ter no máximo 1000 caracteres.',
  /** issue 21 item 15: the external dashboard (000 §2 variant 1) opens in a frame that only loads https pages. */
  urlDashboard: 'Informe um endereço que comece com https://.',
  urlDashboardTooLong: 'O endereço deve ter no máximo 2000 caracteres.',
} as const;

// https://, a host name of letters, digits, dots and hyphens (no user or password), an optional
// port, then anything without spaces.
const HTTPS_URL = /^https:\/\/[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** Whether `text` is an absolute https address (the only kind the dashboard's frame may load). */
export function isHttpsUrl(text: string): boolean {
  return HTTPS_URL.test(text);
}

/** url_dashboard (000 §2 variant 1): an https address, or empty / null for none. */
export const urlDashboardField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
  z.union(
    [
      z.null(),
      z
        .string({ error: SETTINGS_MESSAGES.urlDashboard })
        .max(2000, SETTINGS_MESSAGES.urlDashboardTooLong)
        .refine(isHttpsUrl, SETTINGS_MESSAGES.urlDashboard),
    ],
    {
      error: SETTINGS_MESSAGES.urlDashboard,
    },
  ),
);

/** 002 §9: the settings of a new unit. */
export const DEFAULT_UNIT_SETTINGS = {
  ligacao_limite_tentativas: 6,
  ligacao_limite_tentativas_diarias: 3,
  ligacao_intervalo_nao_atendida: 60,
  intervalo_dias_crm: 62,
  valor_minimo_segundos_chamada_atendida: 20,
  regra_fila_1: '1,7',
  regra_fila_2: '2',
  regra_fila_3: '5,3',
  mensagem_whatsapp: '',
  habilita_mensagem_whatsapp: false,
  status_negociacao_permitidos: '',
  // issue 12 (beyond 002): busy retried on its own delay; no call hours until the unit sets them.
  ligacao_intervalo_ocupado: DEFAULT_BUSY_RETRY_MINUTES,
  horario_ligacao: null,
  feriados: [] as string[],
} as const;

// Number inputs have a minimum of 1 (002 §5); at most 100000 keeps them in an integer column.
const atLeastOne = z
  .union(
    [
      z.number({ error: SETTINGS_MESSAGES.number }),
      z
        .string({ error: SETTINGS_MESSAGES.number })
        .trim()
        .regex(/^\d{1,6}$/, SETTINGS_MESSAGES.number)
        .transform(Number),
    ],
    {
      error: SETTINGS_MESSAGES.number,
    },
  )
  .pipe(z.number().int(SETTINGS_MESSAGES.number).min(1, SETTINGS_MESSAGES.minimumOne).max(100_000, SETTINGS_MESSAGES.number));

/**
 * A list of negotiation statuses by funnel order: comma-separated digits as 002 §3 stores them
 * ('1,7'), or an array of numbers (the transfer list's 'used' side). Always answered as text.
 */
export const statusIdListField = z
  .union([
    z
      .string({ error: SETTINGS_MESSAGES.statusList })
      .trim()
      .regex(/^(\d{1,9}(\s*,\s*\d{1,9})*)?$/, SETTINGS_MESSAGES.statusList),
    z
      .array(z.number().int().min(1).max(999_999_999), { error: SETTINGS_MESSAGES.statusList })
      .max(200, SETTINGS_MESSAGES.statusList),
  ])
  .transform((v) =>
    normaliseStatusIds(
      typeof v === 'string'
        ? v
            .split(',')
            .filter((s) => s.trim() !== '')
            .map(Number)
        : v,
    ),
  );

/** Unique ids in their first order, joined by commas ('' for none). */
export function normaliseStatusIds(ids: readonly number[]): string {
  return [...new Set(ids)].join(',');
}

/** The ids of a comma-separated list ('' is none). */
export function parseStatusIds(text: string): number[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s))
    .map(Number);
}

const booleanField = z
  .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'Use verdadeiro ou falso.' })
  .transform((v) => v === true || v === 1);

/** PUT configuracoes/unidade: the editable fields of 002 §3 (the messaging token stays on the server). */
export const unitSettingsBodySchema = z
  .object({
    ligacao_limite_tentativas: atLeastOne,
    ligacao_limite_tentativas_diarias: atLeastOne,
    ligacao_intervalo_nao_atendida: atLeastOne,
    intervalo_dias_crm: atLeastOne,
    valor_minimo_segundos_chamada_atendida: atLeastOne,
    regra_fila_1: statusIdListField,
    regra_fila_2: statusIdListField,
    regra_fila_3: statusIdListField,
    mensagem_whatsapp: z.string().max(1000, SETTINGS_MESSAGES.messageTooLong),
    habilita_mensagem_whatsapp: booleanField,
    status_negociacao_permitidos: statusIdListField,
    // issue 12, beyond 002: optional, so a client that does not know them keeps the stored values.
    ligacao_intervalo_ocupado: atLeastOne.optional(),
    horario_ligacao: callHoursSchema.optional(),
    feriados: holidaysSchema.optional(),
    // issue 13 ('configurable per unit'): the unit's mass-send caps and windows; left out = kept.
    configuracoes_envio_em_massa: massSendSettingsBodySchema.optional(),
    // issue 21 item 15: the unit's WhatsApp gateway (evolutionHabilitado) and external dashboard; left out = kept.
    evolution_habilitado: booleanField.optional(),
    url_dashboard: urlDashboardField.optional(),
  })
  // 002 §5: daily attempts above the total save nothing.
  .refine((s) => s.ligacao_limite_tentativas_diarias <= s.ligacao_limite_tentativas, {
    message: SETTINGS_MESSAGES.dailyAboveTotal,
    path: ['ligacao_limite_tentativas_diarias'],
  });
export type UnitSettingsBody = z.input<typeof unitSettingsBodySchema>;
export type UnitSettingsValues = z.output<typeof unitSettingsBodySchema>;

/** Whether the attempts of a settings form may be saved (002 §5), for the form before it sends. */
export function dailyAttemptsWithinTotal(s: {
  ligacao_limite_tentativas: number;
  ligacao_limite_tentativas_diarias: number;
}): boolean {
  return s.ligacao_limite_tentativas_diarias <= s.ligacao_limite_tentativas;
}

/** A status of a transfer list: its funnel order as id (002 §3 "items with id, nome, cor"). */
export const transferItemSchema = z.object({ id: z.number().int(), nome: z.string(), cor: z.string() });
export type TransferItem = z.infer<typeof transferItemSchema>;

/** GET configuracoes/unidade: the values and each transfer list split into available and used. */
export const unitSettingsSchema = z.object({
  idUnidade: z.number().int(),
  ligacao_limite_tentativas: z.number().int(),
  ligacao_limite_tentativas_diarias: z.number().int(),
  ligacao_intervalo_nao_atendida: z.number().int(),
  intervalo_dias_crm: z.number().int(),
  valor_minimo_segundos_chamada_atendida: z.number().int(),
  regra_fila_1: z.string(),
  regra_fila_2: z.string(),
  regra_fila_3: z.string(),
  mensagem_whatsapp: z.string(),
  habilita_mensagem_whatsapp: z.boolean(),
  status_negociacao_permitidos: z.string(),
  ligacao_intervalo_ocupado: z.number().int(),
  horario_ligacao: z.array(callWindowSchema.nullable()).nullable(),
  feriados: z.array(z.string()),
  idInstanciaWhatsapp: z.number().int().nullable(),
  /** issue 21 item 15: WhatsApp through the gateway (Evolution) on for the unit; its external dashboard (000 §2 variant 1). */
  evolution_habilitado: z.boolean(),
  url_dashboard: z.string().nullable(),
  /** issue 13: whether the unit has mass send (habilita_envio_em_massaV2), and its settings with the defaults filled in. */
  habilita_envio_em_massa: z.boolean(),
  configuracoes_envio_em_massa: z.object({
    quantidade_max_leads: z.number().int(),
    tempo_minimo: z.number().int(),
    tempo_maximo: z.number().int(),
    aquecimento: z.array(warmUpStepSchema),
    horario_inicio: z.string(),
    horario_fim: z.string(),
    dias_semana: z.array(z.number().int()),
    janela_erros: z.number().int(),
    percentual_erros: z.number().int(),
  }),
  regra_fila_1_disponiveis: z.array(transferItemSchema),
  regra_fila_1_usados: z.array(transferItemSchema),
  regra_fila_2_disponiveis: z.array(transferItemSchema),
  regra_fila_2_usados: z.array(transferItemSchema),
  regra_fila_3_disponiveis: z.array(transferItemSchema),
  regra_fila_3_usados: z.array(transferItemSchema),
  status_negociacao_disponiveis: z.array(transferItemSchema),
  status_negociacao_usados: z.array(transferItemSchema),
  dataAtualizacao: z.string(),
});
export type UnitSettings = z.infer<typeof unitSettingsSchema>;
export const unitSettingsResponseSchema = z.object({ data: unitSettingsSchema });
export const unitSettingsSavedSchema = z.object({ message: z.string(), data: unitSettingsSchema });

/** ?idUnidade= of a company admin or the super-admin choosing another unit of the company. */
export const unitSettingsQuerySchema = z.object({
  idUnidade: z
    .string()
    .regex(/^\d{1,10}$/, 'Identificador inválido.')
    .transform(Number)
    .optional(),
});
