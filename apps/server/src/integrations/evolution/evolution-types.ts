import { z } from 'zod';

// Payloads of the Evolution API v2 gateway (shared/reference/evolution-api-v2.md).
// Schemas are loose: the gateway adds fields between versions, we only pin what we read.

// ref §4.1: accepted webhook `events` values (config names)
export const WEBHOOK_EVENT_NAMES = [
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
export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];

// ref §3.3: state is open | connecting | close (and briefly refused)
export const connectionStateSchema = z.enum(['open', 'connecting', 'close', 'refused']);
export type ConnectionState = z.infer<typeof connectionStateSchema>;

// ref §4.3 / §8.4: status names; only PENDING..PLAYED are ordered
export const MESSAGE_STATUS_RANK = { PENDING: 1, SERVER_ACK: 2, DELIVERY_ACK: 3, READ: 4, PLAYED: 5 } as const;
export const messageStatusSchema = z.string(); // ERROR, PENDING, SERVER_ACK, DELIVERY_ACK, READ, PLAYED, DELETED
export type MessageStatus = keyof typeof MESSAGE_STATUS_RANK | 'ERROR' | 'DELETED' | (string & {});

// ref §6 / §7: Baileys 7 key, stored raw (remoteJid may be @lid)
export const messageKeySchema = z.looseObject({
  remoteJid: z.string(),
  fromMe: z.boolean(),
  id: z.string(),
  participant: z.string().nullish(),
  remoteJidAlt: z.string().nullish(),
  participantAlt: z.string().nullish(),
  addressingMode: z.string().nullish(), // "pn" | "lid"
  senderPn: z.string().nullish(), // 2.3.1-2.3.2 name of remoteJidAlt
});
export type MessageKey = z.infer<typeof messageKeySchema>;

// ref §6: epoch seconds as a number; older versions sent a string, Long objects are possible
const longSchema = z.union([
  z.number(),
  z.string().regex(/^\d+$/).transform(Number),
  z.looseObject({ low: z.number(), high: z.number() }).transform((l) => l.high * 2 ** 32 + (l.low >>> 0)),
]);

// 1e11 seconds is the year 5138, 1e11 milliseconds is 1973: a value from here up is milliseconds.
const MILLISECONDS_FROM = 100_000_000_000;

/** A message timestamp in epoch seconds; some gateways send milliseconds (issue 21 item 2), read as seconds. */
export const epochSeconds = (value: number): number => (Math.abs(value) >= MILLISECONDS_FROM ? Math.floor(value / 1000) : value);

// 0001-01-01 and 9999-12-31 in epoch seconds: a date a message can have and PostgreSQL stores.
const EPOCH_SECONDS_RANGE = [-62_135_596_800, 253_402_300_799] as const;

/** Whether a message timestamp (epoch seconds) is a date Funil can store (issue 21 item 2). */
export const isStorableEpochSeconds = (seconds: number): boolean =>
  Number.isFinite(seconds) && seconds > EPOCH_SECONDS_RANGE[0] && seconds < EPOCH_SECONDS_RANGE[1];

// ref §6: stored message record = webhook data = send response = findMessages record
export const messageRecordSchema = z.looseObject({
  id: z.string().optional(), // Evolution DB cuid (findMessages only)
  key: messageKeySchema,
  pushName: z.string().nullish(),
  status: messageStatusSchema.nullish(),
  message: z.record(z.string(), z.unknown()).nullish(),
  contextInfo: z.record(z.string(), z.unknown()).nullish(),
  messageType: z.string(),
  messageTimestamp: longSchema.transform(epochSeconds),
  instanceId: z.string().nullish(),
  source: z.string().nullish(),
  MessageUpdate: z.array(z.looseObject({ status: messageStatusSchema })).optional(), // findMessages only (ref §3.11)
});
export type MessageRecord = z.infer<typeof messageRecordSchema>;

// ---- webhook (ref §4.2, §4.3) ----

