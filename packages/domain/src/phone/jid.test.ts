import { describe, expect, it } from 'vitest';

import { jidToPhone, parseJid, toGatewayJid } from './jid.ts';

describe('gateway jid (000 §7, 001 §7 chat/findMessages remoteJid)', () => {
  it('001 §7 prefixes 55 when absent and uses @s.whatsapp.net for a Brazilian number', () => {
    expect(toGatewayJid('11987654321')).toBe('5511987654321@s.whatsapp.net');
    expect(toGatewayJid('1187654321')).toBe('551187654321@s.whatsapp.net');
    expect(toGatewayJid('(11) 98765-4321')).toBe('5511987654321@s.whatsapp.net');
  });

  it('001 §7 keeps a 55 that is already there', () => {
    expect(toGatewayJid('5511987654321')).toBe('5511987654321@s.whatsapp.net');
    expect(toGatewayJid('551187654321')).toBe('551187654321@s.whatsapp.net');
  });

  it('a national number whose area code is 55 still gets the country code', () => {
    expect(toGatewayJid('5534567890')).toBe('555534567890@s.whatsapp.net');
  });

  it('001 §9 "13 or more digits get @lid": an id longer than 11 digits after dropping 55 is @lid', () => {
    expect(toGatewayJid('123456789012345')).toBe('123456789012345@lid');
    expect(toGatewayJid('12345678901234')).toBe('12345678901234@lid');
  });

  it('returns a value that already is a jid unchanged', () => {
    expect(toGatewayJid('123456789012345@lid')).toBe('123456789012345@lid');
  });
});

describe('jid parsing (001 §3 Gateway instance ownerJid/jid, §7 message events)', () => {
  it('splits user part and server kind', () => {
    expect(parseJid('5511987654321@s.whatsapp.net')).toEqual({
      user: '5511987654321',
      server: 's.whatsapp.net',
      device: null,
    });
    expect(parseJid('123456789012345@lid')).toEqual({ user: '123456789012345', server: 'lid', device: null });
    expect(parseJid('120363025246125486@g.us')).toEqual({ user: '120363025246125486', server: 'g.us', device: null });
  });

  it('drops a device suffix and reads the legacy c.us as s.whatsapp.net', () => {
    expect(parseJid('5511987654321:12@s.whatsapp.net')).toEqual({
      user: '5511987654321',
      server: 's.whatsapp.net',
      device: 12,
    });
    expect(parseJid('5511987654321@c.us')?.server).toBe('s.whatsapp.net');
  });

  it('rejects malformed jids and unknown servers', () => {
    expect(parseJid('5511987654321')).toBeNull();
    expect(parseJid('@s.whatsapp.net')).toBeNull();
    expect(parseJid('status@broadcast')).toBeNull();
  });

  it('001 §5 gives the national phone of a person jid, the id of a lid, nothing for a group', () => {
    expect(jidToPhone('5511987654321@s.whatsapp.net')).toBe('11987654321');
    expect(jidToPhone('123456789012345@lid')).toBe('123456789012345');
    expect(jidToPhone('120363025246125486@g.us')).toBeNull();
    expect(jidToPhone('nonsense')).toBeNull();
  });

  it('round-trips a phone through its jid', () => {
    for (const phone of ['11987654321', '1187654321', '123456789012345']) {
      expect(jidToPhone(toGatewayJid(phone))).toBe(phone);
    }
  });
});
