// The legacy WhatsApp session (001 §4 "Legacy WhatsApp session", §7 "Legacy channel"): the status
// and QR behind the v2/legacy chips and the QR dialog, served by our server against the gateway.
import { z } from 'zod';

/** 001 §4: the statuses a session reports; CONNECTED, PAIRING and TIMEOUT count as connected, 'qrcode' shows a QR. */
export const LEGACY_SESSION_STATUSES = ['CONNECTED', 'PAIRING', 'TIMEOUT', 'qrcode', 'OPENING', 'DISCONNECTED'] as const;
export type LegacySessionStatus = (typeof LEGACY_SESSION_STATUSES)[number];

/** 001 §4: CONNECTED, PAIRING and TIMEOUT count as connected. */
export function legacySessionConnected(status: string): boolean {
  return status === 'CONNECTED' || status === 'PAIRING' || status === 'TIMEOUT';
}

/** What the dialog does with a status (001 §4): close when connected, show the QR, or ask for a reconnect. */
export function legacySessionStep(status: string): 'connected' | 'qrcode' | 'reconnect' {
  if (legacySessionConnected(status)) return 'connected';
  return status === 'qrcode' ? 'qrcode' : 'reconnect';
}

/** 001 §9: the QR status is polled every 10 s. */
export const LEGACY_QR_POLL_MS = 10_000;

export const LEGACY_SESSION_MESSAGES = {
  /** 001 §4: the dialog closes with it once connected. */
  connected: 'Whatsapp conectado com sucesso!',
  noSession: 'Nenhuma conexão de WhatsApp cadastrada para esta unidade.',
  noQr: 'QR Code indisponível.',
} as const;

/**
 * GET /api/whatsapp/sessao (001 §7 'GET {whatsapp api}/api/whatsapp/{id}': status and qrcode) and
 * PUT /api/whatsappsession/{id} (restart): the unit's session — its gateway instance — with the
 * QR as a PNG data URL when status is 'qrcode'. id null when the unit has no instance.
 */
export const legacySessionSchema = z.object({
  id: z.number().int().nullable(),
  status: z.enum(LEGACY_SESSION_STATUSES),
  qrcode: z.string().nullable(),
});
export type LegacySession = z.infer<typeof legacySessionSchema>;
