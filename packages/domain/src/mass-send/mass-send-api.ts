// The mass-send contract (issue 13; 002 §2.2, §2.3, §3 'Mass-send payload', §4 'Mass-send
// campaign status', §5 'Mass send', §7 'Mass send', §8, §9): the payloads the composer and the
// older clients post, the statuses and their labels, and the list shapes the monitor reads.
import { z } from 'zod';

import { MASS_SEND_LEAD_STATUSES, MASS_SEND_STATUSES } from '../realtime/events.ts';

export { MASS_SEND_LEAD_STATUSES, MASS_SEND_STATUSES };
export type MassSendStatus = (typeof MASS_SEND_STATUSES)[number];

/** 002 §4 'Mass-send campaign status': the labels of EM_ANDAMENTO, PAUSADO, FINALIZADO. */
export const MASS_SEND_STATUS_LABELS: Record<MassSendStatus, string> = {
  EM_ANDAMENTO: 'Em Andamento',
  PAUSADO: 'Pausado',
  FINALIZADO: 'Finalizado',
};

/**
 * The status of one recipient (002 §4): SENT, PENDING, ERROR as the spec names them; NOT_SENT for
 * a recipient that was not and will not be sent (opted out, blocked, repeated text, campaign
 * finalized first), shown as the spec's 'otherwise Não Enviado'.
 */
export const MASS_SEND_RECIPIENT_STATUSES = MASS_SEND_LEAD_STATUSES;
export type MassSendRecipientStatus = (typeof MASS_SEND_RECIPIENT_STATUSES)[number];

/** 002 §4: Enviado, Pendente, Erro, otherwise 'Não Enviado'. */
export function massSendRecipientLabel(status: string | null | undefined): string {
  if (status === 'SENT') return 'Enviado';
  if (status === 'PENDING') return 'Pendente';
  if (status === 'ERROR') return 'Erro';
  return 'Não Enviado';
}

/** 002 §4: Pausar only for in progress, Continuar only for paused, Finalizar for either. */
export function massSendActions(status: MassSendStatus): { pausar: boolean; continuar: boolean; finalizar: boolean } {
  return { pausar: status === 'EM_ANDAMENTO', continuar: status === 'PAUSADO', finalizar: status !== 'FINALIZADO' };
}

/** Texts of 002 §5, §8 and the engine's reasons (issue 13). */
export const MASS_SEND_MESSAGES = {
  created: 'Disparo cadastrado com sucesso',
  campaignExists: 'Já existe um disparo em andamento. Aguarde a conclusão.',
  createFailed: 'Erro ao cadastrar disparo',
  required: 'Campo obrigatório',
  min: (n: number) => `O valor deve ser no mínimo ${n}`,
  max: (n: number) => `O valor deve ser no máximo ${n}`,
  maxSelected: 'Quantidade máxima de leads selecionados atingida',
  selectError: 'Ocorreu um erro ao selecionar o lead',
  emptyMessage: 'Mensagem não pode ser vazia',
  noLeads: 'Nenhum lead selecionado',
  leadNotFound: 'Lead não encontrado',
  nameRequired: 'Nome do Disparo é obrigatório',
  tooManyVariants: 'Use no máximo 5 variações de mensagem.',
  featureDisabled: 'O envio em massa não está habilitado para esta unidade.',
  instanceNotFound: 'Instância não encontrada.',
  noInstance: 'Nenhuma instância conectada para o envio.',
  statusNotFound: 'Status não encontrado.',
  invalidTransition: 'Este disparo não pode mudar para esse status.',
  campaignNotFound: 'Disparo não encontrado.',
  // Recipient reasons (shown with Erro / Não Enviado on the monitor).
  noWhatsapp: 'Lead sem WhatsApp!',
  blocked: 'Lead bloqueado no WhatsApp.',
  optedOut: 'Lead pediu para não receber mensagens.',
  duplicateText: 'Mesma mensagem enviada a este número nas últimas 24 horas.',
  finalized: 'Disparo finalizado antes do envio.',
  leadGone: 'Lead excluído ou fora da unidade.',
  gatewayError: 'Falha no envio pelo WhatsApp.',
  refusedByWhatsapp: 'O WhatsApp recusou a mensagem a este contato.',
  // Automatic pauses (issue 13 'Automatic pause'), in plain Portuguese: never the gateway's codes
  // (issue 21; migration 0022 rewrites the reasons stored with the older wording).
  pauseDisconnected: 'Pausado automaticamente: a instância do WhatsApp desconectou.',
  pauseRateLimited:
    'Pausado automaticamente: o WhatsApp limitou temporariamente os envios deste número. Espere algumas horas antes de continuar.',
  pauseRejected: 'Pausado automaticamente: o WhatsApp recusou mensagens a contatos que nunca conversaram com este número.',
  pauseErrorShare: (percent: number, window: number) =>
    `Pausado automaticamente: mais de ${percent}% de erros nos últimos ${window} envios.`,
  // Waits shown on the monitor.
  waitHours: 'Fora do horário permitido.',
  waitDailyCap: 'Limite diário do número atingido.',
  optOutHistory: 'Lead pediu para sair dos envios em massa',
} as const;

