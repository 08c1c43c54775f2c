// What the parts of the emulator share (emulator.ts builds it once per emulator): its options and
// in-memory state, the clock helpers, the event emitter and the guards of the gateway routes
// (ref §1: instanceExists 404, then apikey 401).
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { badRequest, notFound, unauthorized } from './http-error.ts';
import { createJid, jidUser, type JidOptions } from './jid.ts';
import type { EmittedEvent, Instance, LoggedRequest, MessageRecord, StoredMessage } from './types.ts';
import type { DeliveryAttempt, RetryPolicy } from './webhook-dispatcher.ts';

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

/** One emulator's shared pieces, handed to each part. */
export type EmulatorContext = {
  opts: EmulatorOptions;
  state: EmulatorState;
  random: () => number;
  jidOpts: JidOptions;
  /** The webhook `server_url` and the base of avatar URLs. */
  baseUrl(): string;
  /** Runs `fn` after `ms` unless the emulator closes first. */
  later(ms: number, fn: () => void): void;
  /** Records an event and posts it to the instance's webhook (webhooks.ts). */
  emit(inst: Instance, event: string, data: unknown): void;
  /** The record as the webhook carries it (with `message.base64` when the webhook asks for it). */
  withBase64(inst: Instance, stored: StoredMessage): MessageRecord;
};

/** A multipart body as the emulator's preHandler leaves it: fields as text, the file in `__file`. */
export type BodyWithFile = Record<string, unknown> & { __file?: { data: Buffer; filename?: string; contentType?: string } };

export const isoNow = (): string => new Date().toISOString();

const zodMessages = (error: z.ZodError): string[] =>
  error.issues.map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message));

export const parse = <T extends z.ZodType>(schema: T, body: unknown): z.infer<T> => {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw badRequest(...zodMessages(result.error));
  return result.data;
};

export const apikeyOf = (req: FastifyRequest): string | undefined => {
  const v = req.headers.apikey;
  return Array.isArray(v) ? v[0] : v;
};

export const guardInstance = (ctx: EmulatorContext, req: FastifyRequest<{ Params: { instanceName: string } }>): Instance => {
  const name = req.params.instanceName;
  const inst = ctx.state.instances.get(name);
  if (!inst) throw notFound(`The "${name}" instance does not exist`);
  const key = apikeyOf(req);
  if (key === undefined || (key !== ctx.opts.globalApiKey && key !== inst.token)) throw unauthorized();
  return inst;
};

export const controlInstance = (ctx: EmulatorContext, name: string): Instance => {
  const inst = ctx.state.instances.get(name);
  if (!inst) throw notFound(`The "${name}" instance does not exist`);
  return inst;
};

export const isNotOnWhatsapp = (ctx: EmulatorContext, digits: string): boolean =>
  ctx.state.notOnWhatsapp.has(digits) || ctx.state.notOnWhatsapp.has(jidUser(createJid(digits, ctx.jidOpts)));
