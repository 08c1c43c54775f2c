// 001 §4 "Message ack" on the client: temp_ replacement, acks never lowered, bubble icons; 001 §2
// grouping by date; 001 §3 location and contact bodies.
import { describe, expect, it } from 'vitest';

import { makeChatMessage } from '../testing/factories.ts';
import {
  ackIconOf,
  dayLabel,
  groupByDay,
  isTempId,
  mergeMessage,
  parseContactCard,
  parseLocation,
  replacesTemp,
  visibleMessages,
  type PendingMessage,
} from './conversation.ts';

const pending = (over: Partial<PendingMessage['message']> = {}, storedId: number | null = null): PendingMessage => ({
  tempId: 'temp_1',
  message: makeChatMessage({
    id: -1,
    messageId: null,
    fromMe: true,
    ack: 1,
    body: 'Bom dia',
    createdAt: '2026-03-10T13:00:00.000Z',
    ...over,
  }),
  state: 'sending',
  error: null,
  storedId,
});

describe('001 §4 temp_ replacement', () => {
  it('is replaced by a stored message of the same body and direction', () => {
    expect(replacesTemp(pending(), makeChatMessage({ id: 9, fromMe: true, body: 'Bom dia', ack: 2 }))).toBe(true);
    expect(replacesTemp(pending(), makeChatMessage({ id: 9, fromMe: false, body: 'Bom dia' }))).toBe(false);
    expect(replacesTemp(pending(), makeChatMessage({ id: 9, fromMe: true, body: 'Boa tarde' }))).toBe(false);
  });

  it('matches the text the server prefixed with the signature (001 §5 assinaturaWhatsapp)', () => {
    expect(replacesTemp(pending(), makeChatMessage({ id: 9, fromMe: true, body: '*Ana*\nBom dia' }))).toBe(true);
    expect(replacesTemp(pending({ body: 'dia' }), makeChatMessage({ id: 9, fromMe: true, body: 'Bom dia' }))).toBe(false);
  });

  it('is replaced by the same media type within 10 seconds, not after (001 §9)', () => {
    const temp = pending({ mediaType: 'image', body: '' });
    expect(
      replacesTemp(
        temp,
        makeChatMessage({ id: 9, fromMe: true, mediaType: 'image', body: '', createdAt: '2026-03-10T13:00:09.000Z' }),
      ),
    ).toBe(true);
    expect(
      replacesTemp(
        temp,
        makeChatMessage({ id: 9, fromMe: true, mediaType: 'image', body: '', createdAt: '2026-03-10T13:00:11.000Z' }),
      ),
    ).toBe(false);
    expect(
      replacesTemp(
        temp,
        makeChatMessage({ id: 9, fromMe: true, mediaType: 'video', body: '', createdAt: '2026-03-10T13:00:01.000Z' }),
      ),
    ).toBe(false);
  });

  it('once the server answered, only the stored message it named replaces it', () => {
    const temp = pending({}, 42);
    expect(replacesTemp(temp, makeChatMessage({ id: 41, fromMe: true, body: 'Bom dia' }))).toBe(false);
    expect(replacesTemp(temp, makeChatMessage({ id: 42, fromMe: true, body: 'outro' }))).toBe(true);
  });

  it('each stored message replaces one temp: two equal texts sent in a row stay two bubbles until both are stored', () => {
    const a = { ...pending(), tempId: 'temp_a' };
    const b = { ...pending({ id: -2 }), tempId: 'temp_b' };
    const stored = [makeChatMessage({ id: 1, body: 'antes' }), makeChatMessage({ id: 9, fromMe: true, body: 'Bom dia' })];
    const view = visibleMessages(stored, [a, b]);
    expect(view.replaced).toEqual(['temp_a']);
    expect(view.messages.map((m) => m.id)).toEqual([1, 9, -2]);
  });

  it('temp ids start with temp_', () => {
    expect(isTempId('temp_abc')).toBe(true);
    expect(isTempId(12)).toBe(false);
  });
});