// ---------- settings (000 §3 configuracoes_envio_em_massa, 002 §9, issue 13 caps) ----------

/** A warm-up step: from `dias` days of use of a number on, at most `limite` sends a day. */
export const warmUpStepSchema = z.object({
  dias: z.number().int().min(0).max(3650),
  limite: z.number().int().min(1).max(100_000),
});
export type WarmUpStep = z.infer<typeof warmUpStepSchema>;

const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The unit's mass-send settings with safe defaults (002 §9: 500 leads, 10–50 s; issue 13: a daily
 * cap per WhatsApp number growing with its age in use, allowed hours 08:00–20:00 São Paulo, no
 * Sundays; an automatic pause when errors pass a share of the last sends).
 */
export const massSendSettingsSchema = z.object({
  quantidade_max_leads: z.number().int().min(1).max(1000).catch(500).default(500),
  tempo_minimo: z.number().int().min(1).max(3600).catch(10).default(10),
  tempo_maximo: z.number().int().min(1).max(3600).catch(50).default(50),
  aquecimento: z
    .array(warmUpStepSchema)
    .min(1)
    .catch(() => DEFAULT_WARM_UP.map((s) => ({ ...s })))
    .default(() => DEFAULT_WARM_UP.map((s) => ({ ...s }))),
  horario_inicio: z.string().regex(HOUR).catch('08:00').default('08:00'),
  horario_fim: z.string().regex(HOUR).catch('20:00').default('20:00'),
  /** Days of the week allowed, 0 Sunday … 6 Saturday. */
  dias_semana: z.array(z.number().int().min(0).max(6)).catch([1, 2, 3, 4, 5, 6]).default([1, 2, 3, 4, 5, 6]),
  /** The last N sends of a campaign looked at for the error share. */
  janela_erros: z.number().int().min(5).max(200).catch(20).default(20),
  /** Pause when more than this percent of the last `janela_erros` sends failed. */
  percentual_erros: z.number().int().min(1).max(100).catch(30).default(30),
});
export type MassSendSettings = z.infer<typeof massSendSettingsSchema>;

/** Issue 13: 20, 50, 100, 150, 200 a day after 0, 4, 8, 15, 31 days of use (docs/decisions.md). */
export const DEFAULT_WARM_UP: readonly WarmUpStep[] = [
  { dias: 0, limite: 20 },
  { dias: 4, limite: 50 },
  { dias: 8, limite: 100 },
  { dias: 15, limite: 150 },
  { dias: 31, limite: 200 },
];

/** The settings of a unit from its configuracoesExtra (absent or broken values take the defaults). */
export function massSendSettingsOf(raw: unknown): MassSendSettings {
  const parsed = massSendSettingsSchema.safeParse(raw && typeof raw === 'object' ? raw : {});
  const s = parsed.success ? parsed.data : massSendSettingsSchema.parse({});
  if (s.tempo_minimo > s.tempo_maximo) return { ...s, tempo_minimo: 10, tempo_maximo: 50 };
  return s;
}

