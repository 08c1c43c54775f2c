// Meta Insights (issue 24; 002 §2.5, §3 'Ads platform data', §5 'Insights', §9): the rules the
// server's store and the /insights screen share. Meta sends numbers as strings; money is kept in
// cents (BRL) and summed as integers; a metric Meta did not return is null ('—'), never 0.
import { z } from 'zod';

export const INSIGHT_LEVELS = ['campaign', 'adset', 'ad'] as const;
export type InsightLevel = (typeof INSIGHT_LEVELS)[number];

/** Meta keeps revising a day's figures for 28 days (attribution window): younger days are 'provisório'. */
export const PROVISIONAL_DAYS = 28;

export const INSIGHTS_MESSAGES = {
  title: 'Insights',
  notConnected: 'Por favor, faça login no Facebook.',
  notAuthorized: 'Por favor faça login nessa pagina.',
  loginWithFacebook: 'Por favor faça login com Facebook.',
  selectCampaign: 'Selecione uma campanha.',
  selectAdSet: 'Selecione um conjunto de Anuncios.',
  noCampaigns: 'Nenhuma campanha encontrada. Tente outra conta de anúncios ou outra data.',
  noAdSets: 'Nenhum conjunto de anúncios com insights encontrado. Tente outra campanha.',
  noAds: 'Nenhum anúncio com insights encontrado. Tente outro conjunto de Anuncios.',
  refreshQueued: 'Atualização solicitada. Os números aparecem em instantes.',
  accountUnknown: 'Conta de anúncios não encontrada neste acesso.',
  periodInvalid: 'Período inválido: a data de início deve ser anterior ou igual à data de fim.',
  periodTooLong: 'Período inválido: escolha no máximo 400 dias.',
  tokenStopped: 'O acesso ao Meta expirou ou foi revogado. Conecte novamente para atualizar os insights.',
  versionStopped: 'A versão da API do Meta configurada foi descontinuada. Atualize a configuração do servidor.',
} as const;

/** The action type that counts as a lead: it already holds instant-form and pixel leads (never add its subsets). */
export const LEAD_ACTION = 'lead';
/** Subsets of `lead` that Meta also reports: summing them with `lead` double counts. */
export const LEAD_SUBSET_ACTIONS = ['onsite_conversion.lead_grouped', 'offsite_conversion.fb_pixel_lead'] as const;
/** Click-to-WhatsApp and other messaging campaigns: their result is the conversations started. */
export const CONVERSATION_ACTION = 'onsite_conversion.messaging_conversation_started_7d';
export const MESSAGING_OBJECTIVES = ['OUTCOME_ENGAGEMENT', 'MESSAGES', 'OUTCOME_MESSAGES'] as const;
/** The campaigns the screen lists (002 §7: OUTCOME_LEADS or CONVERSIONS; issue 24: and messaging). */
export const INSIGHT_OBJECTIVES = [
  'OUTCOME_LEADS',
  'CONVERSIONS',
  'LEAD_GENERATION',
  'OUTCOME_SALES',
  ...MESSAGING_OBJECTIVES,
] as const;

type Action = { action_type?: unknown; value?: unknown };

const integerOf = (value: unknown): number | null => {
  if (value === undefined || value === null || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n) : null;
};

/** The count of one action type in Meta's `actions` list; null when Meta did not report it. */
export function actionCount(actions: unknown, type: string): number | null {
  if (!Array.isArray(actions)) return null;
  const found = (actions as Action[]).find((a) => a?.action_type === type);
  return found ? integerOf(found.value) : null;
}

/** Leads of an insights row: the `lead` action only (issue 24: its subsets are never added). */
export const leadsOf = (actions: unknown): number | null => actionCount(actions, LEAD_ACTION);
/** Conversations started (click-to-WhatsApp). */
export const conversationsOf = (actions: unknown): number | null => actionCount(actions, CONVERSATION_ACTION);

/**
 * Meta's money string ("12.34", "1234", "0.5") in cents, exactly (no float arithmetic): null when
 * missing or not a plain decimal. Digits past the cent are rounded half up.
 */
export function centsOf(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  const text = String(value).trim();
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) return null;
  const frac = (m[3] ?? '').padEnd(3, '0');
  let cents = Number(m[2]) * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1;
  return m[1] === '-' ? -cents : cents;
}

/** A Graph integer metric ("1234"); null when missing. */
export const countOf = (value: unknown): number | null => integerOf(value);

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida: use AAAA-MM-DD.');
const accountId = z
  .string()
  .regex(/^act_\d{1,30}$/, INSIGHTS_MESSAGES.accountUnknown)
  .max(40);
const metaId = z.string().regex(/^\d{1,30}$/, 'Identificador do Meta inválido.');

const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
export const addIsoDays = (day: string, n: number): string => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const idList = z
  .string()
  .max(4000)
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(metaId).max(200, 'Selecione no máximo 200 itens.'));

