// GET orientacoes/lista (000 §7): the guidance texts of the home screen.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { guidanceListSchema } from '@funil/domain/unit/unit-data';

import { http } from '../../../lib/http-client.ts';

export const guidanceQuery = queryOptions({
  queryKey: ['orientacoes'],
  queryFn: ({ signal }) => http.get('/orientacoes/lista', guidanceListSchema.shape.data, signal),
});

export function useGuidance() {
  return useQuery(guidanceQuery);
}
