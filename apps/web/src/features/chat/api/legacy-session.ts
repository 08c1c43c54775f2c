// The legacy session behind the v2/legacy chips (001 §4 "Legacy WhatsApp session", §7 "Legacy
// channel"): GET whatsapp/sessao polled every 10 s (status and QR), and PUT whatsappsession/{id}
// to restart it when it is neither connected nor showing a QR. Served by Funil's server against
// the gateway (docs/api.md).
import { useMutation, useQuery } from '@tanstack/react-query';

import { LEGACY_QR_POLL_MS, legacySessionSchema } from '@funil/domain/whatsapp-api/legacy-session-api';

import { apiRequest } from '../../../lib/http-client.ts';

export const legacySessionKey = ['chat', 'legacy-session'] as const;

export function useLegacySession(enabled: boolean) {
  return useQuery({
    queryKey: legacySessionKey,
    queryFn: ({ signal }) => apiRequest('/whatsapp/sessao', { schema: legacySessionSchema, signal }),
    enabled,
    refetchInterval: LEGACY_QR_POLL_MS,
    retry: false,
  });
}

export function useRestartLegacySession() {
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/whatsappsession/${id}`, { method: 'PUT', schema: legacySessionSchema }),
  });
}
