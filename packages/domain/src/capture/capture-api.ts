// The capture URL of a unit (issue 23 §1): POST /api/captacao/{token}, public, JSON or
// application/x-www-form-urlencoded (landing pages, form builders, Zapier/Make, RD Station). Meta's
// URL macros ({{ad.id}}, {{adset.id}}, {{campaign.id}}, {{site_source_name}}) arrive as query
// parameters and count the same as body fields. Every field but the phone is optional; any other
// field is kept in the lead's informacoesExtra.
import { z } from 'zod';

import { foldAccents } from '../format/fold.ts';
import { CONTACT_MESSAGES } from '../leads/contact.ts';
import { ORIGIN_TEXT_FIELDS, type OriginTextField } from '../leads/origin.ts';

export const CAPTURE_MESSAGES = {
  /** The same answer for a new lead and a number the unit already has (the answer never tells which). */
  received: 'Lead recebido.',
  /** An unknown token, or a deactivated unit's or company's: nothing is stored. */
  unknownToken: 'URL de captação não encontrada.',
  tooMany: 'Muitos leads enviados em pouco tempo para esta URL de captação. Aguarde um momento e tente novamente.',
  phoneRequired: CONTACT_MESSAGES.phoneRequired,
  phoneInvalid: CONTACT_MESSAGES.phoneInvalid,
  fieldTooLong: (field: string, max: number) => `O campo ${field} deve ter no máximo ${max} caracteres.`,
  tooManyFields: (max: number) => `Envie no máximo ${max} campos.`,
  idempotencyKeyTooLong: 'A chave de idempotência deve ter no máximo 200 caracteres.',
  /** The timeline text of a lead that arrived by the capture URL (000 §3 history event). */
  historyCreated: 'Lead captado pela URL de captação',
  /** The timeline text of a number the unit already had, captured again (issue 23 §1). */
  historyAgain: 'Lead captado novamente',
  /** A platform the integrator named that the list does not know: the lead is kept, as 'Site'. */
  unknownPlatform: (nome: string) => `Plataforma "${nome}" não encontrada; o lead foi registrado com a plataforma Site.`,
  invalidEmail: 'E-mail inválido; o lead foi registrado sem e-mail (o valor recebido está nas informações extras).',
  tokenRegenerated: 'Novo token gerado. O token anterior deixou de funcionar.',
} as const;

/** Longest value of a field (the columns they reach are 200 characters; ids 64). */
export const CAPTURE_FIELD_MAX: Record<'cli_nome' | 'cli_telefone' | 'cli_email' | 'plataforma' | OriginTextField, number> = {
  cli_nome: 200,
  cli_telefone: 40,
  cli_email: 254,
  plataforma: 100,
  campaign_id: 64,
  campaign_name: 200,
  adset_id: 64,
  adset_name: 200,
  ad_id: 64,
  ad_name: 200,
  form_id: 64,
  leadgen_id: 64,
  utm_source: 200,
  utm_medium: 200,
  utm_campaign: 200,
  utm_content: 200,
  utm_term: 200,
  fbclid: 500,
  gclid: 500,
};
/** Other fields (kept in informacoesExtra): at most this many, each value at most EXTRA_VALUE_MAX characters. */
export const CAPTURE_EXTRA_FIELDS_MAX = 50;
export const CAPTURE_EXTRA_VALUE_MAX = 2000;
export const CAPTURE_IDEMPOTENCY_KEY_MAX = 200;

/**
 * Meta's URL parameter names for its macros, when the integrator named the parameter after the
 * macro itself (`?ad.id={{ad.id}}`); `site_source_name` (fb, ig, msg, an) names the platform.
 */
export const META_MACRO_ALIASES: Record<string, OriginTextField> = {
  'ad.id': 'ad_id',
  'ad.name': 'ad_name',
  'adset.id': 'adset_id',
  'adset.name': 'adset_name',
  'campaign.id': 'campaign_id',
  'campaign.name': 'campaign_name',
};

