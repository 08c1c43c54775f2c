// The quick messages the 'Enviar mensagem rápida' step may use (issue 25 'Steps'): GET whatsapp/modelos
// (001 §7), the company's and the unit's (an attendant's own is not the unit's). The same query key as
// the quick-messages feature, so both share one cache entry.
import { useQuery } from '@tanstack/react-query';

import { quickMessagesResponseSchema, type QuickMessage } from '@funil/domain/whatsapp-api/quick-messages-api';

import { apiRequest } from '../../../lib/http-client.ts';

export function useUnitQuickMessages(): QuickMessage[] {
  const query = useQuery({
    queryKey: ['whatsapp-modelos'],
    queryFn: ({ signal }) => apiRequest('/whatsapp/modelos', { schema: quickMessagesResponseSchema.shape.data, signal }),
    staleTime: 60_000,
  });
  return query.data ? [...query.data.modelos_empresa, ...query.data.modelos_unidade] : [];
}
