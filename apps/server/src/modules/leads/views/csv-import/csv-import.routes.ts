// Contacts CSV import as a durable job (000 §4 §5 §8); the paths are ours (docs/api.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorBodySchema } from '@funil/domain/http/errors';
import {
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MESSAGES,
  csvImportJobResponseSchema,
  csvImportJobsResponseSchema,
} from '@funil/domain/leads-api/csv-import-api';
import { idParam } from '@funil/domain/leads-api/fields';

import { DomainError } from '../../../../http/domain-error.ts';
import { isUploadedFile, registerFormBodies } from '../../../../http/form-body.ts';
import { LEAD_SCREENS } from '../../../../http/lead-screens.ts';
import { sessionOf } from '../../../auth/auth.plugin.ts';
import type { LeadDeps } from '../../leads.service.ts';
import { CSV_IMPORT_KIND, csvImportHandler, enqueueCsvImport, toCsvImportJob } from './csv-import.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
} as const;
const route = { config: { access: LEAD_SCREENS } } as const;

export const csvImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerFormBodies(app);
  const deps: LeadDeps = { db: app.db, realtime: app.realtime };
  app.jobs.register(csvImportHandler(deps));

  const findJob = async (idUnidade: number, id: number) => {
    const job = await app.jobs.findOfUnit(id, { idUnidade, kind: CSV_IMPORT_KIND });
    if (!job) throw new DomainError('not_found', CSV_IMPORT_MESSAGES.notFound);
    return job;
  };

  app.post(
    '/contato/importarcsv',
    {
      ...route,
      bodyLimit: CSV_IMPORT_MAX_BYTES + 1_048_576,
      schema: { body: z.record(z.string(), z.unknown()).optional(), response: { 202: csvImportJobResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const file = Object.values(request.body ?? {}).find(isUploadedFile);
      if (!file) throw new DomainError('invalid', CSV_IMPORT_MESSAGES.noFile);
      const job = await enqueueCsvImport(app.jobs, sessionOf(request), file);
      return reply.status(202).send({ message: CSV_IMPORT_MESSAGES.queued, data: toCsvImportJob(job) });
    },
  );
  app.get(
    '/contato/importarcsv',
    { ...route, schema: { response: { 200: csvImportJobsResponseSchema, ...errors } } },
    async (request) => {
      const rows = await app.jobs.latestOfUnit({ idUnidade: sessionOf(request).unidadeId, kind: CSV_IMPORT_KIND }, 20);
      return { data: rows.map(toCsvImportJob) };
    },
  );
  app.get(
    '/contato/importarcsv/:id',
    { ...route, schema: { params: z.object({ id: idParam }), response: { 200: csvImportJobResponseSchema, ...errors } } },
    async (request) => ({
      data: toCsvImportJob(await findJob(sessionOf(request).unidadeId, request.params.id)),
    }),
  );
  app.post(
    '/contato/importarcsv/:id/cancelar',
    { ...route, schema: { params: z.object({ id: idParam }), response: { 200: csvImportJobResponseSchema, ...errors } } },
    async (request) => {
      const session = sessionOf(request);
      const job = await findJob(session.unidadeId, request.params.id);
      const after = await app.jobs.requestCancel(job.id, { idUnidade: session.unidadeId, kind: CSV_IMPORT_KIND });
      const view = toCsvImportJob(after ?? job);
      const finished = view.status === 'done' || view.status === 'failed';
      return { message: finished ? CSV_IMPORT_MESSAGES.alreadyFinished : CSV_IMPORT_MESSAGES.cancelled, data: view };
    },
  );
};
