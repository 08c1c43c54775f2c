// Automations (issue 25; 002 §2.7): the unit's rules, their performance and the run log.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  performanceResponseSchema,
  retryResponseSchema,
  ruleResponseSchema,
  rulesResponseSchema,
  type AutomationInput,
} from '@funil/domain/automations/automations';

import { apiRequest, http } from '../../../lib/http-client.ts';

const rulesKey = ['automacoes'] as const;

export function useAutomations() {
  return useQuery({
    queryKey: rulesKey,
    queryFn: ({ signal }) => http.get('/automacoes', rulesResponseSchema.shape.data, signal),
    staleTime: 0,
  });
}

export function useAutomationPerformance(id: number | null) {
  return useQuery({
    queryKey: [...rulesKey, id, 'desempenho'],
    queryFn: ({ signal }) => http.get(`/automacoes/${id}/desempenho`, performanceResponseSchema.shape.data, signal),
    enabled: id !== null,
    refetchInterval: 5_000,
  });
}

export function useSaveAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: { id?: number; body: AutomationInput }) =>
      rule.id === undefined
        ? apiRequest('/automacoes', { method: 'POST', body: rule.body, schema: ruleResponseSchema.shape.data })
        : apiRequest(`/automacoes/${rule.id}`, { method: 'PUT', body: rule.body, schema: ruleResponseSchema.shape.data }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rulesKey }),
  });
}

export function useToggleAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: { id: number; habilitado: boolean }) =>
      apiRequest(`/automacoes/${rule.id}/status`, {
        method: 'PUT',
        body: { habilitado: rule.habilitado },
        schema: ruleResponseSchema.shape.data,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rulesKey }),
  });
}

export function useRetryRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (run: { idRule: number; idRun: number; passo: number }) =>
      apiRequest(`/automacoes/${run.idRule}/execucoes/${run.idRun}/repetir`, {
        method: 'POST',
        body: { passo: run.passo },
        schema: retryResponseSchema.shape.data,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rulesKey }),
  });
}
