// GET contato/crm/{segments} (000 §7, 002 §2.1): 50 leads per page; the pages of one filter
// accumulate as the list scrolls. The path is built only by buildContactListPath.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { contactListResponseSchema, type ContactListResponse } from '@funil/domain/leads-api/lead-api';
import { buildContactListPath } from '@funil/domain/leads/filter-segments';

import { http } from '../../../lib/http-client.ts';
import { leadKeys, type ListFilter } from './lead-keys.ts';

export type ContactListPage = ContactListResponse['data'];

/** `idUnidade`: the unit a company admin (ag) chose on /webphone (issue 12, 002 §2.1); null for the session's. */
export function contactListPath(filter: ListFilter, page: number, idUnidade: number | null = null): string {
  return `/${buildContactListPath('crm', { ...filter, page })}${idUnidade === null ? '' : `?idUnidade=${idUnidade}`}`;
}

export function contactListQuery(filter: ListFilter, idUnidade: number | null = null) {
  return infiniteQueryOptions({
    queryKey: leadKeys.list(filter, idUnidade),
    queryFn: ({ pageParam, signal }) =>
      http.get(contactListPath(filter, pageParam, idUnidade), contactListResponseSchema.shape.data, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ContactListPage, pages: ContactListPage[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.crm_contato.length, 0);
      return last.crm_contato.length > 0 && loaded < last.crm_contato_total.total ? last.pagina + 1 : undefined;
    },
    // Live events keep the list fresh; no refetch just because a component remounted.
    staleTime: 60_000,
  });
}

export function useContactList(filter: ListFilter, idUnidade: number | null = null) {
  return useInfiniteQuery(contactListQuery(filter, idUnidade));
}
