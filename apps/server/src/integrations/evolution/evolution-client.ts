import { z } from 'zod';

import { EvolutionError } from './evolution-error.ts';
import { phoneJidOfKey } from './evolution-jid.ts';
import {
  createInstanceResponseSchema,
  errorEnvelopeSchema,
  findMessagesResponseSchema,
  instanceRowSchema,
  instanceStateResponseSchema,
  markReadResponseSchema,
  mediaBase64ResponseSchema,
  messageRecordSchema,
  numberCheckSchema,
  qrCodeSchema,
  successResponseSchema,
  webhookRowSchema,
  type ConnectionState,
  type InstanceRow,
  type MediaBase64,
  type MessageKey,
  type MessagePage,
  type MessageRecord,
  type NumberCheck,
  type QrCode,
  type WebhookEventName,
  type WebhookRow,
} from './evolution-types.ts';

// Typed client of the Evolution API v2 gateway (shared/reference/evolution-api-v2.md).

// 001 §9: number-resolution cache, 30 minutes
export const NUMBER_CACHE_TTL_MS = 1_800_000;

export type EvolutionClientOptions = {
  baseUrl: string;
  globalApiKey: string;
  fetch?: typeof fetch;
  now?: () => number; // clock for the number cache
  timeoutMs?: number;
};

// Per-instance calls authenticate with the instance token (ref §1: the create `hash`).
export type InstanceRef = { instanceName: string; token: string };

export type WebhookConfig = {
  url: string;
  events: readonly WebhookEventName[]; // ref §3.1: always sent; [] means all
  headers?: Record<string, string>;
  byEvents?: boolean;
  base64?: boolean;
};

export type InstanceSettings = {
  rejectCall?: boolean;
  msgCall?: string;
  groupsIgnore?: boolean;
  alwaysOnline?: boolean;
  readMessages?: boolean;
  readStatus?: boolean;
  syncFullHistory?: boolean;
};

export type CreateInstanceInput = {
  instanceName: string;
  integration?: 'WHATSAPP-BAILEYS' | 'WHATSAPP-BUSINESS' | 'EVOLUTION';
  token?: string;
  qrcode?: boolean;
  number?: string;
  webhook?: WebhookConfig;
  settings?: InstanceSettings;
};

// ref §3.2: connect answers the state, a QR, or {count:0} when no QR exists yet
// {count:0}: wait for the qrcode.updated webhook
export type ConnectResult = { kind: 'open' } | { kind: 'qr'; qr: QrCode } | { kind: 'pending' };

export type CreateInstanceResult = {
  instanceName: string;
  instanceId: string;
  token: string; // the `hash`
  status: string;
  qr: ConnectResult | null; // only when created with qrcode:true
  raw: z.infer<typeof createInstanceResponseSchema>;
};

export type QuotedRef = { key: { id: string }; message?: Record<string, unknown> };

export type SendTextInput = {
  number: string;
  text: string;
  quoted?: QuotedRef;
  delay?: number;
  linkPreview?: boolean;
  mentioned?: string[];
};

export type SendMediaInput = {
  number: string;
  mediatype: 'image' | 'video' | 'document' | 'audio';
  media: string; // URL, raw base64 or a data: URL (the prefix is stripped, ref §3.8)
  mimetype?: string;
  caption?: string;
  fileName?: string; // required for base64 documents (ref §3.8)
  delay?: number;
  quoted?: QuotedRef;
};

export type SendAudioInput = {
  number: string;
  audio: string; // URL, raw base64 or a data: URL
  delay?: number;
  encoding?: boolean;
  quoted?: QuotedRef;
};

/** Evolution v2 `POST /message/sendSticker/{instance}` (SendStickerDto): the gateway converts the image to webp. */
export type SendStickerInput = {
  number: string;
  sticker: string; // URL, raw base64 or a data: URL
  delay?: number;
  quoted?: QuotedRef;
};

export type FindMessagesInput = {
  remoteJid?: string;
  remoteJidAlt?: string;
  fromMe?: true; // ref §3.11: fromMe:false is ignored by the gateway
  id?: string;
  messageType?: string;
  // ref §3.11: applied only when both bounds are given
  timestamp?: { gte: Date | string; lte: Date | string };
  page?: number;
  offset?: number; // page size, default 50
};

type Method = 'GET' | 'POST' | 'DELETE';

const DATA_URL = /^data:([^;,]+)?(?:;[^,]*)?;base64,/i;

