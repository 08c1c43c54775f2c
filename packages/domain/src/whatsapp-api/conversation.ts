// The conversation's client-side rules (001 §4 "Message ack", §9): optimistic temp_ messages, acks
// that never go down, the bubble status icon, and grouping by São Paulo day. Pure, for every channel.
import { formatDate } from '../format/date.ts';
import type { ChatMediaType, ChatMessage } from './chat-message.ts';

/** 001 §9: a temp_ message is replaced by a stored one of the same media type within 10 s. */
export const SAME_MEDIA_WINDOW_MS = 10_000;

export const isTempId = (id: string | number): boolean => typeof id === 'string' && id.startsWith('temp_');

/** A message being sent from this browser: a temp_ id, its send state, and what to send again. */
export type PendingMessage = {
  tempId: string;
  message: ChatMessage;
  /** 'sending' while the request runs; 'failed' after it failed (the bubble offers a retry). */
  state: 'sending' | 'failed';
  error: string | null;
  /** Set once the server answered with the stored message's id. */
  storedId: number | null;
};

const textOf = (m: ChatMessage): string => m.body.trim();
const MEDIA_KINDS: ReadonlySet<ChatMediaType> = new Set(['image', 'video', 'audio', 'application/document', 'sticker']);

/**
 * 001 §4: a temp_ message is replaced by the real one when the same body and direction arrive, or
 * the same media type within 10 seconds. The server's answer (`storedId`) names it exactly.
 */
export function replacesTemp(pending: PendingMessage, stored: ChatMessage): boolean {
  if (pending.storedId !== null) return pending.storedId === stored.id;
  const temp = pending.message;
  if (stored.fromMe !== temp.fromMe) return false;
  if (MEDIA_KINDS.has(temp.mediaType)) {
    const gap = Math.abs(Date.parse(stored.createdAt) - Date.parse(temp.createdAt));
    return stored.mediaType === temp.mediaType && gap <= SAME_MEDIA_WINDOW_MS;
  }
  // The server may have put the signature line (001 §5 assinaturaWhatsapp) in front of the text.
  const body = textOf(stored);
  const sent = textOf(temp);
  return stored.mediaType === temp.mediaType && body !== '' && (body === sent || body.endsWith(`\n${sent}`));
}

/** 001 §4: updates never lower the ack; the other fields follow the newer copy. */
export function mergeMessage(current: ChatMessage, next: ChatMessage): ChatMessage {
  return {
    ...next,
    ack: Math.max(current.ack, next.ack),
    isError: next.ack > current.ack ? next.isError : current.isError || next.isError,
  };
}

/**
 * The messages to show, oldest first: the stored ones (deduplicated by id, acks never lowered)
 * and the pending ones that no stored message has replaced yet (each stored message replaces at
 * most one temp_). Returns the temps that were replaced so the caller can forget them.
 */
export function visibleMessages(
  stored: readonly ChatMessage[],
  pending: readonly PendingMessage[],
): { messages: ChatMessage[]; replaced: string[] } {
  const byId = new Map<number, ChatMessage>();
  for (const m of stored) {
    if (m.mediaType === 'reaction') continue;
    const known = byId.get(m.id);
    byId.set(m.id, known ? mergeMessage(known, m) : m);
  }
  const list = [...byId.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
  const used = new Set<number>();
  const replaced: string[] = [];
  const remaining: ChatMessage[] = [];
  for (const p of pending) {
    const match = list.find((m) => !used.has(m.id) && replacesTemp(p, m));
    if (match) {
      used.add(match.id);
      replaced.push(p.tempId);
    } else {
      remaining.push(p.message);
    }
  }
  return { messages: [...list, ...remaining], replaced };
}

/** 001 §4 bubble icon: 1 single check, 2 delivered, 3 and above read; 4 and 5 in the highlighted colour. */
export type AckIcon = 'error' | 'pending' | 'sent' | 'delivered' | 'read' | 'none';

export function ackIconOf(message: Pick<ChatMessage, 'fromMe' | 'ack' | 'isError'>, sending = false): AckIcon {
  if (!message.fromMe) return 'none';
  if (message.isError) return 'error';
  if (sending || message.ack <= 0) return 'pending';
  if (message.ack === 1) return 'sent';
  if (message.ack === 2) return 'delivered';
  if (message.ack === 3) return 'delivered';
  return 'read';
}

/** Messages in São Paulo days, oldest first (001 §2 "grouped by date"); the label is DD/MM/YYYY. */
export function groupByDay<T extends { createdAt: string }>(messages: readonly T[]): { day: string; messages: T[] }[] {
  const groups: { day: string; messages: T[] }[] = [];
  for (const m of messages) {
    const day = formatDate(m.createdAt);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.messages.push(m);
    else groups.push({ day, messages: [m] });
  }
  return groups;
}

/** The day chip of a group: 'Hoje', 'Ontem' (as WhatsApp shows them), else DD/MM/YYYY. */
export function dayLabel(day: string, now: Date): string {
  if (day === formatDate(now)) return 'Hoje';
  if (day === formatDate(new Date(now.getTime() - 86_400_000))) return 'Ontem';
  return day;
}

/** 001 §3: a location body is 'image|link|description' (the description optional). */
export function parseLocation(body: string): { image: string | null; link: string | null; description: string | null } {
  const [image = '', link = '', ...rest] = body.split('|');
  const description = rest.join('|').trim();
  return { image: image.trim() || null, link: link.trim() || null, description: description || null };
}

/** 001 §3: a contact body is vCard-like lines: the name (FN) and its phones (TEL). */
export function parseContactCard(body: string): { name: string; phones: string[] } {
  const name = /^FN:(.*)$/m.exec(body)?.[1]?.trim() ?? /^N:(.*)$/m.exec(body)?.[1]?.replace(/;/g, ' ').trim() ?? '';
  const phones = [...body.matchAll(/^(?:item\d+\.)?TEL[^:]*:(.*)$/gm)].map((m) => (m[1] ?? '').trim()).filter(Boolean);
  const waid = [...body.matchAll(/waid=(\d+)/g)].map((m) => m[1] ?? '');
  return { name, phones: phones.length > 0 ? phones : waid };
}
