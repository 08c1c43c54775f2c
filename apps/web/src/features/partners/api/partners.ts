// Partners administration (002 §7 'Admin': GET, POST, PUT, DELETE cadastros/parceiros; the units a
// partner may be given come from cadastros/unidades/parceiro).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { writeResultSchema } from '@funil/domain/admin-api/fields';
import { partnerListSchema, type PartnerCreate, type PartnerUpdate } from '@funil/domain/admin-api/partners';
import { partnerUnitsSchema } from '@funil/domain/admin-api/units';

import { apiRequest, http } from '../../../lib/http-client.ts';

const partnersKey = ['admin', 'parceiros'] as const;

export function usePartners() {
  return useQuery({
    queryKey: partnersKey,
    queryFn: ({ signal }) => http.get('/cadastros/parceiros', partnerListSchema.shape.data, signal),
    staleTime: 0,
  });
}

export function usePartnerUnits() {
  return useQuery({
    queryKey: ['admin', 'unidades-parceiro'],
    queryFn: ({ signal }) => http.get('/cadastros/unidades/parceiro', partnerUnitsSchema.shape.data, signal),
  });
}

export function useSavePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partner: { create: PartnerCreate } | { update: PartnerUpdate }) =>
      'create' in partner
        ? apiRequest('/cadastros/parceiros', { method: 'POST', body: partner.create, schema: writeResultSchema.shape.data })
        : apiRequest('/cadastros/parceiros', { method: 'PUT', body: partner.update, schema: writeResultSchema.shape.data }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnersKey }),
  });
}

export function useDeletePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('/cadastros/parceiros', { method: 'DELETE', body: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnersKey }),
  });
}
