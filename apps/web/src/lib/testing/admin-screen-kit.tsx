// Test helpers of the admin screens: a fetch that answers by 'METHOD /path' and records what was
// sent, the providers the screens need, and stand-ins for the shell modules (session, unit data,
// socket) so that a test can pick the role and emit socket events.
import { useEffect, useRef, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { ThemeProvider } from '@mui/material';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { CurrentUser } from '@funil/domain/auth/login';
import type { Permission } from '@funil/domain/access/roles';
import { parseRealtimePayload } from '@funil/domain/realtime/events';
import { theme } from '../../app/theme.ts';

export const ID_EMPRESA = 7;
export const ID_UNIDADE = 1;
export const shell = { permissao: 'a' as Permission };

export function currentUser(): CurrentUser {
  return {
    idUser: 3,
    name: 'Adriana Moreira',
    permissao: shell.permissao,
    nomePermissao: 'Administrador da Unidade',
    webphone: false,
    idUnidade: ID_UNIDADE,
    idEmpresa: ID_EMPRESA,
    habilita_mensagem_whatsapp: false,
    idAtendente: 3,
    dataAtualizacao: '2025-11-20T10:00:00.000Z',
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
  useLoadedUnitData: () => ({ dados_unidade: { id: ID_UNIDADE, idEmpresa: ID_EMPRESA, nome: 'Centro', nomeEmpresa: 'Imobiliária Horizonte' } }),
};

/** A company that is not the session's, for the super-admin's company picker (issue 10). */
export const OTHER_EMPRESA = 9;
const companyRow = (id: number, nome: string) => ({ id, nome, idCompany: id, ativo: 1, unidades: 1, usuarios: 2, datacad: '2025-11-01T13:00:00.000Z', dataAtualizacao: '2025-11-01T13:00:00.000Z' });
/** GET cadastros/empresas: the session's company and another one. */
export const companiesAnswer = {
  'GET /cadastros/empresas': { body: { data: [companyRow(ID_EMPRESA, 'Imobiliária Horizonte'), companyRow(OTHER_EMPRESA, 'Construtora Sul')] } },
};

const handlers = new Map<string, Set<(payload: unknown) => void>>();

function useSocketEvent<T>(event: string, handler: (payload: T) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    // As the real hook: only payloads of the realtime contract reach the handler.
    const listener = (payload: unknown) => {
      const parsed = parseRealtimePayload(event, payload);
      if (parsed.ok) ref.current(parsed.payload as T);
    };
    const set = handlers.get(event) ?? new Set();
    set.add(listener);
    handlers.set(event, set);
    return () => {
      set.delete(listener);
    };
  }, [event]);
}

export const socketModule = { useSocketEvent, useSocketConnect: () => undefined };

/** Delivers a socket event to every subscriber. */
export function emitSocket(event: string, payload: unknown): void {
  for (const listener of handlers.get(event) ?? []) listener(payload);
}

type Answer = { status?: number; body: unknown } | ((body: unknown) => { status?: number; body: unknown });
export type SentRequest = { method: string; path: string; body: unknown };

/** Stubs fetch: each 'METHOD /path' (after /api, with its query) answers its JSON; an unknown path fails loudly. */
export function answerFetch(routes: Record<string, Answer>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
      const path = url.replace(/^\/api/, '');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, path, body });
      const route = routes[`${method} ${path}`];
      if (!route) return Promise.reject(new Error(`fetch inesperado: ${method} ${url}`));
      const answer = typeof route === 'function' ? route(body) : route;
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } }));
    }),
  );
  return sent;
}

/** `path`: the router's first entry (a screen that reads its search params). */
export function renderWithProviders(ui: ReactNode, client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }), path = '/') {
  return {
    client,
    ...render(
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={client}>
          <SnackbarProvider>
            <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
          </SnackbarProvider>
        </QueryClientProvider>
      </ThemeProvider>,
    ),
  };
}
