// Evolution API v2's Typebot integration (src/api/integrations/chatbot/typebot) and a Typebot
// stand-in (issue 25 'Typebot through the gateway'):
//   POST /typebot/create/{instance}            a bot of the instance (url + public id + trigger)
//   GET  /typebot/find/{instance}              the instance's bots
//   GET  /typebot/fetch/{id}/{instance}        one bot
//   POST /typebot/settings/{instance}          the instance's defaults (expire, stopBotFromMe, keepOpen, …)
//   GET  /typebot/fetchSettings/{instance}
//   POST /typebot/start/{instance}             starts a flow for a remoteJid: calls the Typebot server's
//                                              startChat, sends its messages to the contact (`send.message`),
//                                              opens a session and emits `typebot.start`
//   POST /typebot/changeStatus/{instance}      opened | paused | closed | delete; emits `typebot.change-status`
//   GET  /typebot/fetchSessions/{id}/{instance}
// The stand-in is a Typebot server under /typebot-standin (its `url`): POST
// /api/v1/typebots/{publicId}/startChat answers a two-message flow greeting the prefilled `nome`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

import { guardInstance, isoNow, parse, type EmulatorContext } from './context.ts';
import { badRequest, notFound } from './http-error.ts';
import { createJid } from './jid.ts';
import { scheduleAutoAcks, store } from './message-store.ts';
import { newCuid, newMessageId, nowSeconds } from './records.ts';
import type { Instance, MessageRecord } from './types.ts';

export const TYPEBOT_STANDIN_PREFIX = '/typebot-standin';
/** A public id the stand-in does not know (tests of a wrong flow id). */
export const TYPEBOT_STANDIN_UNKNOWN = 'fluxo-inexistente';

const settingsSchema = z.object({
  expire: z.number().int().min(0).optional(),
  keywordFinish: z.string().optional(),
  delayMessage: z.number().int().min(0).optional(),
  unknownMessage: z.string().optional(),
  listeningFromMe: z.boolean().optional(),
  stopBotFromMe: z.boolean().optional(),
  keepOpen: z.boolean().optional(),
  debounceTime: z.number().int().min(0).optional(),
  ignoreJids: z.array(z.string()).optional(),
  typebotIdFallback: z.string().optional(),
});
type TypebotSettings = z.infer<typeof settingsSchema>;

const botSchema = settingsSchema.extend({
  enabled: z.boolean().optional(),
  description: z.string().optional(),
  url: z.string().min(1),
  typebot: z.string().min(1),
  triggerType: z.enum(['all', 'keyword', 'none', 'advanced']).optional(),
  triggerOperator: z.enum(['contains', 'equals', 'startsWith', 'endsWith', 'regex']).optional(),
  triggerValue: z.string().optional(),
});
type Bot = z.infer<typeof botSchema> & { id: string; instanceId: string; createdAt: string; updatedAt: string };

const startSchema = z.object({
  url: z.string().min(1),
  typebot: z.string().min(1),
  remoteJid: z.string().min(1),
  startSession: z.boolean().optional(),
  variables: z.array(z.object({ name: z.string().min(1), value: z.string() })).optional(),
});

const SESSION_STATUSES = ['opened', 'paused', 'closed'] as const;
const changeStatusSchema = z.object({ remoteJid: z.string().min(1), status: z.enum([...SESSION_STATUSES, 'delete']) });

type Session = {
  id: string;
  sessionId: string;
  remoteJid: string;
  pushName: string | null;
  status: (typeof SESSION_STATUSES)[number];
  botId: string | null;
  url: string;
  typebot: string;
  createdAt: string;
  updatedAt: string;
};

type TypebotState = { bots: Bot[]; settings: TypebotSettings | null; sessions: Session[] };
const states = new WeakMap<Instance, TypebotState>();
export const typebotStateOf = (inst: Instance): TypebotState => {
  let s = states.get(inst);
  if (!s) {
    s = { bots: [], settings: null, sessions: [] };
    states.set(inst, s);
  }
  return s;
};

