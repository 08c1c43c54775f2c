// The three chat screens of 000 §2 / 001 §2 share one set of components; they differ only in the
// route they live on, the API the conversation calls and the connection chips.
import type { AccessContext, AppRoute } from '@funil/domain/access/routes';

export type ChatChannel = 'v3' | 'v2' | 'legacy';

/** The route of each channel (000 §2): the lead id follows as an optional segment. */
export const CHAT_ROUTE = {
  v3: '/whatsapp-v3',
  v2: '/whatsappv2',
  legacy: '/whatsapp',
} as const satisfies Record<ChatChannel, AppRoute>;

/** The path that opens a lead's conversation on a channel. */
export function chatPath(channel: ChatChannel, leadId: number | null): string {
  return leadId === null ? CHAT_ROUTE[channel] : `${CHAT_ROUTE[channel]}/${leadId}`;
}

/**
 * The channel a lead's conversation opens on outside the chat screens (the CRM's 'Whatsapp'
 * button, 001 §2 "Negotiation detail screen"): the gateway when the unit has instances and
 * evolutionHabilitado, the v2 chat with whatsapp_v2, the legacy chat otherwise.
 */
export function channelFor(ctx: Pick<AccessContext, 'evolutionHabilitado' | 'gatewayInstances' | 'extras'>): ChatChannel {
  if (ctx.evolutionHabilitado && ctx.gatewayInstances > 0) return 'v3';
  if (ctx.extras.whatsapp_v2 === true) return 'v2';
  return 'legacy';
}

/** 001 §2 "Chat header": names cut at 15 characters (10 below 600 px), email 15, ad name 10. */
export const NAME_MAX = 15;
export const NAME_MAX_NARROW = 10;
export const EMAIL_MAX = 15;
export const AD_NAME_MAX = 10;

/** Cuts a text at `max` characters with an ellipsis (the full text goes in a title). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
