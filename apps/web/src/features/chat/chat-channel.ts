// The three chat screens of 000 §2 / 001 §2 share one set of components; they differ only in the
// route they live on, the API the conversation calls and the connection chips.
import { CHAT_ROUTE, type ChatChannel } from '@funil/domain/access/chat-route';

export { CHAT_ROUTE, chatChannelFor as channelFor, type ChatChannel } from '@funil/domain/access/chat-route';

/** The path that opens a lead's conversation on a channel. */
export function chatPath(channel: ChatChannel, leadId: number | null): string {
  return leadId === null ? CHAT_ROUTE[channel] : `${CHAT_ROUTE[channel]}/${leadId}`;
}

/**
 * 001 §2 "Chat header": email cut at 15 characters, ad name 10. Names are not cut at a count (001 §2
 * says 15, 10 below 600 px): they take the room there is, with an ellipsis and the full name on
 * hover (issue 21, docs/decisions.md).
 */
export const EMAIL_MAX = 15;
export const AD_NAME_MAX = 10;

/** Cuts a text at `max` characters with an ellipsis (the full text goes in a title). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
