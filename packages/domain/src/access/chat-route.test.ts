import { describe, expect, it } from 'vitest';

import { canOpenChat, chatChannelFor } from './chat-route.ts';
import type { AccessContext } from './routes.ts';

const ctx = (over: Partial<AccessContext> = {}): AccessContext =>
  ({
    permission: 'u',
    habilitaMensagemWhatsapp: true,
    extras: {},
    evolutionHabilitado: false,
    gatewayInstances: 0,
    ...over,
  }) as AccessContext;

describe('000 §6: the chat a session opens a conversation in', () => {
  it('is the gateway chat when the unit has instances and evolutionHabilitado', () => {
    expect(chatChannelFor(ctx({ evolutionHabilitado: true, gatewayInstances: 2 }))).toBe('v3');
    expect(chatChannelFor(ctx({ evolutionHabilitado: true, gatewayInstances: 0 }))).toBe('legacy');
  });
  it('is v2 with whatsapp_v2, legacy otherwise', () => {
    expect(chatChannelFor(ctx({ extras: { whatsapp_v2: true } }))).toBe('v2');
    expect(chatChannelFor(ctx())).toBe('legacy');
  });
  it('follows the route rules: an admin without the gateway opens no chat, an attendant does', () => {
    expect(canOpenChat(ctx({ permission: 'a' }))).toBe(false);
    expect(canOpenChat(ctx({ permission: 'a', evolutionHabilitado: true, gatewayInstances: 1 }))).toBe(true);
    expect(canOpenChat(ctx())).toBe(true);
  });
});