// ref §3.8: the gateway rejects a data: prefix; keep URLs and raw base64 as they are
export const toGatewayMedia = (media: string): { media: string; mimetype?: string } => {
  const match = DATA_URL.exec(media);
  if (!match) return { media };
  return { media: media.slice(match[0].length), ...(match[1] ? { mimetype: match[1] } : {}) };
};

const toIso = (d: Date | string): string => (d instanceof Date ? d.toISOString() : d);

export type ReadableKey = Pick<MessageKey, 'remoteJid' | 'fromMe' | 'id' | 'remoteJidAlt' | 'addressingMode' | 'senderPn'>;

const seg = (instanceName: string): string => encodeURIComponent(instanceName);

const webhookBody = (w: WebhookConfig) => ({
  url: w.url,
  headers: w.headers ?? {},
  byEvents: w.byEvents ?? false,
  base64: w.base64 ?? false,
  events: [...w.events],
});

const quotedBody = (quoted: QuotedRef | undefined) =>
  quoted ? { quoted: { key: { id: quoted.key.id }, ...(quoted.message ? { message: quoted.message } : {}) } } : {};

const toConnectResult = (raw: unknown, path: string): ConnectResult => {
  const state = instanceStateResponseSchema.safeParse(raw);
  if (state.success && state.data.instance.state === 'open') return { kind: 'open' };
  const qr = qrCodeSchema.safeParse(raw);
  if (qr.success) return { kind: 'qr', qr: qr.data };
  // ref §3.2 / §8.7: {count:0} without a code means "wait for the qrcode.updated webhook"
  if (typeof raw === 'object' && raw !== null && !('code' in raw) && !('instance' in raw)) return { kind: 'pending' };
  throw new EvolutionError('invalid-response', 200, ['unexpected connect answer'], path);
};

export class EvolutionClient {
  readonly #opts: EvolutionClientOptions;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  readonly #baseUrl: string;
  readonly #numberCache = new Map<string, { value: NumberCheck; expiresAt: number }>();

  constructor(opts: EvolutionClientOptions) {
    this.#opts = opts;
    this.#fetch = opts.fetch ?? fetch;
    this.#now = opts.now ?? Date.now;
    this.#baseUrl = opts.baseUrl.replace(/\/+$/, '');
  }

