// Query keys of the leads feature: one place, so a change invalidates exactly what it touched.
import type { ContactListFilter } from '@funil/domain/leads/filter-segments';

/** A contact-list filter without its page: the pages of one filter accumulate under one key. */
export type ListFilter = Omit<ContactListFilter, 'page'>;

export const leadKeys = {
  all: ['leads'] as const,
  lists: () => ['leads', 'list'] as const,
  list: (filter: ListFilter, idUnidade: number | null = null) => ['leads', 'list', filter, idUnidade] as const,
  detail: (id: number) => ['leads', 'detail', id] as const,
  /** A lead of the unit a company admin (ag) chose on /webphone (issue 12): read-only, its own key. */
  unitDetail: (id: number, idUnidade: number) => ['leads', 'unit-detail', id, idUnidade] as const,
  history: (id: number) => ['leads', 'history', id] as const,
  /** Under the history's key: whatever refreshes the history refreshes the lead's automation runs (issue 25). */
  automationRuns: (id: number) => ['leads', 'history', id, 'automacoes'] as const,
  appointments: (id: number) => ['leads', 'appointments', id] as const,
  campaigns: () => ['leads', 'campaigns'] as const,
  csvImport: (id: number) => ['leads', 'csv-import', id] as const,
};

export const unitTagsKey = ['tags'] as const;
export const unitsKey = ['unidades'] as const;
