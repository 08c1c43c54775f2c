// A complete crm_contato lead and the providers for this feature's component tests.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { ThemeProvider } from '@mui/material';
import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { makeLead } from '@funil/domain/testing/factories';
import { theme } from '../../../app/theme.ts';

export function testCrmContato(overrides: Partial<CrmContato> = {}): CrmContato {
  return {
    ...makeLead({ cli_crm_id: 41, cli_nome: 'Maria Oliveira', cli_telefone: '11987654321', cli_id: 0, unidade: 1, idEmpresa: 1, idUsuario: null, nome_atendimento: null }),
    whatsapp_ultima_mensagem_texto: null,
    whatsapp_ultima_mensagem_data_geral: null,
    whatsapp_ultima_mensagem_data_enviada: null,
    whatsapp_ultima_mensagem_data_recebida: null,
    whatsapp_ultima_mensagem_nao_lidas: 0,
    whatsapp_ultima_mensagem_from_me: null,
    whatsapp_ultima_mensagem_tipo: null,
    whatsapp_ultima_mensagem_status: null,
    tags: [],
    id_potencial: null,
    valor_potencial: 0,
    cli_data_atendimento: null,
    cli_campanha_id: null,
    ad_id: null,
    cli_tentativas: 0,
    cli_tentativas_diarias: 0,
    dataAtualizacao: '2025-11-20T10:00:00.000Z',
    ...overrides,
  };
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
