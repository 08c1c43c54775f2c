// GET contato/crm/{segments} (000 §7, 002 §2.1): 50 leads per page; the pages of one filter
// accumulate as the list scrolls. The path is built only by buildContactListPath.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { buildContactListPath } from '@funil/domain/leads/filter-segments';
import { contactListResponseSchema, type ContactListResponse } from '@funil/domain/leads-api/lead-api';
import { http } from '../../../lib/http-client.ts';
import { leadKeys, type ListFilter } from './lead-keys.ts';

export type ContactListPage = ContactListResponse['data'];

export function contactListPath(filter: ListFilter, page: number): string {
  return `/${buildContactListPath('crm', { ...filter, page })}`;
}

export function contactListQuery(filter: ListFilter) {
  return infiniteQueryOptions({
    queryKey: leadKeys.list(filter),
    queryFn: ({ pageParam, signal }) => http.get(contactListPath(filter, pageParam), contactListResponseSchema.shape.data, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ContactListPage, pages: ContactListPage[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.crm_contato.length, 0);
      return last.crm_contato.length > 0 && loaded < last.crm_contato_total.total ? last.pagina + 1 : undefined;
    },
    // Live events keep the list fresh; no refetch just because a component remounted.
    staleTime: 60_000,
  });
}

export function useContactList(filter: ListFilter) {
  return useInfiniteQuery(contactListQuery(filter));
}
