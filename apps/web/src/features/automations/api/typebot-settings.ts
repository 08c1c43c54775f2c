// The unit's Typebot server and flows (issue 25 'Typebot through the gateway'): read by the builder's
// 'Iniciar fluxo do Typebot' step, changed by the admin in 'Configurar Typebot'.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { typebotSettingsResponseSchema, type TypebotSettings } from '@funil/domain/automations/automations';

import { apiRequest, http } from '../../../lib/http-client.ts';

const key = ['automacoes', 'typebot'] as const;

export function useTypebotSettings() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => http.get('/automacoes/typebot', typebotSettingsResponseSchema.shape.data, signal),
  });
}

export function useSaveTypebotSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TypebotSettings) =>
      apiRequest('/automacoes/typebot', { method: 'PUT', body, schema: typebotSettingsResponseSchema.shape.data }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
