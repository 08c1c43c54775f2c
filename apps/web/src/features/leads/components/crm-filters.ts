// The CRM list's filter state (002 §2.1, 001 §2 "Lead list panel", §4 "Quick filters") and its
// translation into the contact-list filter that buildContactListPath turns into segments.
import { endOfDayFilter, startOfDayFilter } from '@funil/domain/format/date';
import { NO_QUICK_FILTERS, visibleQuickFilters, type QuickFilterChip, type QuickFilterState } from '@funil/domain/leads/quick-filters';
import type { ListFilter } from '../api/lead-keys.ts';

/** The advanced filter area, as applied ('Aplicar'); dates are 'YYYY-MM-DD'. */
export type AdvancedFilter = {
  cli_status_negociacao: number | null;
  cli_status_negociacao_venda: number | null;
  cli_contato_status: number | null;
  cli_tipo_lead: number | null;
  cli_campanha_nome: string;
  tags: number[];
  atendentes: number[];
  data_inicio: string | null;
  data_fim: string | null;
  /** 002 §2.1 date type: 0 capture date, 1 attendance date. */
  tipo_data: 0 | 1;
};

export const EMPTY_ADVANCED_FILTER: AdvancedFilter = {
  cli_status_negociacao: null,
  cli_status_negociacao_venda: null,
  cli_contato_status: null,
  cli_tipo_lead: null,
  cli_campanha_nome: '',
  tags: [],
  atendentes: [],
  data_inicio: null,
  data_fim: null,
  tipo_data: 0,
};

export type CrmFilterState = { search: string; quick: QuickFilterState; advanced: AdvancedFilter };

export const EMPTY_CRM_FILTER: CrmFilterState = { search: '', quick: NO_QUICK_FILTERS, advanced: EMPTY_ADVANCED_FILTER };

// The contact-list segments (000 §7) can say "assigned to me" (atendentes) and "attended by me" /
// "not attended" (cli_atendimento), but have no position for read/unread or unassigned leads, so
// those chips of 001 §4 are not offered on this list.
const CHIPS_THE_LIST_CAN_FILTER: ReadonlySet<QuickFilterChip> = new Set(['todos', 'meus_atendimentos', 'atendidos_por_mim', 'nao_atendidos']);

/** The quick filter chips of the CRM list: 001 §4 visibility, narrowed to what the list read can filter. */
export function crmQuickFilters(settings: { clienteAtendente: boolean; atendimentoHabilitado: boolean }): QuickFilterChip[] {
  return visibleQuickFilters(settings).filter((chip) => CHIPS_THE_LIST_CAN_FILTER.has(chip));
}

/** How many advanced filters are set (shown on the filter toggle). */
export function countAdvancedFilters(filter: AdvancedFilter): number {
  return [
    filter.cli_status_negociacao !== null,
    filter.cli_status_negociacao_venda !== null,
    filter.cli_contato_status !== null,
    filter.cli_tipo_lead !== null,
    filter.cli_campanha_nome !== '',
    filter.tags.length > 0,
    filter.atendentes.length > 0,
    filter.data_inicio !== null || filter.data_fim !== null,
  ].filter(Boolean).length;
}

/**
 * The contact-list filter of the CRM state (000 §7 positions): the search text, the advanced
 * filters, 'Meus atendimentos' as the viewer in atendentes, the attended chips as cli_atendimento
 * (1 attended by me, 2 not attended), and the dates as whole days (001 §5: 00:00:00 to 23:59:59).
 */
export function toListFilter(state: CrmFilterState, viewerId: number): ListFilter {
  const { advanced, quick } = state;
  return {
    cli_status_negociacao: advanced.cli_status_negociacao,
    cli_status_negociacao_venda: advanced.cli_status_negociacao_venda,
    cli_contato_status: advanced.cli_contato_status,
    texto_busca: state.search.trim(),
    cli_tipo_lead: advanced.cli_tipo_lead,
    status_envio_massa: null,
    cli_campanha_nome: advanced.cli_campanha_nome,
    tags: advanced.tags,
    atendentes: quick.meus_atendimentos ? [viewerId] : advanced.atendentes,
    cli_atendimento: quick.atendidos_por_mim ? 1 : quick.nao_atendidos ? 2 : null,
    data_inicio: advanced.data_inicio ? startOfDayFilter(advanced.data_inicio) : null,
    data_fim: advanced.data_fim ? endOfDayFilter(advanced.data_fim) : null,
    tipo_data: advanced.tipo_data,
  };
}
