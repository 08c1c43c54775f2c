// The web test kit (issue 22 §4): the providers every screen needs (renderWithProviders), the one
// signed-in user (makeCurrentUser), the fake API (MSW, ./api-server.ts) and stand-ins for the shell
// modules (session, unit data, socket) so that a test can pick the role and emit socket events.
// Only for *.test.ts(x) files and the feature kits they import.
import { ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { useEffect, useRef, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

import type { Permission } from '@funil/domain/access/roles';
import type { CurrentUser } from '@funil/domain/auth/login';
import { parseRealtimePayload } from '@funil/domain/realtime/events';

import { theme } from '../app/theme.ts';

export const ID_EMPRESA = 7;
export const ID_UNIDADE = 1;
export const shell = { permissao: 'a' as Permission };

/** The signed-in user of a test: Adriana, of the unit and company above, with the role in `shell.permissao`. */
export function makeCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
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
    ...overrides,
  };
}

export const sessionModule = {
  useCurrentUser: () => makeCurrentUser(),
  getAuth: () => ({ isLoggedIn: true as const, token: 'token-de-teste', currentUser: makeCurrentUser() }),
  endSession: () => undefined,
};

export const unitDataModule = {
  unitDataQuery: { queryKey: ['unit-data'] },
  useLoadedUnitData: () => ({
    dados_unidade: { id: ID_UNIDADE, idEmpresa: ID_EMPRESA, nome: 'Centro', nomeEmpresa: 'Imobiliária Horizonte' },
  }),
};

/** A company that is not the session's, for the super-admin's company picker (issue 10). */
export const OTHER_EMPRESA = 9;
const companyRow = (id: number, nome: string) => ({
  id,
  nome,
  idCompany: id,
  ativo: 1,
  unidades: 1,
  usuarios: 2,
  datacad: '2025-11-01T13:00:00.000Z',
  dataAtualizacao: '2025-11-01T13:00:00.000Z',
});
/** GET cadastros/empresas: the session's company and another one. */
export const companiesAnswer = {
  'GET /cadastros/empresas': {
    body: { data: [companyRow(ID_EMPRESA, 'Imobiliária Horizonte'), companyRow(OTHER_EMPRESA, 'Construtora Sul')] },
  },
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

export {
  answerCalls,
  answerRequests,
  sentRequests,
  serveApi,
  type ApiAnswer,
  type FetchCall,
  type SentRequest,
} from './api-server.ts';

const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** The providers every screen needs: theme, query client (no retries), snackbars, a router at `path`. */
function TestProviders({ client, path, children }: { client: QueryClient; path: string; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <SnackbarProvider>
          <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

/** `path`: the router's first entry (a screen that reads its search params). `rerender` keeps the providers. */
export function renderWithProviders(ui: ReactNode, client = testQueryClient(), path = '/') {
  return {
    client,
    ...render(ui, {
      wrapper: ({ children }) => (
        <TestProviders client={client} path={path}>
          {children}
        </TestProviders>
      ),
    }),
  };
}

/** A hook inside the same providers; `result.current` is its latest value. */
export function renderHookWithProviders<T>(hook: () => T, client = testQueryClient()) {
  return renderHook(hook, {
    wrapper: ({ children }) => (
      <TestProviders client={client} path="/">
        {children}
      </TestProviders>
    ),
  });
}

/**
 * An element's computed text colour as `rgb(r, g, b)`, as a browser reports it. happy-dom (the web
 * tests' DOM, vitest.config.ts) reports a colour as it was written (`#53bdeb`).
 */
export function computedColor(element: Element): string {
  const color = getComputedStyle(element).color.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return color;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