export const webhookEnvelopeSchema = z.looseObject({
  event: z.string(), // dotted lowercase, e.g. messages.upsert
  instance: z.string(),
  data: z.unknown(),
  destination: z.string().nullish(),
  date_time: z.string().nullish(),
  sender: z.string().nullish(),
  server_url: z.string().nullish(),
  apikey: z.string().nullish(),
});
export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;

// ref §4.3 MESSAGES_UPDATE: a flat object, not a key
export const messagesUpdateDataSchema = z.looseObject({
  keyId: z.string(),
  remoteJid: z.string(),
  fromMe: z.boolean(),
  participant: z.string().nullish(),
  status: messageStatusSchema,
  instanceId: z.string().nullish(),
  messageId: z.string().nullish(),
});
export type MessagesUpdateData = z.infer<typeof messagesUpdateDataSchema>;

// ref §4.3 MESSAGES_DELETE: the raw key of the deleted message
export const messagesDeleteDataSchema = messageKeySchema;

// ref §4.3 MESSAGES_EDITED: the protocolMessage
export const messagesEditedDataSchema = z.looseObject({
  key: messageKeySchema,
  type: z.union([z.string(), z.number()]).optional(),
  editedMessage: z.record(z.string(), z.unknown()).nullish(),
});
export type MessagesEditedData = z.infer<typeof messagesEditedDataSchema>;

export const connectionUpdateDataSchema = z.looseObject({
  instance: z.string(),
  state: connectionStateSchema,
  statusReason: z.number().optional(),
  wuid: z.string().nullish(),
  profileName: z.string().nullish(),
  profilePictureUrl: z.string().nullish(),
});
export type ConnectionUpdateData = z.infer<typeof connectionUpdateDataSchema>;

// ref §4.3 QRCODE_UPDATED: the QR, or the limit message
export const qrcodeUpdatedDataSchema = z.union([
  z.looseObject({
    qrcode: z.looseObject({
      instance: z.string(),
      pairingCode: z.string().nullable(),
      code: z.string(),
      base64: z.string(),
    }),
  }),
  z.looseObject({ message: z.string(), statusCode: z.number() }),
]);

export const contactsUpsertDataSchema = z.looseObject({
  remoteJid: z.string(),
  pushName: z.string().nullish(),
  profilePicUrl: z.string().nullish(),
  instanceId: z.string().nullish(),
});

export const webhookEventSchema = z.discriminatedUnion('event', [
  webhookEnvelopeSchema.extend({ event: z.literal('messages.upsert'), data: messageRecordSchema }),
  webhookEnvelopeSchema.extend({ event: z.literal('send.message'), data: messageRecordSchema }),
  webhookEnvelopeSchema.extend({ event: z.literal('messages.update'), data: messagesUpdateDataSchema }),
  webhookEnvelopeSchema.extend({ event: z.literal('messages.delete'), data: messagesDeleteDataSchema }),
  webhookEnvelopeSchema.extend({ event: z.literal('messages.edited'), data: messagesEditedDataSchema }),
  webhookEnvelopeSchema.extend({ event: z.literal('connection.update'), data: connectionUpdateDataSchema }),
  webhookEnvelopeSchema.extend({ event: z.literal('qrcode.updated'), data: qrcodeUpdatedDataSchema }),
  webhookEnvelopeSchema.extend({ event: z.literal('contacts.upsert'), data: contactsUpsertDataSchema }),
]);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export type KnownWebhookEventName = WebhookEvent['event'];

const KNOWN_EVENTS: ReadonlySet<string> = new Set<KnownWebhookEventName>([
  'messages.upsert',
  'send.message',
  'messages.update',
  'messages.delete',
  'messages.edited',
  'connection.update',
  'qrcode.updated',
  'contacts.upsert',
]);

export type ParsedWebhook =
  | { kind: 'known'; event: WebhookEvent }
  | { kind: 'other'; envelope: WebhookEnvelope } // events Funil does not handle
  | { kind: 'invalid'; error: z.ZodError };

