// The catalogue's administration (002 §2.8, §2.10, §7 "Extras and catalogue"; 000 §7 "Other
// cadastros calls"): cadastros/status-negociacao, cadastros/status-negociacao-venda, cadastros/potencial.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { companyQuerySchema } from '@funil/domain/admin-api/companies';
import {
  POTENTIAL_MESSAGES,
  potentialBodySchema,
  potentialDeletedSchema,
  potentialListSchema,
  potentialSavedSchema,
  potentialUpdateBodySchema,
  type PotentialRow,
} from '@funil/domain/admin-api/potentials';
import {
  funnelOrderField,
  negotiationStatusBodySchema,
  negotiationStatusListSchema,
  negotiationStatusSavedSchema,
  saleStatusBodySchema,
  saleStatusListSchema,
  saleStatusSavedSchema,
  STATUS_MESSAGES,
  statusDeletedSchema,
  statusDeleteQuerySchema,
  statusInUseMessage,
  statusInUseSchema,
} from '@funil/domain/admin-api/statuses';
import { ERROR_CODES } from '@funil/domain/http/errors';
import { idParams } from '@funil/domain/http/ids';

import { errorResponses } from '../../http/lead-screens.ts';
import { sessionOf } from '../auth/auth.plugin.ts';
import { targetCompanyId } from '../tenancy/tenancy.service.ts';
import { createPotential, deletePotential, listPotentials, updatePotentialRecord } from './potentials.service.ts';
import { createStatus, deleteStatus, listStatuses, updateStatus, type CatalogDeps } from './statuses.service.ts';

type StatusRecord = Awaited<ReturnType<typeof listStatuses>>[number];
const common = (s: StatusRecord) => ({
  id: s.id,
  nome: s.nome,
  descricao: s.descricao,
  cor: s.cor,
  dataCad: s.datacad.toISOString(),
  dataAtualizacao: s.dataAtualizacao.toISOString(),
});
const negotiationRow = (s: StatusRecord) => ({ ...common(s), idFunil: s.order });
const saleRow = (s: StatusRecord) => ({ ...common(s), idFunilVenda: s.order });

type PotentialRecord = Awaited<ReturnType<typeof listPotentials>>[number];
const potentialRow = (p: PotentialRecord): PotentialRow => ({
  id: p.id,
  nome: p.nome,
  descricao: p.descricao,
  status: p.status,
  status1: p.status1,
  status2: p.status2,
  status3: p.status3,
  status4: p.status4,
  status5: p.status5,
  ativo: p.ativo,
  dataCad: p.datacad.toISOString(),
  dataAtualizacao: p.dataAtualizacao.toISOString(),
});

