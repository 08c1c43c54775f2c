// Instances and their connection (ref §3.1–§3.6, §4.3): create, connect with its QR codes and their
// limit, state, logout, delete, the instance list; and the control routes that play the phone's
// side of pairing: scan the QR, disconnect (with the reason code), the QR's modes.
import { randomBytes, randomUUID } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { apikeyOf, controlInstance, guardInstance, isoNow, parse, type EmulatorContext } from './context.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from './http-error.ts';
import { jidUser } from './jid.ts';
import { makeQrPng } from './media-fixtures.ts';
import { newCuid } from './records.ts';
import type { Instance, QrMode, Settings } from './types.ts';
import { webhookSchema } from './webhooks.ts';

const INTEGRATIONS = ['WHATSAPP-BAILEYS', 'WHATSAPP-BUSINESS', 'EVOLUTION'] as const;
const CLOSING_CODES = new Set([401, 402, 403, 406]); // ref §4.3 CONNECTION_UPDATE

const DEFAULT_SETTINGS: Settings = {
  rejectCall: false,
  msgCall: '',
  groupsIgnore: true,
  alwaysOnline: false,
  readMessages: false,
  readStatus: false,
  syncFullHistory: false,
  wavoipToken: '',
};

const createSchema = z.looseObject({
  instanceName: z.string().min(1),
  integration: z.string().optional(),
  token: z.string().min(1).optional(),
  qrcode: z.boolean().optional(),
  number: z.string().optional(),
  rejectCall: z.boolean().optional(),
  msgCall: z.string().optional(),
  groupsIgnore: z.boolean().optional(),
  alwaysOnline: z.boolean().optional(),
  readMessages: z.boolean().optional(),
  readStatus: z.boolean().optional(),
  syncFullHistory: z.boolean().optional(),
  webhook: webhookSchema.optional(),
  websocket: z.object({ enabled: z.boolean().optional(), events: z.array(z.string()).optional() }).optional(),
});

// ---- connection and QR (ref §3.2, §4.3) ----
export const newQr = (ctx: EmulatorContext, inst: Instance, number?: string): void => {
  inst.qrCount += 1;
  if (inst.qrCount > (ctx.opts.qrLimit ?? 30)) {
    inst.state = 'refused';
    inst.qr = null;
    ctx.emit(inst, 'qrcode.updated', { message: 'QR code limit reached, please login again', statusCode: 500 });
    ctx.emit(inst, 'connection.update', {
      instance: inst.name,
      state: 'refused',
      statusReason: 428,
      ...(inst.ownerJid ? { wuid: inst.ownerJid, profileName: inst.profileName, profilePictureUrl: inst.profilePicUrl } : {}),
    });
    return;
  }
  const part = (n: number): string => randomBytes(n).toString('base64');
  const code = `2@${part(48)},${part(32)},${part(32)},${part(32)}`;
  const pairingCode = number ? randomBytes(4).toString('hex').toUpperCase() : null;
  inst.qr = {
    pairingCode,
    code,
    base64: `data:image/png;base64,${makeQrPng(code).toString('base64')}`,
    count: inst.qrCount,
  };
  ctx.emit(inst, 'qrcode.updated', { qrcode: { instance: inst.name, pairingCode, code, base64: inst.qr.base64 } });
};

export const startConnecting = (ctx: EmulatorContext, inst: Instance, number?: string): void => {
  inst.state = 'connecting';
  inst.qrCount = 0;
  inst.updatedAt = isoNow();
  ctx.emit(inst, 'connection.update', { instance: inst.name, state: 'connecting', statusReason: 200 });
  newQr(ctx, inst, number);
};