/** Meta's site_source_name values, and the platform names of the list they mean. */
export const META_SITE_SOURCES: Record<string, string> = { fb: 'Facebook', ig: 'Instagram', msg: 'Facebook', an: 'Facebook' };

// A value as JSON or a form sends it: text, or a number (an ad id posted as a number).
const value = (field: keyof typeof CAPTURE_FIELD_MAX) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(CAPTURE_FIELD_MAX[field], CAPTURE_MESSAGES.fieldTooLong(field, CAPTURE_FIELD_MAX[field])))
    .optional()
    .describe(FIELD_DESCRIPTIONS[field]);

const FIELD_DESCRIPTIONS: Record<keyof typeof CAPTURE_FIELD_MAX, string> = {
  cli_nome: 'Nome do lead (sem nome, o lead leva o número como nome).',
  cli_telefone: 'Celular: dígitos com ou sem DDI 55, parênteses, espaços e hífens (001 §5).',
  cli_email: 'E-mail (opcional; um e-mail inválido fica nas informações extras).',
  plataforma: 'Id ou nome de uma plataforma (Facebook, Instagram, Google, Site…); padrão Site.',
  campaign_id: 'Id da campanha ({{campaign.id}}).',
  campaign_name: 'Nome da campanha ({{campaign.name}}).',
  adset_id: 'Id do conjunto de anúncios ({{adset.id}}).',
  adset_name: 'Nome do conjunto de anúncios ({{adset.name}}).',
  ad_id: 'Id do anúncio ({{ad.id}}).',
  ad_name: 'Nome do anúncio ({{ad.name}}).',
  form_id: 'Id do formulário de Lead Ads.',
  leadgen_id: 'Id do lead no Lead Ads.',
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
  utm_content: 'utm_content',
  utm_term: 'utm_term',
  fbclid: 'Id de clique do Facebook.',
  gclid: 'Id de clique do Google.',
};

const knownShape = {
  cli_nome: value('cli_nome'),
  cli_telefone: value('cli_telefone'),
  cli_email: value('cli_email'),
  plataforma: value('plataforma'),
  ...(Object.fromEntries(ORIGIN_TEXT_FIELDS.map((f) => [f, value(f)])) as Record<OriginTextField, ReturnType<typeof value>>),
  id_externo: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(CAPTURE_IDEMPOTENCY_KEY_MAX, CAPTURE_MESSAGES.idempotencyKeyTooLong))
    .optional()
    .describe('Id do lead no sistema de origem: um reenvio com o mesmo id recebe a primeira resposta (como Idempotency-Key).'),
};

/** The fields the capture reads; any other field of the body goes to informacoesExtra. */
export const CAPTURE_KNOWN_FIELDS = Object.keys(knownShape) as (keyof typeof knownShape)[];

/**
 * The body (and the query): the known fields, and other fields of text, numbers or booleans kept
 * in informacoesExtra. cli_telefone is checked after body and query are merged (a form may put it
 * in either).
 */
export const captureBodySchema = z
  .object(knownShape)
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .describe('O lead: JSON ou application/x-www-form-urlencoded. Outros campos vão para informacoesExtra.');
export type CaptureBody = z.output<typeof captureBodySchema>;

export const captureQuerySchema = captureBodySchema.describe(
  'Os mesmos campos como parâmetros da URL (as macros de URL do Meta: ad_id={{ad.id}}, adset_id={{adset.id}}, ' +
    'campaign_id={{campaign.id}}, utm_source={{site_source_name}}); o corpo prevalece.',
);

export const captureParamsSchema = z.object({
  token: z.string().describe('O token de 32 caracteres da unidade (Unidades, 002 §3).'),
});

export const captureHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .max(CAPTURE_IDEMPOTENCY_KEY_MAX, CAPTURE_MESSAGES.idempotencyKeyTooLong)
    .optional()
    .describe('Um reenvio com a mesma chave recebe a primeira resposta, sem criar nada (guardada por 7 dias).'),
});

