// Issue 23 §1 §4: the capture's merge of body and query, the platform it names, and a touch's certainty.
import { describe, expect, it } from 'vitest';

import { adPathOf, certaintyOf, originOf } from '../leads/origin.ts';
import { CAPTURE_MESSAGES, mergeCapture, resolvePlatform } from './capture-api.ts';

const PLATFORMS = [
  { id: 1, nome: 'Facebook' },
  { id: 2, nome: 'Instagram' },
  { id: 3, nome: 'Google' },
  { id: 5, nome: 'Site' },
  { id: 6, nome: 'Indicação' },
];

describe('mergeCapture', () => {
  it("takes Meta's macro names as their fields, drops unreplaced macros and blanks, and lets the body win", () => {
    const merged = mergeCapture(
      { 'ad.id': '1', 'campaign.name': '{{campaign.name}}', site_source_name: 'ig', ad_name: 'da url', utm_term: ' ' },
      { ad_name: 'do corpo', cli_telefone: '11999990000', idade: 42, aceita: true },
    );
    expect(merged).toEqual({
      known: { ad_id: '1', ad_name: 'do corpo', cli_telefone: '11999990000' },
      extras: { idade: 42, aceita: true },
      siteSource: 'ig',
    });
  });
});

describe('resolvePlatform', () => {
  it('reads an id or a name (accents and case aside), then site_source_name, then utm_source, else Site', () => {
    expect(resolvePlatform(PLATFORMS, { plataforma: '3' })).toEqual({ id: 3, aviso: null });
    expect(resolvePlatform(PLATFORMS, { plataforma: 'INDICACAO' })).toEqual({ id: 6, aviso: null });
    expect(resolvePlatform(PLATFORMS, { siteSource: 'fb', utmSource: 'google' })).toEqual({ id: 1, aviso: null });
    expect(resolvePlatform(PLATFORMS, { utmSource: 'Google' })).toEqual({ id: 3, aviso: null });
    expect(resolvePlatform(PLATFORMS, { utmSource: 'newsletter' })).toEqual({ id: 5, aviso: null });
    expect(resolvePlatform(PLATFORMS, { plataforma: 'Orkut' })).toEqual({
      id: 5,
      aviso: CAPTURE_MESSAGES.unknownPlatform('Orkut'),
    });
  });
});

describe('a touch (issue 23 §4)', () => {
  it('is exact with an id, text with names only, manual when typed, none without an ad', () => {
    expect(certaintyOf({ canal: 'captura', ad_id: '9' })).toBe('id-exato');
    expect(certaintyOf({ canal: 'captura', campaign_name: 'Implante' })).toBe('texto');
    expect(certaintyOf({ canal: 'csv', ad_name: 'Panfleto' })).toBe('manual');
    expect(certaintyOf({ canal: 'captura', utm_source: 'google' })).toBeNull();
    expect(certaintyOf({ canal: 'lead-ads', certeza: 'texto', ad_id: '9' })).toBe('texto');
  });

  it('writes every field, blanks as null, and the ad path by name or id', () => {
    const touch = originOf(
      { canal: 'captura', campaign_name: 'C', adset_id: '22', ad_name: ' ' },
      new Date('2026-11-27T12:00:00Z'),
    );
    expect(touch).toMatchObject({
      canal: 'captura',
      plataforma: null,
      campaign_name: 'C',
      adset_id: '22',
      ad_name: null,
      em: '2026-11-27T12:00:00.000Z',
    });
    expect(adPathOf(touch)).toBe('C > 22');
  });
});
