// The Meta connection's calls (issue 23 §2 §5 §6): /api/meta/… The login itself is the server's: the
// screen asks for the dialog's address and the browser goes there; Facebook sends it back to
// /api/meta/retorno, which redirects to /integracao-meta?meta=conectado|erro&mensagem=….
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  metaAvailablePagesSchema,
  metaConnectSchema,
  metaMessageSchema,
  metaStatusSchema,
  metaSyncResultSchema,
  metaSyncStateSchema,
  type MetaPagesChoice,
  type MetaSettings,
} from '@funil/domain/meta/meta-api';

import { apiRequest } from '../../../lib/http-client.ts';

const metaKey = ['meta'] as const;

export function useMetaStatus() {
  return useQuery({
    queryKey: [...metaKey, 'conexao'],
    queryFn: ({ signal }) => apiRequest('/meta/conexao', { signal, schema: metaStatusSchema, envelope: true }),
    staleTime: 0,
  });
}

/** For /anuncios and /campanhas: whether 'Sincronizar com o Meta' shows. */
export function useMetaSyncState() {
  return useQuery({
    queryKey: [...metaKey, 'estado'],
    queryFn: ({ signal }) => apiRequest('/meta/estado', { signal, schema: metaSyncStateSchema, envelope: true }),
    staleTime: 60_000,
  });
}

export function useMetaPages(enabled: boolean) {
  return useQuery({
    queryKey: [...metaKey, 'paginas'],
    queryFn: ({ signal }) => apiRequest('/meta/paginas', { signal, schema: metaAvailablePagesSchema, envelope: true }),
    enabled,
    staleTime: 0,
  });
}

/** The login dialog's address; the caller sends the browser there. */
export function useMetaConnect() {
  return useMutation({
    mutationFn: () => apiRequest('/meta/conectar', { schema: metaConnectSchema, envelope: true }),
  });
}

function useMetaWrite<T>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: metaKey }),
  });
}

export const useMetaSystemToken = () =>
  useMetaWrite((token: string) =>
    apiRequest('/meta/token', { method: 'POST', body: { token }, schema: metaMessageSchema, envelope: true }),
  );

export const useMetaDisconnect = () =>
  useMetaWrite(() => apiRequest('/meta/conexao', { method: 'DELETE', schema: metaMessageSchema, envelope: true }));

export const useMetaSavePages = () =>
  useMetaWrite((choice: MetaPagesChoice) =>
    apiRequest('/meta/paginas', { method: 'PUT', body: choice, schema: metaMessageSchema, envelope: true }),
  );

export const useMetaSaveSettings = () =>
  useMetaWrite((settings: MetaSettings) =>
    apiRequest('/meta/configuracao', { method: 'PUT', body: settings, schema: metaMessageSchema, envelope: true }),
  );

/** 'Sincronizar com o Meta': the catalogue and the spend; refreshes the catalogue and the costs after. */
export function useMetaSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/meta/sincronizar', { method: 'POST', body: {}, schema: metaSyncResultSchema, envelope: true }),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: metaKey }),
        client.invalidateQueries({ queryKey: ['anuncios'] }),
        client.invalidateQueries({ queryKey: ['admin', 'campanhas'] }),
      ]);
    },
  });
}
