// Test kit of the admin screens: the providers a screen needs and the fake API answering by
// "METHOD /path" (the web test kit's MSW server), recording what was sent. Only for *.test.tsx files.
import { configure } from '@testing-library/react';
import type { ReactNode } from 'react';

import { renderWithProviders, serveApi, type SentRequest } from '../../testing/kit.tsx';

// A first render of a screen on a loaded 2-core machine takes seconds: wait for it.
configure({ asyncUtilTimeout: 10_000 });

/** The providers a screen needs (the admin screen kit's, with a router). */
export function renderAdmin(node: ReactNode) {
  return renderWithProviders(node);
}

export type { SentRequest } from '../../testing/kit.tsx';
export type Answer = { status?: number; body: unknown };

/**
 * The fake API (MSW, the kit's): `answers['GET /cadastros/unidade']` answers that call (the path
 * without /api and without its query); an unknown call answers 404. Returns the requests sent, in order.
 */
export function stubApi(answers: Record<string, Answer | ((body: unknown) => Answer | Promise<Answer>)>): SentRequest[] {
  return serveApi((call) => {
    const entry = answers[`${call.method} ${call.path.split('?')[0] ?? ''}`];
    return typeof entry === 'function'
      ? entry(call.body)
      : (entry ?? { status: 404, body: { message: 'Rota não encontrada.', status: 404 } });
  });
}