export const open = (ctx: EmulatorContext, inst: Instance, number: string | undefined, profileName: string | undefined): void => {
  const digits = (number ?? inst.number ?? `5511${String(900_000_000 + Math.floor(ctx.random() * 99_999_999))}`).replace(
    /\D/g,
    '',
  );
  inst.state = 'open';
  inst.qr = null;
  inst.ownerJid = `${digits}@s.whatsapp.net`;
  inst.profileName = profileName ?? inst.profileName ?? 'Funil Vendas';
  inst.profilePicUrl = `${ctx.baseUrl()}/_emulator/avatar/${encodeURIComponent(inst.name)}.png`;
  inst.updatedAt = isoNow();
  ctx.emit(inst, 'connection.update', {
    instance: inst.name,
    wuid: inst.ownerJid,
    profileName: inst.profileName,
    profilePictureUrl: inst.profilePicUrl,
    state: 'open',
    statusReason: 200,
  });
};

export const closeConnection = (ctx: EmulatorContext, inst: Instance, statusReason: number): void => {
  inst.state = 'close';
  inst.qr = null;
  inst.disconnectionReasonCode = statusReason;
  inst.disconnectionAt = isoNow();
  inst.updatedAt = isoNow();
  ctx.emit(inst, 'connection.update', { instance: inst.name, state: 'close', statusReason });
  ctx.emit(inst, 'status.instance', {
    instance: inst.name,
    status: 'closed',
    disconnectionAt: inst.disconnectionAt,
    disconnectionReasonCode: statusReason,
    disconnectionObject: JSON.stringify({ error: { output: { statusCode: statusReason } } }),
  });
  ctx.emit(inst, 'logout.instance', null);
};

