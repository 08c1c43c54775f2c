// Click-to-WhatsApp (issue 23 §3): a message that comes from an ad carries the ad in the gateway's
// payload (contextInfo.externalAdReply: sourceType 'ad', sourceId the ad id, ctwaClid, title, body,
// sourceUrl). The lead it creates or re-enters is attributed to that ad through the core's capture
// door (`captureLead`): by the ad id ('id-exato'), else by the title or the text matched against the
// unit's catalogue ('texto'), else 'Meta (anúncio não identificado)' (UNIDENTIFIED_AD_NAME, no
// certainty). What the gateway sent is kept in informacoesExtra (CTWA_EXTRA_FIELDS). A known number
// re-enters once per conversation started from an ad, not once per message (`sameAdConversation`).
import {
  CTWA_EXTRA_FIELDS,
  originOf,
  UNIDENTIFIED_AD_NAME,
  type AttributionCertainty,
  type LeadOrigin,
} from '@funil/domain/leads/origin';

import { findAd, type CatalogueAd } from '../ads/ads.service.ts';
import { captureLead, type CaptureResult } from './lead-capture.service.ts';
import type { LeadRow } from './leads.repository.ts';
import { PLATFORM_WHATSAPP, type LeadCreation, type UnitRef } from './leads.service.ts';

/** The ad of a click-to-WhatsApp message as the gateway gave it (every field may be missing). */
export type AdReply = {
  sourceType: string | null;
  sourceId: string | null;
  ctwaClid: string | null;
  title: string | null;
  body: string | null;
  sourceUrl: string | null;
};

/** The history events' texts (000 §3) of a lead created or re-entered by a message from an ad. */
export const AD_MESSAGE_HISTORY = {
  created: 'Lead cadastrado por mensagem de WhatsApp vinda de anúncio',
  again: 'Lead captado novamente por mensagem de WhatsApp vinda de anúncio',
} as const;

/** WhatsApp's customer-service window: messages from one ad within it are one conversation. */
export const AD_CONVERSATION_MS = 24 * 60 * 60 * 1000;

/** The catalogue ad of a message's ad and how sure that is; null ad: not identified. */
export async function identifyAd(
  db: LeadCreation['db'],
  unit: UnitRef,
  reply: AdReply,
): Promise<{ ad: CatalogueAd | null; certeza: AttributionCertainty | null }> {
  const scope = { idEmpresa: unit.idEmpresa, idUnidade: unit.idUnidade };
  if (reply.sourceId) {
    const byId = await findAd(db, scope, { adId: reply.sourceId });
    if (byId) return { ad: byId, certeza: 'id-exato' };
  }
  for (const text of [reply.title, reply.body]) {
    if (!text?.trim()) continue;
    const byText = await findAd(db, scope, { text });
    if (byText) return { ad: byText, certeza: 'texto' };
  }
  return { ad: null, certeza: null };
}

/** The touch of a message from an ad: the catalogue's campaign > ad set > ad, or the unidentified ad. */
export function adMessageOrigin(ad: CatalogueAd | null, certeza: AttributionCertainty | null, at: Date): LeadOrigin {
  const common = { canal: 'whatsapp-anuncio', plataforma: PLATFORM_WHATSAPP, certeza } as const;
  if (!ad) return originOf({ ...common, certeza: null, ad_name: UNIDENTIFIED_AD_NAME }, at);
  return originOf(
    {
      ...common,
      campaign_id: ad.campaign_id,
      campaign_name: ad.campaign_name,
      adset_id: ad.adset_id,
      adset_name: ad.adset_name,
      ad_id: ad.ad_id,
      ad_name: ad.ad_name,
    },
    at,
  );
}

/** informacoesExtra of the message's ad: only what the gateway sent. */
export function adReplyExtras(reply: AdReply): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, key] of Object.entries(CTWA_EXTRA_FIELDS) as [keyof typeof CTWA_EXTRA_FIELDS, string][]) {
    const value = reply[field]?.trim();
    if (value) out[key] = value.slice(0, 1000);
  }
  return out;
}

/**
 * Whether a known lead's last touch is already this conversation: the same click (ctwaClid), or,
 * when the gateway sends no click id, a touch from the same ad less than 24 hours ago (the gateway
 * may repeat the ad on each message of a conversation, and a webhook may arrive twice).
 */
export function sameAdConversation(lead: LeadRow, origin: LeadOrigin, reply: AdReply, now: Date): boolean {
  if (lead.origemCanal !== 'whatsapp-anuncio') return false;
  const extras = (lead.informacoesExtra ?? {}) as Record<string, unknown>;
  const clid = reply.ctwaClid?.trim();
  if (clid) return extras[CTWA_EXTRA_FIELDS.ctwaClid] === clid;
  const recent = lead.origemEm !== null && now.getTime() - lead.origemEm.getTime() < AD_CONVERSATION_MS;
  const sameAd = (lead.adId ?? lead.adName) === (origin.ad_id ?? origin.ad_name);
  return recent && sameAd;
}

/**
 * The unit's lead of a phone that wrote from a click-to-WhatsApp ad: created with the ad's origin
 * (and its tags), or re-entered ('captado novamente', back to the queue) unless this is the
 * conversation it already came from. 400 'Celular inválido' for text that is not a phone.
 */
export async function captureAdMessage(
  c: LeadCreation,
  unit: UnitRef,
  input: { phone: string; name: string; idInstancia: number | null; reply: AdReply; now?: Date | undefined },
): Promise<CaptureResult> {
  const now = input.now ?? new Date();
  const { ad, certeza } = await identifyAd(c.db, unit, input.reply);
  const origin = adMessageOrigin(ad, certeza, now);
  return captureLead(c, unit, {
    phone: input.phone,
    name: input.name,
    email: null,
    origin,
    extras: adReplyExtras(input.reply),
    history: AD_MESSAGE_HISTORY,
    eventOrigin: 'whatsapp',
    idInstancia: input.idInstancia,
    ad,
    sameTouch: (lead) => sameAdConversation(lead, origin, input.reply, now),
  });
}
