// Keeps the cached list pages and the selected lead in step with a lead as the server now has it:
// every change answers the lead (docs/api.md), so a row is patched instead of refetching pages.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import type { CrmContato } from '@funil/domain/leads-api/lead-api';

import type { ContactListPage } from './get-contact-list.ts';
import type { fullContactSchema } from './get-full-contact.ts';
import { leadKeys } from './lead-keys.ts';

type FullContact = z.output<typeof fullContactSchema>;

function mapPages(data: InfiniteData<ContactListPage> | undefined, change: (page: ContactListPage) => ContactListPage) {
  return data ? { ...data, pages: data.pages.map(change) } : data;
}

/** Replaces the lead's row in every loaded page (rows of other leads keep their identity). */
export function patchLeadRows(queryClient: QueryClient, lead: CrmContato): void {
  queryClient.setQueriesData<InfiniteData<ContactListPage>>({ queryKey: leadKeys.lists() }, (data) =>
    mapPages(data, (page) =>
      page.crm_contato.some((row) => row.cli_crm_id === lead.cli_crm_id)
        ? { ...page, crm_contato: page.crm_contato.map((row) => (row.cli_crm_id === lead.cli_crm_id ? lead : row)) }
        : page,
    ),
  );
}

/** Drops a lead that left the unit or was deleted from every loaded page. */
export function dropLeadRows(queryClient: QueryClient, leadId: number): void {
  queryClient.setQueriesData<InfiniteData<ContactListPage>>({ queryKey: leadKeys.lists() }, (data) =>
    mapPages(data, (page) =>
      page.crm_contato.some((row) => row.cli_crm_id === leadId)
        ? {
            ...page,
            crm_contato: page.crm_contato.filter((row) => row.cli_crm_id !== leadId),
            crm_contato_total: { total: Math.max(0, page.crm_contato_total.total - 1) },
          }
        : page,
    ),
  );
}

/** Whether the lead is in a loaded page of any list. */
export function isLeadListed(queryClient: QueryClient, leadId: number): boolean {
  return queryClient
    .getQueriesData<InfiniteData<ContactListPage>>({ queryKey: leadKeys.lists() })
    .some(([, data]) => data?.pages.some((page) => page.crm_contato.some((row) => row.cli_crm_id === leadId)) ?? false);
}

/** Applies a change's answer: the lead as it is now, or null once it left the unit. */
export function applyLeadChange(queryClient: QueryClient, leadId: number, lead: CrmContato | null): void {
  if (lead === null) {
    dropLeadRows(queryClient, leadId);
    queryClient.removeQueries({ queryKey: leadKeys.detail(leadId) });
    return;
  }
  patchLeadRows(queryClient, lead);
  queryClient.setQueryData<FullContact>(leadKeys.detail(leadId), (full) =>
    // A change's answer is the lead without its origin (issue 23 §4): the detail keeps the one it read.
    full ? { ...full, crm_contato_completo: { ...lead, origem: full.crm_contato_completo.origem } } : full,
  );
  void queryClient.invalidateQueries({ queryKey: leadKeys.history(leadId) });
}