export const registerInstanceRoutes = (app: FastifyInstance, ctx: EmulatorContext): void => {
  app.post('/verify-creds', async (req) => {
    const key = apikeyOf(req);
    const ok = key === ctx.opts.globalApiKey || [...ctx.state.instances.values()].some((i) => i.token === key);
    if (!ok) throw unauthorized();
    return { status: 200, message: 'Credentials are valid' };
  });

  // ref §3.1
  app.post('/instance/create', async (req, reply) => {
    const raw = (req.body ?? {}) as { instanceName?: unknown };
    if (typeof raw.instanceName === 'string' && ctx.state.instances.has(raw.instanceName)) {
      throw forbidden(`This name "${raw.instanceName}" is already in use.`);
    }
    if (apikeyOf(req) !== ctx.opts.globalApiKey) throw unauthorized();
    const body = parse(createSchema, req.body);
    if (!body.integration || !(INTEGRATIONS as readonly string[]).includes(body.integration)) {
      throw badRequest('Invalid integration');
    }
    if (body.webhook && !body.webhook.events) throw badRequest("Cannot read properties of undefined (reading 'length')");
    const now = isoNow();
    const id = randomUUID();
    const settings: Settings = {
      ...DEFAULT_SETTINGS,
      ...Object.fromEntries(
        Object.keys(DEFAULT_SETTINGS).flatMap((k) => (k in body ? [[k, (body as Record<string, unknown>)[k]]] : [])),
      ),
    };
    const inst: Instance = {
      id,
      name: body.instanceName,
      token: body.token ?? randomUUID().toUpperCase(),
      integration: body.integration,
      state: 'close',
      ownerJid: null,
      profileName: null,
      profilePicUrl: null,
      number: body.number ?? null,
      createdAt: now,
      updatedAt: now,
      disconnectionReasonCode: null,
      disconnectionAt: null,
      settings,
      settingsId: newCuid(),
      webhook: body.webhook?.url
        ? {
            id: newCuid(),
            url: body.webhook.url,
            headers: body.webhook.headers ?? {},
            enabled: true, // ref §3.1: create stores the webhook enabled
            events: body.webhook.events ?? [],
            webhookByEvents: body.webhook.byEvents ?? false,
            webhookBase64: body.webhook.base64 ?? false,
            createdAt: now,
            updatedAt: now,
            instanceId: id,
          }
        : null,
      qr: null,
      qrCount: 0,
      qrMode: 'normal',
      messages: [],
      contacts: new Map(),
      readReceipts: [],
    };
    ctx.state.instances.set(inst.name, inst);
    ctx.emit(inst, 'instance.create', { instanceName: inst.name, instanceId: inst.id });
    if (body.qrcode) startConnecting(ctx, inst, body.number);
    const qrcode = body.qrcode ? (inst.qr && inst.qrMode === 'normal' ? inst.qr : { count: 0 }) : undefined;
    return reply.status(201).send({
      instance: {
        instanceName: inst.name,
        instanceId: inst.id,
        integration: inst.integration,
        webhookWaBusiness: null,
        accessTokenWaBusiness: '',
        status: inst.state,
      },
      hash: inst.token,
      webhook: inst.webhook
        ? {
            webhookUrl: inst.webhook.url,
            webhookHeaders: inst.webhook.headers,
            webhookByEvents: inst.webhook.webhookByEvents,
            webhookBase64: inst.webhook.webhookBase64,
          }
        : {},
      websocket: body.websocket?.enabled !== undefined ? { enabled: body.websocket.enabled } : {},
      rabbitmq: {},
      nats: {},
      sqs: {},
      settings,
      ...(qrcode ? { qrcode } : {}),
    });
  });

  // ref §3.2: errors come back with HTTP 200
  app.get<{ Params: { instanceName: string }; Querystring: { number?: string } }>(
    '/instance/connect/:instanceName',
    async (req) => {
      const inst = guardInstance(ctx, req);
      if (inst.state === 'open') return { instance: { instanceName: inst.name, state: 'open' } };
      if (inst.qrMode === 'error') return { error: true, message: 'Connection Failure' };
      if (inst.state === 'close' || inst.state === 'refused') startConnecting(ctx, inst, req.query.number);
      else if (req.query.number && inst.qr) inst.qr.pairingCode = randomBytes(4).toString('hex').toUpperCase();
      if (inst.qrMode === 'empty' || !inst.qr) return { count: 0 };
      return inst.qr;
    },
  );

  // ref §3.3
  app.get<{ Params: { instanceName: string } }>('/instance/connectionState/:instanceName', async (req) => {
    const inst = guardInstance(ctx, req);
    return { instance: { instanceName: inst.name, state: inst.state } };
  });

  // ref §3.4
  app.delete<{ Params: { instanceName: string } }>('/instance/logout/:instanceName', async (req) => {
    const inst = guardInstance(ctx, req);
    if (inst.state === 'close') throw badRequest(`The "${inst.name}" instance is not connected`);
    closeConnection(ctx, inst, 401);
    return { status: 'SUCCESS', error: false, response: { message: 'Instance logged out' } };
  });

  // ref §3.5
  app.delete<{ Params: { instanceName: string } }>('/instance/delete/:instanceName', async (req) => {
    const inst = guardInstance(ctx, req);
    if (inst.state === 'open' || inst.state === 'connecting') closeConnection(ctx, inst, 401);
    ctx.emit(inst, 'instance.delete', { instanceName: inst.name, instanceId: inst.id });
    ctx.emit(inst, 'remove.instance', { instanceName: inst.name, instanceId: inst.id });
    ctx.state.instances.delete(inst.name);
    return { status: 'SUCCESS', error: false, response: { message: 'Instance deleted' } };
  });

  const instanceRow = (inst: Instance): Record<string, unknown> => ({
    id: inst.id,
    name: inst.name,
    connectionStatus: inst.state === 'refused' ? 'close' : inst.state,
    ownerJid: inst.ownerJid,
    profileName: inst.profileName,
    profilePicUrl: inst.profilePicUrl,
    integration: inst.integration,
    number: inst.number,
    businessId: null,
    token: inst.token,
    clientName: 'funil_emulator',
    disconnectionReasonCode: inst.disconnectionReasonCode,
    disconnectionObject: null,
    disconnectionAt: inst.disconnectionAt,
    createdAt: inst.createdAt,
    updatedAt: inst.updatedAt,
    Chatwoot: null,
    Proxy: null,
    Rabbitmq: null,
    Nats: null,
    Sqs: null,
    Websocket: null,
    Setting: { id: inst.settingsId, ...inst.settings, createdAt: inst.createdAt, updatedAt: inst.updatedAt, instanceId: inst.id },
    _count: {
      Message: inst.messages.length,
      Contact: inst.contacts.size,
      Chat: new Set(inst.messages.map((m) => m.record.key.remoteJid)).size,
    },
  });

  // ref §3.6: a bare array; an instance token sees only its own instance
  app.get<{ Querystring: { instanceName?: string; instanceId?: string; number?: string } }>(
    '/instance/fetchInstances',
    async (req) => {
      const key = apikeyOf(req);
      if (req.query.instanceName && !ctx.state.instances.has(req.query.instanceName)) {
        throw notFound(`The "${req.query.instanceName}" instance does not exist`);
      }
      let list = [...ctx.state.instances.values()];
      if (key !== ctx.opts.globalApiKey) {
        list = list.filter((i) => i.token === key);
        if (list.length === 0) throw unauthorized();
      }
      const { instanceName, instanceId, number } = req.query;
      if (instanceName) list = list.filter((i) => i.name === instanceName);
      if (instanceId) list = list.filter((i) => i.id === instanceId);
      if (number) list = list.filter((i) => i.number === number || (i.ownerJid && jidUser(i.ownerJid) === number));
      return list.map(instanceRow);
    },
  );
};

