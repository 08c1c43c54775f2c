// Test kit of the admin screens: the providers a screen needs and a fetch that answers by
// "METHOD /path" and records what was sent. Only for *.test.tsx files.
import type { ReactNode } from 'react';
import { configure } from '@testing-library/react';
import { renderWithProviders } from '../../testing/kit.tsx';
import { vi } from 'vitest';

// A first data-grid render on a loaded 2-core machine takes seconds: wait for it.
configure({ asyncUtilTimeout: 10_000 });

/** The providers a screen needs (the admin screen kit's, with a router). */
export function renderAdmin(node: ReactNode) {
  return renderWithProviders(node);
}

export type Answer = { status?: number; body: unknown };
export type SentRequest = { method: string; path: string; body: unknown };

/**
 * Stubs fetch: `answers['GET /cadastros/unidade']` answers that call (the path without /api and
 * without its query); an unknown call answers 404. Returns the requests sent, in order.
 */
export function stubApi(answers: Record<string, Answer | ((body: unknown) => Answer)>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = url.replace(/^\/api/, '').split('?')[0] ?? '';
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, path: url.replace(/^\/api/, ''), body });
      const entry = answers[`${method} ${path}`];
      const answer = typeof entry === 'function' ? entry(body) : (entry ?? { status: 404, body: { message: 'Rota não encontrada.', status: 404 } });
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } }));
    }),
  );
  return sent;
}
