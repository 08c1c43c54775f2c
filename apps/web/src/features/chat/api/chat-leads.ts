// GET whatsapp/clientes/{page}/{filters…} (001 §7): the chat's lead list, 50 a load, last message
// first; the pages of one filter accumulate as the list scrolls. Live messages patch and reorder
// the loaded rows (moveLeadToTop) instead of reading the pages again.
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';

import { buildWhatsappClientsPath } from '@funil/domain/leads/filter-segments';
import { whatsappClientsResponseSchema, type WhatsappClientsResponse } from '@funil/domain/whatsapp-api/legacy-api';
import type { LeadSummary } from '@funil/domain/whatsapp-api/realtime';

import { apiRequest } from '../../../lib/http-client.ts';
import type { ChatListFilter } from '../chat-filters.ts';

export type ChatLeadsPage = WhatsappClientsResponse;
export type ChatLead = ChatLeadsPage['clientes'][number];

export const chatKeys = {
  all: ['chat'] as const,
  lists: () => ['chat', 'leads'] as const,
  list: (filter: ChatListFilter) => ['chat', 'leads', filter] as const,
};

export function chatLeadsPath(filter: ChatListFilter, page: number): string {
  return `/${buildWhatsappClientsPath({ ...filter, page })}`;
}

export function chatLeadsQuery(filter: ChatListFilter) {
  return infiniteQueryOptions({
    queryKey: chatKeys.list(filter),
    // The answer carries its paging beside `clientes`: read it whole.
    queryFn: ({ pageParam, signal }) =>
      apiRequest(chatLeadsPath(filter, pageParam), { schema: whatsappClientsResponseSchema, signal, envelope: true }),
    initialPageParam: 1,
    getNextPageParam: (last: ChatLeadsPage, pages: ChatLeadsPage[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.clientes.length, 0);
      return last.clientes.length > 0 && loaded < last.total ? last.pagina + 1 : undefined;
    },
    staleTime: 60_000,
  });
}

export function useChatLeads(filter: ChatListFilter) {
  return useInfiniteQuery(chatLeadsQuery(filter));
}

type Pages = InfiniteData<ChatLeadsPage>;

function lastMessageOf(summary: LeadSummary): Partial<ChatLead> {
  return {
    whatsapp_ultima_mensagem_texto: summary.whatsapp_ultima_mensagem_texto,
    whatsapp_ultima_mensagem_data_geral: summary.whatsapp_ultima_mensagem_data_geral,
    whatsapp_ultima_mensagem_data_enviada: summary.whatsapp_ultima_mensagem_data_enviada,
    whatsapp_ultima_mensagem_data_recebida: summary.whatsapp_ultima_mensagem_data_recebida,
    whatsapp_ultima_mensagem_nao_lidas: summary.whatsapp_ultima_mensagem_nao_lidas,
    whatsapp_ultima_mensagem_from_me:
      summary.whatsapp_ultima_mensagem_from_me === 1 ? 1 : summary.whatsapp_ultima_mensagem_from_me === 0 ? 0 : null,
    whatsapp_ultima_mensagem_tipo: summary.whatsapp_ultima_mensagem_tipo,
    whatsapp_ultima_mensagem_status: ([1, 2, 3] as const).find((s) => s === summary.whatsapp_ultima_mensagem_status) ?? null,
    marcado_nao_lida: summary.marcado_nao_lida === 1 ? 1 : 0,
    whatsapp_blocked: summary.whatsapp_blocked === 1 ? 1 : 0,
  };
}

/**
 * A message of a listed lead arrived or changed (001 §4 "Live updates"): its row takes the new
 * last-message fields and, when the message is new, moves to the top of the list like WhatsApp
 * Web. Returns false when no loaded list holds the lead (the caller reads the lists again).
 */
export function applyLeadSummary(queryClient: QueryClient, summary: LeadSummary, moveToTop: boolean): boolean {
  let found = false;
  queryClient.setQueriesData<Pages>({ queryKey: chatKeys.lists() }, (data) => {
    if (!data) return data;
    const row = data.pages.flatMap((page) => page.clientes).find((lead) => lead.cli_crm_id === summary.cli_crm_id);
    if (!row) return data;
    found = true;
    const next = { ...row, ...lastMessageOf(summary) } as ChatLead;
    if (!moveToTop) {
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          clientes: page.clientes.map((lead) => (lead.cli_crm_id === next.cli_crm_id ? next : lead)),
        })),
      };
    }
    const pages = data.pages.map((page) => ({
      ...page,
      clientes: page.clientes.filter((lead) => lead.cli_crm_id !== next.cli_crm_id),
    }));
    const [first, ...rest] = pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, clientes: [next, ...first.clientes] }, ...rest] };
  });
  return found;
}

/** Clears a lead's unread marker in every loaded list (001 §4 "Reading": opening a lead). */
export function clearUnread(queryClient: QueryClient, leadId: number): void {
  queryClient.setQueriesData<Pages>({ queryKey: chatKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            clientes: page.clientes.map((lead) =>
              lead.cli_crm_id === leadId && (lead.whatsapp_ultima_mensagem_nao_lidas > 0 || lead.marcado_nao_lida === 1)
                ? { ...lead, whatsapp_ultima_mensagem_nao_lidas: 0, marcado_nao_lida: 0 }
                : lead,
            ),
          })),
        }
      : data,
  );
}

/** Drops a lead from every loaded list (assigned away, deleted, transferred). */
export function dropChatLead(queryClient: QueryClient, leadId: number): void {
  queryClient.setQueriesData<Pages>({ queryKey: chatKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) =>
            page.clientes.some((lead) => lead.cli_crm_id === leadId)
              ? {
                  ...page,
                  clientes: page.clientes.filter((lead) => lead.cli_crm_id !== leadId),
                  total: Math.max(0, page.total - 1),
                }
              : page,
          ),
        }
      : data,
  );
}
