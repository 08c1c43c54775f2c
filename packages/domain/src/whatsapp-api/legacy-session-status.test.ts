import { describe, expect, it } from 'vitest';
import { legacySessionState } from './legacy-session-status.ts';

describe("001 §4 'Legacy WhatsApp session'", () => {
  it('counts CONNECTED, PAIRING and TIMEOUT as connected', () => {
    for (const status of ['CONNECTED', 'PAIRING', 'TIMEOUT', 'connected']) expect(legacySessionState(status)).toBe('connected');
  });
  it("shows the QR for 'qrcode' and asks for a reconnect otherwise", () => {
    expect(legacySessionState('qrcode')).toBe('qrcode');
    expect(legacySessionState('DISCONNECTED')).toBe('reconnect');
    expect(legacySessionState('')).toBe('reconnect');
  });
});
