// Campaign costs, 'Gerenciar Campanhas' (002 §2.10, §3 'Campaign cost (admin)', §5 'Campaign cost dialog',
// §7 'Admin': GET cadastros/campanha, POST cadastros/campanha, PUT cadastros/campanha_custo; 000 §6).
import { z } from 'zod';

import { MISSING_FIELDS, REQUIRED, selectedId } from '../admin-api/fields.ts';
import { brlAmountField } from '../admin-api/partners.ts';
import { idSchema } from '../http/ids.ts';

export const COST_MESSAGES = {
  required: REQUIRED,
  missing: MISSING_FIELDS,
  created: 'Campanha cadastrada com sucesso!',
  createFailed: 'Erro ao cadastrar campanha.',
  updated: 'Campanha editada com sucesso!',
  updateFailed: 'Erro ao editar campanha',
  empty: 'Nenhum registro encontrado!',
  // Not in the spec: the server's answers.
  month: 'Informe o mês no formato MM/AAAA.',
  otherUnit: 'Você não pode gerenciar campanhas desta unidade.',
  notFound: 'Custo de campanha não encontrado.',
  duplicate: 'Esta campanha já tem um custo neste mês nesta unidade. Edite o custo existente.',
  platform: 'Plataforma desconhecida.',
  campaignMismatch: 'O ID da campanha não pode ser alterado.',
} as const;

/**
 * 'publico' of the create payload (002 §3), a select whose placeholder is -1 (002 §5): the audience
 * the campaign was shown to, as a Brazilian traffic manager names it (docs/decisions.md).
 */
export const AUDIENCES = [
  { value: 1, label: 'Frio' },
  { value: 2, label: 'Morno (engajamento)' },
  { value: 3, label: 'Quente (remarketing)' },
  { value: 4, label: 'Semelhante (lookalike)' },
] as const;
export const audienceLabel = (value: number): string => AUDIENCES.find((a) => a.value === value)?.label ?? '—';

/** Where a cost came from: typed here, or a Meta insights sync (issue 23 §6: a typed cost is never overwritten). */
export const COST_SOURCES = ['manual', 'meta'] as const;
export type CostSource = (typeof COST_SOURCES)[number];

/** A month 'YYYY-MM' (the period of a typed cost; issue 23 §6 'a month by default'). */
export const monthField = z
  .string({ error: COST_MESSAGES.month })
  .trim()
  .regex(/^(\d{4})-(0[1-9]|1[0-2])$/, COST_MESSAGES.month)
  .refine((m) => Number(m.slice(0, 4)) >= 2000 && Number(m.slice(0, 4)) <= 2100, COST_MESSAGES.month);

/** 002 §5: custo required and numeric ('Obrigatório'); a number, '1234.56' or the masked 'R$ 1.234,56'. */
const costField = z.preprocess(
  (v) => (v === '' || v === null || v === 'R$ ' ? undefined : v),
  z.custom<string | number>((v) => v !== undefined, REQUIRED).pipe(brlAmountField),
);

/** POST cadastros/campanha: nome, campaign_id, publico, idTipoLead, idUnidade (002 §3), the cost and its month. */
export const costCreateSchema = z.object({
  nome: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, 'Use no máximo 200 caracteres.'),
  campaign_id: z
    .union([z.string({ error: REQUIRED }), z.number({ error: REQUIRED })], { error: REQUIRED })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, REQUIRED).max(100, 'Use no máximo 100 caracteres.')),
  publico: selectedId(MISSING_FIELDS).pipe(z.number().max(AUDIENCES.length, MISSING_FIELDS)),
  idTipoLead: selectedId(MISSING_FIELDS),
  idUnidade: selectedId(MISSING_FIELDS),
  custo: costField,
  mes: monthField,
});
export type CostCreate = z.infer<typeof costCreateSchema>;

/**
 * PUT cadastros/campanha_custo: campaign_id, custo, campaign_name (002 §3) and the typed cost's id. 'Editar
 * Campanha' on a month that only Meta's spend fills has no typed cost yet: it sends the unit and the month
 * instead of the id, and the server types the month's cost (Meta's rows stay as they are; issue 23 §6).
 */
export const costUpdateSchema = z
  .object({
    id: idSchema().optional(),
    campaign_id: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .optional(),
    campaign_name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, 'Use no máximo 200 caracteres.'),
    custo: costField,
    publico: selectedId(MISSING_FIELDS).pipe(z.number().max(AUDIENCES.length, MISSING_FIELDS)).optional(),
    idTipoLead: selectedId(MISSING_FIELDS).optional(),
    idUnidade: selectedId(MISSING_FIELDS).optional(),
    mes: monthField.optional(),
  })
  .refine((v) => v.id !== undefined || (v.idUnidade !== undefined && v.mes !== undefined && !!v.campaign_id), {
    message: COST_MESSAGES.missing,
    path: ['id'],
  });
export type CostUpdate = z.infer<typeof costUpdateSchema>;

/** A Meta ad's spend within a row's month (the detail of a Meta row; issue 23 §6). */
export const costAdSpendSchema = z.object({
  adset_id: z.string().nullable(),
  adset_name: z.string().nullable(),
  ad_id: z.string().nullable(),
  ad_name: z.string().nullable(),
  custo: z.number(),
  /** Days of the month with spend. */
  dias: z.number().int(),
});
export type CostAdSpend = z.infer<typeof costAdSpendSchema>;

