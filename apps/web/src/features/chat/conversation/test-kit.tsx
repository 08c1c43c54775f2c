// Test helpers of the conversation: providers, a fetch answering by path, and stand-ins for the shell
// modules (session, unit data, socket) whose socket events the test emits. Mocked per test file.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { ThemeProvider } from '@mui/material';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { CurrentUser } from '@funil/domain/auth/login';
import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { makeCrmContato } from '@funil/domain/testing/factories';
import { theme } from '../../../app/theme.ts';
import { socketModule as adminSocketModule } from '../../../testing/kit.tsx';

export const ID_EMPRESA = 7;
export const shell = { permissao: 'u' as CurrentUser['permissao'], extras: '{}', instances: [{ id: 1, name: 'loja-1', connectionStatus: 'open', ownerJid: null, profileName: null }] as { id: number; name: string; connectionStatus: string; ownerJid: string | null; profileName: string | null }[] };

export function currentUser(): CurrentUser {
  return {
    idUser: 3,
    name: 'Adriana Moreira',
    permissao: shell.permissao,
    nomePermissao: 'Atendente',
    webphone: false,
    idUnidade: 1,
    idEmpresa: ID_EMPRESA,
    habilita_mensagem_whatsapp: false,
    idAtendente: 3,
    dataAtualizacao: '2026-03-10T10:00:00.000Z',
    dataDeslogar: null,
  };
}

export const sessionModule = {
  useCurrentUser: currentUser,
  getAuth: () => ({ isLoggedIn: true as const, token: 'token-de-teste', currentUser: currentUser() }),
  endSession: () => undefined,
};

export const unitDataModule = {
  unitDataQuery: { queryKey: ['unit-data'] },
  useLoadedUnitData: () => ({
    evolutionHabilitado: true,
    dados_unidade: { idEmpresa: ID_EMPRESA },
    instancias_evolution: shell.instances,
    crm_configuracoes: { configuracoesExtra: shell.extras },
  }),
};

const fakeSocket = { connected: true, on: () => undefined, off: () => undefined };
// The admin kit's socket stand-in (events parsed by the realtime contract), plus the socket object the composer reads.
export const socketModule = { ...adminSocketModule, useSocket: () => fakeSocket };

export { emitSocket } from '../../../testing/kit.tsx';

type Answer = { status?: number; body: unknown } | ((init?: RequestInit) => Promise<Response>);

/** Stubs fetch: each 'METHOD /path' or '/path' (after /api) answers; an unknown path fails loudly. */
export function answerFetch(routes: Record<string, Answer>): ReturnType<typeof vi.fn> {
  const mock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const path = url.replace(/^\/api/, '');
    const answer = routes[`${init?.method ?? 'GET'} ${path}`] ?? routes[path];
    if (!answer) return Promise.reject(new Error(`fetch inesperado: ${init?.method ?? 'GET'} ${url}`));
    if (typeof answer === 'function') return answer(init);
    return Promise.resolve(jsonResponse(answer.body, answer.status));
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export const jsonResponse = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function renderWithProviders(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrap = (node: ReactNode) => (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <SnackbarProvider>
          <MemoryRouter>{node}</MemoryRouter>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
  const view = render(wrap(ui));
  return { client, ...view, rerender: (node: ReactNode) => view.rerender(wrap(node)) };
}

/** A complete crm_contato lead for GET contato/completo (what the conversation reads of its lead). */
export function testContact(overrides: Partial<CrmContato> = {}): { crm_contato_completo: CrmContato; crm_potencial_negociacao: [] } {
  return {
    crm_contato_completo: makeCrmContato({
      cli_crm_id: 10,
      cli_nome: 'Paulo Lima',
      cli_telefone: '11987650000',
      idEmpresa: ID_EMPRESA,
      whatsapp_blocked: 0,
      idTicket: null,
      idInstanciaEvolution: 1,
      dataAtualizacao: '2026-03-10T10:00:00.000Z',
      ...overrides,
    }),
    crm_potencial_negociacao: [],
  };
}
