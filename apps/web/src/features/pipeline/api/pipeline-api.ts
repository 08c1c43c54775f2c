// The pipeline's calls (001 §7 'kanban' reads, 002 §7 "Pipeline"); every path's filter segments are
// built by the one shared helper (buildFilterSegments / buildKanbanTablePath).
import { z } from 'zod';

import {
  buildFilterSegments,
  buildKanbanTablePath,
  PIPELINE_LAYOUT,
  type PipelineFilter,
} from '@funil/domain/leads/filter-segments';
import type { PipelineFamily } from '@funil/domain/pipeline/pipeline';
import {
  kanbanBoardResponseSchema,
  kanbanColumnPageResponseSchema,
  kanbanMoveResponseSchema,
  kanbanTableResponseSchema,
  type KanbanMoveBody,
  type KanbanSaleMoveBody,
} from '@funil/domain/pipeline/pipeline-api';

import { ApiError } from '../../../lib/api-error.ts';
import { apiRequest, http } from '../../../lib/http-client.ts';
import { getAuth } from '../../../lib/session.ts';

const segments = (filter: PipelineFilter) => buildFilterSegments(PIPELINE_LAYOUT, filter);

export function fetchBoard(family: PipelineFamily, filter: PipelineFilter, signal?: AbortSignal) {
  const path = family === 'negociacao' ? 'status-negociacao' : 'status-negociacao-venda';
  return apiRequest(`/kanban/${path}/${segments(filter)}`, { schema: kanbanBoardResponseSchema, envelope: true, signal });
}

export function fetchColumnPage(family: PipelineFamily, coluna: number, page: number, filter: PipelineFilter) {
  const path = family === 'negociacao' ? 'novos-leads' : 'novos-leads-venda';
  return http.get(`/kanban/${path}/${coluna}/${page}/${segments(filter)}`, kanbanColumnPageResponseSchema.shape.data);
}

export function fetchTable(page: number, filter: PipelineFilter, signal?: AbortSignal) {
  return http.get(`/${buildKanbanTablePath(page, filter)}`, kanbanTableResponseSchema.shape.data, signal);
}

export function moveCard(family: PipelineFamily, body: KanbanMoveBody | KanbanSaleMoveBody) {
  const path = family === 'negociacao' ? 'status-negociacao' : 'status-negociacao-venda';
  return apiRequest(`/kanban/${path}`, { method: 'PUT', body, schema: kanbanMoveResponseSchema, envelope: true });
}

/** GET /contato/lista-campanhas (002 §7): the campaign names for the filter. */
export function fetchCampaigns() {
  return http.get('/contato/lista-campanhas', z.array(z.object({ cli_campanha_nome: z.string() })));
}

export type CsvChoice = { withFunnelStage: boolean; campaignId: boolean; campaignName: boolean };

/** GET /kanban/dados-arquivo-csv/… as leads.csv (002 §7, §9); the file is streamed by the server and saved by the browser. */
export async function downloadColumnCsv(
  family: PipelineFamily,
  coluna: number,
  choice: CsvChoice,
  filter: PipelineFilter,
): Promise<void> {
  const auth = getAuth();
  const flags = `${choice.withFunnelStage ? 1 : 0}/${choice.campaignId ? 1 : -1}/${choice.campaignName ? 1 : -1}`;
  const path = `/api/kanban/dados-arquivo-csv/${coluna}/${flags}/${segments(filter)}?familia=${family}`;
  const response = await fetch(path, { headers: auth.isLoggedIn ? { authorization: `Bearer ${auth.token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, 'Não foi possível exportar o arquivo CSV');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'leads.csv';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
