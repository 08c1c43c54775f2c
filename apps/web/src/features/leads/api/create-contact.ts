// POST contato/cadastrarcontato/manual (000 §3 "Contact create payload", §7): the new lead's id.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { contactCreatedResponseSchema } from '@funil/domain/leads-api/lead-api';
import type { ContactCreatePayload } from '@funil/domain/leads/contact';

import { http } from '../../../lib/http-client.ts';
import { leadKeys } from './lead-keys.ts';

export function createContact(payload: ContactCreatePayload) {
  return http.post('/contato/cadastrarcontato/manual', payload, contactCreatedResponseSchema.shape.data);
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: leadKeys.campaigns() }),
      ]);
    },
  });
}
