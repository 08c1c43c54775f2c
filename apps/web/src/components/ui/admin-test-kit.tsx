// Test kit of the admin screens: the providers a screen needs and a fetch that answers by
// "METHOD /path" and records what was sent. Only for *.test.tsx files.
import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { ThemeProvider } from '@mui/material';
import { vi } from 'vitest';
import { theme } from '../../app/theme.ts';

// A first data-grid render on a loaded 2-core machine takes seconds: wait for it.
configure({ asyncUtilTimeout: 10_000 });

export function renderAdmin(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <SnackbarProvider>{node}</SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
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
