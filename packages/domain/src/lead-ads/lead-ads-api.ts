// Meta Lead Ads intake (issue 23 §2): the texts and the shapes of the failed-intake log, the forms
// (assigned unit, 'Buscar leads dos últimos 90 dias') and the company's default unit.
import { z } from 'zod';

import { foldAccents } from '../format/fold.ts';

export const LEAD_ADS_MESSAGES = {
  badSignature: 'Assinatura do webhook do Meta inválida.',
  notConfigured: 'Webhook do Meta não configurado neste servidor.',
  verifyRefused: 'Token de verificação do webhook do Meta inválido.',
  historyCreated: 'Lead recebido do Meta Lead Ads',
  historyAgain: 'Lead captado novamente pelo Meta Lead Ads',
  defaultUnit: 'nenhuma unidade corresponde ao formulário ou ao anúncio: enviado à unidade padrão',
  pageNotConnected: 'A página do Facebook deste lead não está conectada a nenhuma empresa.',
  noUnit: 'A empresa não tem unidade ativa para receber o lead.',
  noPhone: 'O formulário não trouxe telefone.',
  phoneInvalid: 'O telefone do formulário é inválido.',
  rateLimited: (minutes: number) => `O Meta limitou as chamadas (limite de uso); nova tentativa em ${minutes} min.`,
  fetchFailed: (detail: string) => `Não foi possível buscar o lead no Meta: ${detail}`,
  gaveUp: (attempts: number, detail: string) => `Desistimos após ${attempts} tentativas: ${detail}`,
  reprocessed: 'Entrega enviada para reprocessamento.',
  notFound: 'Entrega não encontrada.',
  formNotFound: 'Formulário não encontrado.',
  backfilled: (novos: number, total: number) =>
    `${total} lead(s) encontrados nos últimos 90 dias; ${novos} novo(s) enviado(s) para o CRM.`,
} as const;

/** A failed intake as the log shows it. */
export const failedIntakeSchema = z.object({
  id: z.number().int(),
  leadgenId: z.string(),
  pageId: z.string(),
  formId: z.string().nullable(),
  formNome: z.string().nullable(),
  adId: z.string().nullable(),
  /** What arrived: the webhook change (or the backfilled lead) as received. */
  recebido: z.record(z.string(), z.unknown()),
  erro: z.string().nullable(),
  tentativas: z.number().int(),
  recebidas: z.number().int(),
  recebidoEm: z.string(),
});
export type FailedIntake = z.infer<typeof failedIntakeSchema>;
export const failedIntakeListSchema = z.object({ data: z.array(failedIntakeSchema) });

export const leadAdsFormSchema = z.object({
  formId: z.string(),
  pageId: z.string(),
  nome: z.string(),
  /** The unit the form is assigned to (connection screen), null: routed by the units' 'Filtro Facebook'. */
  unidade: z.string().nullable(),
  leads: z.number().int(),
});
export type LeadAdsForm = z.infer<typeof leadAdsFormSchema>;
export const leadAdsOverviewSchema = z.object({
  data: z.object({
    conectada: z.boolean(),
    unidadePadrao: z.string().nullable(),
    formularios: z.array(leadAdsFormSchema),
    pendentes: z.number().int(),
    falhas: z.number().int(),
  }),
});
export type LeadAdsOverview = z.infer<typeof leadAdsOverviewSchema>['data'];

export const formParamsSchema = z.object({ formId: z.string().regex(/^\d{1,40}$/, 'Formulário inválido.') });
export const messageSchema = z.object({ message: z.string() });
export const backfillResultSchema = z.object({
  message: z.string(),
  data: z.object({ encontrados: z.number().int(), novos: z.number().int() }),
});

/** The folded form of a text for the 'Filtro Facebook' match: accent- and case-free, spaces squeezed. */
export const foldForFilter = (text: string): string => foldAccents(text).toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Whether a unit's 'Filtro Facebook' (002 §3 Unit `filtro`) matches any of the names: one of its
 * terms (split on ',' or ';') appears in a name, accent- and case-free. An empty filter matches nothing.
 */
export function filterMatches(filtro: string, names: readonly (string | null | undefined)[]): boolean {
  const terms = filtro
    .split(/[;,]/)
    .map(foldForFilter)
    .filter((t) => t !== '');
  if (terms.length === 0) return false;
  const folded = names.filter((n): n is string => typeof n === 'string' && n !== '').map(foldForFilter);
  return terms.some((term) => folded.some((name) => name.includes(term)));
}

/** A Lead Ads answer: `field_data` item. */
export type FieldDatum = { name: string; values: string[] };

/**
 * The form's answers as a lead (issue 23 §2): full_name, or first_name + last_name → name,
 * phone_number → phone, email → e-mail; every other question → informacoesExtra.
 */
export function mapFieldData(fieldData: readonly FieldDatum[]): {
  name: string;
  phone: string | null;
  email: string | null;
  extras: Record<string, string>;
} {
  const byName = new Map<string, string>();
  const extras: Record<string, string> = {};
  for (const f of fieldData) {
    const value = (f.values ?? []).join(', ').trim();
    byName.set(f.name, value);
  }
  const taken = new Set(['full_name', 'first_name', 'last_name', 'phone_number', 'email']);
  for (const [k, v] of byName) if (!taken.has(k) && v !== '') extras[k] = v;
  const full = byName.get('full_name') || [byName.get('first_name'), byName.get('last_name')].filter(Boolean).join(' ');
  return {
    name: full.trim(),
    phone: byName.get('phone_number') || null,
    email: byName.get('email') || null,
    extras,
  };
}
