// The gateway's Typebot integration (Evolution API v2, src/api/integrations/chatbot/typebot; issue
// 25 'Typebot through the gateway'): the instance's settings, a bot, a flow's start for a contact and
// a session's status. Answers are checked loosely: only what Funil reads.
import { z } from 'zod';

import type { EvolutionClient, InstanceRef } from './evolution-client.ts';

const seg = (name: string): string => encodeURIComponent(name);

/** The instance's defaults (POST /typebot/settings/{instance}). */
export type TypebotGatewaySettings = {
  expire: number;
  stopBotFromMe: boolean;
  keepOpen: boolean;
  listeningFromMe: boolean;
};

const botSchema = z.object({ id: z.string(), url: z.string(), typebot: z.string(), enabled: z.boolean().optional() }).loose();
export type TypebotBot = z.infer<typeof botSchema>;
const sessionSchema = z.object({ remoteJid: z.string(), status: z.string() }).loose();

export const setTypebotSettings = (client: EvolutionClient, ref: InstanceRef, settings: TypebotGatewaySettings) =>
  client.call('POST', `/typebot/settings/${seg(ref.instanceName)}`, ref.token, z.unknown(), settings);

/**
 * A bot that never starts by itself: created `enabled: false` (a `triggerType: 'none'` bot behaves
 * like 'all' in the gateway's code), so only Funil's start opens a session.
 */
export const createTypebotBot = (
  client: EvolutionClient,
  ref: InstanceRef,
  bot: { url: string; typebot: string; description: string },
): Promise<TypebotBot> =>
  client.call('POST', `/typebot/create/${seg(ref.instanceName)}`, ref.token, botSchema, {
    enabled: false,
    description: bot.description,
    url: bot.url,
    typebot: bot.typebot,
    triggerType: 'none',
  });

export const findTypebotBots = (client: EvolutionClient, ref: InstanceRef): Promise<TypebotBot[]> =>
  client.call('GET', `/typebot/find/${seg(ref.instanceName)}`, ref.token, botSchema.array());

/** The bot's sessions (the start's idempotency: was an earlier attempt's session opened?). */
export const fetchTypebotSessions = (client: EvolutionClient, ref: InstanceRef, idBot: string) =>
  client.call('GET', `/typebot/fetchSessions/${seg(idBot)}/${seg(ref.instanceName)}`, ref.token, sessionSchema.array());

/** Starts the flow for the contact with the variables (names and values as text; never a key). */
export const startTypebot = (
  client: EvolutionClient,
  ref: InstanceRef,
  start: { url: string; typebot: string; remoteJid: string; variables: Record<string, string> },
) =>
  client.call('POST', `/typebot/start/${seg(ref.instanceName)}`, ref.token, z.unknown(), {
    url: start.url,
    typebot: start.typebot,
    remoteJid: start.remoteJid,
    startSession: true,
    variables: Object.entries(start.variables).map(([name, value]) => ({ name, value })),
  });

export const changeTypebotStatus = (
  client: EvolutionClient,
  ref: InstanceRef,
  change: { remoteJid: string; status: 'opened' | 'paused' | 'closed' },
) => client.call('POST', `/typebot/changeStatus/${seg(ref.instanceName)}`, ref.token, z.unknown(), change);