/**
 * A row of GET cadastros/campanha (002 §3 'Campaign cost (admin)' plus the ids the dialog needs): one per
 * unit, campaign and month (issue 23 §6). `custo` is what the dashboards count for that month: the typed
 * cost when there is one (`origem` 'manual'), else the sum of Meta's daily spend (`origem` 'meta').
 * `id` is the typed cost's (null when only Meta's spend fills the month); `anuncios` is Meta's spend per ad.
 */
export const costRowSchema = z.object({
  chave: z.string(),
  id: z.number().int().nullable(),
  idUnidade: z.number().int(),
  unidade: z.string(),
  idCampanha: z.number().int(),
  campaign_id: z.string(),
  campaign_name: z.string(),
  // Filled when the month's spend is one ad's (002 §3 lists them on the row); the rest is in `anuncios`.
  adset_id: z.string().nullable(),
  adset_name: z.string().nullable(),
  ad_id: z.string().nullable(),
  ad_name: z.string().nullable(),
  custo: z.number(),
  custo_manual: z.number().nullable(),
  custo_meta: z.number().nullable(),
  anuncios: z.array(costAdSpendSchema),
  publico: z.number().int().nullable(),
  idTipoLead: z.number().int().nullable(),
  tipoLead: z.string(),
  mes: z.string(),
  periodo_inicio: z.string(),
  periodo_fim: z.string(),
  origem: z.enum(COST_SOURCES),
  dataCadastro: z.string(),
  dataAtualizacao: z.string(),
});
export type CostRow = z.infer<typeof costRowSchema>;
export const costListSchema = z.object({ data: z.array(costRowSchema) });

/** The fields of a stored cost the counting rule reads. */
export type CountableCost = {
  idUnidade: number;
  idCampanha: number;
  idAd: number | null;
  origem: string;
  periodoInicio: string;
  periodoFim: string;
};

/**
 * The costs that count (issue 23 §6): every typed cost, and a Meta spend only where no typed
 * campaign-level cost of its unit and campaign covers its whole period (a typed month wins over
 * Meta's days of that month; the two are never added). The dashboards and /campanhas both use this.
 */
export function countedCosts<T extends CountableCost>(rows: readonly T[]): T[] {
  const typed = rows.filter((r) => r.origem === 'manual' && r.idAd === null);
  const covered = (r: T) =>
    typed.some(
      (m) =>
        m.idUnidade === r.idUnidade &&
        m.idCampanha === r.idCampanha &&
        m.periodoInicio <= r.periodoInicio &&
        m.periodoFim >= r.periodoFim,
    );
  return rows.filter((r) => r.origem === 'manual' || !covered(r));
}

/** The form of the dialog (002 §5): the select placeholders are -1, the cost is the masked 'R$ …' text. */
export type CostForm = {
  nome: string;
  campaign_id: string;
  publico: number;
  idTipoLead: number;
  idUnidade: number;
  custo: string;
  mes: string;
};

/** 002 §5: the snackbar of a dialog whose publico, idTipoLead or idUnidade is still -1. */
export function costFormMissingSelects(form: Pick<CostForm, 'publico' | 'idTipoLead' | 'idUnidade'>): boolean {
  return form.publico === -1 || form.idTipoLead === -1 || form.idUnidade === -1;
}

/** The first and last day ('YYYY-MM-DD') of a month 'YYYY-MM'. */
export function monthBounds(month: string): { inicio: string; fim: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { inicio: `${month}-01`, fim: `${month}-${String(last).padStart(2, '0')}` };
}

const MONTH_NAMES = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
];

/**
 * The months the cost dialog offers, newest first: from next month back 24 months around `month`
 * ('YYYY-MM', this month), as { value: 'YYYY-MM', label: 'Novembro de 2026' }.
 */
export function monthOptions(month: string): { value: string; label: string }[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const base = y * 12 + (m - 1) + 1;
  return Array.from({ length: 26 }, (_, i) => {
    const index = base - i;
    const year = Math.floor(index / 12);
    const mm = (index % 12) + 1;
    return { value: `${year}-${String(mm).padStart(2, '0')}`, label: `${MONTH_NAMES[mm - 1]} de ${year}` };
  });
}

/** 'YYYY-MM' → 'MM/AAAA' as the table shows it. */
export const formatMonth = (month: string): string => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/**
 * The part of a cost that falls in a period, prorated by days (issue 23 §6: "a cost is for a period,
 * so cost per lead is right for any period"). Days are 'YYYY-MM-DD', both ends inclusive.
 */
export function proratedCost(
  cost: { custo: number; inicio: string; fim: string },
  period: { inicio: string; fim: string },
): number {
  const day = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;
  const start = Math.max(day(cost.inicio), day(period.inicio));
  const end = Math.min(day(cost.fim), day(period.fim));
  if (end < start) return 0;
  const whole = day(cost.fim) - day(cost.inicio) + 1;
  return Math.round(((cost.custo * (end - start + 1)) / whole) * 100) / 100;
}