  async #request<S extends z.ZodType>(
    method: Method,
    path: string,
    apikey: string,
    schema: S,
    body?: unknown,
  ): Promise<z.infer<S>> {
    let res: Response;
    try {
      res = await this.#fetch(`${this.#baseUrl}${path}`, {
        method,
        headers: { apikey, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.#opts.timeoutMs ?? 60_000),
      });
    } catch (err) {
      throw new EvolutionError('network', 0, [err instanceof Error ? err.message : String(err)], path);
    }
    const text = await res.text();
    let json: unknown = null;
    if (text.length > 0) {
      try {
        json = JSON.parse(text);
      } catch {
        throw new EvolutionError(res.ok ? 'invalid-response' : 'http', res.status, [text.slice(0, 300)], path);
      }
    }
    if (!res.ok) {
      // ref §1 envelope: message is an array, or a string on 401
      const envelope = errorEnvelopeSchema.safeParse(json);
      const message = envelope.success ? envelope.data.response.message : json;
      throw new EvolutionError('http', res.status, Array.isArray(message) ? message : [message ?? res.statusText], path);
    }
    // ref §3.2: some errors come back as HTTP 200 with {error:true, message}
    if (typeof json === 'object' && json !== null && (json as { error?: unknown }).error === true) {
      throw new EvolutionError('gateway', res.status, [(json as { message?: unknown }).message ?? 'error'], path);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      throw new EvolutionError('invalid-response', res.status, issues, path);
    }
    return parsed.data;
  }

  /** A call of another part of the gateway's API (evolution-typebot.ts): same errors and checks as the client's own. */
  call<S extends z.ZodType>(method: Method, path: string, apikey: string, schema: S, body?: unknown): Promise<z.infer<S>> {
    return this.#request(method, path, apikey, schema, body);
  }

  // ref §3.1 (global key); `hash` is a string in v2
  async createInstance(input: CreateInstanceInput): Promise<CreateInstanceResult> {
    const body = {
      instanceName: input.instanceName,
      integration: input.integration ?? 'WHATSAPP-BAILEYS', // ref §3.1: effectively required
      ...(input.token ? { token: input.token } : {}),
      ...(input.qrcode !== undefined ? { qrcode: input.qrcode } : {}),
      ...(input.number ? { number: input.number } : {}),
      ...input.settings,
      ...(input.webhook ? { webhook: webhookBody(input.webhook) } : {}),
    };
    const path = '/instance/create';
    const raw = await this.#request('POST', path, this.#opts.globalApiKey, createInstanceResponseSchema, body);
    return {
      instanceName: raw.instance.instanceName,
      instanceId: raw.instance.instanceId,
      token: raw.hash,
      status: raw.instance.status,
      qr: raw.qrcode ? toConnectResult(raw.qrcode, path) : null,
      raw,
    };
  }

  // ref §3.2: `number` asks for a pairing code
  async connect(ref: InstanceRef, options: { number?: string } = {}): Promise<ConnectResult> {
    const query = options.number ? `?number=${encodeURIComponent(options.number)}` : '';
    const path = `/instance/connect/${seg(ref.instanceName)}${query}`;
    return toConnectResult(await this.#request('GET', path, ref.token, z.unknown()), path);
  }

  // ref §3.3
  async connectionState(ref: InstanceRef): Promise<ConnectionState> {
    const path = `/instance/connectionState/${seg(ref.instanceName)}`;
    return (await this.#request('GET', path, ref.token, instanceStateResponseSchema)).instance.state;
  }

  // ref §3.4: 400 when already closed
  async logout(ref: InstanceRef): Promise<void> {
    await this.#request('DELETE', `/instance/logout/${seg(ref.instanceName)}`, ref.token, successResponseSchema);
  }

  // ref §3.5
  async deleteInstance(ref: InstanceRef): Promise<void> {
    await this.#request('DELETE', `/instance/delete/${seg(ref.instanceName)}`, ref.token, successResponseSchema);
  }

  // ref §3.6: with an instance token as apikey only that instance comes back
  async fetchInstances(filter: { instanceName?: string; instanceId?: string } = {}, apikey?: string): Promise<InstanceRow[]> {
    const params = new URLSearchParams();
    if (filter.instanceName) params.set('instanceName', filter.instanceName);
    if (filter.instanceId) params.set('instanceId', filter.instanceId);
    const query = params.size > 0 ? `?${params.toString()}` : '';
    return this.#request('GET', `/instance/fetchInstances${query}`, apikey ?? this.#opts.globalApiKey, instanceRowSchema.array());
  }

  // ref §4.1: nested {webhook:{...}}, events always sent
  async setWebhook(ref: InstanceRef, webhook: WebhookConfig & { enabled: boolean }): Promise<WebhookRow> {
    const body = { webhook: { enabled: webhook.enabled, ...webhookBody(webhook) } };
    return this.#request('POST', `/webhook/set/${seg(ref.instanceName)}`, ref.token, webhookRowSchema, body);
  }

  async findWebhook(ref: InstanceRef): Promise<WebhookRow | null> {
    return this.#request('GET', `/webhook/find/${seg(ref.instanceName)}`, ref.token, webhookRowSchema.nullable());
  }

  // ref §3.7: answers the stored record; store key.remoteJid (the resolved JID), not the input
  async sendText(ref: InstanceRef, input: SendTextInput): Promise<MessageRecord> {
    return this.#request('POST', `/message/sendText/${seg(ref.instanceName)}`, ref.token, messageRecordSchema, {
      number: input.number,
      text: input.text,
      ...(input.delay !== undefined ? { delay: input.delay } : {}),
      ...(input.linkPreview !== undefined ? { linkPreview: input.linkPreview } : {}),
      ...(input.mentioned ? { mentioned: input.mentioned } : {}),
      ...quotedBody(input.quoted),
    });
  }

  // ref §3.8: URL or raw base64 (a data: prefix is stripped)
  async sendMedia(ref: InstanceRef, input: SendMediaInput): Promise<MessageRecord> {
    const media = toGatewayMedia(input.media);
    const mimetype = input.mimetype ?? media.mimetype;
    return this.#request('POST', `/message/sendMedia/${seg(ref.instanceName)}`, ref.token, messageRecordSchema, {
      number: input.number,
      mediatype: input.mediatype,
      ...(mimetype ? { mimetype } : {}),
      ...(input.caption !== undefined ? { caption: input.caption } : {}),
      media: media.media,
      ...(input.fileName ? { fileName: input.fileName } : {}),
      ...(input.delay !== undefined ? { delay: input.delay } : {}),
      ...quotedBody(input.quoted),
    });
  }

  // ref §3.9
  async sendWhatsAppAudio(ref: InstanceRef, input: SendAudioInput): Promise<MessageRecord> {
    return this.#request('POST', `/message/sendWhatsAppAudio/${seg(ref.instanceName)}`, ref.token, messageRecordSchema, {
      number: input.number,
      audio: toGatewayMedia(input.audio).media,
      ...(input.delay !== undefined ? { delay: input.delay } : {}),
      ...(input.encoding !== undefined ? { encoding: input.encoding } : {}),
      ...quotedBody(input.quoted),
    });
  }

  // Evolution v2 sendSticker (not in the reference's excerpt; same envelope as §3.9): {number, sticker}
  async sendSticker(ref: InstanceRef, input: SendStickerInput): Promise<MessageRecord> {
    return this.#request('POST', `/message/sendSticker/${seg(ref.instanceName)}`, ref.token, messageRecordSchema, {
      number: input.number,
      sticker: toGatewayMedia(input.sticker).media,
      ...(input.delay !== undefined ? { delay: input.delay } : {}),
      ...quotedBody(input.quoted),
    });
  }

  // ref §3.10, cached per instance and number for 30 minutes (001 §9); answers in input order
  async whatsappNumbers(ref: InstanceRef, numbers: readonly string[]): Promise<NumberCheck[]> {
    const cacheKey = (n: string): string => `${ref.instanceName}\u0000${n}`;
    const t = this.#now();
    const missing = [...new Set(numbers.filter((n) => (this.#numberCache.get(cacheKey(n))?.expiresAt ?? 0) <= t))];
    if (missing.length > 0) {
      const path = `/chat/whatsappNumbers/${seg(ref.instanceName)}`;
      const answers = await this.#request('POST', path, ref.token, numberCheckSchema.array(), { numbers: missing });
      answers.forEach((answer, i) => {
        const asked = missing.includes(answer.number) ? answer.number : missing[i];
        if (asked !== undefined) this.#numberCache.set(cacheKey(asked), { value: answer, expiresAt: t + NUMBER_CACHE_TTL_MS });
      });
    }
    return numbers.flatMap((n) => {
      const hit = this.#numberCache.get(cacheKey(n));
      return hit ? [hit.value] : [];
    });
  }

  // forget cached number checks (e.g. after a lead's phone changed)
  clearNumberCache(): void {
    this.#numberCache.clear();
  }

  // ref §3.11: page is 1-based, offset is the page size, newest first
  async findMessages(ref: InstanceRef, input: FindMessagesInput): Promise<MessagePage> {
    const keyFilter = {
      ...(input.remoteJid ? { remoteJid: input.remoteJid } : {}),
      ...(input.remoteJidAlt ? { remoteJidAlt: input.remoteJidAlt } : {}),
      ...(input.fromMe ? { fromMe: true } : {}),
      ...(input.id ? { id: input.id } : {}),
    };
    const where = {
      ...(Object.keys(keyFilter).length > 0 ? { key: keyFilter } : {}),
      ...(input.messageType ? { messageType: input.messageType } : {}),
      ...(input.timestamp ? { messageTimestamp: { gte: toIso(input.timestamp.gte), lte: toIso(input.timestamp.lte) } } : {}),
    };
    const body = { where, page: input.page ?? 1, ...(input.offset !== undefined ? { offset: input.offset } : {}) };
    const path = `/chat/findMessages/${seg(ref.instanceName)}`;
    return (await this.#request('POST', path, ref.token, findMessagesResponseSchema, body)).messages;
  }

  // ref §3.12 / §7: the gateway silently drops @lid keys, so the phone JID (remoteJidAlt) is sent
  async markMessageAsRead(ref: InstanceRef, keys: readonly ReadableKey[]): Promise<{ sent: number; skipped: number }> {
    const readMessages = keys.flatMap((k) => {
      const remoteJid = phoneJidOfKey(k);
      return remoteJid ? [{ remoteJid, fromMe: k.fromMe, id: k.id }] : [];
    });
    if (readMessages.length > 0) {
      const path = `/chat/markMessageAsRead/${seg(ref.instanceName)}`;
      await this.#request('POST', path, ref.token, markReadResponseSchema, { readMessages });
    }
    return { sent: readMessages.length, skipped: keys.length - readMessages.length };
  }

  // ref §3.13: how incoming media is downloaded
  async getBase64FromMediaMessage(
    ref: InstanceRef,
    messageId: string,
    options: { convertToMp4?: boolean } = {},
  ): Promise<MediaBase64> {
    return this.#request(
      'POST',
      `/chat/getBase64FromMediaMessage/${seg(ref.instanceName)}`,
      ref.token,
      mediaBase64ResponseSchema,
      {
        message: { key: { id: messageId } },
        convertToMp4: options.convertToMp4 ?? false,
      },
    );
  }
}
