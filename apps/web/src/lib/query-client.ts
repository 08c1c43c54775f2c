// The one TanStack Query client: the shell reads from it, logout empties it.
import { QueryClient } from '@tanstack/react-query';

import { ApiError } from './api-error.ts';

// 000 §9: cached lists live 300 s.
const CACHED_LIST_MS = 300_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: CACHED_LIST_MS,
      // An attendant keeps the app open all day: refresh on demand ('Atualizar Dados'), not on every focus.
      refetchOnWindowFocus: false,
      // A 4xx will not fix itself; a dropped connection may.
      retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
    },
  },
});
