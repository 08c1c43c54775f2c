// A message's file (GET /api/whatsapp/midia/{id}) needs the bearer token, so it is fetched once as a
// blob and shown through an object URL; a temp_ bubble's data URL is shown as it is.
import { useQuery } from '@tanstack/react-query';

import { authorizedBlobUrl } from '../../../lib/http-client.ts';
import { messageKeys } from './messages.ts';

/** The displayable URL of a message's file; null while loading; `error` when it cannot be read. */
export function useMediaUrl(url: string | null): { src: string | null; error: boolean; loading: boolean } {
  const direct = url !== null && (url.startsWith('data:') || url.startsWith('blob:'));
  const query = useQuery({
    queryKey: [...messageKeys.media(), url],
    queryFn: ({ signal }) => authorizedBlobUrl(url as string, signal),
    enabled: url !== null && !direct,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    retry: 1,
  });
  if (url === null) return { src: null, error: false, loading: false };
  if (direct) return { src: url, error: false, loading: false };
  return { src: query.data ?? null, error: query.isError, loading: query.isLoading };
}
