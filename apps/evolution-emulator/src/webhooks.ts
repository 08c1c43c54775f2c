// Webhook events of ref §4: the envelope (§4.2) posted through the dispatcher
// (webhook-dispatcher.ts: retries and backoff), the `jwt_key` bearer, `byEvents` URLs, and the
// webhook/set and webhook/find routes (§4.1).
import { createHmac } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { guardInstance, isoNow, parse, type EmulatorContext, type EmulatorState } from './context.ts';
import { badRequest } from './http-error.ts';
import { newCuid } from './records.ts';
import type { Instance, MessageRecord, StoredMessage, WebhookRow } from './types.ts';
import type { WebhookDispatcher } from './webhook-dispatcher.ts';

// ref §4.1 accepted `events` values
export const WEBHOOK_EVENTS = [
  'APPLICATION_STARTUP',
  'QRCODE_UPDATED',
  'MESSAGES_SET',
  'MESSAGES_UPSERT',
  'MESSAGES_EDITED',
  'MESSAGES_UPDATE',
  'MESSAGES_DELETE',
  'SEND_MESSAGE',
  'SEND_MESSAGE_UPDATE',
  'CONTACTS_SET',
  'CONTACTS_UPSERT',
  'CONTACTS_UPDATE',
  'PRESENCE_UPDATE',
  'CHATS_SET',
  'CHATS_UPSERT',
  'CHATS_UPDATE',
  'CHATS_DELETE',
  'GROUPS_UPSERT',
  'GROUP_UPDATE',
  'GROUP_PARTICIPANTS_UPDATE',
  'CONNECTION_UPDATE',
  'LABELS_EDIT',
  'LABELS_ASSOCIATION',
  'CALL',
  'TYPEBOT_START',
  'TYPEBOT_CHANGE_STATUS',
  'REMOVE_INSTANCE',
  'LOGOUT_INSTANCE',
  'INSTANCE_CREATE',
  'INSTANCE_DELETE',
  'STATUS_INSTANCE',
] as const;

export const webhookSchema = z.object({
  enabled: z.boolean().optional(),
  url: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  byEvents: z.boolean().optional(),
  base64: z.boolean().optional(),
  events: z.array(z.enum(WEBHOOK_EVENTS)).optional(),
});

// ref §4.2 date_time: local time with a Z suffix (now - tzoffset)
const webhookDateTime = (): string => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString();

const base64Url = (v: string | Buffer): string => Buffer.from(v).toString('base64url');

// ref §4.1: the `jwt_key` header becomes Authorization: Bearer <HS256 {iat, exp:+600, app, action}>
const signWebhookJwt = (secret: string): string => {
  const iat = Math.floor(Date.now() / 1000);
  const head = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(JSON.stringify({ iat, exp: iat + 600, app: 'evolution', action: 'webhook' }));
  const sig = createHmac('sha256', secret).update(`${head}.${payload}`).digest('base64url');
  return `${head}.${payload}.${sig}`;
};

/** The emitter of the context: every event is recorded in `state.events`, and posted when the instance's webhook wants it. */
export const createEmit =
  (state: EmulatorState, dispatcher: WebhookDispatcher, baseUrl: () => string, exposeApikey: boolean) =>
  (inst: Instance, event: string, data: unknown): void => {
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

export const withBase64 = (inst: Instance, stored: StoredMessage): MessageRecord => {
  // ref §4.1 base64: media messages carry data.message.base64 in upsert and send.message
  if (!inst.webhook?.webhookBase64 || !stored.media?.data) return stored.record;
  return { ...stored.record, message: { ...stored.record.message, base64: stored.media.data.toString('base64') } };
};

export const registerWebhookRoutes = (app: FastifyInstance, ctx: EmulatorContext): void => {
  // ref §4.1 webhook/set (201) and webhook/find
  app.post<{ Params: { instanceName: string } }>('/webhook/set/:instanceName', async (req, reply) => {
    const inst = guardInstance(ctx, req);
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

  app.get<{ Params: { instanceName: string } }>('/webhook/find/:instanceName', async (req) => guardInstance(ctx, req).webhook);
};