type InstReq = FastifyRequest<{ Params: { instanceName: string } }>;
type BotReq = FastifyRequest<{ Params: { instanceName: string; typebotId: string } }>;

/** The text of a Typebot message (rich text paragraphs joined by line breaks). */
const textOfTypebotMessage = (m: unknown): string | null => {
  const content = (m as { type?: string; content?: { richText?: { children?: { text?: string }[] }[] } }) ?? {};
  if (content.type !== 'text' || !content.content?.richText) return null;
  return content.content.richText.map((p) => (p.children ?? []).map((c) => c.text ?? '').join('')).join('\n');
};

export const registerTypebotRoutes = (app: FastifyInstance, ctx: EmulatorContext): void => {
  const sendText = (inst: Instance, remoteJid: string, text: string): MessageRecord => {
    const record: MessageRecord = {
      key: { remoteJid, fromMe: true, id: newMessageId(true) },
      pushName: 'Você',
      status: 'PENDING',
      message: { conversation: text },
      contextInfo: {},
      messageType: 'conversation',
      messageTimestamp: nowSeconds(),
      instanceId: inst.id,
      source: 'web',
    };
    const stored = store(inst, record, true);
    ctx.emit(inst, 'send.message', ctx.withBase64(inst, stored));
    scheduleAutoAcks(ctx, inst, stored);
    return record;
  };

  app.post('/typebot/create/:instanceName', async (req: InstReq, reply) => {
    const inst = guardInstance(ctx, req);
    const body = parse(botSchema, req.body);
    const s = typebotStateOf(inst);
    if (s.bots.some((b) => b.url === body.url && b.typebot === body.typebot)) throw badRequest('Typebot already exists');
    if ((body.triggerType ?? 'none') === 'all' && s.bots.some((b) => b.enabled !== false && b.triggerType === 'all'))
      throw badRequest('You already have a typebot with an "All" trigger, you cannot have more bots while it is active');
    const now = isoNow();
    const bot: Bot = { enabled: true, ...body, id: newCuid(), instanceId: inst.id, createdAt: now, updatedAt: now };
    s.bots.push(bot);
    return reply.status(201).send(bot);
  });

  app.get('/typebot/find/:instanceName', async (req: InstReq) => typebotStateOf(guardInstance(ctx, req)).bots);

  app.get('/typebot/fetch/:typebotId/:instanceName', async (req: BotReq) => {
    const bot = typebotStateOf(guardInstance(ctx, req)).bots.find((b) => b.id === req.params.typebotId);
    if (!bot) throw notFound('Typebot not found');
    return bot;
  });

  app.post('/typebot/settings/:instanceName', async (req: InstReq) => {
    const inst = guardInstance(ctx, req);
    const s = typebotStateOf(inst);
    s.settings = { ...s.settings, ...parse(settingsSchema, req.body) };
    return s.settings;
  });

  app.get('/typebot/fetchSettings/:instanceName', async (req: InstReq) => typebotStateOf(guardInstance(ctx, req)).settings ?? {});

  app.get('/typebot/fetchSessions/:typebotId/:instanceName', async (req: BotReq) =>
    typebotStateOf(guardInstance(ctx, req)).sessions.filter((x) => x.botId === req.params.typebotId),
  );

  app.post('/typebot/start/:instanceName', async (req: InstReq) => {
    const inst = guardInstance(ctx, req);
    const body = parse(startSchema, req.body);
    if (inst.state !== 'open') throw badRequest('Connection Closed');
    const remoteJid = body.remoteJid.includes('@') ? body.remoteJid : createJid(body.remoteJid, ctx.jidOpts);
    const prefilledVariables: Record<string, string> = { remoteJid, instanceName: inst.name, ownerJid: inst.ownerJid ?? '' };
    for (const v of body.variables ?? []) prefilledVariables[v.name] = v.value;
    // The gateway calls the Typebot server over HTTP; an unreachable server or an unknown flow is a 400.
    let answer: { sessionId?: string; messages?: unknown[] };
    try {
      const res = await fetch(`${body.url.replace(/\/+$/, '')}/api/v1/typebots/${encodeURIComponent(body.typebot)}/startChat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ isStreamEnabled: false, isOnlyRegistering: false, prefilledVariables }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`Typebot answered ${res.status}`);
      answer = (await res.json()) as typeof answer;
    } catch (error) {
      throw badRequest(`Error starting typebot: ${error instanceof Error ? error.message : String(error)}`);
    }
    const s = typebotStateOf(inst);
    const bot = s.bots.find((b) => b.url === body.url && b.typebot === body.typebot) ?? null;
    const now = isoNow();
    let session = s.sessions.find((x) => x.remoteJid === remoteJid && x.status !== 'closed');
    if (body.startSession !== false) {
      if (session) Object.assign(session, { status: 'opened', url: body.url, typebot: body.typebot, updatedAt: now });
      else {
        session = {
          id: newCuid(),
          sessionId: `${newCuid()}-${answer.sessionId ?? newCuid()}`,
          remoteJid,
          pushName: inst.contacts.get(remoteJid)?.pushName ?? null,
          status: 'opened',
          botId: bot?.id ?? null,
          url: body.url,
          typebot: body.typebot,
          createdAt: now,
          updatedAt: now,
        };
        s.sessions.push(session);
      }
    }
    for (const m of answer.messages ?? []) {
      const text = textOfTypebotMessage(m);
      if (text) sendText(inst, remoteJid, text);
    }
    ctx.emit(inst, 'typebot.start', {
      remoteJid,
      url: body.url,
      typebot: body.typebot,
      prefilledVariables,
      sessionId: session?.sessionId ?? null,
    });
    return {
      typebot: { instanceName: inst.name, typebot: { url: body.url, remoteJid, typebot: body.typebot, prefilledVariables } },
    };
  });

  app.post('/typebot/changeStatus/:instanceName', async (req: InstReq) => {
    const inst = guardInstance(ctx, req);
    const body = parse(changeStatusSchema, req.body);
    const remoteJid = body.remoteJid.includes('@') ? body.remoteJid : createJid(body.remoteJid, ctx.jidOpts);
    const s = typebotStateOf(inst);
    const session = [...s.sessions].reverse().find((x) => x.remoteJid === remoteJid) ?? null;
    if (session) {
      if (body.status === 'delete') s.sessions.splice(s.sessions.indexOf(session), 1);
      else Object.assign(session, { status: body.status, updatedAt: isoNow() });
    }
    ctx.emit(inst, 'typebot.change-status', {
      remoteJid,
      status: body.status,
      url: session?.url ?? null,
      typebot: session?.typebot ?? null,
      session,
    });
    return { typebot: { instanceName: inst.name, typebot: { remoteJid, status: body.status, session } } };
  });

  // ---- the Typebot server stand-in ----
  app.post(
    `${TYPEBOT_STANDIN_PREFIX}/api/v1/typebots/:publicId/startChat`,
    async (req: FastifyRequest<{ Params: { publicId: string } }>, reply) => {
      if (req.params.publicId === TYPEBOT_STANDIN_UNKNOWN) return reply.status(404).send({ message: 'Typebot not found' });
      const vars = ((req.body ?? {}) as { prefilledVariables?: Record<string, string> }).prefilledVariables ?? {};
      const nome = (vars['nome'] ?? '').trim().split(/\s+/)[0] || 'tudo bem';
      const paragraph = (text: string) => ({
        id: newCuid(),
        type: 'text',
        content: { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] },
      });
      return {
        sessionId: newCuid(),
        resultId: newCuid(),
        typebot: { id: req.params.publicId, theme: {}, settings: {} },
        messages: [
          paragraph(`Oi, ${nome}! Aqui é o assistente virtual. Você ainda tem interesse no nosso atendimento?`),
          paragraph('Responda SIM para falar com um especialista ou NÃO para encerrar.'),
        ],
        input: { id: newCuid(), type: 'text input', options: { labels: { placeholder: 'Digite sua resposta' } } },
      };
    },
  );
};
