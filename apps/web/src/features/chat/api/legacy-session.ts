// The legacy session behind the v2/legacy chips (001 §4 "Legacy WhatsApp session", §7 "Legacy
// channel"): its status and QR polled every 10 s, and a restart when it is neither connected nor
// showing a QR. Served by Funil's server against the gateway (paths in docs/api.md).
import { useMutation, useQuery } from '@tanstack/react-query';
import { legacySessionSchema, LEGACY_SESSION_POLL_MS } from '@funil/domain/whatsapp-api/legacy-session-status';
import { apiRequest } from '../../../lib/http-client.ts';

export const legacySessionKey = ['chat', 'legacy-session'] as const;
export const LEGACY_SESSION_PATH = '/whatsapp/sessao';

export function useLegacySession(enabled: boolean) {
  return useQuery({
    queryKey: legacySessionKey,
    queryFn: ({ signal }) => apiRequest(LEGACY_SESSION_PATH, { schema: legacySessionSchema, signal, envelope: false }),
    enabled,
    refetchInterval: LEGACY_SESSION_POLL_MS,
    retry: false,
  });
}

export function useRestartLegacySession() {
  return useMutation({ mutationFn: () => apiRequest(LEGACY_SESSION_PATH, { method: 'PUT', schema: legacySessionSchema }) });
}