/** Texts of the 'Envio em massa' section of Configurações (issue 13 'configurable per unit'). */
export const MASS_SEND_SETTINGS_MESSAGES = {
  integer: 'Informe um número inteiro.',
  min: MASS_SEND_MESSAGES.min,
  max: MASS_SEND_MESSAGES.max,
  intervalOrder: 'O tempo mínimo deve ser menor ou igual ao máximo.',
  hour: 'Use o formato HH:MM.',
  hoursOrder: 'O horário final deve ser depois do inicial.',
  noDay: 'Escolha ao menos um dia da semana.',
  warmUpFirst: 'O aquecimento deve começar no dia 0.',
  warmUpOrder: 'Os dias do aquecimento devem ser crescentes e sem repetição.',
  warmUpSteps: 'Use de 1 a 10 etapas de aquecimento.',
} as const;

const M = MASS_SEND_SETTINGS_MESSAGES;
const boundedInt = (min: number, max: number) =>
  z.number({ error: M.integer }).int(M.integer).min(min, M.min(min)).max(max, M.max(max));

/**
 * What an administrator may save as the unit's mass-send settings (Configurações 'Envio em massa'):
 * unlike `massSendSettingsSchema`, which repairs what is stored, this one refuses bad values with
 * the reason. The interval bounds stay inside 002 §9's 10–60 s (the composer's interval is 10 when
 * outside it, so wider bounds would mean nothing).
 */
export const massSendSettingsBodySchema = z
  .object({
    quantidade_max_leads: boundedInt(1, 1000),
    tempo_minimo: boundedInt(10, 60),
    tempo_maximo: boundedInt(10, 60),
    aquecimento: z
      .array(z.object({ dias: boundedInt(0, 3650), limite: boundedInt(1, 100_000) }), { error: M.warmUpSteps })
      .min(1, M.warmUpSteps)
      .max(10, M.warmUpSteps)
      .superRefine((steps, ctx) => {
        if (steps[0] && steps[0].dias !== 0) ctx.addIssue({ code: 'custom', message: M.warmUpFirst });
        else if (steps.some((s, i) => i > 0 && s.dias <= steps[i - 1]!.dias))
          ctx.addIssue({ code: 'custom', message: M.warmUpOrder });
      }),
    horario_inicio: z.string({ error: M.hour }).regex(HOUR, M.hour),
    horario_fim: z.string({ error: M.hour }).regex(HOUR, M.hour),
    dias_semana: z
      .array(boundedInt(0, 6), { error: M.noDay })
      .min(1, M.noDay)
      .max(7, M.noDay)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    janela_erros: boundedInt(5, 200),
    percentual_erros: boundedInt(1, 100),
  })
  .refine((s) => s.tempo_minimo <= s.tempo_maximo, { message: M.intervalOrder, path: ['tempo_minimo'] })
  .refine((s) => s.horario_inicio < s.horario_fim, { message: M.hoursOrder, path: ['horario_fim'] });
export type MassSendSettingsBody = z.input<typeof massSendSettingsBodySchema>;

/** The problems of a settings form by field ('aquecimento', 'horario_fim', …; the first of each), for the form before it sends. */
export function massSendSettingsProblems(value: MassSendSettingsBody): Record<string, string> {
  const parsed = massSendSettingsBodySchema.safeParse(value);
  const problems: Record<string, string> = {};
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    problems[field] ??= issue.message;
  }
  return problems;
}

/** 002 §5, §9: the interval sent is 10 when outside 10–60. */
export function normalizeInterval(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 10 || n > 60) return 10;
  return Math.round(n);
}

// ---------- payloads (002 §3 'Mass-send payload', §7) ----------

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const optionalText = z.string().max(200).optional().nullable();
const messageText = z.string().max(4096);

/** One lead of the payload: cli_crm_id, cli_telefone, cli_nome, ticketId (002 §3). */
export const massSendLeadSchema = z.object({
  cli_crm_id: id,
  cli_telefone: z
    .union([z.string().max(40), z.number()])
    .optional()
    .nullable(),
  cli_nome: z.string().max(300).optional().nullable(),
  ticketId: z
    .union([z.number().int(), z.string().max(40)])
    .optional()
    .nullable(),
  /** Older variants: the lead's own message(s). */
  mensagem: messageText.optional().nullable(),
  mensagens: z.array(messageText).max(5).optional().nullable(),
});

