// In-memory shapes of the emulator. Field names follow the reference (ref §3.6 Prisma
// Instance, §4.1 Webhook row, §6 message record).

export type ConnectionState = 'open' | 'connecting' | 'close' | 'refused';

export type MessageKey = {
  remoteJid: string;
  fromMe: boolean;
  id: string;
  participant?: string;
  remoteJidAlt?: string;
  addressingMode?: 'pn' | 'lid';
};

export type MessageRecord = {
  key: MessageKey;
  pushName: string;
  status: string;
  message: Record<string, unknown>;
  contextInfo?: Record<string, unknown>;
  messageType: string;
  messageTimestamp: number;
  instanceId: string;
  source: 'android' | 'ios' | 'web' | 'desktop' | 'unknown';
};

export type StoredMedia = { data?: Buffer; url?: string; mimetype: string; fileName?: string };

export type StoredMessage = {
  dbId: string; // Evolution's DB cuid (ref §3.11 top-level `id`)
  record: MessageRecord;
  ackStatus: string; // highest status seen; record.status stays as stored (ref §3.11)
  updates: { status: string }[];
  media?: StoredMedia;
  viaApi: boolean;
};

export type WebhookRow = {
  id: string;
  url: string;
  headers: Record<string, string>;
  enabled: boolean;
  events: string[];
  webhookByEvents: boolean;
  webhookBase64: boolean;
  createdAt: string;
  updatedAt: string;
  instanceId: string;
};

export type QrCode = { pairingCode: string | null; code: string; base64: string; count: number };

export type QrMode = 'normal' | 'empty' | 'error';

export type Settings = {
  rejectCall: boolean;
  msgCall: string;
  groupsIgnore: boolean;
  alwaysOnline: boolean;
  readMessages: boolean;
  readStatus: boolean;
  syncFullHistory: boolean;
  wavoipToken: string;
};

export type ReadKey = { remoteJid: string; fromMe: boolean; id: string };

export type Instance = {
  id: string;
  name: string;
  token: string;
  integration: string;
  state: ConnectionState;
  ownerJid: string | null;
  profileName: string | null;
  profilePicUrl: string | null;
  number: string | null;
  createdAt: string;
  updatedAt: string;
  disconnectionReasonCode: number | null;
  disconnectionAt: string | null;
  settings: Settings;
  settingsId: string;
  webhook: WebhookRow | null;
  qr: QrCode | null;
  qrCount: number;
  qrMode: QrMode;
  messages: StoredMessage[];
  contacts: Map<string, { pushName: string }>;
  readReceipts: ReadKey[];
};

export type EmittedEvent = { event: string; instance: string; data: unknown; at: string };

export type LoggedRequest = {
  method: string;
  url: string;
  apikey: string | undefined;
  contentType: string | undefined;
  body: unknown;
};
