// Quick messages (001 §7 "Quick messages"): GET whatsapp/modelos, POST whatsapp/adicionarModelo
// (201), editarModelo (204), deletarModelo (204). One query key, shared by the composer's '/'
// suggestions, the 'Modelos de mensagem' dialog and the 'Modelos' screen.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  allQuickMessages,
  quickMessagesResponseSchema,
  type QuickMessageCreateBody,
  type QuickMessageEditBody,
  type QuickMessagesResponse,
  type ScopedQuickMessage,
} from '@funil/domain/whatsapp-api/quick-messages-api';

import { apiRequest } from '../../../lib/http-client.ts';

export const quickMessagesQuery = queryOptions({
  queryKey: ['whatsapp-modelos'],
  queryFn: ({ signal }) => apiRequest('/whatsapp/modelos', { schema: quickMessagesResponseSchema.shape.data, signal }),
  staleTime: 60_000,
});

export type QuickMessagesState = {
  /** The three lists as one (company, unit, own), undefined while loading. */
  templates: ScopedQuickMessage[] | undefined;
  data: QuickMessagesResponse['data'] | undefined;
  isLoading: boolean;
  isError: boolean;
};

/** The templates the user may use: the three scopes of GET whatsapp/modelos. */
export function useQuickMessages(options: { enabled?: boolean } = {}): QuickMessagesState {
  const query = useQuery({ ...quickMessagesQuery, enabled: options.enabled ?? true });
  return {
    templates: query.data ? allQuickMessages(query.data) : undefined,
    data: query.data,
    isLoading: query.isLoading,
    isError: query.isError,
  };
}

function useAfter<T>(fn: (arg: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: quickMessagesQuery.queryKey }) });
}

export function useCreateQuickMessage() {
  return useAfter((body: QuickMessageCreateBody) => apiRequest('/whatsapp/adicionarModelo', { method: 'POST', body }));
}

export function useEditQuickMessage() {
  return useAfter((body: QuickMessageEditBody) => apiRequest('/whatsapp/editarModelo', { method: 'POST', body }));
}

export function useDeleteQuickMessage() {
  return useAfter((idModelo: number) => apiRequest('/whatsapp/deletarModelo', { method: 'POST', body: { idModelo } }));
}
