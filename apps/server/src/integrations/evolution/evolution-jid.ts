import type { MessageKey } from './evolution-types.ts';

// ref §7: @lid vs phone-number JIDs.

export const isLidJid = (jid: string): boolean => jid.endsWith('@lid');
export const isPhoneJid = (jid: string): boolean => jid.endsWith('@s.whatsapp.net');
export const isGroupJid = (jid: string): boolean => jid.endsWith('@g.us');

// ref §7: the phone JID is remoteJidAlt (or the older senderPn) when the key is addressed by LID.
export const phoneJidOfKey = (key: Pick<MessageKey, 'remoteJid' | 'remoteJidAlt' | 'addressingMode' | 'senderPn'>): string | null => {
  const byLid = key.addressingMode === 'lid' || isLidJid(key.remoteJid);
  const jid = byLid ? (key.remoteJidAlt ?? key.senderPn ?? null) : key.remoteJid;
  return jid && (isPhoneJid(jid) || isGroupJid(jid)) ? jid : null;
};