// Parses a webhook body: known events are validated with their payload schema.
export const parseWebhook = (body: unknown): ParsedWebhook => {
  const envelope = webhookEnvelopeSchema.safeParse(body);
  if (!envelope.success) return { kind: 'invalid', error: envelope.error };
  if (!KNOWN_EVENTS.has(envelope.data.event)) return { kind: 'other', envelope: envelope.data };
  const event = webhookEventSchema.safeParse(body);
  return event.success ? { kind: 'known', event: event.data } : { kind: 'invalid', error: event.error };
};

// ---- REST responses (ref §3) ----

// ref §1 error envelope; message is an array, or a string on 401
export const errorEnvelopeSchema = z.looseObject({
  status: z.number(),
  error: z.string().optional(),
  response: z.looseObject({ message: z.unknown() }),
});

export const qrCodeSchema = z.looseObject({
  pairingCode: z.string().nullish(),
  code: z.string(),
  base64: z.string(),
  count: z.number(),
});
export type QrCode = z.infer<typeof qrCodeSchema>;

export const createInstanceResponseSchema = z.looseObject({
  instance: z.looseObject({
    instanceName: z.string(),
    instanceId: z.string(),
    integration: z.string().optional(),
    status: z.string(),
  }),
  hash: z.string(), // ref §3.1: a string in v2 (the docs' {apikey} object is v1)
  webhook: z.looseObject({}).optional(),
  settings: z.looseObject({}).optional(),
  qrcode: z.looseObject({ count: z.number().optional() }).optional(),
});

export const instanceStateResponseSchema = z.looseObject({
  instance: z.looseObject({ instanceName: z.string(), state: connectionStateSchema }),
});

export const successResponseSchema = z.looseObject({
  status: z.literal('SUCCESS'),
  error: z.literal(false),
  response: z.looseObject({ message: z.string() }),
});

// ref §3.6: bare array of Prisma Instance rows
export const instanceRowSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  connectionStatus: z.string(),
  ownerJid: z.string().nullish(),
  profileName: z.string().nullish(),
  profilePicUrl: z.string().nullish(),
  integration: z.string().nullish(),
  number: z.string().nullish(),
  token: z.string().nullish(),
  createdAt: z.string().nullish(),
  updatedAt: z.string().nullish(),
});
export type InstanceRow = z.infer<typeof instanceRowSchema>;

// ref §4.1 Webhook row
export const webhookRowSchema = z.looseObject({
  id: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.unknown()).nullish(),
  enabled: z.boolean(),
  events: z.array(z.string()),
  webhookByEvents: z.boolean(),
  webhookBase64: z.boolean(),
  instanceId: z.string(),
});
export type WebhookRow = z.infer<typeof webhookRowSchema>;

// ref §3.10
export const numberCheckSchema = z.looseObject({
  exists: z.boolean(),
  jid: z.string(),
  number: z.string(),
  name: z.string().nullish(),
  lid: z.string().nullish(), // the flag "lid", not the LID itself
});
export type NumberCheck = z.infer<typeof numberCheckSchema>;

// ref §3.11
export const findMessagesResponseSchema = z.looseObject({
  messages: z.looseObject({
    total: z.number(),
    pages: z.number(),
    currentPage: z.number(),
    records: z.array(messageRecordSchema),
  }),
});
export type MessagePage = z.infer<typeof findMessagesResponseSchema>['messages'];

// ref §3.12
export const markReadResponseSchema = z.looseObject({ message: z.string(), read: z.string() });

// ref §3.13
export const mediaBase64ResponseSchema = z.looseObject({
  mediaType: z.string(),
  fileName: z.string().nullish(),
  caption: z.string().nullish(),
  size: z.looseObject({}).nullish(),
  mimetype: z.string(),
  base64: z.string(),
});
export type MediaBase64 = z.infer<typeof mediaBase64ResponseSchema>;
