// GET contato/busca_agendamentos_cliente/{id} (000 §7, 001 §7): the lead's appointments (001 §3).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { appointmentsResponseSchema } from '@funil/domain/leads-api/lead-api';

import { http } from '../../../lib/http-client.ts';
import { leadKeys } from './lead-keys.ts';

export function appointmentsQuery(id: number) {
  return queryOptions({
    queryKey: leadKeys.appointments(id),
    queryFn: ({ signal }) => http.get(`/contato/busca_agendamentos_cliente/${id}`, appointmentsResponseSchema.shape.data, signal),
    staleTime: 30_000,
  });
}

export function useAppointments(id: number) {
  return useQuery(appointmentsQuery(id));
}
