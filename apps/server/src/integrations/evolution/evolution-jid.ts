import type { MessageKey } from './evolution-types.ts';

// ref §7: @lid vs phone-number JIDs.

export const isLidJid = (jid: string): boolean => jid.endsWith('@lid');
export const isPhoneJid = (jid: string): boolean => jid.endsWith('@s.whatsapp.net');
export const isGroupJid = (jid: string): boolean => jid.endsWith('@g.us');

// ref §7: the phone JID is remoteJidAlt (or the older senderPn) when the key is addressed by LID.
export const phoneJidOfKey = (
  key: Pick<MessageKey, 'remoteJid' | 'remoteJidAlt' | 'addressingMode' | 'senderPn'>,
): string | null => {
  const byLid = key.addressingMode === 'lid' || isLidJid(key.remoteJid);
  const jid = byLid ? (key.remoteJidAlt ?? key.senderPn ?? null) : key.remoteJid;
  return jid && (isPhoneJid(jid) || isGroupJid(jid)) ? jid : null;
};

// ref §7: the @lid a key is addressed by (remoteJid, or remoteJidAlt when the phone JID leads), if any.
export const lidOfKey = (key: Pick<MessageKey, 'remoteJid' | 'remoteJidAlt'>): string | null =>
  isLidJid(key.remoteJid) ? key.remoteJid : key.remoteJidAlt && isLidJid(key.remoteJidAlt) ? key.remoteJidAlt : null;

// ref §6: groups and status broadcasts are not chats with a lead (docs/api.md).
export const isLeadlessChat = (remoteJid: string): boolean => isGroupJid(remoteJid) || remoteJid === 'status@broadcast';