describe('001 §4 acks never go down', () => {
  it('keeps the higher ack of two copies and takes the other fields of the newer one', () => {
    const read = makeChatMessage({ id: 5, fromMe: true, ack: 4, body: 'x' });
    const late = makeChatMessage({ id: 5, fromMe: true, ack: 2, body: 'x editado', editedAt: '2026-03-10T13:05:00.000Z' });
    expect(mergeMessage(read, late)).toMatchObject({ ack: 4, body: 'x editado' });
    expect(mergeMessage(late, read).ack).toBe(4);
  });

  it('deduplicates pages that overlap, keeping the higher ack, oldest first, without reaction rows', () => {
    const view = visibleMessages(
      [
        makeChatMessage({ id: 2, fromMe: true, ack: 3, createdAt: '2026-03-10T13:01:00.000Z' }),
        makeChatMessage({ id: 1, createdAt: '2026-03-10T13:00:00.000Z' }),
        makeChatMessage({ id: 2, fromMe: true, ack: 2, createdAt: '2026-03-10T13:01:00.000Z' }),
        makeChatMessage({ id: 3, mediaType: 'reaction', body: '👍' }),
      ],
      [],
    );
    expect(view.messages.map((m) => [m.id, m.ack])).toEqual([
      [1, 0],
      [2, 3],
    ]);
  });
});

describe('001 §4 bubble icon', () => {
  it.each([
    [1, 'sent'],
    [2, 'delivered'],
    [3, 'delivered'],
    [4, 'read'],
    [5, 'read'],
  ] as const)('ack %i → %s', (ack, icon) => {
    expect(ackIconOf({ fromMe: true, ack, isError: false })).toBe(icon);
  });

  it('pending while sending, error on a failed send, none on incoming messages', () => {
    expect(ackIconOf({ fromMe: true, ack: 1, isError: false }, true)).toBe('pending');
    expect(ackIconOf({ fromMe: true, ack: 0, isError: false })).toBe('pending');
    expect(ackIconOf({ fromMe: true, ack: 1, isError: true })).toBe('error');
    expect(ackIconOf({ fromMe: false, ack: 0, isError: false })).toBe('none');
  });
});

describe('001 §2 messages grouped by date (São Paulo days)', () => {
  it('splits at midnight in São Paulo, not UTC', () => {
    const groups = groupByDay([
      makeChatMessage({ id: 1, createdAt: '2026-03-10T02:30:00.000Z' }), // 09/03 23:30 in São Paulo
      makeChatMessage({ id: 2, createdAt: '2026-03-10T03:10:00.000Z' }), // 10/03 00:10
      makeChatMessage({ id: 3, createdAt: '2026-03-10T20:00:00.000Z' }),
    ]);
    expect(groups.map((g) => [g.day, g.messages.map((m) => m.id)])).toEqual([
      ['09/03/2026', [1]],
      ['10/03/2026', [2, 3]],
    ]);
  });
});

describe('day chips', () => {
  it("reads 'Hoje' and 'Ontem' in São Paulo time, else the date", () => {
    const now = new Date('2026-03-10T02:30:00.000Z'); // 09/03 23:30 in São Paulo
    expect(dayLabel('09/03/2026', now)).toBe('Hoje');
    expect(dayLabel('08/03/2026', now)).toBe('Ontem');
    expect(dayLabel('07/03/2026', now)).toBe('07/03/2026');
  });
});

describe('001 §3 body conventions', () => {
  it("reads a location as 'image|link|description'", () => {
    expect(parseLocation('data:image/jpeg;base64,AAA|https://maps.google.com/?q=-23.5,-46.6|Av. Paulista, 1000')).toEqual({
      image: 'data:image/jpeg;base64,AAA',
      link: 'https://maps.google.com/?q=-23.5,-46.6',
      description: 'Av. Paulista, 1000',
    });
    expect(parseLocation('|https://maps.google.com/?q=1,2')).toEqual({
      image: null,
      link: 'https://maps.google.com/?q=1,2',
      description: null,
    });
  });

  it('reads a contact card name and phones from vCard lines', () => {
    const card = 'BEGIN:VCARD\nVERSION:3.0\nFN:Maria Souza\nitem1.TEL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD';
    expect(parseContactCard(card)).toEqual({ name: 'Maria Souza', phones: ['+55 11 98888-7777'] });
  });
});
