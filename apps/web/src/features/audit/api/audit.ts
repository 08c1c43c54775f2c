// GET cadastros/auditoria?entidade=&pagina= (issue 10 "API"): the audit trail of administration
// writes, of the caller's scope (their unit or company; the super-admin all).
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { auditListSchema, type AuditEntity } from '@funil/domain/admin-api/audit';

import { apiRequest } from '../../../lib/http-client.ts';

export function useAuditTrail(entidade: AuditEntity | null, pagina: number) {
  const query = new URLSearchParams({ pagina: String(pagina) });
  if (entidade) query.set('entidade', entidade);
  return useQuery({
    queryKey: ['admin', 'auditoria', entidade, pagina],
    // The rows come with pagina, total and porPagina beside them: parse the whole body.
    queryFn: ({ signal }) =>
      apiRequest(`/cadastros/auditoria?${query.toString()}`, { signal, schema: auditListSchema, envelope: true }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