/**
 * 002 §3 'Mass-send payload' (the composer's): nomeDisparo, companyId, intervaloMensagem, leads,
 * idStatusNovo, tags, mensagens (one text, or up to 5 variants: one is picked per lead), and
 * optionally evolutionInstanceName and key.
 */
export const massSendPayloadSchema = z.object({
  nomeDisparo: z.string().max(120).optional().nullable(),
  companyId: z
    .union([z.number(), z.string().max(40)])
    .optional()
    .nullable(),
  intervaloMensagem: z
    .union([z.number(), z.string().max(10)])
    .optional()
    .nullable(),
  leads: z.array(massSendLeadSchema).max(5000),
  idStatusNovo: id.optional().nullable(),
  mudarStatus: z
    .union([z.boolean(), z.number(), z.string().max(5)])
    .optional()
    .nullable(),
  tags: z.unknown().optional(),
  mensagens: z
    .union([messageText, z.array(messageText).max(5)])
    .optional()
    .nullable(),
  mensagem: messageText.optional().nullable(),
  evolutionInstanceName: optionalText,
  key: optionalText,
  // Older variants (002 §3): idEmpresa, idUnidade, tokens, instanciaWhatsapp, quantidadeClientes.
  idEmpresa: z.unknown().optional(),
  idUnidade: z.unknown().optional(),
  tokenWhatsapp: z.unknown().optional(),
  tokenWhatsappNovo: z.unknown().optional(),
  instanciaWhatsapp: optionalText,
  quantidadeClientes: z
    .union([z.number(), z.string().max(10)])
    .optional()
    .nullable(),
});
export type MassSendPayload = z.input<typeof massSendPayloadSchema>;

/** A payload made one shape: what the engine stores. */
export type NormalizedMassSend = {
  nome: string;
  intervaloMensagem: number;
  /** The campaign's variants (may be empty when every lead brings its own text, or a media alone is sent). */
  mensagens: string[];
  leads: { cliCrmId: number; mensagem: string | null }[];
  idStatusNovo: number | null;
  instanceName: string | null;
};

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/**
 * Makes the three payload shapes of 002 §3 one: the composer's (mensagens for all), the older
 * gateway's (each lead's `mensagens`, idStatusNovo applied only with mudarStatus) and the oldest
 * (each lead's `mensagem`). A lead listed twice is kept once; quantidadeClientes cuts the list.
 */
export function normalizeMassSendPayload(p: z.output<typeof massSendPayloadSchema>, fallbackName: string): NormalizedMassSend {
  const variants = (
    Array.isArray(p.mensagens) ? p.mensagens : typeof p.mensagens === 'string' ? [p.mensagens] : p.mensagem ? [p.mensagem] : []
  )
    .map((m) => m.trim())
    .filter((m) => m !== '');
  const seen = new Set<number>();
  let leads = p.leads.flatMap((l) => {
    if (seen.has(l.cli_crm_id)) return [];
    seen.add(l.cli_crm_id);
    const own = (l.mensagens ?? []).map((m) => m.trim()).find((m) => m !== '') ?? (l.mensagem?.trim() || null);
    return [{ cliCrmId: l.cli_crm_id, mensagem: own }];
  });
  const cap = p.quantidadeClientes === undefined || p.quantidadeClientes === null ? NaN : Number(p.quantidadeClientes);
  if (Number.isInteger(cap) && cap > 0) leads = leads.slice(0, cap);
  // The older gateway's variant sends idStatusNovo with mudarStatus; without the flag it is used as given.
  const idStatusNovo =
    p.mudarStatus !== undefined && p.mudarStatus !== null && !truthy(p.mudarStatus) ? null : (p.idStatusNovo ?? null);
  return {
    nome: p.nomeDisparo?.trim() || fallbackName,
    intervaloMensagem: normalizeInterval(p.intervaloMensagem),
    mensagens: variants,
    leads,
    idStatusNovo,
    instanceName: p.evolutionInstanceName?.trim() || p.instanciaWhatsapp?.trim() || null,
  };
}

// ---------- responses ----------

