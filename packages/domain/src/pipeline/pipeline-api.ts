// The payloads of the pipeline (001 §7 'kanban' reads, 002 §3 "Kanban column", §7 "Pipeline").
import { z } from 'zod';

import { idSchema } from '../http/ids.ts';
import { PIPELINE_FAMILIES } from './pipeline.ts';

/** A card of the board (002 §2.4): what a card and the table show, nothing more. */
export const pipelineCardSchema = z.object({
  cli_crm_id: z.number().int(),
  cli_nome: z.string(),
  cli_telefone: z.string(),
  cli_url_foto: z.string().nullable(),
  idUsuario: z.number().int().nullable(),
  nome_atendimento: z.string().nullable(),
  ad_name: z.string().nullable(),
  cli_campanha_id: z.string().nullable(),
  cli_campanha_nome: z.string().nullable(),
  cli_data_captacao: z.string(),
  valor_ticket: z.number(),
  cli_status_negociacao: z.number().int(),
  cli_status_negociacao_venda: z.number().int(),
  posicao: z.number(),
  dataAtualizacao: z.string(),
});
export type PipelineCard = z.infer<typeof pipelineCardSchema>;

/** 002 §3 "Kanban column": id, nome, cor, idFunil, idFunilVenda, total_oportunidades, leads; plus the BRL sum of its tickets. */
export const kanbanColumnSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  cor: z.string(),
  idFunil: z.number().int().nullable(),
  idFunilVenda: z.number().int().nullable(),
  total_oportunidades: z.number().int(),
  valor_total: z.number(),
  leads: z.array(pipelineCardSchema),
});
export type KanbanColumn = z.infer<typeof kanbanColumnSchema>;

/** GET /kanban/status-negociacao[-venda]/{filters}: every column with its count, sum and first page. */
export const kanbanBoardResponseSchema = z.object({
  data: z.array(kanbanColumnSchema),
  total_leads: z.number().int(),
});
export type KanbanBoardResponse = z.infer<typeof kanbanBoardResponseSchema>;

/** GET /kanban/novos-leads[-venda]/{column}/{page}/{filters}: one more page of a column. */
export const kanbanColumnPageResponseSchema = z.object({
  data: z.object({
    id: z.number().int(),
    pagina: z.number().int(),
    total_oportunidades: z.number().int(),
    valor_total: z.number(),
    leads: z.array(pipelineCardSchema),
  }),
});
export type KanbanColumnPageResponse = z.infer<typeof kanbanColumnPageResponseSchema>;

/** GET kanban/tabela/{page}/{filters}: data.status_negociacao (the page's leads) and data.total_clientes (002 §7). */
export const kanbanTableResponseSchema = z.object({
  data: z.object({
    status_negociacao: z.array(pipelineCardSchema),
    total_clientes: z.number().int(),
    pagina: z.number().int(),
    por_pagina: z.number().int(),
  }),
});
export type KanbanTableResponse = z.infer<typeof kanbanTableResponseSchema>;

const neighbour = z.union([idSchema('Card de referência inválido.'), z.null()]).optional();

/**
 * PUT kanban/status-negociacao (002 §7): cli_crm_id and idFunil; beyond the spec, the cards above
 * and below the drop (issue 11 card order), so the card keeps its place for every user.
 */
export const kanbanMoveBodySchema = z.object({
  cli_crm_id: idSchema('Lead inválido.'),
  idFunil: idSchema('Status de negociação inválido.'),
  acima: neighbour,
  abaixo: neighbour,
});
/** PUT kanban/status-negociacao-venda: cli_crm_id and idFunilVenda (002 §7). */
export const kanbanSaleMoveBodySchema = z.object({
  cli_crm_id: idSchema('Lead inválido.'),
  idFunilVenda: idSchema('Status do cliente inválido.'),
  acima: neighbour,
  abaixo: neighbour,
});
export type KanbanMoveBody = z.input<typeof kanbanMoveBodySchema>;
export type KanbanSaleMoveBody = z.input<typeof kanbanSaleMoveBodySchema>;

export const kanbanMoveResponseSchema = z.object({
  message: z.string(),
  data: z.object({ cli_crm_id: z.number().int(), coluna: z.number().int(), posicao: z.number() }),
});
export type KanbanMoveResponse = z.infer<typeof kanbanMoveResponseSchema>;

/** GET /kanban/dados-arquivo-csv/{columnId}/{withFunnelStage 1|0}/{campaignId 1|-1}/{campaignName 1|-1} (002 §7). */
export const kanbanCsvParamsSchema = z.object({
  columnId: z
    .string()
    .regex(/^\d{1,10}$/, 'Coluna inválida.')
    .transform(Number)
    .pipe(z.number().int().min(0, 'Coluna inválida.').max(2_147_483_647, 'Coluna inválida.')),
  withFunnelStage: z.enum(['1', '0'], { error: 'Use 1 ou 0 para a etapa do funil.' }).transform((v) => v === '1'),
  campaignId: z.enum(['1', '-1'], { error: 'Use 1 ou -1 para o id da campanha.' }).transform((v) => v === '1'),
  campaignName: z.enum(['1', '-1'], { error: 'Use 1 ou -1 para o nome da campanha.' }).transform((v) => v === '1'),
});
/** Which family the column id names; the negotiation funnel unless `familia=venda`. */
export const kanbanCsvQuerySchema = z.object({
  familia: z.enum(PIPELINE_FAMILIES, { error: 'Família de status inválida.' }).optional(),
});

/** Live: a card moved or was reordered (issue 11), sent to the unit; the boards reread the two columns. */
export const pipelineMoveEventSchema = z.object({
  cli_crm_id: z.number().int(),
  idUnidade: z.number().int(),
  familia: z.enum(PIPELINE_FAMILIES),
  de: z.number().int(),
  para: z.number().int(),
  posicao: z.number(),
  idUsuario: z.number().int(),
});
export type PipelineMoveEvent = z.infer<typeof pipelineMoveEventSchema>;
