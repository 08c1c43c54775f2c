// GET contato/completo/{id} (000 §3 "Full contact", 001 §7): the selected lead and the company's potentials.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { fullContactResponseSchema } from '@funil/domain/leads-api/lead-api';

import { http } from '../../../lib/http-client.ts';
import { leadKeys } from './lead-keys.ts';

export const fullContactSchema = fullContactResponseSchema.shape.data;

export function fullContactQuery(id: number) {
  return queryOptions({
    queryKey: leadKeys.detail(id),
    queryFn: ({ signal }) => http.get(`/contato/completo/${id}`, fullContactSchema, signal),
    staleTime: 30_000,
  });
}

export function useFullContact(id: number | null) {
  return useQuery({ ...fullContactQuery(id ?? 0), enabled: id !== null });
}

/** A lead of the unit a company admin (ag) chose on /webphone (issue 12, 002 §2.1): ?idUnidade=, read-only. */
export function useUnitFullContact(id: number, idUnidade: number) {
  return useQuery({
    queryKey: leadKeys.unitDetail(id, idUnidade),
    queryFn: ({ signal }) => http.get(`/contato/completo/${id}?idUnidade=${idUnidade}`, fullContactSchema, signal),
    staleTime: 30_000,
  });
}
