// The pipeline's HTTP surface (001 §7 'kanban' reads, 002 §7 "Pipeline"): every route is the
// /pipeline screen's (000 §6: admin, user or super-admin with the company's pipeline flag).
import { Readable } from 'node:stream';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { idParam } from '@funil/domain/leads-api/fields';
import { PIPELINE_FAMILIES, type PipelineFamily } from '@funil/domain/pipeline/pipeline';
import {
  kanbanBoardResponseSchema,
  kanbanColumnPageResponseSchema,
  kanbanCsvParamsSchema,
  kanbanCsvQuerySchema,
  kanbanMoveBodySchema,
  kanbanMoveResponseSchema,
  kanbanSaleMoveBodySchema,
  kanbanTableResponseSchema,
} from '@funil/domain/pipeline/pipeline-api';

import { errorResponses } from '../../http/lead-screens.ts';
import { plainJson } from '../../http/plain-json.ts';
import { sessionOf } from '../auth/auth.plugin.ts';
import type { LeadDeps } from '../leads/leads.service.ts';
import * as service from './pipeline.service.ts';

const route = { config: { access: '/pipeline' } } as const;
// The board and its pages are built field by field with the schemas' types (pipeline-board.repository
// toCard), so they are written as JSON without zod's encode, as the CRM list is (leads.routes.ts);
// pipeline.routes.test.ts parses every body with the schema.
const tail = z.string().max(4000);
// A page number: 1 to 100,000 (deeper than any column needs; keeps OFFSET bounded).
const pageParam = idParam.pipe(z.number().max(100_000, 'Página inválida.'));
const PATHS: Record<PipelineFamily, { board: string; page: string }> = {
  negociacao: { board: '/kanban/status-negociacao/*', page: '/kanban/novos-leads/:n/:m/*' },
  venda: { board: '/kanban/status-negociacao-venda/*', page: '/kanban/novos-leads-venda/:n/:m/*' },
};

export const pipelineRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: LeadDeps = { db: app.db, realtime: app.realtime };

  for (const family of PIPELINE_FAMILIES) {
    app.get(
      PATHS[family].board,
      {
        ...route,
        schema: { params: z.object({ '*': tail }), response: { 200: kanbanBoardResponseSchema, ...errorResponses } },
        serializerCompiler: plainJson,
      },
      async (request) => service.board(deps, sessionOf(request), family, request.params['*']),
    );
    // {n}: the column (the status's idFunil / idFunilVenda); {m}: the page, from 1.
    app.get(
      PATHS[family].page,
      {
        ...route,
        schema: {
          params: z.object({ n: idParam, m: pageParam, '*': tail }),
          response: { 200: kanbanColumnPageResponseSchema, ...errorResponses },
        },
        serializerCompiler: plainJson,
      },
      async (request) =>
        service.columnPage(deps, sessionOf(request), family, request.params.n, request.params.m, request.params['*']),
    );
  }

  app.get(
    '/kanban/tabela/:page/*',
    {
      ...route,
      schema: {
        params: z.object({ page: pageParam, '*': tail }),
        response: { 200: kanbanTableResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.table(deps, sessionOf(request), request.params.page, request.params['*']),
  );

  // 002 §7 names the path without filter segments; the board's filter may follow it (issue 21 item 17).
  const csvSchema = { params: kanbanCsvParamsSchema.extend({ '*': tail.optional() }), querystring: kanbanCsvQuerySchema };
  for (const path of [
    '/kanban/dados-arquivo-csv/:columnId/:withFunnelStage/:campaignId/:campaignName',
    '/kanban/dados-arquivo-csv/:columnId/:withFunnelStage/:campaignId/:campaignName/*',
  ]) {
    app.get(path, { ...route, schema: csvSchema }, async (request, reply) => {
      const p = request.params;
      const lines = await service.columnCsv(deps, sessionOf(request), {
        family: request.query.familia ?? 'negociacao',
        coluna: p.columnId,
        withFunnelStage: p.withFunnelStage,
        campaignId: p.campaignId,
        campaignName: p.campaignName,
        tail: p['*'] ?? '',
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="leads.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    });
  }

  app.put(
    '/kanban/status-negociacao',
    { ...route, schema: { body: kanbanMoveBodySchema, response: { 200: kanbanMoveResponseSchema, ...errorResponses } } },
    async (request) =>
      service.move(deps, sessionOf(request), {
        family: 'negociacao',
        cliCrmId: request.body.cli_crm_id,
        para: request.body.idFunil,
        acima: request.body.acima,
        abaixo: request.body.abaixo,
      }),
  );
  app.put(
    '/kanban/status-negociacao-venda',
    { ...route, schema: { body: kanbanSaleMoveBodySchema, response: { 200: kanbanMoveResponseSchema, ...errorResponses } } },
    async (request) =>
      service.move(deps, sessionOf(request), {
        family: 'venda',
        cliCrmId: request.body.cli_crm_id,
        para: request.body.idFunilVenda,
        acima: request.body.acima,
        abaixo: request.body.abaixo,
      }),
  );
};
