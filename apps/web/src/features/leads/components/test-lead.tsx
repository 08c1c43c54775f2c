// A complete crm_contato lead and the providers for this feature's component tests.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { ThemeProvider } from '@mui/material';
import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { makeCrmContato } from '@funil/domain/testing/factories';
import { theme } from '../../../app/theme.ts';

export function testCrmContato(overrides: Partial<CrmContato> = {}): CrmContato {
  return makeCrmContato(overrides);
}

/** Renders with the theme, a fresh query client (no retries) and the snackbar. */
export function renderWithProviders(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
  return {
    client,
    ...render(
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={client}>
          <SnackbarProvider>{node}</SnackbarProvider>
        </QueryClientProvider>
      </ThemeProvider>,
    ),
  };
}

type FetchCall = { url: string; method: string; body: unknown };

/** A fetch stub answering by `METHOD path`; records every call. */
export function stubApi(routes: Record<string, (call: FetchCall) => { status?: number; body: unknown }>) {
  const calls: FetchCall[] = [];
  const fetchMock = (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const call: FetchCall = { url: input, method, body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : (raw ?? null) };
    calls.push(call);
    const route = routes[`${method} ${input}`];
    const answer = route ? route(call) : { status: 404, body: { message: 'Não encontrado', status: 404 } };
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 }));
  };
  return { calls, fetchMock };
}
