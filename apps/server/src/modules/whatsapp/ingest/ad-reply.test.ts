// Issue 23 §3: where a gateway record carries the click-to-WhatsApp ad (Evolution 2.3.x
// data.contextInfo.externalAdReply, or the content's own contextInfo), and what counts as "from an
// ad": sourceType 'ad', or an ad id or click id, or only the opaque fields some versions send.
import { describe, expect, it } from 'vitest';

import type { MessageRecord } from '../../../integrations/evolution/evolution-types.ts';
import { adReplyOf, parseMessageContent } from './message-content.ts';

const record = (over: Partial<MessageRecord> & { message?: Record<string, unknown> }): MessageRecord =>
  ({
    key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'ABC' },
    pushName: 'Ana',
    messageType: 'extendedTextMessage',
    messageTimestamp: 1_764_000_000,
    message: { extendedTextMessage: { text: 'Oi' } },
    ...over,
  }) as MessageRecord;

const reply = { sourceType: 'ad', sourceId: '120210', ctwaClid: 'clid', title: 'T', body: 'B', sourceUrl: 'https://fb.me/x' };

describe('adReplyOf (issue 23 §3)', () => {
  it('reads data.contextInfo.externalAdReply (Evolution 2.3.x)', () => {
    expect(adReplyOf(record({ contextInfo: { externalAdReply: reply } }))).toEqual({
      sourceType: 'ad',
      sourceId: '120210',
      ctwaClid: 'clid',
      title: 'T',
      body: 'B',
      sourceUrl: 'https://fb.me/x',
    });
  });

  it("reads the content's own contextInfo, also inside an ephemeral wrapper", () => {
    const inner = { extendedTextMessage: { text: 'Oi', contextInfo: { externalAdReply: { ...reply, sourceType: undefined } } } };
    expect(adReplyOf(record({ message: inner }))?.sourceId).toBe('120210');
    expect(adReplyOf(record({ message: { ephemeralMessage: { message: inner } } }))?.ctwaClid).toBe('clid');
  });

  it('a numeric ad id is kept as text; the click id may sit beside externalAdReply', () => {
    const got = adReplyOf(record({ contextInfo: { ctwaClid: 'c2', externalAdReply: { sourceId: 120_210_000, title: 'x' } } }));
    expect(got).toMatchObject({ sourceId: '120210000', ctwaClid: 'c2', sourceType: null });
  });

  it('only opaque fields still say "from an ad" (nothing named)', () => {
    expect(adReplyOf(record({ contextInfo: { conversionSource: 'FB_Ads', ctwaPayload: { 0: 1 } } }))).toEqual({
      sourceType: null,
      sourceId: null,
      ctwaClid: null,
      title: null,
      body: null,
      sourceUrl: null,
    });
  });

  it('a link preview (externalAdReply without any ad mark), a quote or no context is not an ad', () => {
    expect(adReplyOf(record({ contextInfo: { externalAdReply: { title: 'Notícia', sourceUrl: 'https://g1.com' } } }))).toBeNull();
    expect(adReplyOf(record({ contextInfo: { stanzaId: 'X', conversionSource: 'broadcast' } }))).toBeNull();
    expect(adReplyOf(record({}))).toBeNull();
  });

  it('parseMessageContent gives the ad of an incoming message only', () => {
    expect(parseMessageContent(record({ contextInfo: { externalAdReply: reply } }))?.adReply?.sourceId).toBe('120210');
    const own = record({
      key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: true, id: 'D' },
      contextInfo: { externalAdReply: reply },
    });
    expect(parseMessageContent(own)?.adReply).toBeNull();
  });
});
