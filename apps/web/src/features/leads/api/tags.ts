// Tags (001 §7 Tags): the unit's list (cached 300 s), creation, and a lead's assignments.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { leadTagsChangeResponseSchema, tagCreatedResponseSchema, tagsResponseSchema } from '@funil/domain/leads-api/tags-api';

import { apiRequest, http } from '../../../lib/http-client.ts';
import { unitTagsKey } from './lead-keys.ts';

export const unitTagsQuery = queryOptions({
  queryKey: unitTagsKey,
  queryFn: ({ signal }) => http.get('/tags', tagsResponseSchema.shape.data, signal),
});

export function useUnitTags() {
  return useQuery(unitTagsQuery);
}

/** POST tags {nome, cor}: only the name is required (001 §5). */
export function createTag(nome: string, cor: string) {
  return http.post('/tags', { nome, cor }, tagCreatedResponseSchema.shape.data);
}

/** POST tagsClientes/{idContato} {tags:[{id_tag}]}: the lead's tags after the change. */
export function addLeadTags(leadId: number, tagIds: readonly number[]) {
  return http.post(
    `/tagsClientes/${leadId}`,
    { tags: tagIds.map((id_tag) => ({ id_tag })) },
    leadTagsChangeResponseSchema.shape.data,
  );
}

/** DELETE tagsClientes/{idContato}/{idTag}: the lead's tags after the change. */
export function removeLeadTag(leadId: number, tagId: number) {
  return apiRequest(`/tagsClientes/${leadId}/${tagId}`, { method: 'DELETE', schema: leadTagsChangeResponseSchema.shape.data });
}
