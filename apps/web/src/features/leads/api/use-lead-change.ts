// One mutation hook for every lead action: applies the answer to the caches, says the outcome in
// a snackbar (001 §8 wording where the spec has one, the server's message otherwise).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';

import type { CrmContato } from '@funil/domain/leads-api/lead-api';

import { ApiError } from '../../../lib/api-error.ts';
import { applyLeadChange } from './lead-cache.ts';

/** 001 §8 "Lead action". */
export const LEAD_ACTION_ERROR = 'Erro ao executar ação';

export type LeadChangeOptions<V> = {
  request: (vars: V) => Promise<CrmContato | null>;
  /** Snackbar on success; none when absent. */
  success?: string | ((vars: V, lead: CrmContato | null) => string);
  /** A fixed failure text of the spec (e.g. 'Erro ao atribuir cliente.'); else the server's message. */
  error?: string;
  onDone?: (lead: CrmContato | null, vars: V) => void;
};

export function useLeadChange<V>(leadId: number, { request, success, error, onDone }: LeadChangeOptions<V>) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: request,
    onSuccess: (lead, vars) => {
      applyLeadChange(queryClient, leadId, lead);
      if (success) enqueueSnackbar(typeof success === 'function' ? success(vars, lead) : success, { variant: 'success' });
      onDone?.(lead, vars);
    },
    onError: (cause) => {
      const serverMessage = cause instanceof ApiError && cause.status > 0 && cause.status < 500 ? cause.message : null;
      enqueueSnackbar(error ?? serverMessage ?? LEAD_ACTION_ERROR, { variant: 'error' });
    },
  });
}
