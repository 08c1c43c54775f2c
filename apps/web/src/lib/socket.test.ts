// The browser's socket (issue 7 §3): events reach a handler only parsed by the realtime contract,
// and a socket the server ends (its session ended: logout elsewhere, deactivation, expiry) ends
// the session in this browser.
import { cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { leadUpdateEvent } from '@funil/domain/realtime/events';

import { startRealtime, useSocketEvent } from './socket.ts';

const fake = vi.hoisted(() => {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    on(name: string, fn: (...args: unknown[]) => void) {
      handlers.set(name, (handlers.get(name) ?? new Set()).add(fn));
      return socket;
    },
    off(name: string, fn: (...args: unknown[]) => void) {
      handlers.get(name)?.delete(fn);
      return socket;
    },
    disconnect: () => socket,
  };
  return {
    socket,
    emit: (name: string, ...args: unknown[]) => handlers.get(name)?.forEach((fn) => fn(...args)),
    endSession: vi.fn(),
    loggingOut: { value: false },
  };
});
vi.mock('socket.io-client', () => ({ io: () => fake.socket }));
vi.mock('./session.ts', () => ({
  getAuth: () => ({ isLoggedIn: true, token: 'token-de-teste' }),
  subscribeAuth: () => () => undefined,
  endSession: fake.endSession,
  isUserLogoutUnderway: () => fake.loggingOut.value,
}));

afterEach(cleanup);

describe('socket (issue 7 §3)', () => {
  it('hands a handler only payloads of the contract', () => {
    const stop = startRealtime();
    const got: unknown[] = [];
    function Probe() {
      useSocketEvent(leadUpdateEvent(5), (p) => got.push(p));
      return null;
    }
    render(createElement(Probe));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake.emit('lead-5-update', { lead: { cli_crm_id: 5 } });
    fake.emit('lead-5-update', { action: 'whatsapp', cli_crm_id: 5, idUnidade: 1 });
    expect(got).toEqual([{ action: 'whatsapp', cli_crm_id: 5, idUnidade: 1 }]);
    stop();
  });

  it('ends the browser session when the server ends the socket, not when the connection drops', () => {
    const stop = startRealtime();
    fake.emit('disconnect', 'transport close');
    expect(fake.endSession).not.toHaveBeenCalled();
    fake.emit('disconnect', 'io server disconnect');
    expect(fake.endSession).toHaveBeenCalledWith('Sessão expirada. Faça login novamente.');
    stop();
  });

  it("does not read the socket closed by the user's own 'Sair' as an expiry", () => {
    fake.endSession.mockClear();
    const stop = startRealtime();
    fake.loggingOut.value = true;
    fake.emit('disconnect', 'io server disconnect');
    expect(fake.endSession).not.toHaveBeenCalled();
    fake.loggingOut.value = false;
    stop();
  });
});
