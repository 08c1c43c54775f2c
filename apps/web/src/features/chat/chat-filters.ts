// The chat lead list's filter (001 §3 "Filters (lead list)", §4 "Quick filters"): the search, the
// quick chips and the advanced area, turned into the positional segments of GET whatsapp/clientes.
import type { WhatsappClientsFilter } from '@funil/domain/leads/filter-segments';
import { NO_QUICK_FILTERS, type QuickFilterState } from '@funil/domain/leads/quick-filters';

/** The advanced area of 001 §3; applied only with 'Aplicar'. Dates are 'YYYY-MM-DD' or ''. */
export type ChatAdvancedFilter = {
  cli_status_negociacao: number | null;
  cli_status_negociacao_venda: number | null;
  cli_contato_status: number | null;
  cli_tipo_lead: number | null;
  cli_mensagem_status: number | null;
  status_mensagem: number | null;
  cli_campanha_nome: string;
  cli_data_inicio: string;
  cli_data_fim: string;
  cli_data_inicio_ultima_mensagem_recebida: string;
  cli_data_fim_ultima_mensagem_recebida: string;
  tag: readonly number[];
  atendentes: readonly number[];
};

export const EMPTY_CHAT_ADVANCED: ChatAdvancedFilter = {
  cli_status_negociacao: null,
  cli_status_negociacao_venda: null,
  cli_contato_status: null,
  cli_tipo_lead: null,
  cli_mensagem_status: null,
  status_mensagem: null,
  cli_campanha_nome: '',
  cli_data_inicio: '',
  cli_data_fim: '',
  cli_data_inicio_ultima_mensagem_recebida: '',
  cli_data_fim_ultima_mensagem_recebida: '',
  tag: [],
  atendentes: [],
};

export type ChatListState = { search: string; quick: QuickFilterState; advanced: ChatAdvancedFilter };

export const EMPTY_CHAT_LIST_STATE: ChatListState = { search: '', quick: NO_QUICK_FILTERS, advanced: EMPTY_CHAT_ADVANCED };

/** A filter without its page: the pages of one filter accumulate under one query key. */
export type ChatListFilter = Omit<WhatsappClientsFilter, 'page'>;

// 001 §5 "Date filters": the start is sent as 00:00:00 and the end as 23:59:59.
const startOf = (day: string) => (day ? `${day} 00:00:00` : null);
const endOf = (day: string) => (day ? `${day} 23:59:59` : null);

/** The list filter of a state (001 §7 GET whatsapp/clientes). */
export function toChatListFilter(state: ChatListState): ChatListFilter {
  const a = state.advanced;
  return {
    cli_status_negociacao: a.cli_status_negociacao,
    cli_status_negociacao_venda: a.cli_status_negociacao_venda,
    cli_contato_status: a.cli_contato_status,
    texto_busca: state.search.trim(),
    cli_tipo_lead: a.cli_tipo_lead,
    cli_mensagem_status: a.cli_mensagem_status,
    cli_campanha_nome: a.cli_campanha_nome.trim(),
    cli_data_inicio: startOf(a.cli_data_inicio),
    cli_data_fim: endOf(a.cli_data_fim),
    cli_data_inicio_ultima_mensagem_recebida: startOf(a.cli_data_inicio_ultima_mensagem_recebida),
    cli_data_fim_ultima_mensagem_recebida: endOf(a.cli_data_fim_ultima_mensagem_recebida),
    tag: a.tag,
    atendentes: a.atendentes,
    status_mensagem: a.status_mensagem,
    ...state.quick,
  };
}

/** How many advanced filters are set (the badge on the filter button). */
export function countChatAdvanced(a: ChatAdvancedFilter): number {
  return Object.values(a).filter((value) => (Array.isArray(value) ? value.length > 0 : value !== null && value !== '')).length;
}

/** 001 §4 "Message status filter (status_mensagem)". */
export const MESSAGE_STATUS_OPTIONS = [
  { id: 0, nome: 'Não enviada' },
  { id: 1, nome: 'Nunca respondeu' },
  { id: 2, nome: 'Respondeu' },
  { id: 3, nome: 'Respondeu a última mensagem' },
  { id: 4, nome: 'Bloqueado' },
] as const;
