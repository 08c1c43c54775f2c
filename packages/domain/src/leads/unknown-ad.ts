// Issue 23 §3: "Count and show how many leads of a period have no known ad, so nobody trusts a ROAS
// built on guesses". The one rule of which lead counts as arrived-from-an-ad-but-unknown; the
// server's SQL (apps/server/src/db/sql-rules.ts `unknownAdSql`) is built from these constants and
// a test holds the two to the same answers.
import type { LeadChannel, LeadOrigin } from './origin.ts';

/** Channels that only an ad brings: every lead of them came from an ad (issue 23 §2, §3). */
export const AD_ONLY_CHANNELS = ['lead-ads', 'whatsapp-anuncio'] as const satisfies readonly LeadChannel[];

/** The capture URL brings a lead from an ad when the post names one (issue 23 §1: ad_id, campaign_name…). */
export const AD_WHEN_NAMED_CHANNELS = ['captura'] as const satisfies readonly LeadChannel[];

/** The fields of a touch that name an ad, an ad set or a campaign. */
export const AD_NAMING_FIELDS = [
  'campaign_id',
  'campaign_name',
  'adset_id',
  'adset_name',
  'ad_id',
  'ad_name',
] as const satisfies readonly (keyof LeadOrigin)[];

/** What a click-to-WhatsApp lead's ad is called when nothing identifies it (issue 23 §3). */
export const UNIDENTIFIED_AD_NAME = 'Meta (anúncio não identificado)';

/** The text beside the ROAS (issue 23 §3). */
export function unknownAdText(count: number): string {
  return count === 1
    ? '1 lead sem anúncio identificado no período'
    : `${count.toLocaleString('pt-BR')} leads sem anúncio identificado no período`;
}

type AdFacts = Pick<LeadOrigin, (typeof AD_NAMING_FIELDS)[number]> & { canal: LeadChannel | string | null };

const present = (v: string | null | undefined) => v !== null && v !== undefined && v.trim() !== '';

/** The lead arrived through an ad: an ad-only channel, or a capture post that names an ad. */
export function cameFromAd(origin: AdFacts): boolean {
  if ((AD_ONLY_CHANNELS as readonly string[]).includes(origin.canal ?? '')) return true;
  if ((AD_WHEN_NAMED_CHANNELS as readonly string[]).includes(origin.canal ?? ''))
    return AD_NAMING_FIELDS.some((f) => present(origin[f]));
  return false;
}

/**
 * The lead came from an ad but its ad is not known: no ad id (e.g. 'Meta (anúncio não identificado)',
 * an organic Lead Ads form, a capture post with only a campaign name or UTM fields), or an ad id
 * the company's ads catalogue does not hold. `inCatalogue` answers for a (trimmed) ad id.
 */
export function hasUnknownAd(origin: AdFacts, inCatalogue: (adId: string) => boolean): boolean {
  if (!cameFromAd(origin)) return false;
  return !present(origin.ad_id) || !inCatalogue(origin.ad_id!.trim());
}