/** The answer: the same for a new lead and a number the unit already had; `avisos` for what was kept differently. */
export const captureResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    /** The receipt of this capture (the same on a retried post with the same key). */
    protocolo: z.string(),
    avisos: z.array(z.string()),
  }),
});
export type CaptureResponse = z.infer<typeof captureResponseSchema>;

/** How long an Idempotency-Key (or id_externo) answers its first result. */
export const CAPTURE_IDEMPOTENCY_DAYS = 7;

/** Whether a value is an unreplaced Meta macro ('{{ad.id}}': the ad preview sends them as typed). */
export const isUnreplacedMacro = (v: string): boolean => /^\{\{[^}]*\}\}$/.test(v.trim());

/** POST cadastros/unidade/{id}/token: the unit's new token (002 §2.10 'Gerar novo token'). */
export const unitTokenResponseSchema = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int(), token: z.string() }),
});

/** The fields of a capture after body and query are merged: known fields as text, the rest for informacoesExtra. */
export type MergedCapture = {
  known: Partial<Record<(typeof CAPTURE_KNOWN_FIELDS)[number], string>>;
  extras: Record<string, string | number | boolean | null>;
  /** Meta's site_source_name, when sent (fb, ig, msg, an). */
  siteSource: string | null;
};

/**
 * Body and query as one capture (issue 23 §1): the body wins where both have a field; Meta's macro
 * names (`ad.id`…) count as their fields; an unreplaced macro ('{{ad.id}}') or an empty value
 * counts as absent; any other field is kept for informacoesExtra.
 */
export function mergeCapture(query: Record<string, unknown>, body: Record<string, unknown>): MergedCapture {
  const known: MergedCapture['known'] = {};
  const extras: MergedCapture['extras'] = {};
  let siteSource: string | null = null;
  const knownNames = new Set<string>(CAPTURE_KNOWN_FIELDS);
  for (const source of [query, body]) {
    for (const [rawKey, raw] of Object.entries(source)) {
      if (raw === undefined) continue;
      const key = META_MACRO_ALIASES[rawKey] ?? rawKey;
      const text = typeof raw === 'string' ? raw.trim() : raw;
      if (typeof text === 'string' && (text === '' || isUnreplacedMacro(text))) continue;
      if (key === 'site_source_name') {
        siteSource = String(text);
        continue;
      }
      if (knownNames.has(key)) known[key as keyof MergedCapture['known']] = String(text);
      else extras[key] = text as string | number | boolean | null;
    }
  }
  return { known, extras, siteSource };
}

/**
 * The platform (cli_tipo_lead) of a capture: `plataforma` as an id or a name of the list (accents
 * and case aside); else Meta's site_source_name (fb, ig…); else a utm_source that names a platform;
 * else 'Site'. A `plataforma` the list does not know is reported (the lead is still kept).
 */
export function resolvePlatform(
  platforms: readonly { id: number; nome: string }[],
  capture: { plataforma?: string | undefined; siteSource?: string | null | undefined; utmSource?: string | undefined },
): { id: number | null; aviso: string | null } {
  const byName = (name: string) => platforms.find((p) => foldAccents(p.nome).toLowerCase() === foldAccents(name).toLowerCase());
  const site = byName('Site')?.id ?? null;
  if (capture.plataforma) {
    const wanted = capture.plataforma.trim();
    const found = /^\d+$/.test(wanted) ? platforms.find((p) => p.id === Number(wanted)) : byName(wanted);
    if (found) return { id: found.id, aviso: null };
    return { id: site, aviso: CAPTURE_MESSAGES.unknownPlatform(wanted) };
  }
  const meta = capture.siteSource ? META_SITE_SOURCES[capture.siteSource.toLowerCase()] : undefined;
  const fromMeta = meta ? byName(meta) : undefined;
  if (fromMeta) return { id: fromMeta.id, aviso: null };
  const fromUtm = capture.utmSource ? byName(capture.utmSource) : undefined;
  return { id: fromUtm?.id ?? site, aviso: null };
}
