// The WhatsApp module's door to the gateway's Typebot integration (issue 25 'Typebot through the
// gateway'). Funil, not the gateway, decides when a bot talks:
// - before any start on an instance, its settings (expire 0, stopBotFromMe, keepOpen, not listening
//   to its own messages); one bot per automation and flow, created disabled;
// - a start is keyed (the automation step's key): one session row per key, inserted before the
//   gateway is called; a retry of a key whose earlier attempt may have reached the gateway asks the
//   gateway's sessions first, so a flow never starts twice;
// - an attendant's message (the gateway does not see sends made through its own API) and a sale
//   status mark the lead's sessions with a `pedido` ('paused' / 'closed') in the event's own
//   transaction; `flushTypebotRequests` asks the gateway after the commit (the Ticker of automations);
// - the `typebot.start` / `typebot.change-status` webhooks keep each session's state.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../../db/handle.ts';
import { EvolutionError } from '../../../integrations/evolution/evolution-error.ts';
import {
  changeTypebotStatus,
  createTypebotBot,
  fetchTypebotSessions,
  findTypebotBots,
  setTypebotSettings,
  startTypebot,
} from '../../../integrations/evolution/evolution-typebot.ts';
import type { LeadRow } from '../../leads/leads.service.ts';
import { resolveNumber } from '../chat/chat.service.ts';
import { findInstanceById, type InstanceRow } from '../instances/instances.repository.ts';
import { requireGateway } from '../instances/instances.service.ts';
import type { WhatsappContext } from '../whatsapp-context.ts';
import { STATUS_OF } from './typebot-webhook.ts';
import {
  whatsappTypebotBots,
  whatsappTypebotInstancias,
  whatsappTypebotSessoes,
  type TypebotSessionStatus,
} from './typebot.table.ts';

export const TYPEBOT_REASONS = {
  attendant: 'pausado por atendente',
  sale: 'encerrado pelo status de venda',
} as const;

/** The instance's Typebot settings Funil sets before any start (issue 25). */
export const TYPEBOT_GATEWAY_SETTINGS = { expire: 0, stopBotFromMe: true, keepOpen: true, listeningFromMe: false } as const;

const refOf = (row: InstanceRow) => ({ instanceName: row.name, token: row.token });
const phoneJid = (number: string) => (number.includes('@') ? number : `${number}@s.whatsapp.net`);

async function ensureSettings(ctx: WhatsappContext, instance: InstanceRow, url: string): Promise<void> {
  const [done] = await ctx.db
    .select()
    .from(whatsappTypebotInstancias)
    .where(eq(whatsappTypebotInstancias.idInstancia, instance.id))
    .limit(1);
  if (done?.url === url) return;
  await setTypebotSettings(requireGateway(ctx).client, refOf(instance), TYPEBOT_GATEWAY_SETTINGS);
  await ctx.db
    .insert(whatsappTypebotInstancias)
    .values({ idInstancia: instance.id, url })
    .onConflictDoUpdate({ target: whatsappTypebotInstancias.idInstancia, set: { url, configuradoEm: new Date() } });
}

async function ensureBot(
  ctx: WhatsappContext,
  instance: InstanceRow,
  bot: { chave: string; url: string; fluxo: string; description: string },
): Promise<string> {
  const where = and(eq(whatsappTypebotBots.idInstancia, instance.id), eq(whatsappTypebotBots.chave, bot.chave));
  const [known] = await ctx.db.select().from(whatsappTypebotBots).where(where).limit(1);
  if (known && known.url === bot.url && known.fluxo === bot.fluxo) return known.idBot;
  const client = requireGateway(ctx).client;
  let idBot: string;
  try {
    idBot = (await createTypebotBot(client, refOf(instance), { url: bot.url, typebot: bot.fluxo, description: bot.description }))
      .id;
  } catch (error) {
    // The gateway keeps one bot per (url, flow) on an instance: another automation's bot (or one this
    // process created before a crash) is reused.
    const same = (await findTypebotBots(client, refOf(instance))).find((b) => b.url === bot.url && b.typebot === bot.fluxo);
    if (!same) throw error;
    idBot = same.id;
  }
  await ctx.db
    .insert(whatsappTypebotBots)
    .values({ idInstancia: instance.id, chave: bot.chave, idBot, url: bot.url, fluxo: bot.fluxo })
    .onConflictDoUpdate({
      target: [whatsappTypebotBots.idInstancia, whatsappTypebotBots.chave],
      set: { idBot, url: bot.url, fluxo: bot.fluxo },
    });
  return idBot;
}

export type TypebotStart = {
  instance: InstanceRow;
  lead: LeadRow;
  url: string;
  fluxo: string;
  /** Whose bot: one per automation and flow. */
  botChave: string;
  botDescription: string;
  /** The start's idempotency key. */
  chave: string;
  idExecucao: number | null;
  variables: Record<string, string>;
};

/**
 * Starts the flow for the lead once per key. 'started' when this call started it, 'already' when an
 * earlier attempt of the key did. Throws the gateway's error (EvolutionError) or a DomainError.
 */