/** Control routes: the phone side of pairing (loopback and control key: control-routes.ts). */
export const registerInstanceControls = (app: FastifyInstance, ctx: EmulatorContext): void => {
  app.post<{ Params: { name: string }; Body: { number?: string; profileName?: string } | undefined }>(
    '/_emulator/instances/:name/scan',
    async (req) => {
      const inst = controlInstance(ctx, req.params.name);
      if (inst.state === 'open') throw conflict(`The "${inst.name}" instance is already connected`);
      const body = parse(z.object({ number: z.string().optional(), profileName: z.string().optional() }), req.body);
      open(ctx, inst, body.number, body.profileName);
      return { instance: inst.name, state: inst.state, ownerJid: inst.ownerJid, profileName: inst.profileName };
    },
  );

  app.post<{ Params: { name: string } }>('/_emulator/instances/:name/disconnect', async (req) => {
    const inst = controlInstance(ctx, req.params.name);
    const body = parse(z.object({ statusReason: z.number().int().optional() }), req.body);
    const code = body.statusReason ?? 401;
    if (inst.state !== 'open') throw conflict(`The "${inst.name}" instance is not connected`);
    if (CLOSING_CODES.has(code)) closeConnection(ctx, inst, code);
    else {
      // ref §4.3: other codes reconnect by themselves
      inst.state = 'connecting';
      ctx.emit(inst, 'connection.update', { instance: inst.name, state: 'connecting', statusReason: code });
      open(ctx, inst, inst.ownerJid ? jidUser(inst.ownerJid) : undefined, inst.profileName ?? undefined);
    }
    return { instance: inst.name, state: inst.state };
  });

  app.post<{ Params: { name: string } }>('/_emulator/instances/:name/qr', async (req) => {
    const inst = controlInstance(ctx, req.params.name);
    const body = parse(
      z.object({ mode: z.enum(['normal', 'empty', 'error']).optional(), refresh: z.boolean().optional() }),
      req.body,
    );
    if (body.mode) inst.qrMode = body.mode satisfies QrMode;
    if (body.refresh) {
      if (inst.state !== 'connecting') throw conflict(`The "${inst.name}" instance is not waiting for a QR scan`);
      newQr(ctx, inst);
    }
    return { instance: inst.name, state: inst.state, qrMode: inst.qrMode, qrcode: inst.qr };
  });
};