const NEGOTIATION = { config: { access: '/status-negociacao' } } as const;
const SALE = { config: { access: '/status-negociacao-venda' } } as const;
const POTENTIAL = { config: { access: '/potencial' } } as const;

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: CatalogDeps = { db: app.db, realtime: app.realtime };
  // ?idEmpresa= lets the super-admin manage another company's catalogue (issue 10); others keep their own.
  const companyOf = (request: FastifyRequest, idEmpresa: number | undefined) =>
    targetCompanyId(app.db, sessionOf(request), idEmpresa);

  // ---- Negotiation statuses (002 §2.8; delete by idFunil) ----
  app.get(
    '/cadastros/status-negociacao',
    {
      ...NEGOTIATION,
      schema: { querystring: companyQuerySchema, response: { 200: negotiationStatusListSchema, ...errorResponses } },
    },
    async (request) => ({
      data: (await listStatuses(app.db, await companyOf(request, request.query.idEmpresa), 'negociacao')).map(negotiationRow),
    }),
  );
  app.post(
    '/cadastros/status-negociacao',
    {
      ...NEGOTIATION,
      schema: {
        querystring: companyQuerySchema,
        body: negotiationStatusBodySchema,
        response: { 200: negotiationStatusSavedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { idFunil, ...rest } = request.body;
      const row = await createStatus(deps, sessionOf(request), await companyOf(request, request.query.idEmpresa), 'negociacao', {
        ...rest,
        order: idFunil,
      });
      return { message: STATUS_MESSAGES.created, data: negotiationRow(row) };
    },
  );
  // 002 §5: the order is not editable; PUT finds the status by it.
  app.put(
    '/cadastros/status-negociacao',
    {
      ...NEGOTIATION,
      schema: {
        querystring: companyQuerySchema,
        body: negotiationStatusBodySchema,
        response: { 200: negotiationStatusSavedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { idFunil, ...rest } = request.body;
      const row = await updateStatus(deps, sessionOf(request), await companyOf(request, request.query.idEmpresa), 'negociacao', {
        ...rest,
        order: idFunil,
      });
      return { message: STATUS_MESSAGES.updated, data: negotiationRow(row) };
    },
  );
  app.delete(
    '/cadastros/status-negociacao/:idFunil',
    {
      ...NEGOTIATION,
      schema: {
        params: z.object({ idFunil: funnelOrderField }),
        querystring: statusDeleteQuerySchema,
        response: { 200: statusDeletedSchema, ...errorResponses, 409: statusInUseSchema.or(errorResponses[409]) },
      },
    },
    async (request, reply) => {
      const outcome = await deleteStatus(
        deps,
        sessionOf(request),
        await companyOf(request, request.query.idEmpresa),
        'negociacao',
        request.params.idFunil,
        request.query.destino,
      );
      if ('inUse' in outcome)
        return reply
          .status(409)
          .send({ message: statusInUseMessage(outcome.inUse), status: 409, code: ERROR_CODES.statusInUse, leads: outcome.inUse });
      return { message: STATUS_MESSAGES.deleted, leadsMovidos: outcome.moved };
    },
  );

  // ---- Sale statuses (the same, by idFunilVenda) ----
  app.get(
    '/cadastros/status-negociacao-venda',
    { ...SALE, schema: { querystring: companyQuerySchema, response: { 200: saleStatusListSchema, ...errorResponses } } },
    async (request) => ({
      data: (await listStatuses(app.db, await companyOf(request, request.query.idEmpresa), 'venda')).map(saleRow),
    }),
  );
  app.post(
    '/cadastros/status-negociacao-venda',
    {
      ...SALE,
      schema: {
        querystring: companyQuerySchema,
        body: saleStatusBodySchema,
        response: { 200: saleStatusSavedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { idFunilVenda, ...rest } = request.body;
      const row = await createStatus(deps, sessionOf(request), await companyOf(request, request.query.idEmpresa), 'venda', {
        ...rest,
        order: idFunilVenda,
      });
      return { message: STATUS_MESSAGES.created, data: saleRow(row) };
    },
  );
  app.put(
    '/cadastros/status-negociacao-venda',
    {
      ...SALE,
      schema: {
        querystring: companyQuerySchema,
        body: saleStatusBodySchema,
        response: { 200: saleStatusSavedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { idFunilVenda, ...rest } = request.body;
      const row = await updateStatus(deps, sessionOf(request), await companyOf(request, request.query.idEmpresa), 'venda', {
        ...rest,
        order: idFunilVenda,
      });
      return { message: STATUS_MESSAGES.updated, data: saleRow(row) };
    },
  );
  app.delete(
    '/cadastros/status-negociacao-venda/:idFunilVenda',
    {
      ...SALE,
      schema: {
        params: z.object({ idFunilVenda: funnelOrderField }),
        querystring: statusDeleteQuerySchema,
        response: { 200: statusDeletedSchema, ...errorResponses, 409: statusInUseSchema.or(errorResponses[409]) },
      },
    },
    async (request, reply) => {
      const outcome = await deleteStatus(
        deps,
        sessionOf(request),
        await companyOf(request, request.query.idEmpresa),
        'venda',
        request.params.idFunilVenda,
        request.query.destino,
      );
      if ('inUse' in outcome)
        return reply
          .status(409)
          .send({ message: statusInUseMessage(outcome.inUse), status: 409, code: ERROR_CODES.statusInUse, leads: outcome.inUse });
      return { message: STATUS_MESSAGES.deleted, leadsMovidos: outcome.moved };
    },
  );

  // ---- Potentials (002 §2.10; 000 §7 cadastros/potencial) ----
  app.get(
    '/cadastros/potencial',
    { ...POTENTIAL, schema: { querystring: companyQuerySchema, response: { 200: potentialListSchema, ...errorResponses } } },
    async (request) => ({
      data: (await listPotentials(app.db, await companyOf(request, request.query.idEmpresa))).map(potentialRow),
    }),
  );
  app.post(
    '/cadastros/potencial',
    {
      ...POTENTIAL,
      schema: {
        querystring: companyQuerySchema,
        body: potentialBodySchema,
        response: { 200: potentialSavedSchema, ...errorResponses },
      },
    },
    async (request) => ({
      message: POTENTIAL_MESSAGES.created,
      data: potentialRow(
        await createPotential(deps, sessionOf(request), await companyOf(request, request.query.idEmpresa), request.body),
      ),
    }),
  );
  app.put(
    '/cadastros/potencial',
    {
      ...POTENTIAL,
      schema: {
        querystring: companyQuerySchema,
        body: potentialUpdateBodySchema,
        response: { 200: potentialSavedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return {
        message: POTENTIAL_MESSAGES.updated,
        data: potentialRow(
          await updatePotentialRecord(deps, sessionOf(request), await companyOf(request, request.query.idEmpresa), id, input),
        ),
      };
    },
  );
  app.delete(
    '/cadastros/potencial/:id',
    {
      ...POTENTIAL,
      schema: {
        params: idParams('id'),
        querystring: companyQuerySchema,
        response: { 200: potentialDeletedSchema, ...errorResponses },
      },
    },
    async (request) => {
      await deletePotential(deps, sessionOf(request), await companyOf(request, request.query.idEmpresa), request.params.id);
      return { message: POTENTIAL_MESSAGES.deleted };
    },
  );
};