export async function startLeadTypebot(ctx: WhatsappContext, start: TypebotStart): Promise<'started' | 'already'> {
  const client = requireGateway(ctx).client;
  const remoteJid = phoneJid(await resolveNumber(ctx, start.instance, start.lead));
  await ensureSettings(ctx, start.instance, start.url);
  const idBot = await ensureBot(ctx, start.instance, {
    chave: start.botChave,
    url: start.url,
    fluxo: start.fluxo,
    description: start.botDescription,
  });
  const inserted = await ctx.db
    .insert(whatsappTypebotSessoes)
    .values({
      idInstancia: start.instance.id,
      cliCrmId: start.lead.cliCrmId,
      remoteJid,
      idBot,
      chave: start.chave,
      idExecucao: start.idExecucao,
    })
    .onConflictDoNothing()
    .returning({ id: whatsappTypebotSessoes.id });
  if (inserted.length === 0) {
    const [row] = await ctx.db
      .select()
      .from(whatsappTypebotSessoes)
      .where(eq(whatsappTypebotSessoes.chave, start.chave))
      .limit(1);
    if (row && row.status !== 'iniciando') return 'already';
    // An earlier attempt may have reached the gateway (a crash or a timeout after it took the start).
    const sessions = await fetchTypebotSessions(client, refOf(start.instance), idBot);
    if (row && sessions.some((s) => s.remoteJid === row.remoteJid && s.status !== 'closed')) {
      await setSessionStatus(ctx.db, row.id, 'aberta');
      return 'already';
    }
  }
  await startTypebot(client, refOf(start.instance), {
    url: start.url,
    typebot: start.fluxo,
    remoteJid,
    variables: start.variables,
  });
  await ctx.db
    .update(whatsappTypebotSessoes)
    .set({ status: 'aberta', atualizadoEm: new Date() })
    .where(and(eq(whatsappTypebotSessoes.chave, start.chave), eq(whatsappTypebotSessoes.status, 'iniciando')));
  return 'started';
}

const setSessionStatus = (db: DbOrTx, id: number, status: TypebotSessionStatus) =>
  db.update(whatsappTypebotSessoes).set({ status, atualizadoEm: new Date() }).where(eq(whatsappTypebotSessoes.id, id));

/**
 * Marks the lead's live sessions to be paused (an attendant's message) or closed (a sale status),
 * in the caller's transaction; the gateway is asked by `flushTypebotRequests`. Returns the sessions
 * marked now (a session already paused is not paused again), with the run that started each.
 */
export async function requestLeadTypebotStatus(
  tx: DbOrTx,
  cliCrmId: number,
  pedido: 'paused' | 'closed',
  motivo: string,
): Promise<{ id: number; idExecucao: number | null }[]> {
  const live: TypebotSessionStatus[] = pedido === 'paused' ? ['iniciando', 'aberta'] : ['iniciando', 'aberta', 'pausada'];
  return tx
    .update(whatsappTypebotSessoes)
    .set({ pedido, motivo, tentativas: 0, atualizadoEm: new Date() })
    .where(
      and(
        eq(whatsappTypebotSessoes.cliCrmId, cliCrmId),
        inArray(whatsappTypebotSessoes.status, live),
        pedido === 'paused'
          ? sql`${whatsappTypebotSessoes.pedido} is null`
          : sql`coalesce(${whatsappTypebotSessoes.pedido}, '') <> 'closed'`,
      ),
    )
    .returning({ id: whatsappTypebotSessoes.id, idExecucao: whatsappTypebotSessoes.idExecucao });
}

const FLUSH_ATTEMPTS = 5;

/** Asks the gateway for the marked changes (paused / closed). Returns how many were done. */
export async function flushTypebotRequests(ctx: WhatsappContext, limit = 20): Promise<number> {
  if (!ctx.gateway) return 0;
  const due = await ctx.db.select().from(whatsappTypebotSessoes).where(isNotNull(whatsappTypebotSessoes.pedido)).limit(limit);
  let done = 0;
  for (const s of due) {
    const instance = await findInstanceById(ctx.db, s.idInstancia);
    const pedido = s.pedido!;
    try {
      if (!instance) throw new Error('instância removida');
      await changeTypebotStatus(ctx.gateway.client, refOf(instance), { remoteJid: s.remoteJid, status: pedido });
      await ctx.db
        .update(whatsappTypebotSessoes)
        .set({ status: STATUS_OF[pedido], pedido: null, atualizadoEm: new Date() })
        .where(and(eq(whatsappTypebotSessoes.id, s.id), eq(whatsappTypebotSessoes.pedido, pedido)));
      done++;
    } catch (error) {
      ctx.log.warn({ err: error }, 'typebot: a mudança de status da sessão falhou');
      const gaveUp = s.tentativas + 1 >= FLUSH_ATTEMPTS || !(error instanceof EvolutionError);
      await ctx.db
        .update(whatsappTypebotSessoes)
        .set({ tentativas: s.tentativas + 1, ...(gaveUp ? { pedido: null } : {}), atualizadoEm: new Date() })
        .where(eq(whatsappTypebotSessoes.id, s.id));
    }
  }
  return done;
}

/** `typebot.start` / `typebot.change-status` (the gateway's word on a session): the session's state follows it. */
/** The lead's sessions, newest first (tests and the run log). */
export const typebotSessionsOfLead = (db: DbOrTx, cliCrmId: number) =>
  db
    .select()
    .from(whatsappTypebotSessoes)
    .where(eq(whatsappTypebotSessoes.cliCrmId, cliCrmId))
    .orderBy(sql`${whatsappTypebotSessoes.id} desc`);
