// A lead's origin on its row (issue 23 §4): the last touch in the columns the lists filter on, the
// first touch whole in origem_primeira; and the origin read back from a row for the lead's detail.
import type { LeadOrigin, LeadOrigins } from '@funil/domain/leads/origin';

import type { LeadRow, NewLead } from './leads.repository.ts';

/** The row's last-touch columns of a touch (every one written: a new touch replaces the last whole). */
export function lastTouchColumns(origin: LeadOrigin): Partial<NewLead> {
  return {
    origemCanal: origin.canal,
    origemCerteza: origin.certeza,
    origemEm: new Date(origin.em),
    ...(origin.plataforma !== null ? { cliTipoLead: origin.plataforma } : {}),
    cliCampanhaId: origin.campaign_id,
    // The lists' campaign filter (000 §7 cli_campanha_nome): the campaign's name; a lead typed by
    // hand or imported keeps what the contact dialog's 'Anúncio' has always stored there, its ad name.
    cliCampanhaNome: typedByHand(origin) ? origin.ad_name : origin.campaign_name,
    adsetId: origin.adset_id,
    adsetName: origin.adset_name,
    adId: origin.ad_id,
    adName: origin.ad_name,
    formId: origin.form_id,
    leadgenId: origin.leadgen_id,
    utmSource: origin.utm_source,
    utmMedium: origin.utm_medium,
    utmCampaign: origin.utm_campaign,
    utmContent: origin.utm_content,
    utmTerm: origin.utm_term,
    fbclid: origin.fbclid,
    gclid: origin.gclid,
  };
}

const typedByHand = (o: Pick<LeadOrigin, 'canal'>) => o.canal === 'manual' || o.canal === 'csv';

/** A new lead's columns of its first touch: the last touch is the first, and the first is kept. */
export const firstTouchColumns = (origin: LeadOrigin): Partial<NewLead> => ({
  ...lastTouchColumns(origin),
  origemPrimeira: origin,
});

/** The lead's first and last touch as the API shows them (null for a lead older than the origin). */
export function originsOf(row: LeadRow): LeadOrigins {
  if (row.origemCanal === null || row.origemEm === null) return { primeiro: row.origemPrimeira ?? null, ultimo: null };
  const ultimo: LeadOrigin = {
    canal: row.origemCanal,
    plataforma: row.cliTipoLead,
    certeza: (row.origemCerteza as LeadOrigin['certeza']) ?? null,
    campaign_id: row.cliCampanhaId,
    campaign_name: typedByHand({ canal: row.origemCanal }) ? null : row.cliCampanhaNome,
    adset_id: row.adsetId,
    adset_name: row.adsetName,
    ad_id: row.adId,
    ad_name: row.adName,
    form_id: row.formId,
    leadgen_id: row.leadgenId,
    utm_source: row.utmSource,
    utm_medium: row.utmMedium,
    utm_campaign: row.utmCampaign,
    utm_content: row.utmContent,
    utm_term: row.utmTerm,
    fbclid: row.fbclid,
    gclid: row.gclid,
    em: row.origemEm.toISOString(),
  };
  return { primeiro: row.origemPrimeira ?? ultimo, ultimo };
}
