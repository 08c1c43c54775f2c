// Issue 23 §3: which lead counts as "came from an ad, ad unknown" (the one rule the dashboards count).
import { describe, expect, it } from 'vitest';

import { cameFromAd, hasUnknownAd, UNIDENTIFIED_AD_NAME, unknownAdText } from './unknown-ad.ts';

const none = { campaign_id: null, campaign_name: null, adset_id: null, adset_name: null, ad_id: null, ad_name: null };
const catalogue = (id: string) => id === '111';

describe('issue 23 §3 the unknown ad', () => {
  it('Lead Ads and click-to-WhatsApp always came from an ad; a capture post when it names one; the rest never', () => {
    expect(cameFromAd({ ...none, canal: 'lead-ads' })).toBe(true);
    expect(cameFromAd({ ...none, canal: 'whatsapp-anuncio' })).toBe(true);
    expect(cameFromAd({ ...none, canal: 'captura' })).toBe(false);
    expect(cameFromAd({ ...none, canal: 'captura', adset_name: 'Público' })).toBe(true);
    expect(cameFromAd({ ...none, canal: 'captura', campaign_name: '  ' })).toBe(false);
    for (const canal of ['manual', 'csv', 'whatsapp-organico', null])
      expect(cameFromAd({ ...none, canal, ad_id: '111' })).toBe(false);
  });

  it('unknown: no ad id (the unidentified click-to-WhatsApp) or an id the catalogue lacks', () => {
    expect(hasUnknownAd({ ...none, canal: 'whatsapp-anuncio', ad_name: UNIDENTIFIED_AD_NAME }, catalogue)).toBe(true);
    expect(hasUnknownAd({ ...none, canal: 'lead-ads', ad_id: '999' }, catalogue)).toBe(true);
    expect(hasUnknownAd({ ...none, canal: 'lead-ads', ad_id: ' 111 ' }, catalogue)).toBe(false);
    expect(hasUnknownAd({ ...none, canal: 'captura', campaign_name: 'Implante' }, catalogue)).toBe(true);
    expect(hasUnknownAd({ ...none, canal: 'manual', ad_name: 'Digitado' }, catalogue)).toBe(false);
  });

  it('says it in Portuguese, singular and plural', () => {
    expect(unknownAdText(1)).toBe('1 lead sem anúncio identificado no período');
    expect(unknownAdText(1234)).toBe('1.234 leads sem anúncio identificado no período');
    expect(unknownAdText(0)).toBe('0 leads sem anúncio identificado no período');
  });
});
