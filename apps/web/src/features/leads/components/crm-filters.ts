// The CRM list's filter state (002 §2.1 filter chips, attendance filter and date type; 001 §2
// "Lead list panel") and its translation into the contact-list filter that buildContactListPath
// turns into segments.
import { endOfDayFilter, startOfDayFilter } from '@funil/domain/format/date';
import { ALL_CHIP_ID, contactListChipFilter, type ContactListChipId } from '@funil/domain/leads/contact-list-chips';

import type { ListFilter } from '../api/lead-keys.ts';

/** The advanced filter area, as applied ('Aplicar'); dates are 'YYYY-MM-DD'. */
export type AdvancedFilter = {
  cli_status_negociacao: number | null;
  cli_status_negociacao_venda: number | null;
  cli_contato_status: number | null;
  cli_tipo_lead: number | null;
  /** 002 §2.1 attendance filter (cli_atendimento): 0 Todos, 1 Atendidos por mim, 2 Não Atendido. */
  cli_atendimento: 0 | 1 | 2;
  cli_campanha_nome: string;
  tags: number[];
  atendentes: number[];
  data_inicio: string | null;
  data_fim: string | null;
  /** 002 §2.1 date type: 0 capture date, 1 attendance date. */
  tipo_data: 0 | 1;
  /**
   * 001 §4 message status (status_mensagem), for a screen that asks for it (the mass-send
   * composer's segment, 002 §7); the CRM list has no such filter (002 §2.1) and leaves it out.
   */
  status_mensagem?: number | null;
};

export const EMPTY_ADVANCED_FILTER: AdvancedFilter = {
  cli_status_negociacao: null,
  cli_status_negociacao_venda: null,
  cli_contato_status: null,
  cli_tipo_lead: null,
  cli_atendimento: 0,
  cli_campanha_nome: '',
  tags: [],
  atendentes: [],
  data_inicio: null,
  data_fim: null,
  tipo_data: 0,
};

export type CrmFilterState = { search: string; chip: ContactListChipId; advanced: AdvancedFilter };

export const EMPTY_CRM_FILTER: CrmFilterState = { search: '', chip: ALL_CHIP_ID, advanced: EMPTY_ADVANCED_FILTER };

/** How many advanced filters are set (shown on the filter toggle). */
export function countAdvancedFilters(filter: AdvancedFilter): number {
  return [
    filter.cli_status_negociacao !== null,
    filter.cli_status_negociacao_venda !== null,
    filter.cli_contato_status !== null,
    filter.cli_tipo_lead !== null,
    filter.cli_atendimento !== 0,
    filter.cli_campanha_nome !== '',
    filter.tags.length > 0,
    filter.atendentes.length > 0,
    filter.data_inicio !== null || filter.data_fim !== null,
    filter.status_mensagem != null,
  ].filter(Boolean).length;
}

/**
 * The contact-list filter of the CRM state (000 §7 positions): the search text, the advanced
 * filters with the chip over them (its contact status, or the attendants: the viewer for 'Meus
 * Atendimentos', the unassigned id for 'Não Atribuídos'), and the dates as whole days (001 §5:
 * 00:00:00 to 23:59:59).
 */
export function toListFilter(state: CrmFilterState, viewerId: number): ListFilter {
  const { advanced } = state;
  const chip = contactListChipFilter(state.chip, viewerId);
  return {
    cli_status_negociacao: advanced.cli_status_negociacao,
    cli_status_negociacao_venda: advanced.cli_status_negociacao_venda,
    cli_contato_status: chip.cli_contato_status ?? advanced.cli_contato_status,
    texto_busca: state.search.trim(),
    cli_tipo_lead: advanced.cli_tipo_lead,
    status_envio_massa: null,
    cli_campanha_nome: advanced.cli_campanha_nome,
    tags: advanced.tags,
    atendentes: chip.atendentes ?? advanced.atendentes,
    cli_atendimento: advanced.cli_atendimento === 0 ? null : advanced.cli_atendimento,
    data_inicio: advanced.data_inicio ? startOfDayFilter(advanced.data_inicio) : null,
    data_fim: advanced.data_fim ? endOfDayFilter(advanced.data_fim) : null,
    tipo_data: advanced.tipo_data,
  };
}