/** GET /api/insights/{nivel}: the account, the period and, below the campaigns, the selected parents. */
export const insightsQuerySchema = z
  .object({
    conta: accountId,
    inicio: isoDay,
    fim: isoDay,
    /** The selected campaigns (ad-set tab) or ad sets (ads tab), comma-joined. */
    pais: idList.optional(),
  })
  .strict()
  .refine((q) => Number.isFinite(Date.parse(q.inicio)) && Number.isFinite(Date.parse(q.fim)) && q.inicio <= q.fim, {
    message: INSIGHTS_MESSAGES.periodInvalid,
  })
  .refine((q) => daysBetween(q.inicio, q.fim) < 400, { message: INSIGHTS_MESSAGES.periodTooLong });
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

export const insightsLevelParamsSchema = z.object({ nivel: z.enum(INSIGHT_LEVELS) }).strict();

/** GET /api/insights/serie: the daily line of the selected rows of one level. */
export const insightsSeriesQuerySchema = z
  .object({ conta: accountId, inicio: isoDay, fim: isoDay, nivel: z.enum(INSIGHT_LEVELS), ids: idList })
  .strict()
  .refine((q) => q.inicio <= q.fim, { message: INSIGHTS_MESSAGES.periodInvalid })
  .refine((q) => daysBetween(q.inicio, q.fim) < 400, { message: INSIGHTS_MESSAGES.periodTooLong });
export type InsightsSeriesQuery = z.infer<typeof insightsSeriesQuerySchema>;

const nullableInt = z.number().int().nullable();

export const insightRowSchema = z.object({
  id: z.string(),
  nome: z.string(),
  campanhaId: z.string().nullable(),
  conjuntoId: z.string().nullable(),
  objetivo: z.string().nullable(),
  impressoes: nullableInt,
  /** The sum of the daily reach (people reached per day; docs/decisions.md 'Issue 24: reach'). */
  alcance: nullableInt,
  cliques: nullableInt,
  /** Clicks ÷ impressions × 100, null without impressions. */
  ctr: z.number().nullable(),
  gastoCentavos: nullableInt,
  cpmCentavos: z.number().nullable(),
  /** Meta's leads (`lead` action), or conversations started for messaging campaigns (`resultado`). */
  leads: nullableInt,
  resultado: z.enum(['leads', 'conversas']),
  custoPorLeadCentavos: z.number().nullable(),
  /** The CRM's side (002 §3 'The product adds per campaign/ad set/ad: conversao, leads, ticket'). */
  crmLeads: z.number().int(),
  conversoes: z.number().int(),
  ticketCentavos: z.number().int(),
  custoPorLeadCrmCentavos: z.number().nullable(),
  custoPorVendaCentavos: z.number().nullable(),
  /** Ticket ÷ spend; null without spend. */
  roas: z.number().nullable(),
  /** Some of the period's days are younger than 28 days (Meta still revises them). */
  provisorio: z.boolean(),
});
export type InsightRow = z.infer<typeof insightRowSchema>;

export const insightsRowsSchema = z.object({
  data: z.array(insightRowSchema),
  /** Leads of the period captured from an ad the CRM cannot name, and all leads of the period from ads. */
  anuncioDesconhecido: z.object({ leads: z.number().int(), total: z.number().int() }),
});
export type InsightsRows = z.infer<typeof insightsRowsSchema>;

export const insightsSeriesSchema = z.object({
  data: z.array(
    z.object({
      dia: z.string(),
      gastoCentavos: nullableInt,
      leads: nullableInt,
      crmLeads: z.number().int(),
      vendas: z.number().int(),
      provisorio: z.boolean(),
    }),
  ),
});
export type InsightsSeries = z.infer<typeof insightsSeriesSchema>;

export const insightsStateSchema = z.object({
  connected: z.boolean(),
  contas: z.array(z.object({ id: z.string(), nome: z.string() })),
  atualizadoEm: z.string().nullable(),
  /** A refresh is queued or running. */
  atualizando: z.boolean(),
  /** Why the last refresh stopped (expired token, dead version), in Portuguese; null when it worked. */
  erro: z.string().nullable(),
  /**
   * Who may start the company's Meta connection (issue 24 'Who connects'): the names of its active
   * company admins (ag); the unit admin who reads /insights is told to ask them.
   */
  quemConecta: z.array(z.string()),
});
export type InsightsState = z.infer<typeof insightsStateSchema>;

/** What a unit admin who may not connect reads under the login prompt (issue 24 'Who connects'). */
export function whoConnectsText(names: readonly string[]): string {
  if (names.length === 0)
    return 'Somente o administrador geral da empresa pode conectar o Facebook; a empresa ainda não tem um. Fale com o suporte do Funil.';
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} ou ${names[names.length - 1]!}`;
  return `Somente o administrador geral da empresa pode conectar o Facebook. Peça a ${list}.`;
}

export const insightsRefreshSchema = z.object({ message: z.string() });

/** 002 §2.5: the default period is the whole previous calendar month of `today` (YYYY-MM-DD). */
export function previousMonth(today: string): { inicio: string; fim: string } {
  const first = `${today.slice(0, 7)}-01`;
  const fim = addIsoDays(first, -1);
  return { inicio: `${fim.slice(0, 7)}-01`, fim };
}

/** A day is provisional while younger than 28 days on `today`. */
export const isProvisional = (day: string, today: string): boolean => daysBetween(day, today) < PROVISIONAL_DAYS;
