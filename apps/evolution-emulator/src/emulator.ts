import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EvolutionHttpError, badRequest, conflict, notFound, unauthorized, forbidden } from './http-error.ts';
import { createJid, isGroupJid, isLidJid, isPnJid, jidUser, lidForPhone } from './jid.ts';
import type { JidOptions } from './jid.ts';
import { makeQrPng, sampleMp4, sampleOggOpus, samplePdf, samplePng, sampleWebp } from './media-fixtures.ts';
import { parseMultipart } from './multipart.ts';
import {
  MEDIA_TYPE_KEY,
  contentType,
  mediaContent,
  mimeFromFileName,
  newCuid,
  newMessageId,
  normalizeContent,
  nowSeconds,
  vcard,
} from './records.ts';
import type { MediaKind } from './records.ts';
import type {
  EmittedEvent,
  Instance,
  LoggedRequest,
  MessageKey,
  MessageRecord,
  QrMode,
  Settings,
  StoredMedia,
  StoredMessage,
  WebhookRow,
} from './types.ts';
import { DEFAULT_RETRY, createWebhookDispatcher } from './webhook-dispatcher.ts';
import type { DeliveryAttempt, RetryPolicy } from './webhook-dispatcher.ts';
import { pickAutoReply } from './auto-reply.ts';

export type AutoReplyOptions = { enabled?: boolean; intervalMs?: number; phones?: string[]; lidShare?: number };

export type EmulatorOptions = {
  globalApiKey: string;
  logger?: boolean;
  autoReply?: AutoReplyOptions;
  // ref §4.3 MESSAGES_UPDATE: SERVER_ACK, DELIVERY_ACK and READ after these delays; false = only via control route
  autoAck?: false | { delaysMs: readonly [number, number, number] };
  webhookRetry?: Partial<RetryPolicy>;
  qrLimit?: number; // ref §3.2 QRCODE_LIMIT
  serverUrl?: string; // webhook `server_url`; defaults to the listen address
  brazilianNinthDigit?: boolean; // ref §8.5 createJid rewrite; default true
  exposeApikeyInWebhook?: boolean; // ref §4.2 `apikey`; default true
  random?: () => number;
  // The key the control routes (/_emulator/...) demand in CONTROL_KEY_HEADER; generated when absent.
  controlKey?: string;
};

/** The header carrying the control key of the /_emulator routes. */
export const CONTROL_KEY_HEADER = 'x-emulator-control-key';

export type EmulatorState = {
  instances: Map<string, Instance>;
  notOnWhatsapp: Set<string>;
  requests: LoggedRequest[];
  events: EmittedEvent[];
  webhookAttempts: DeliveryAttempt[];
  autoReply: { enabled: boolean; intervalMs: number; phones: string[]; lidShare: number };
  /** How many of the next getBase64FromMediaMessage calls fail (control route /_emulator/media-failures). */
  mediaFailures: number;
  /**
   * Sends that fail on purpose (control route /_emulator/send-failures, issue 13): for an instance
   * and/or a number, the next `remaining` sends (null: every one) answer 429 rate-overlimit or the
   * 463 refusal WhatsApp gives to some sends to cold contacts.
   */
  sendFailures: SendFailure[];
};

export type SendFailure = { instance: string | null; number: string | null; kind: 429 | 463; remaining: number | null };

export type Emulator = {
  app: FastifyInstance;
  state: EmulatorState;
  /** The key of the control routes; hand it only to what starts the emulator (server, tests). */
  controlKey: string;
  /** `{ [CONTROL_KEY_HEADER]: controlKey }`, for requests to the control routes. */
  controlHeaders: Record<string, string>;
  listen(port?: number, host?: string): Promise<string>;
  baseUrl(): string;
  // resolves when no webhook delivery is in flight or waiting for a retry
  webhooksIdle(): Promise<void>;
  close(): Promise<void>;
};

const INTEGRATIONS = ['WHATSAPP-BAILEYS', 'WHATSAPP-BUSINESS', 'EVOLUTION'] as const;

// ref §4.1 accepted `events` values
export const WEBHOOK_EVENTS = [
  'APPLICATION_STARTUP', 'QRCODE_UPDATED', 'MESSAGES_SET', 'MESSAGES_UPSERT', 'MESSAGES_EDITED', 'MESSAGES_UPDATE',
  'MESSAGES_DELETE', 'SEND_MESSAGE', 'SEND_MESSAGE_UPDATE', 'CONTACTS_SET', 'CONTACTS_UPSERT', 'CONTACTS_UPDATE',
  'PRESENCE_UPDATE', 'CHATS_SET', 'CHATS_UPSERT', 'CHATS_UPDATE', 'CHATS_DELETE', 'GROUPS_UPSERT', 'GROUP_UPDATE',
  'GROUP_PARTICIPANTS_UPDATE', 'CONNECTION_UPDATE', 'LABELS_EDIT', 'LABELS_ASSOCIATION', 'CALL', 'TYPEBOT_START',
  'TYPEBOT_CHANGE_STATUS', 'REMOVE_INSTANCE', 'LOGOUT_INSTANCE', 'INSTANCE_CREATE', 'INSTANCE_DELETE', 'STATUS_INSTANCE',
] as const;

// ref §4.3 renderStatus order; updates never go down (ref §8.4)
const ACK_RANK: Record<string, number> = { PENDING: 1, SERVER_ACK: 2, DELIVERY_ACK: 3, READ: 4, PLAYED: 5 };
const TERMINAL_STATUSES = new Set(['ERROR', 'DELETED']);
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

const isoNow = (): string => new Date().toISOString();
// ref §4.2 date_time: local time with a Z suffix (now - tzoffset)
const webhookDateTime = (): string => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString();

const RAW_BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const isRawBase64 = (value: string): boolean => value.length % 4 === 0 && RAW_BASE64.test(value);
const isUrl = (value: string): boolean => /^https?:\/\//i.test(value);

const zodMessages = (error: z.ZodError): string[] =>
  error.issues.map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message));

const parse = <T extends z.ZodType>(schema: T, body: unknown): z.infer<T> => {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw badRequest(...zodMessages(result.error));
  return result.data;
};

const base64Url = (v: string | Buffer): string => Buffer.from(v).toString('base64url');

const isLoopback = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address));

// Keys whose values are secrets (instance tokens, apikeys, webhook headers with their shared
// secret, JWT keys): the control routes answer them as '***'.
const SECRET_KEYS = new Set(['token', 'apikey', 'hash', 'jwt_key', 'headers']);
export const REDACTED = '***';
const redact = (value: unknown, depth = 0): unknown => {
  if (depth > 40 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (!SECRET_KEYS.has(key) || v === undefined || v === null) out[key] = redact(v, depth + 1);
    else if (key === 'headers' && typeof v === 'object') out[key] = Object.fromEntries(Object.keys(v).map((k) => [k, REDACTED]));
    else out[key] = REDACTED;
  }
  return out;
};

