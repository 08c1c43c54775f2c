// Query keys of the leads feature: one place, so a change invalidates exactly what it touched.
import type { ContactListFilter } from '@funil/domain/leads/filter-segments';

/** A contact-list filter without its page: the pages of one filter accumulate under one key. */
export type ListFilter = Omit<ContactListFilter, 'page'>;

export const leadKeys = {
  all: ['leads'] as const,
  lists: () => ['leads', 'list'] as const,
  list: (filter: ListFilter) => ['leads', 'list', filter] as const,
  detail: (id: number) => ['leads', 'detail', id] as const,
  history: (id: number) => ['leads', 'history', id] as const,
  appointments: (id: number) => ['leads', 'appointments', id] as const,
  campaigns: () => ['leads', 'campaigns'] as const,
  csvImport: (id: number) => ['leads', 'csv-import', id] as const,
};

export const unitTagsKey = ['tags'] as const;
export const unitsKey = ['unidades'] as const;
