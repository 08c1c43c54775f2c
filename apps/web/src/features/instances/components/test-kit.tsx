// Test helpers of the instances feature: an instance factory, a fetch answering by path, and the
// providers the components need (the admin kit's). The session, unit data and socket modules are mocked per file.
import { vi } from 'vitest';
import type { Instance } from '@funil/domain/whatsapp-api/instances-api';

let nextId = 1;
export function makeInstance(overrides: Partial<Instance> & { name: string }): Instance {
  return {
    id: nextId++,
    connectionStatus: 'close',
    ownerJid: null,
    telefone: null,
    profileName: null,
    profilePictureUrl: null,
    base64QrCode: null,
    ...overrides,
  };
}

type Answer = { status?: number; body: unknown } | (() => Promise<Response>);

/** Stubs fetch: each 'METHOD /path' or '/path' (after /api) answers its JSON; an unknown path fails the test loudly. */
export function answerFetch(routes: Record<string, Answer>): ReturnType<typeof vi.fn> {
  const mock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const path = url.replace(/^\/api/, '');
    const answer = routes[`${init?.method ?? 'GET'} ${path}`] ?? routes[path];
    if (!answer) return Promise.reject(new Error(`fetch inesperado: ${url}`));
    if (typeof answer === 'function') return answer();
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export { renderWithProviders } from '../../../testing/kit.tsx';