// ref §4.1: the `jwt_key` header becomes Authorization: Bearer <HS256 {iat, exp:+600, app, action}>
const signWebhookJwt = (secret: string): string => {
  const iat = Math.floor(Date.now() / 1000);
  const head = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(JSON.stringify({ iat, exp: iat + 600, app: 'evolution', action: 'webhook' }));
  const sig = createHmac('sha256', secret).update(`${head}.${payload}`).digest('base64url');
  return `${head}.${payload}.${sig}`;
};

const webhookSchema = z.object({
  enabled: z.boolean().optional(),
  url: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  byEvents: z.boolean().optional(),
  base64: z.boolean().optional(),
  events: z.array(z.enum(WEBHOOK_EVENTS)).optional(),
});

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

const quotedSchema = z.object({
  key: z.object({ id: z.string().min(1), remoteJid: z.string().optional(), fromMe: z.boolean().optional() }),
  message: z.record(z.string(), z.unknown()).optional(),
});

const sendTextSchema = z.object({
  number: z.string().min(1),
  text: z.string().min(1),
  delay: z.number().optional(),
  linkPreview: z.boolean().optional(),
  quoted: quotedSchema.optional(),
  mentionsEveryOne: z.boolean().optional(),
  mentioned: z.array(z.string()).optional(),
});

const sendMediaSchema = z.object({
  number: z.string().min(1),
  mediatype: z.enum(['image', 'video', 'document', 'audio']),
  mimetype: z.string().optional(),
  caption: z.string().optional(),
  media: z.string().min(1),
  fileName: z.string().optional(),
  delay: z.coerce.number().optional(),
  quoted: quotedSchema.optional(),
});

const sendAudioSchema = z.object({
  number: z.string().min(1),
  audio: z.string().min(1),
  delay: z.coerce.number().optional(),
  encoding: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  quoted: quotedSchema.optional(),
});

const sendStickerSchema = z.object({
  number: z.string().min(1),
  sticker: z.string().min(1),
  delay: z.coerce.number().optional(),
  quoted: quotedSchema.optional(),
});

const findMessagesSchema = z.object({
  where: z
    .object({
      id: z.string().optional(),
      key: z
        .object({
          id: z.string().optional(),
          remoteJid: z.string().optional(),
          fromMe: z.boolean().optional(),
          participant: z.string().optional(),
          remoteJidAlt: z.string().optional(),
        })
        .optional(),
      messageType: z.string().optional(),
      source: z.string().optional(),
      messageTimestamp: z.object({ gte: z.string().optional(), lte: z.string().optional() }).optional(),
    })
    .optional(),
  page: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(1).optional(),
});

// ref §3.12: all three fields required
const markReadSchema = z.object({
  readMessages: z.array(z.object({ remoteJid: z.string(), fromMe: z.boolean(), id: z.string() })).min(1),
});

const incomingTypes = {
  text: 'text', conversation: 'text', extendedTextMessage: 'text',
  image: 'image', imageMessage: 'image',
  video: 'video', videoMessage: 'video',
  audio: 'audio', audioMessage: 'audio',
  document: 'document', documentMessage: 'document',
  sticker: 'sticker', stickerMessage: 'sticker',
  location: 'location', locationMessage: 'location',
  contact: 'contact', contactMessage: 'contact',
  contacts: 'contacts', contactsArrayMessage: 'contacts',
  reaction: 'reaction', reactionMessage: 'reaction',
  revoke: 'revoke', protocolMessage: 'revoke',
  edit: 'edit', editedMessage: 'edit',
  call: 'call', call_log: 'call',
} as const;

export type IncomingKind = (typeof incomingTypes)[keyof typeof incomingTypes];

const incomingSchema = z.object({
  from: z.string().min(1),
  type: z.enum(Object.keys(incomingTypes) as [keyof typeof incomingTypes, ...(keyof typeof incomingTypes)[]]).default('text'),
  pushName: z.string().optional(),
  lid: z.boolean().optional(), // ref §7: address by @lid with remoteJidAlt = phone JID
  text: z.string().optional(),
  caption: z.string().optional(),
  fileName: z.string().optional(),
  media: z.string().optional(), // raw base64 to use instead of the generated file
  mimetype: z.string().optional(),
  quotedId: z.string().optional(),
  targetId: z.string().optional(), // reaction, revoke, edit
  emoji: z.string().optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  name: z.string().optional(),
  address: z.string().optional(),
  contacts: z.array(z.object({ name: z.string(), phone: z.string() })).optional(),
  isVideo: z.boolean().optional(),
  source: z.enum(['android', 'ios', 'web', 'desktop', 'unknown']).optional(),
});

export type IncomingMessageInput = z.input<typeof incomingSchema>;

