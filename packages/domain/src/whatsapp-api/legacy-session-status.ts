// 001 §4 "Legacy WhatsApp session": which statuses of the session count as connected, and what
// the browser does with the others.
import { z } from 'zod';

/** 001 §4: CONNECTED, PAIRING and TIMEOUT count as connected. */
export const CONNECTED_SESSION_STATUSES = ['CONNECTED', 'PAIRING', 'TIMEOUT'] as const;

/** 001 §9: the legacy flow polls the session every 10 s. */
export const LEGACY_SESSION_POLL_MS = 10_000;

/** 001 §4: the text shown when the QR dialog closes because the session connected. */
export const LEGACY_SESSION_CONNECTED_MESSAGE = 'Whatsapp conectado com sucesso!';

export const legacySessionSchema = z.object({ status: z.string(), qrcode: z.string().nullable().optional() });
export type LegacySession = z.infer<typeof legacySessionSchema>;

export type LegacySessionState = 'connected' | 'qrcode' | 'reconnect';

/** 001 §4: connected statuses; 'qrcode' shows the QR; anything else asks for a session restart. */
export function legacySessionState(status: string): LegacySessionState {
  if ((CONNECTED_SESSION_STATUSES as readonly string[]).includes(status.toUpperCase())) return 'connected';
  if (status.toLowerCase() === 'qrcode') return 'qrcode';
  return 'reconnect';
}
