// Which chat a session opens a lead's conversation in, outside the chat screens (the CRM's
// 'Whatsapp' button, 001 §2 "Negotiation detail screen"; a browser notification).
import { canAccessRoute, type AccessContext, type AppRoute } from './routes.ts';

export type ChatChannel = 'v3' | 'v2' | 'legacy';

/** The route of each chat channel (000 §2); the lead id follows as an optional segment. */
export const CHAT_ROUTE = {
  v3: '/whatsapp-v3',
  v2: '/whatsappv2',
  legacy: '/whatsapp',
} as const satisfies Record<ChatChannel, AppRoute>;

/**
 * The gateway chat when the unit has instances and evolutionHabilitado (000 §6 menu), the v2 chat
 * with whatsapp_v2, the legacy chat otherwise.
 */
export function chatChannelFor(ctx: AccessContext): ChatChannel {
  if (ctx.evolutionHabilitado && ctx.gatewayInstances > 0) return 'v3';
  if (ctx.extras.whatsapp_v2 === true) return 'v2';
  return 'legacy';
}

/** Whether the session may open any chat, i.e. the route of its channel (000 §6 "Route access"). */
export function canOpenChat(ctx: AccessContext): boolean {
  return canAccessRoute(CHAT_ROUTE[chatChannelFor(ctx)], ctx);
}
