// The pipeline's rules (002 §2.4, §4 "Pipeline", §6, §9), shared by the server and the browser.
import type { Permission } from '../access/roles.ts';
import { foldAccents } from '../format/fold.ts';
import { EMPTY_SEGMENT, type PipelineFilter } from '../leads/filter-segments.ts';

/** 002 §2.4: the two status families of the board. */
export const PIPELINE_FAMILIES = ['negociacao', 'venda'] as const;
export type PipelineFamily = (typeof PIPELINE_FAMILIES)[number];

/** Cards per column page (issue 11 "Scale": 20–50); the next page loads within 100 px of the end (002 §9). */
export const PIPELINE_COLUMN_PAGE_SIZE = 30;
/** 002 §9: the pipeline table shows 20 per page. */
export const PIPELINE_TABLE_PAGE_SIZE = 20;
/** 002 §9: the column scroll threshold. */
export const PIPELINE_SCROLL_THRESHOLD_PX = 100;

export const PIPELINE_MESSAGES = {
  /** 002 §8 "CSV export of leads fails". */
  csvFailed: 'Não foi possível exportar o arquivo CSV',
  /** 002 §8 "Empty tables". */
  emptyTable: 'Nenhum registro encontrado!',
  columnNotFound: 'Coluna não encontrada.',
  exportForbidden: 'Somente administradores podem exportar colunas.',
  moveFailed: 'Não foi possível mover o lead.',
  moved: 'Lead movido com sucesso!',
  reordered: 'Ordem atualizada.',
  neighbourNotFound: 'Card de referência não está nesta coluna.',
} as const;

/**
 * 001 §7 / 002 §2.4: statuses named erro or nenhum are not columns of the board (nor checkboxes
 * of 'Colunas'); the name is compared without case, accents and surrounding spaces.
 */
export function isBoardStatusName(nome: string): boolean {
  const plain = foldAccents(nome).trim().toLowerCase();
  return plain !== 'erro' && plain !== 'nenhum';
}

/** 002 §6: the column menu (CSV export, mass send) is for permission a or ag only. */
export function canUseColumnMenu(permission: Permission): boolean {
  return permission === 'a' || permission === 'ag';
}

/** 002 §4 / §6: dragging in the sale-status (ERP) view needs edicao_status_cliente. */
export function canDragInFamily(family: PipelineFamily, edicaoStatusCliente: boolean): boolean {
  return family === 'negociacao' || edicaoStatusCliente;
}

/**
 * The position of a card dropped between `above` and `below` (either may be missing at a column's
 * ends); ascending positions top to bottom. Null when the two are too close for a number between
 * them (the server then spreads the column's positions first).
 */
export function positionBetween(above: number | null, below: number | null): number | null {
  if (above === null && below === null) return 0;
  if (above === null) return below! - 1;
  if (below === null) return above + 1;
  const mid = above + (below - above) / 2;
  return mid > above && mid < below ? mid : null;
}

/** The filter set of 002 §3 with every value empty. */
export const EMPTY_PIPELINE_FILTER: PipelineFilter = {
  texto_busca: '',
  cli_data_inicial: null,
  cli_data_final: null,
  cli_tipo_lead: null,
  cli_campanha_nome: '',
  cli_tags: [],
  cli_atendimento: null,
  cli_status_negociacao: null,
  cli_status_negociacao_venda: null,
  cli_contato_status: null,
  ids_atendentes: [],
  meus_atendimentos: false,
  nao_atribuidos: false,
};

/** True when any value of the filter set is given (002 §4 filtroEstaAplicado). */
export function isPipelineFilterApplied(filter: PipelineFilter): boolean {
  return JSON.stringify(filter) !== JSON.stringify(EMPTY_PIPELINE_FILTER);
}

/** 002 §9 lead CSV export: the header of leads.csv. */
export function leadCsvHeader(options: { withFunnelStage: boolean; campaignId: boolean; campaignName: boolean }): string[] {
  return [
    'cli_crm_id',
    'nome',
    'telefone',
    'dataCaptura',
    ...(options.withFunnelStage ? ['etapaFunil'] : []),
    ...(options.campaignId ? ['idCampanha'] : []),
    ...(options.campaignName ? ['nomeCampanha'] : []),
  ];
}

export { EMPTY_SEGMENT };
