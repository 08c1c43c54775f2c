// Where a lead came from (issue 23 §4): the channel it arrived by, its platform (cli_tipo_lead),
// the campaign > ad set > ad, the Lead Ads form and lead, the UTM fields and click ids, and how
// sure the attribution is. A lead keeps its first touch and its last touch (docs/decisions.md
// "Issue 23: a lead's origin"); every touch is also one event of the lead event stream.
import { z } from 'zod';

/** How a lead arrived. */
export const LEAD_CHANNELS = ['manual', 'csv', 'captura', 'lead-ads', 'whatsapp-anuncio', 'whatsapp-organico'] as const;
export type LeadChannel = (typeof LEAD_CHANNELS)[number];

export const LEAD_CHANNEL_LABELS: Record<LeadChannel, string> = {
  manual: 'Cadastro manual',
  csv: 'Importação de CSV',
  captura: 'URL de captação',
  'lead-ads': 'Meta Lead Ads',
  'whatsapp-anuncio': 'WhatsApp (anúncio)',
  'whatsapp-organico': 'WhatsApp (orgânico)',
};

/**
 * The ad of a lead that came by an ad channel whose ad is not known (issue 23 §3: a click-to-WhatsApp
 * message without an ad id, whose title and text match no ad of the catalogue). Such a touch is
 * stored as `origem_canal` 'whatsapp-anuncio', `ad_name` this text, `ad_id`, `adset_*` and
 * `cli_campanha_id` null and `origem_certeza` null; what the gateway sent (ctwaClid, title, text,
 * source URL, the ad id it gave) is kept in the lead's `informacoesExtra` (CTWA_EXTRA_FIELDS).
 */
export const UNIDENTIFIED_AD_NAME = 'Meta (anúncio não identificado)';

/** informacoesExtra keys of a click-to-WhatsApp message's ad (issue 23 §3), as the lead's detail shows them. */
export const CTWA_EXTRA_FIELDS = {
  ctwaClid: 'ctwa_clid',
  sourceId: 'anuncio_id_informado',
  title: 'anuncio_titulo',
  body: 'anuncio_texto',
  sourceUrl: 'anuncio_url',
} as const;

/** How sure the attribution to the campaign and ad is: the ad's own id, its name or text matched, typed by a person. */
export const ATTRIBUTION_CERTAINTIES = ['id-exato', 'texto', 'manual'] as const;
export type AttributionCertainty = (typeof ATTRIBUTION_CERTAINTIES)[number];

export const ATTRIBUTION_CERTAINTY_LABELS: Record<AttributionCertainty, string> = {
  'id-exato': 'ID exato do anúncio',
  texto: 'Nome ou texto correspondente',
  manual: 'Informada manualmente',
};

const text = z.string().nullable();

/** One touch: what a lead's arrival (or re-entry) said about where it came from. */
export const leadOriginSchema = z.object({
  canal: z.enum(LEAD_CHANNELS),
  /** plataformas.id (cli_tipo_lead) of the touch. */
  plataforma: z.number().int().nullable(),
  certeza: z.enum(ATTRIBUTION_CERTAINTIES).nullable(),
  campaign_id: text,
  campaign_name: text,
  adset_id: text,
  adset_name: text,
  ad_id: text,
  ad_name: text,
  form_id: text,
  leadgen_id: text,
  utm_source: text,
  utm_medium: text,
  utm_campaign: text,
  utm_content: text,
  utm_term: text,
  fbclid: text,
  gclid: text,
  /** When the touch happened (ISO 8601). */
  em: z.string(),
});
export type LeadOrigin = z.infer<typeof leadOriginSchema>;

/** The lead's first touch (kept) and last touch (updated by every re-entry); null for a lead older than the origin. */
export const leadOriginsSchema = z.object({ primeiro: leadOriginSchema.nullable(), ultimo: leadOriginSchema.nullable() });
export type LeadOrigins = z.infer<typeof leadOriginsSchema>;

/** The attribution fields of a touch, as a capture or an import gives them (every one optional). */
export type OriginInput = Partial<Omit<LeadOrigin, 'canal' | 'em' | 'certeza'>> & {
  canal: LeadChannel;
  certeza?: AttributionCertainty | null | undefined;
};

const ORIGIN_TEXT_FIELDS = [
  'campaign_id',
  'campaign_name',
  'adset_id',
  'adset_name',
  'ad_id',
  'ad_name',
  'form_id',
  'leadgen_id',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'fbclid',
  'gclid',
] as const satisfies readonly (keyof LeadOrigin)[];
export type OriginTextField = (typeof ORIGIN_TEXT_FIELDS)[number];
export { ORIGIN_TEXT_FIELDS };

/**
 * How sure an attribution is when the caller does not say (issue 23 §4): an ad's or campaign's id
 * is exact; only names are text matched; nothing about an ad at all is no attribution (null).
 * Typed by a person (manual creation, CSV) is 'manual' when it names an ad.
 */
export function certaintyOf(input: OriginInput): AttributionCertainty | null {
  // An explicit null is kept: an ad channel whose ad is not known (UNIDENTIFIED_AD_NAME) is no attribution.
  if (input.certeza !== undefined) return input.certeza;
  const hasAd = Boolean(
    input.ad_id || input.ad_name || input.campaign_id || input.campaign_name || input.adset_id || input.adset_name,
  );
  if (!hasAd) return null;
  if (input.canal === 'manual' || input.canal === 'csv') return 'manual';
  return input.ad_id || input.campaign_id || input.adset_id ? 'id-exato' : 'texto';
}

/** A complete touch from its input, at `em`. */
export function originOf(input: OriginInput, em: Date): LeadOrigin {
  const out = { canal: input.canal, plataforma: input.plataforma ?? null, certeza: certaintyOf(input), em: em.toISOString() };
  const fields = Object.fromEntries(ORIGIN_TEXT_FIELDS.map((f) => [f, blankToNull(input[f])])) as Record<
    OriginTextField,
    string | null
  >;
  return { ...out, ...fields };
}

const blankToNull = (v: string | null | undefined): string | null =>
  v === undefined || v === null || v.trim() === '' ? null : v;

/** The "campaign > ad set > ad" line of a touch, by name where known and by id otherwise; null when it names none. */
export function adPathOf(origin: Pick<LeadOrigin, OriginTextField>): string | null {
  const parts = [
    origin.campaign_name ?? origin.campaign_id,
    origin.adset_name ?? origin.adset_id,
    origin.ad_name ?? origin.ad_id,
  ].filter((p): p is string => p !== null && p !== '');
  return parts.length > 0 ? parts.join(' > ') : null;
}

/** A touch in one line for the lead's timeline (000 §3 history event `texto`): channel, ad path, UTM fields. */
export function originSummary(origin: LeadOrigin): string {
  const utm = (['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const)
    .filter((f) => origin[f])
    .map((f) => `${f}=${origin[f]}`);
  return [`Origem: ${LEAD_CHANNEL_LABELS[origin.canal]}`, adPathOf(origin), utm.length > 0 ? utm.join(', ') : null]
    .filter((p): p is string => p !== null)
    .join(' · ');
}
