// Stand-ins for the shell modules (session, unit data, socket) in this feature's component tests:
// a logged admin of company 7 with the gateway enabled, and a socket whose events the test emits.
import { useEffect, useRef } from 'react';
import type { CurrentUser } from '@funil/domain/auth/login';
import type { Permission } from '@funil/domain/access/roles';
import { parseRealtimePayload } from '@funil/domain/realtime/events';

export const ID_EMPRESA = 7;
export const shell = { permissao: 'a' as Permission };
const handlers = new Map<string, Set<(payload: unknown) => void>>();

export function currentUser(): CurrentUser {
  return {
    idUser: 3,
    name: 'Adriana Moreira',
    permissao: shell.permissao,
    nomePermissao: 'Administrador da Unidade',
    webphone: false,
    idUnidade: 1,
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
  useLoadedUnitData: () => ({ evolutionHabilitado: true, dados_unidade: { idEmpresa: ID_EMPRESA }, instancias_evolution: [] }),
};

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
