// A complete crm_contato lead and the providers for this feature's component tests.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { ThemeProvider } from '@mui/material';
import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { makeCrmContato } from '@funil/domain/testing/factories';
import { theme } from '../../../app/theme.ts';
import { answerCalls, type FetchCall } from '../../../testing/kit.tsx';

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

/** The fake API (the web test kit's MSW server) answering by `METHOD /api/path`; records every call. */
export function stubApi(routes: Record<string, (call: FetchCall) => { status?: number; body: unknown }>) {
  return answerCalls(routes);
}
