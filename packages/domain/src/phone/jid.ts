// WhatsApp gateway jids (000 §7 "Gateway instances", 001 §7 "Instance-based gateway").
import { classifyPhone } from './matching.ts';
import { BRAZIL_COUNTRY_CODE, stripPhone } from './phone.ts';

/** The jid servers the product meets: people (s.whatsapp.net), hidden-number ids (lid), groups. */
export const JID_SERVERS = ['s.whatsapp.net', 'lid', 'g.us'] as const;
export type JidServer = (typeof JID_SERVERS)[number];

/**
 * Why the jid is built from the national number and not from the raw digit count: read
 * literally, 000 §7 and 001 §7 prefix 55 first and then give @lid to 13 or more digits, which
 * would send every 11-digit mobile (55 + 11 = 13 digits) to @lid. The rule kept here gives users
 * what they expect: a Brazilian number (10 or 11 national digits, with or without 55) is
 * 55…@s.whatsapp.net, and only an id that is still longer than 11 digits once a 55 is dropped
 * (001 §5 "treated as @lid ids") gets @lid, unprefixed.
 */
export const JID_RULE_NOTE =
  'A Brazilian number (10 or 11 national digits) always gets 55 and @s.whatsapp.net; only ids ' +
  'longer than 11 digits after dropping 55 get @lid.';

/**
 * The gateway jid of a phone for chat/findMessages and sending (000 §7, 001 §7): 55 is prefixed
 * when absent and the suffix is @s.whatsapp.net, except for @lid ids (more than 11 digits once a
 * leading 55 is dropped), which keep their digits and get @lid. A value that already is a jid is
 * returned unchanged. See JID_RULE_NOTE.
 */
export function toGatewayJid(phone: string): string {
  if (phone.includes('@')) return phone.trim();
  const identity = classifyPhone(phone);
  if (identity.kind === 'lid') return `${identity.id}@lid`;
  if (identity.kind === 'national') return `${BRAZIL_COUNTRY_CODE}${identity.digits}@s.whatsapp.net`;
  // An incomplete number keeps the literal rule, so the gateway reports it as not on WhatsApp.
  const digits = stripPhone(phone);
  return `${digits.startsWith(BRAZIL_COUNTRY_CODE) ? digits : BRAZIL_COUNTRY_CODE + digits}@s.whatsapp.net`;
}

/** A jid split into its user part (device suffix removed) and server kind. */
export type ParsedJid = { user: string; server: JidServer; device: number | null };

/**
 * Parses a jid such as '5511987654321@s.whatsapp.net', '5511987654321:12@s.whatsapp.net',
 * '123456789012345@lid' or '120363025246125486@g.us'. The legacy server 'c.us' is read as
 * s.whatsapp.net. Returns null for anything else.
 */
export function parseJid(jid: string): ParsedJid | null {
  const match = /^([0-9A-Za-z.+_-]+?)(?::(\d+))?@([a-z.]+)$/.exec(jid.trim());
  if (!match) return null;
  const [, user = '', device, rawServer] = match;
  const server = rawServer === 'c.us' ? 's.whatsapp.net' : rawServer;
  if (!JID_SERVERS.includes(server as JidServer)) return null;
  return { user, server: server as JidServer, device: device === undefined ? null : Number(device) };
}

/**
 * The national phone of a person's jid (55 dropped), for matching a sender to a lead; for an
 * @lid jid its id; null for groups and malformed jids.
 */
export function jidToPhone(jid: string): string | null {
  const parsed = parseJid(jid);
  if (!parsed || parsed.server === 'g.us') return null;
  if (parsed.server === 'lid') return parsed.user;
  const identity = classifyPhone(parsed.user);
  return identity.kind === 'national' ? identity.digits : stripPhone(parsed.user);
}