export const createEmulator = (opts: EmulatorOptions): Emulator => {
  const random = opts.random ?? Math.random;
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...opts.webhookRetry };
  const dispatcher = createWebhookDispatcher(retry, random);
  const jidOpts: JidOptions = { brazilianNinthDigit: opts.brazilianNinthDigit ?? true };
  const qrLimit = opts.qrLimit ?? 30;
  const exposeApikey = opts.exposeApikeyInWebhook ?? true;
  const autoAck = opts.autoAck === undefined ? { delaysMs: [400, 1500, 4000] as const } : opts.autoAck;
  const timers = new Set<NodeJS.Timeout>();
  let listenUrl: string | null = null;
  let autoReplyTimer: NodeJS.Timeout | null = null;

  const state: EmulatorState = {
    instances: new Map(),
    notOnWhatsapp: new Set(),
    requests: [],
    events: [],
    webhookAttempts: dispatcher.attempts,
    autoReply: {
      enabled: opts.autoReply?.enabled ?? false,
      intervalMs: opts.autoReply?.intervalMs ?? 20_000,
      phones: opts.autoReply?.phones ?? [],
      lidShare: opts.autoReply?.lidShare ?? 0.3,
    },
    mediaFailures: 0,
    sendFailures: [],
  };

  const baseUrl = (): string => opts.serverUrl ?? listenUrl ?? 'http://localhost';

  const later = (ms: number, fn: () => void): void => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  // ---- events (ref §4.2 envelope) ----
  const emit = (inst: Instance, event: string, data: unknown): void => {
    state.events.push({ event, instance: inst.name, data, at: isoNow() });
    const wh = inst.webhook;
    if (!wh || !wh.enabled || !wh.url) return;
    const configName = event.replace(/[.-]/g, '_').toUpperCase();
    if (wh.events.length > 0 && !wh.events.includes(configName)) return;
    const url = wh.webhookByEvents ? `${wh.url.replace(/\/+$/, '')}/${configName.replace(/_/g, '-').toLowerCase()}` : wh.url;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(wh.headers)) {
      if (name.toLowerCase() === 'jwt_key') headers.authorization = `Bearer ${signWebhookJwt(value)}`;
      else headers[name] = value;
    }
    const body = {
      event,
      instance: inst.name,
      data,
      destination: wh.url,
      date_time: webhookDateTime(),
      ...(inst.ownerJid ? { sender: inst.ownerJid } : {}),
      server_url: baseUrl(),
      apikey: exposeApikey ? inst.token : null,
    };
    dispatcher.send({ url, headers, body, event, instance: inst.name });
  };

  const withBase64 = (inst: Instance, stored: StoredMessage): MessageRecord => {
    // ref §4.1 base64: media messages carry data.message.base64 in upsert and send.message
    if (!inst.webhook?.webhookBase64 || !stored.media?.data) return stored.record;
    return { ...stored.record, message: { ...stored.record.message, base64: stored.media.data.toString('base64') } };
  };

  // ---- guards (ref §1: instanceExists 404, then apikey 401) ----
  const apikeyOf = (req: FastifyRequest): string | undefined => {
    const v = req.headers.apikey;
    return Array.isArray(v) ? v[0] : v;
  };

  const guardInstance = (req: FastifyRequest<{ Params: { instanceName: string } }>): Instance => {
    const name = req.params.instanceName;
    const inst = state.instances.get(name);
    if (!inst) throw notFound(`The "${name}" instance does not exist`);
    const key = apikeyOf(req);
    if (key === undefined || (key !== opts.globalApiKey && key !== inst.token)) throw unauthorized();
    return inst;
  };

  const controlInstance = (name: string): Instance => {
    const inst = state.instances.get(name);
    if (!inst) throw notFound(`The "${name}" instance does not exist`);
    return inst;
  };

  // ---- connection and QR (ref §3.2, §4.3) ----
  const newQr = (inst: Instance, number?: string): void => {
    inst.qrCount += 1;
    if (inst.qrCount > qrLimit) {
      inst.state = 'refused';
      inst.qr = null;
      emit(inst, 'qrcode.updated', { message: 'QR code limit reached, please login again', statusCode: 500 });
      emit(inst, 'connection.update', {
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
    emit(inst, 'qrcode.updated', { qrcode: { instance: inst.name, pairingCode, code, base64: inst.qr.base64 } });
  };

  const startConnecting = (inst: Instance, number?: string): void => {
    inst.state = 'connecting';
    inst.qrCount = 0;
    inst.updatedAt = isoNow();
    emit(inst, 'connection.update', { instance: inst.name, state: 'connecting', statusReason: 200 });
    newQr(inst, number);
  };

  const open = (inst: Instance, number: string | undefined, profileName: string | undefined): void => {
    const digits = (number ?? inst.number ?? `5511${String(900_000_000 + Math.floor(random() * 99_999_999))}`).replace(/\D/g, '');
    inst.state = 'open';
    inst.qr = null;
    inst.ownerJid = `${digits}@s.whatsapp.net`;
    inst.profileName = profileName ?? inst.profileName ?? 'Funil Vendas';
    inst.profilePicUrl = `${baseUrl()}/_emulator/avatar/${encodeURIComponent(inst.name)}.png`;
    inst.updatedAt = isoNow();
    emit(inst, 'connection.update', {
      instance: inst.name,
      wuid: inst.ownerJid,
      profileName: inst.profileName,
      profilePictureUrl: inst.profilePicUrl,
      state: 'open',
      statusReason: 200,
    });
  };

  const closeConnection = (inst: Instance, statusReason: number): void => {
    inst.state = 'close';
    inst.qr = null;
    inst.disconnectionReasonCode = statusReason;
    inst.disconnectionAt = isoNow();
    inst.updatedAt = isoNow();
    emit(inst, 'connection.update', { instance: inst.name, state: 'close', statusReason });
    emit(inst, 'status.instance', {
      instance: inst.name,
      status: 'closed',
      disconnectionAt: inst.disconnectionAt,
      disconnectionReasonCode: statusReason,
      disconnectionObject: JSON.stringify({ error: { output: { statusCode: statusReason } } }),
    });
    emit(inst, 'logout.instance', null);
  };

  // ---- messages ----
  const store = (inst: Instance, record: MessageRecord, viaApi: boolean, media?: StoredMedia): StoredMessage => {
    const stored: StoredMessage = {
      dbId: newCuid(),
      record,
      ackStatus: record.status,
      updates: [],
      viaApi,
      ...(media ? { media } : {}),
    };
    inst.messages.push(stored);
    return stored;
  };

  const findStored = (inst: Instance, id: string): StoredMessage | undefined =>
    inst.messages.find((m) => m.record.key.id === id);

  // ref §4.3 MESSAGES_UPDATE data is flat; statuses only rise (ref §8.4)
  const advanceAck = (inst: Instance, stored: StoredMessage, status: string): boolean => {
    if (TERMINAL_STATUSES.has(stored.ackStatus)) return false;
    if (!TERMINAL_STATUSES.has(status) && (ACK_RANK[status] ?? 0) <= (ACK_RANK[stored.ackStatus] ?? 0)) return false;
    stored.ackStatus = status;
    stored.updates.push({ status });
    if (!stored.record.key.fromMe) stored.record.status = status; // ref §3.11: only incoming rows update
    const key = stored.record.key;
    emit(inst, 'messages.update', {
      keyId: key.id,
      remoteJid: key.remoteJid,
      fromMe: key.fromMe,
      ...(key.participant ? { participant: key.participant } : {}),
      status,
      instanceId: inst.id,
      messageId: stored.dbId,
    });
    return true;
  };

  const scheduleAutoAcks = (inst: Instance, stored: StoredMessage): void => {
    if (!autoAck) return;
    const steps = ['SERVER_ACK', 'DELIVERY_ACK', 'READ'] as const;
    steps.forEach((status, i) => {
      later(autoAck.delaysMs[i] ?? 0, () => {
        if (state.instances.get(inst.name) === inst && inst.messages.includes(stored)) advanceAck(inst, stored, status);
      });
    });
  };

  // issue 13: a programmed failure for this instance and number (429 rate-overlimit, or 463).
  const programmedFailure = (inst: Instance, jid: string): EvolutionHttpError | null => {
    const digits = jidUser(jid);
    const hit = state.sendFailures.find((f) => (f.instance === null || f.instance === inst.name) && (f.number === null || f.number === digits) && (f.remaining === null || f.remaining > 0));
    if (!hit) return null;
    if (hit.remaining !== null) hit.remaining -= 1;
    return hit.kind === 429
      ? new EvolutionHttpError(429, ['rate-overlimit'])
      : new EvolutionHttpError(400, [{ status: 463, message: 'Error 463: message refused for an unknown contact', jid }]);
  };

  const resolveRecipient = (inst: Instance, number: string): string => {
    // emulator choice: a closed socket answers 400 "Connection Closed"
    if (inst.state !== 'open') throw badRequest('Connection Closed');
    const jid = createJid(number, jidOpts);
    const failure = programmedFailure(inst, jid);
    if (failure) throw failure;
    if (isPnJid(jid) && isNotOnWhatsapp(jidUser(jid))) {
      throw badRequest({ jid, exists: false, number });
    }
    return jid;
  };

  const isNotOnWhatsapp = (digits: string): boolean =>
    state.notOnWhatsapp.has(digits) || state.notOnWhatsapp.has(jidUser(createJid(digits, jidOpts)));

  const quoteContext = (inst: Instance, quoted: z.infer<typeof quotedSchema> | undefined): Record<string, unknown> => {
    if (!quoted) return {};
    const stored = findStored(inst, quoted.key.id);
    const quotedMessage = quoted.message ?? stored?.record.message;
    const participant = stored
      ? stored.record.key.fromMe
        ? (inst.ownerJid ?? undefined)
        : stored.record.key.remoteJid
      : quoted.key.remoteJid;
    return {
      stanzaId: quoted.key.id,
      ...(participant ? { participant } : {}),
      ...(quotedMessage ? { quotedMessage: normalizeContent(quotedMessage) } : {}),
    };
  };

  const sendRecord = (
    inst: Instance,
    remoteJid: string,
    message: Record<string, unknown>,
    contextInfo: Record<string, unknown>,
    media?: StoredMedia,
  ): MessageRecord => {
    const record: MessageRecord = {
      key: { remoteJid, fromMe: true, id: newMessageId(true) },
      pushName: 'Você',
      status: 'PENDING',
      message,
      contextInfo,
      messageType: contentType(message),
      messageTimestamp: nowSeconds(),
      instanceId: inst.id,
      source: 'web',
    };
    const stored = store(inst, record, true, media);
    emit(inst, 'send.message', withBase64(inst, stored));
    scheduleAutoAcks(inst, stored);
    return record;
  };

  type BodyWithFile = Record<string, unknown> & { __file?: { data: Buffer; filename?: string; contentType?: string } };

  const mediaFrom = (
    raw: string | undefined,
    file: BodyWithFile['__file'],
  ): { data: Buffer | null; url?: string } => {
    if (file) return { data: file.data };
    if (raw === undefined) throw badRequest('Owned media must be a url or base64');
    if (isUrl(raw)) return { data: null, url: raw };
    // ref §3.8: a data: URL prefix fails isBase64
    if (!isRawBase64(raw)) throw badRequest('Owned media must be a url or base64');
    return { data: Buffer.from(raw, 'base64') };
  };

  // ---- incoming (control route) ----
  const receive = (inst: Instance, input: z.infer<typeof incomingSchema>): unknown => {
    if (inst.state !== 'open') throw conflict(`The "${inst.name}" instance is not connected`);
    const kind: IncomingKind = incomingTypes[input.type];
    const fromDigits = input.from.includes('@') ? jidUser(input.from) : input.from.replace(/\D/g, '');
    const pnJid = createJid(fromDigits, jidOpts);
    const lidJid = lidForPhone(jidUser(pnJid));
    const pushName = input.pushName ?? inst.contacts.get(pnJid)?.pushName ?? `Contato ${fromDigits.slice(-4)}`;
    const id = newMessageId(false);
    // ref §7: remoteJid holds the addressing used, remoteJidAlt the other one
    const key: MessageKey = input.lid
      ? { remoteJid: lidJid, remoteJidAlt: pnJid, fromMe: false, id, participant: '', addressingMode: 'lid' }
      : { remoteJid: pnJid, remoteJidAlt: lidJid, fromMe: false, id, participant: '', addressingMode: 'pn' };
    inst.contacts.set(pnJid, { pushName });

    const target = (): StoredMessage => {
      if (!input.targetId) throw badRequest('targetId is required for this type');
      const found = findStored(inst, input.targetId);
      if (!found) throw notFound(`Message ${input.targetId} not found`);
      return found;
    };

    if (kind === 'revoke') {
      const t = target();
      const { remoteJid, fromMe, id: targetId, participant } = t.record.key;
      advanceAck(inst, t, 'DELETED');
      // ref §4.3 MESSAGES_DELETE: data is the raw key of the deleted message
      const data = { remoteJid, fromMe, id: targetId, ...(participant ? { participant } : {}) };
      emit(inst, 'messages.delete', data);
      return { event: 'messages.delete', data };
    }
    if (kind === 'edit') {
      const t = target();
      const text = input.text ?? '';
      t.record.message = { conversation: text };
      // ref §4.3: edits arrive as MESSAGES_EDITED with data = the protocolMessage
      const data = {
        key: t.record.key,
        type: 'MESSAGE_EDIT',
        editedMessage: { conversation: text },
        timestampMs: String(Date.now()),
      };
      emit(inst, 'messages.edited', data);
      return { event: 'messages.edited', data };
    }
    if (kind === 'call') {
      // Baileys call packets (ref §4.1 CALL); an offer then a timeout is a missed call
      const base = {
        id: randomBytes(16).toString('hex').toUpperCase(),
        from: pnJid,
        chatId: pnJid,
        date: isoNow(),
        isVideo: input.isVideo ?? false,
        isGroup: false,
        offline: false,
      };
      emit(inst, 'call', { ...base, status: 'offer' });
      emit(inst, 'call', { ...base, status: 'timeout' });
      return { event: 'call', data: { ...base, status: 'timeout' } };
    }

    let message: Record<string, unknown>;
    let media: StoredMedia | undefined;
    let contextInfo: Record<string, unknown> | undefined;
    if (input.quotedId) {
      const q = findStored(inst, input.quotedId);
      if (!q) throw notFound(`Message ${input.quotedId} not found`);
      contextInfo = {
        stanzaId: q.record.key.id,
        participant: q.record.key.fromMe ? (inst.ownerJid ?? '') : q.record.key.remoteJid,
        quotedMessage: normalizeContent(q.record.message),
      };
    }
    const mediaOf = (mediaKind: MediaKind, fallback: Buffer, mimetype: string, fileName?: string): void => {
      const data = input.media ? Buffer.from(input.media, 'base64') : fallback;
      const mt = input.mimetype ?? mimetype;
      media = { data, mimetype: mt, ...(fileName ? { fileName } : {}) };
      message = {
        [MEDIA_TYPE_KEY[mediaKind]]: {
          ...mediaContent({
            kind: mediaKind,
            data,
            mimetype: mt,
            ...(input.caption !== undefined ? { caption: input.caption } : {}),
            ...(fileName ? { fileName } : {}),
            mediaKeyAsObject: true,
          }),
          ...(contextInfo ? { contextInfo } : {}),
        },
      };
    };
    switch (kind) {
      case 'text':
        message = { conversation: input.text ?? 'Olá!' };
        break;
      case 'image':
        mediaOf('image', samplePng(), 'image/png');
        break;
      case 'video':
        mediaOf('video', sampleMp4(), 'video/mp4');
        break;
      case 'audio':
        mediaOf('audio', sampleOggOpus(), 'audio/ogg; codecs=opus');
        break;
      case 'document':
        mediaOf('document', samplePdf(), 'application/pdf', input.fileName ?? 'proposta.pdf');
        break;
      case 'sticker':
        mediaOf('sticker', sampleWebp(), 'image/webp');
        break;
      case 'location':
        message = {
          locationMessage: {
            degreesLatitude: input.latitude ?? -23.5613,
            degreesLongitude: input.longitude ?? -46.6565,
            name: input.name ?? 'Av. Paulista',
            address: input.address ?? 'Av. Paulista, 1578 - Bela Vista, São Paulo - SP',
            jpegThumbnail: samplePng().toString('base64'),
          },
        };
        break;
      case 'contact': {
        const c = input.contacts?.[0] ?? { name: 'João Silva', phone: '5511912345678' };
        message = { contactMessage: { displayName: c.name, vcard: vcard(c.name, c.phone) } };
        break;
      }
      case 'contacts': {
        const list = input.contacts ?? [
          { name: 'João Silva', phone: '5511912345678' },
          { name: 'Ana Souza', phone: '5521987654321' },
        ];
        message = {
          contactsArrayMessage: {
            displayName: `${list.length} contatos`,
            contacts: list.map((c) => ({ displayName: c.name, vcard: vcard(c.name, c.phone) })),
          },
        };
        break;
      }
      case 'reaction': {
        const t = target();
        message = {
          reactionMessage: {
            key: {
              remoteJid: t.record.key.remoteJid,
              fromMe: t.record.key.fromMe,
              id: t.record.key.id,
            },
            text: input.emoji ?? '👍',
            senderTimestampMs: String(Date.now()),
          },
        };
        break;
      }
    }
    message = { ...message!, messageContextInfo: { deviceListMetadata: {}, deviceListMetadataVersion: 2 } };
    const record: MessageRecord = {
      key,
      pushName,
      status: 'DELIVERY_ACK',
      message,
      ...(contextInfo ? { contextInfo } : {}),
      messageType: contentType(message),
      messageTimestamp: nowSeconds(),
      instanceId: inst.id,
      source: input.source ?? 'android',
    };
    const stored = store(inst, record, false, media);
    emit(inst, 'messages.upsert', withBase64(inst, stored));
    emit(inst, 'contacts.upsert', { remoteJid: key.remoteJid, pushName, profilePicUrl: null, instanceId: inst.id });
    return record;
  };

  // ---- auto reply (demo) ----
  const autoReplyTick = (): void => {
    const open = [...state.instances.values()].filter((i) => i.state === 'open');
    const inst = open[Math.floor(random() * open.length)];
    if (!inst) return;
    const sentTo = inst.messages.filter((m) => m.viaApi && isPnJid(m.record.key.remoteJid)).map((m) => jidUser(m.record.key.remoteJid));
    const phones = [...new Set([...state.autoReply.phones, ...sentTo])];
    const phone = phones[Math.floor(random() * phones.length)];
    if (!phone) return;
    const pick = pickAutoReply(random);
    receive(inst, { from: phone, lid: random() < state.autoReply.lidShare, ...pick });
  };

  const applyAutoReply = (): void => {
    if (autoReplyTimer) clearInterval(autoReplyTimer);
    autoReplyTimer = null;
    if (state.autoReply.enabled) {
      autoReplyTimer = setInterval(() => {
        try {
          autoReplyTick();
        } catch {
          // an instance that closed between ticks is simply skipped
        }
      }, state.autoReply.intervalMs);
    }
  };

  // ---- app ----
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: 64 * 1024 * 1024 });

  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.addHook('preHandler', async (req) => {
    const ct = req.headers['content-type'];
    if (Buffer.isBuffer(req.body) && ct?.startsWith('multipart/form-data')) {
      const parts = parseMultipart(req.body, ct);
      const body: BodyWithFile = {};
      for (const p of parts) {
        if (p.filename !== undefined || p.name === 'file') {
          body.__file = {
            data: p.data,
            ...(p.filename !== undefined ? { filename: p.filename } : {}),
            ...(p.contentType !== undefined ? { contentType: p.contentType } : {}),
          };
        } else body[p.name] = p.data.toString('utf8');
      }
      req.body = body;
    }
    if (!req.url.startsWith('/_emulator')) {
      const b = req.body as BodyWithFile | undefined;
      const logged = b?.__file
        ? { ...b, __file: { filename: b.__file.filename, contentType: b.__file.contentType, size: b.__file.data.length } }
        : b;
      state.requests.push({ method: req.method, url: req.url, apikey: apikeyOf(req), contentType: ct, body: logged });
    }
  });

  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof EvolutionHttpError) return reply.status(err.status).send(err.envelope());
    const status = typeof (err as { statusCode?: unknown }).statusCode === 'number' ? (err as { statusCode: number }).statusCode : 500;
    const e = new EvolutionHttpError(status, [err instanceof Error ? err.message : String(err)]);
    return reply.status(status).send(e.envelope());
  });

  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send(new EvolutionHttpError(404, [`Cannot ${req.method} ${req.url.split('?')[0]}`]).envelope()),
  );

  app.get('/', async () => ({
    status: 200,
    message: 'Welcome to the Evolution API, it is working!',
    version: '2.3.6',
    clientName: 'funil_emulator',
  }));

  app.post('/verify-creds', async (req) => {
    const key = apikeyOf(req);
    const ok = key === opts.globalApiKey || [...state.instances.values()].some((i) => i.token === key);
    if (!ok) throw unauthorized();
    return { status: 200, message: 'Credentials are valid' };
  });

  // ref §3.1
  app.post('/instance/create', async (req, reply) => {
    const raw = (req.body ?? {}) as { instanceName?: unknown };
    if (typeof raw.instanceName === 'string' && state.instances.has(raw.instanceName)) {
      throw forbidden(`This name "${raw.instanceName}" is already in use.`);
    }
    if (apikeyOf(req) !== opts.globalApiKey) throw unauthorized();
    const body = parse(createSchema, req.body);
    if (!body.integration || !(INTEGRATIONS as readonly string[]).includes(body.integration)) {
      throw badRequest('Invalid integration');
    }
    if (body.webhook && !body.webhook.events) throw badRequest("Cannot read properties of undefined (reading 'length')");
    const now = isoNow();
    const id = randomUUID();
    const settings: Settings = {
      ...DEFAULT_SETTINGS,
      ...Object.fromEntries(Object.keys(DEFAULT_SETTINGS).flatMap((k) => (k in body ? [[k, (body as Record<string, unknown>)[k]]] : []))),
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
    state.instances.set(inst.name, inst);
    emit(inst, 'instance.create', { instanceName: inst.name, instanceId: inst.id });
    if (body.qrcode) startConnecting(inst, body.number);
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
      const inst = guardInstance(req);
      if (inst.state === 'open') return { instance: { instanceName: inst.name, state: 'open' } };
      if (inst.qrMode === 'error') return { error: true, message: 'Connection Failure' };
      if (inst.state === 'close' || inst.state === 'refused') startConnecting(inst, req.query.number);
      else if (req.query.number && inst.qr) inst.qr.pairingCode = randomBytes(4).toString('hex').toUpperCase();
      if (inst.qrMode === 'empty' || !inst.qr) return { count: 0 };
      return inst.qr;
    },
  );

  // ref §3.3
  app.get<{ Params: { instanceName: string } }>('/instance/connectionState/:instanceName', async (req) => {
    const inst = guardInstance(req);
    return { instance: { instanceName: inst.name, state: inst.state } };
  });

  // ref §3.4
  app.delete<{ Params: { instanceName: string } }>('/instance/logout/:instanceName', async (req) => {
    const inst = guardInstance(req);
    if (inst.state === 'close') throw badRequest(`The "${inst.name}" instance is not connected`);
    closeConnection(inst, 401);
    return { status: 'SUCCESS', error: false, response: { message: 'Instance logged out' } };
  });

  // ref §3.5
  app.delete<{ Params: { instanceName: string } }>('/instance/delete/:instanceName', async (req) => {
    const inst = guardInstance(req);
    if (inst.state === 'open' || inst.state === 'connecting') closeConnection(inst, 401);
    emit(inst, 'instance.delete', { instanceName: inst.name, instanceId: inst.id });
    emit(inst, 'remove.instance', { instanceName: inst.name, instanceId: inst.id });
    state.instances.delete(inst.name);
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
    _count: { Message: inst.messages.length, Contact: inst.contacts.size, Chat: new Set(inst.messages.map((m) => m.record.key.remoteJid)).size },
  });

  // ref §3.6: a bare array; an instance token sees only its own instance
  app.get<{ Querystring: { instanceName?: string; instanceId?: string; number?: string } }>(
    '/instance/fetchInstances',
    async (req) => {
      const key = apikeyOf(req);
      if (req.query.instanceName && !state.instances.has(req.query.instanceName)) {
        throw notFound(`The "${req.query.instanceName}" instance does not exist`);
      }
      let list = [...state.instances.values()];
      if (key !== opts.globalApiKey) {
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

  // ref §4.1 webhook/set (201) and webhook/find
  app.post<{ Params: { instanceName: string } }>('/webhook/set/:instanceName', async (req, reply) => {
    const inst = guardInstance(req);
    const body = parse(z.object({ webhook: webhookSchema }), req.body);
    const w = body.webhook;
    if (w.enabled === undefined) throw badRequest('webhook.enabled is required');
    if (!w.url) throw badRequest('webhook.url is required');
    const now = isoNow();
    inst.webhook = {
      id: inst.webhook?.id ?? newCuid(),
      url: w.url,
      headers: w.headers ?? {},
      enabled: w.enabled,
      events: w.enabled ? (w.events ?? []) : [], // enabled:false clears the events
      webhookByEvents: w.byEvents ?? false,
      webhookBase64: w.base64 ?? false,
      createdAt: inst.webhook?.createdAt ?? now,
      updatedAt: now,
      instanceId: inst.id,
    } satisfies WebhookRow;
    return reply.status(201).send(inst.webhook);
  });

  app.get<{ Params: { instanceName: string } }>('/webhook/find/:instanceName', async (req) => guardInstance(req).webhook);

  // ref §3.7
  app.post<{ Params: { instanceName: string } }>('/message/sendText/:instanceName', async (req, reply) => {
    const inst = guardInstance(req);
    const body = parse(sendTextSchema, req.body);
    const jid = resolveRecipient(inst, body.number);
    const contextInfo = {
      mentionedJid: (body.mentioned ?? []).map((n) => createJid(n, jidOpts)),
      groupMentions: [],
      ...quoteContext(inst, body.quoted),
    };
    return reply.status(201).send(sendRecord(inst, jid, { conversation: body.text }, contextInfo));
  });

  // ref §3.8 (JSON or multipart with `file`)
  app.post<{ Params: { instanceName: string } }>('/message/sendMedia/:instanceName', async (req, reply) => {
    const inst = guardInstance(req);
    const raw = (req.body ?? {}) as BodyWithFile;
    const file = raw.__file;
    const rawQuoted = typeof raw.quoted === 'string' ? (JSON.parse(raw.quoted) as unknown) : raw.quoted;
    const body = parse(sendMediaSchema, {
      ...raw,
      quoted: rawQuoted,
      media: file ? 'file' : raw.media,
      fileName: raw.fileName ?? file?.filename,
    });
    const jid = resolveRecipient(inst, body.number);
    const src = mediaFrom(file ? undefined : body.media, file);
    if (!file && !src.url && body.mediatype === 'document' && !body.fileName) {
      throw badRequest('For base64 the file name must be informed.');
    }
    let mimetype = body.mimetype ?? file?.contentType ?? 'application/octet-stream';
    if (body.fileName) mimetype = mimeFromFileName(body.fileName) ?? mimetype;
    if (body.mediatype === 'image') mimetype = 'image/jpeg'; // re-encoded with sharp
    const kind: MediaKind = body.mediatype;
    const content = mediaContent({
      kind,
      data: src.data,
      mimetype,
      ...(body.caption !== undefined ? { caption: body.caption } : {}),
      ...(body.fileName ? { fileName: body.fileName } : {}),
      ...(kind === 'audio' ? { ptt: false } : {}),
    });
    if (src.url) content.url = src.url;
    const contextInfo = quoteContext(inst, body.quoted);
    const media: StoredMedia = {
      mimetype,
      ...(src.data ? { data: src.data } : {}),
      ...(src.url ? { url: src.url } : {}),
      ...(body.fileName ? { fileName: body.fileName } : {}),
    };
    const message = { [MEDIA_TYPE_KEY[kind]]: { ...content, ...(Object.keys(contextInfo).length ? { contextInfo } : {}) } };
    return reply.status(201).send(sendRecord(inst, jid, message, contextInfo, media));
  });

  /**
   * The common start of the single-file sends (§3.9 audio, sticker): JSON with the media in
   * `field` (URL or raw base64) or multipart with a `file`, `quoted` possibly as JSON text.
   */
  const readFileSend = <S extends z.ZodType<{ number: string; quoted?: z.infer<typeof quotedSchema> | undefined }>>(req: FastifyRequest<{ Params: { instanceName: string } }>, schema: S, field: string) => {
    const inst = guardInstance(req);
    const raw = (req.body ?? {}) as BodyWithFile;
    const file = raw.__file;
    const rawQuoted = typeof raw.quoted === 'string' ? (JSON.parse(raw.quoted) as unknown) : raw.quoted;
    const body = parse(schema, { ...raw, quoted: rawQuoted, [field]: file ? 'file' : raw[field] });
    const src = mediaFrom(file ? undefined : (body as Record<string, unknown>)[field] as string, file);
    return { inst, body, file, jid: resolveRecipient(inst, body.number), src, contextInfo: quoteContext(inst, body.quoted) };
  };
  const storedMediaOf = (mimetype: string, src: ReturnType<typeof mediaFrom>): StoredMedia => ({ mimetype, ...(src.data ? { data: src.data } : {}), ...(src.url ? { url: src.url } : {}) });

  // ref §3.9
  app.post<{ Params: { instanceName: string } }>('/message/sendWhatsAppAudio/:instanceName', async (req, reply) => {
    const { inst, body, file, jid, src, contextInfo } = readFileSend(req, sendAudioSchema, 'audio');
    const encode = body.encoding !== false && body.encoding !== 'false';
    const mimetype = encode ? 'audio/ogg; codecs=opus' : (file?.contentType ?? 'audio/mpeg');
    const content = mediaContent({ kind: 'audio', data: src.data, mimetype, ptt: encode });
    if (src.url) content.url = src.url;
    return reply.status(201).send(sendRecord(inst, jid, { audioMessage: content }, contextInfo, storedMediaOf(mimetype, src)));
  });

  // Evolution v2 sendSticker (SendStickerDto): the image becomes a webp stickerMessage.
  app.post<{ Params: { instanceName: string } }>('/message/sendSticker/:instanceName', async (req, reply) => {
    const { inst, jid, src, contextInfo } = readFileSend(req, sendStickerSchema, 'sticker');
    const mimetype = 'image/webp'; // converted with sharp
    const content = mediaContent({ kind: 'sticker', data: src.data, mimetype });
    if (src.url) content.url = src.url;
    const message = { stickerMessage: { ...content, ...(Object.keys(contextInfo).length ? { contextInfo } : {}) } };
    return reply.status(201).send(sendRecord(inst, jid, message, contextInfo, storedMediaOf(mimetype, src)));
  });

  // ref §3.10
  app.post<{ Params: { instanceName: string } }>('/chat/whatsappNumbers/:instanceName', async (req) => {
    const inst = guardInstance(req);
    const body = parse(z.object({ numbers: z.array(z.string()).min(1) }), req.body);
    return body.numbers.map((number) => {
      if (isLidJid(number)) return { exists: true, jid: number, number, lid: 'lid' };
      const jid = createJid(number, jidOpts);
      if (isGroupJid(jid)) return { exists: true, jid, number };
      const exists = !isNotOnWhatsapp(jidUser(jid));
      const name = inst.contacts.get(jid)?.pushName;
      return { exists, jid, number, ...(exists && name ? { name } : {}) };
    });
  });

  // ref §3.11: offset is the page size, page is 1-based, newest first
  app.post<{ Params: { instanceName: string } }>('/chat/findMessages/:instanceName', async (req) => {
    const inst = guardInstance(req);
    const body = parse(findMessagesSchema, req.body);
    const where = body.where ?? {};
    const k = where.key ?? {};
    const size = body.offset ?? 50;
    const page = body.page ?? 1;
    const gte = where.messageTimestamp?.gte;
    const lte = where.messageTimestamp?.lte;
    const from = gte && lte ? Math.floor(new Date(gte).getTime() / 1000) : null;
    const to = gte && lte ? Math.floor(new Date(lte).getTime() / 1000) : null;
    const matches = inst.messages.filter(({ record: r, dbId }) => {
      if (where.id && dbId !== where.id) return false;
      if (k.id && r.key.id !== k.id) return false;
      if (k.fromMe && !r.key.fromMe) return false; // fromMe:false is ignored
      if (k.remoteJid && r.key.remoteJid !== k.remoteJid && !(k.remoteJidAlt && r.key.remoteJidAlt === k.remoteJidAlt)) {
        return false;
      }
      if (k.participant && r.key.participant !== k.participant) return false;
      if (where.messageType && r.messageType !== where.messageType) return false;
      if (where.source && r.source !== where.source) return false;
      if (from !== null && to !== null && (r.messageTimestamp < from || r.messageTimestamp > to)) return false;
      return true;
    });
    const ordered = matches
      .map((m, i) => ({ m, i }))
      .sort((a, b) => b.m.record.messageTimestamp - a.m.record.messageTimestamp || b.i - a.i)
      .map(({ m }) => m);
    const records = ordered.slice((page - 1) * size, page * size).map((m) => ({
      id: m.dbId,
      key: m.record.key,
      pushName: m.record.key.fromMe ? 'Você' : m.record.pushName,
      messageType: m.record.messageType,
      message: m.record.message,
      messageTimestamp: m.record.messageTimestamp,
      instanceId: m.record.instanceId,
      source: m.record.source,
      contextInfo: m.record.contextInfo ?? null,
      MessageUpdate: m.updates.map((u) => ({ status: u.status })),
    }));
    return { messages: { total: matches.length, pages: Math.ceil(matches.length / size), currentPage: page, records } };
  });

  // ref §3.12: keys that are neither @s.whatsapp.net nor @g.us are dropped, success anyway
  app.post<{ Params: { instanceName: string } }>('/chat/markMessageAsRead/:instanceName', async (req, reply) => {
    const inst = guardInstance(req);
    const body = parse(markReadSchema, req.body);
    for (const k of body.readMessages) {
      if (isPnJid(k.remoteJid) || isGroupJid(k.remoteJid)) inst.readReceipts.push(k);
    }
    return reply.status(201).send({ message: 'Read messages', read: 'success' });
  });

  // ref §3.13
  app.post<{ Params: { instanceName: string } }>('/chat/getBase64FromMediaMessage/:instanceName', async (req) => {
    const inst = guardInstance(req);
    const body = parse(
      z.object({ message: z.object({ key: z.object({ id: z.string().min(1) }) }), convertToMp4: z.boolean().optional() }),
      req.body,
    );
    if (state.mediaFailures > 0) {
      state.mediaFailures -= 1;
      // What the gateway answers when WhatsApp's media server does not give the file.
      throw badRequest('Failed to download media: 500 Internal Server Error');
    }
    const stored = findStored(inst, body.message.key.id);
    if (!stored) throw badRequest('Message not found');
    const typeKey = Object.values(MEDIA_TYPE_KEY).find((t) => t in stored.record.message);
    if (!typeKey || !stored.media) throw badRequest('The message is not of the media type');
    const content = stored.record.message[typeKey] as Record<string, unknown>;
    let data = stored.media.data;
    if (!data && stored.media.url) {
      const res = await fetch(stored.media.url, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
      if (!res?.ok) throw badRequest(`Failed to download media from ${stored.media.url}`);
      data = Buffer.from(await res.arrayBuffer());
    }
    const bytes = data ?? Buffer.alloc(0);
    return {
      mediaType: typeKey,
      fileName: (content.fileName as string | undefined) ?? stored.media.fileName ?? `${stored.record.key.id}.${(stored.media.mimetype.split('/')[1] ?? 'bin').split(';')[0]}`,
      caption: content.caption ?? null,
      size: { fileLength: bytes.length, height: content.height ?? null, width: content.width ?? null },
      mimetype: stored.media.mimetype,
      base64: bytes.toString('base64'),
    };
  });

  // ---- control routes: loopback only, with the control key, never answering a secret ----
  const controlKey = opts.controlKey ?? randomBytes(24).toString('hex');
  const controlKeyBuffer = Buffer.from(controlKey);
  const isControl = (req: FastifyRequest) => req.url.startsWith('/_emulator/') && !req.url.startsWith('/_emulator/avatar/');
  app.addHook('onRequest', async (req) => {
    if (!isControl(req)) return;
    // Off loopback the control routes do not exist.
    if (!isLoopback(req.socket.remoteAddress)) throw new EvolutionHttpError(404, [`Cannot ${req.method} ${req.url.split('?')[0]}`]);
    const given = req.headers[CONTROL_KEY_HEADER];
    const buffer = Buffer.from(typeof given === 'string' ? given : '');
    if (buffer.length !== controlKeyBuffer.length || !timingSafeEqual(buffer, controlKeyBuffer)) throw unauthorized();
  });
  app.addHook('preSerialization', async (req, _reply, payload) => (isControl(req) ? redact(payload) : payload));

  app.get('/_emulator/state', async () => ({
    baseUrl: baseUrl(),
    autoReply: state.autoReply,
    notOnWhatsapp: [...state.notOnWhatsapp],
    instances: [...state.instances.values()].map((i) => ({
      name: i.name,
      id: i.id,
      state: i.state,
      ownerJid: i.ownerJid,
      qrMode: i.qrMode,
      qrCount: i.qrCount,
      webhook: i.webhook,
      messages: i.messages.length,
    })),
  }));

  app.get<{ Params: { file: string } }>('/_emulator/avatar/:file', async (_req, reply) =>
    reply.type('image/png').send(samplePng()),
  );

  app.post<{ Params: { name: string }; Body: { number?: string; profileName?: string } | undefined }>(
    '/_emulator/instances/:name/scan',
    async (req) => {
      const inst = controlInstance(req.params.name);
      if (inst.state === 'open') throw conflict(`The "${inst.name}" instance is already connected`);
      const body = parse(z.object({ number: z.string().optional(), profileName: z.string().optional() }), req.body);
      open(inst, body.number, body.profileName);
      return { instance: inst.name, state: inst.state, ownerJid: inst.ownerJid, profileName: inst.profileName };
    },
  );

  app.post<{ Params: { name: string } }>('/_emulator/instances/:name/disconnect', async (req) => {
    const inst = controlInstance(req.params.name);
    const body = parse(z.object({ statusReason: z.number().int().optional() }), req.body);
    const code = body.statusReason ?? 401;
    if (inst.state !== 'open') throw conflict(`The "${inst.name}" instance is not connected`);
    if (CLOSING_CODES.has(code)) closeConnection(inst, code);
    else {
      // ref §4.3: other codes reconnect by themselves
      inst.state = 'connecting';
      emit(inst, 'connection.update', { instance: inst.name, state: 'connecting', statusReason: code });
      open(inst, inst.ownerJid ? jidUser(inst.ownerJid) : undefined, inst.profileName ?? undefined);
    }
    return { instance: inst.name, state: inst.state };
  });

  app.post<{ Params: { name: string } }>('/_emulator/instances/:name/qr', async (req) => {
    const inst = controlInstance(req.params.name);
    const body = parse(z.object({ mode: z.enum(['normal', 'empty', 'error']).optional(), refresh: z.boolean().optional() }), req.body);
    if (body.mode) inst.qrMode = body.mode satisfies QrMode;
    if (body.refresh) {
      if (inst.state !== 'connecting') throw conflict(`The "${inst.name}" instance is not waiting for a QR scan`);
      newQr(inst);
    }
    return { instance: inst.name, state: inst.state, qrMode: inst.qrMode, qrcode: inst.qr };
  });

  app.post<{ Params: { name: string } }>('/_emulator/instances/:name/messages', async (req, reply) => {
    const inst = controlInstance(req.params.name);
    return reply.status(201).send(receive(inst, parse(incomingSchema, req.body)));
  });

  app.post<{ Params: { name: string; id: string } }>('/_emulator/instances/:name/messages/:id/ack', async (req) => {
    const inst = controlInstance(req.params.name);
    const stored = findStored(inst, req.params.id);
    if (!stored) throw notFound(`Message ${req.params.id} not found`);
    const body = parse(z.object({ status: z.enum(['SERVER_ACK', 'DELIVERY_ACK', 'READ', 'PLAYED', 'ERROR', 'DELETED']) }), req.body);
    const before = stored.ackStatus;
    if (!advanceAck(inst, stored, body.status)) {
      throw conflict(`Status ${body.status} does not rise from ${before}`);
    }
    return { keyId: req.params.id, status: stored.ackStatus };
  });

  app.get<{ Params: { name: string } }>('/_emulator/instances/:name/sent', async (req) =>
    controlInstance(req.params.name)
      .messages.filter((m) => m.viaApi)
      .map((m) => ({ record: m.record, ackStatus: m.ackStatus, media: m.media ? { mimetype: m.media.mimetype, url: m.media.url ?? null, size: m.media.data?.length ?? null } : null })),
  );

  app.get<{ Params: { name: string } }>('/_emulator/instances/:name/messages', async (req) =>
    controlInstance(req.params.name).messages.map((m) => ({ record: m.record, ackStatus: m.ackStatus })),
  );

  app.get<{ Params: { name: string } }>('/_emulator/instances/:name/read-receipts', async (req) =>
    controlInstance(req.params.name).readReceipts,
  );

  app.post('/_emulator/numbers', async (req) => {
    const body = parse(z.object({ numbers: z.array(z.string().min(1)).min(1), onWhatsapp: z.boolean() }), req.body);
    for (const n of body.numbers) {
      const digits = jidUser(createJid(n, jidOpts));
      const raw = n.replace(/\D/g, '');
      if (body.onWhatsapp) {
        state.notOnWhatsapp.delete(digits);
        state.notOnWhatsapp.delete(raw);
      } else state.notOnWhatsapp.add(raw);
    }
    return { notOnWhatsapp: [...state.notOnWhatsapp] };
  });

  app.get('/_emulator/requests', async () => state.requests);
  app.delete('/_emulator/requests', async () => {
    state.requests.length = 0;
    return { cleared: true };
  });
  app.get('/_emulator/events', async () => state.events);
  app.get('/_emulator/webhooks', async () => state.webhookAttempts);

  // issue 13: program sends to fail (429 rate-overlimit or 463) for an instance and/or a number.
  app.post('/_emulator/send-failures', async (req) => {
    const body = parse(
      z.object({
        instance: z.string().min(1).nullable().optional(),
        number: z.string().min(1).nullable().optional(),
        kind: z.union([z.literal(429), z.literal(463)]),
        count: z.number().int().min(1).max(100_000).nullable().optional(),
      }),
      req.body,
    );
    const failure: SendFailure = { instance: body.instance ?? null, number: body.number ? jidUser(createJid(body.number, jidOpts)) : null, kind: body.kind, remaining: body.count ?? null };
    state.sendFailures.push(failure);
    return { sendFailures: state.sendFailures };
  });
  app.delete('/_emulator/send-failures', async () => {
    state.sendFailures.length = 0;
    return { sendFailures: state.sendFailures };
  });

  app.post('/_emulator/media-failures', async (req) => {
    const body = parse(z.object({ count: z.number().int().min(0).max(1000) }), req.body);
    state.mediaFailures = body.count;
    return { mediaFailures: state.mediaFailures };
  });

  app.post('/_emulator/auto-reply', async (req) => {
    const body = parse(
      z.object({
        enabled: z.boolean(),
        intervalMs: z.number().int().min(200).optional(),
        phones: z.array(z.string()).optional(),
        lidShare: z.number().min(0).max(1).optional(),
      }),
      req.body,
    );
    state.autoReply = {
      enabled: body.enabled,
      intervalMs: body.intervalMs ?? state.autoReply.intervalMs,
      phones: body.phones ?? state.autoReply.phones,
      lidShare: body.lidShare ?? state.autoReply.lidShare,
    };
    applyAutoReply();
    return state.autoReply;
  });

  applyAutoReply();

  return {
    app,
    state,
    controlKey,
    controlHeaders: { [CONTROL_KEY_HEADER]: controlKey },
    baseUrl,
    webhooksIdle: () => dispatcher.idle(),
    listen: async (port = 0, host = '127.0.0.1') => {
      await app.listen({ port, host });
      const address = app.server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      const publicHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
      listenUrl = `http://${publicHost}:${actualPort}`;
      return listenUrl;
    },
    close: async () => {
      if (autoReplyTimer) clearInterval(autoReplyTimer);
      autoReplyTimer = null;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      dispatcher.close();
      await app.close();
    },
  };
};