/** 002 §3 'Mass-send campaign (monitor)' plus what the engine knows (issue 13). */
export const massSendCampaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(MASS_SEND_STATUSES),
  totalClientes: z.number().int(),
  clientesEnviados: z.number().int(),
  respondidosUltimas24h: z.number().int(),
  /** Recipients in Erro and 'Não Enviado'. */
  clientesErro: z.number().int(),
  clientesNaoEnviados: z.number().int(),
  intervaloMensagem: z.number().int(),
  instancia: z.string().nullable(),
  /** Why the campaign paused itself (null when paused by a person or running). */
  motivoPausa: z.string().nullable(),
  /** The campaign waits (allowed hours, daily cap) until this instant; null when it is not waiting. */
  aguardandoAte: z.string().nullable(),
  motivoEspera: z.string().nullable(),
  idStatusNovo: z.number().int().nullable(),
  usuario: z.string().nullable(),
});
export type MassSendCampaign = z.infer<typeof massSendCampaignSchema>;
/** GET /api/envio-em-massa. */
export const massSendCampaignListSchema = z.object({ data: z.array(massSendCampaignSchema) });

/** 002 §3 'Campaign client' plus the error reason and the send time. */
export const massSendRecipientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  status: z.enum(MASS_SEND_RECIPIENT_STATUSES),
  respondeuUltimas24h: z.boolean(),
  cli_crm_id: z.number().int(),
  motivo: z.string().nullable(),
  enviadoEm: z.string().nullable(),
  mensagem: z.string().nullable(),
});
export type MassSendRecipient = z.infer<typeof massSendRecipientSchema>;
/** GET /api/envio-em-massa/{id}/clientes. */
export const massSendRecipientListSchema = z.object({ campanha: massSendCampaignSchema, data: z.array(massSendRecipientSchema) });

/** POST /api/envio-em-massa: 201 with the campaign. */
export const massSendCreatedSchema = z.object({ message: z.string(), data: massSendCampaignSchema });

/** PUT /api/envio-em-massa/{id}: {status} plus whatsappId (002 §7; whatsappId is accepted and ignored). */
export const massSendStatusBodySchema = z.object({
  status: z.enum(MASS_SEND_STATUSES, { error: 'Status inválido. Use PAUSADO, FINALIZADO ou EM_ANDAMENTO.' }),
  whatsappId: z.unknown().optional(),
});
export const massSendStatusResponseSchema = z.object({ data: massSendCampaignSchema });

/** GET /whatsapp/envio-em-progresso (002 §7): data.envioEmProgresso. */
export const massSendInProgressSchema = z.object({
  data: z.object({ envioEmProgresso: z.boolean(), campanha: massSendCampaignSchema.nullable() }),
});

/** A lead found by GET /api/envioemmassa/clientes/{…segments} (002 §3 'Contact / lead' subset). */
export const massSendLeadRowSchema = z.object({
  cli_crm_id: z.number().int(),
  cli_nome: z.string(),
  cli_telefone: z.string(),
  ticketId: z.number().int().nullable(),
  cli_status_negociacao: z.number().int().nullable(),
  cli_status_negociacao_venda: z.number().int().nullable(),
  cli_contato_status: z.number().int().nullable(),
  cli_tipo_lead: z.number().int().nullable(),
  cli_campanha_nome: z.string().nullable(),
  cli_data_captacao: z.string().nullable(),
  whatsapp_blocked: z.boolean(),
  /** The lead answered SAIR/PARAR: campaigns skip it. */
  optout: z.boolean(),
});
export type MassSendLeadRow = z.infer<typeof massSendLeadRowSchema>;
/** 002 §7: response clientes. */
export const massSendLeadSearchSchema = z.object({ clientes: z.array(massSendLeadRowSchema), total: z.number().int() });

/**
 * GET /api/envio-em-massa/capacidade: what the composer needs for the projected finish
 * (pacing.ts projectedFinish): the unit's settings and, per WhatsApp number, today's sends, its
 * cap today and its first campaign send (its age in use).
 */
export const massSendCapacitySchema = z.object({
  data: z.object({
    configuracoes: massSendSettingsSchema,
    instancias: z.array(
      z.object({
        nome: z.string(),
        conectada: z.boolean(),
        enviadosHoje: z.number().int(),
        limiteHoje: z.number().int(),
        primeiroUso: z.string().nullable(),
      }),
    ),
  }),
});
export type MassSendCapacity = z.infer<typeof massSendCapacitySchema>['data'];
