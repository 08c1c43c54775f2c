// Every error leaves as { message, status } in Portuguese; 5xx answers never carry internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HTTP_MESSAGES } from '@funil/domain/http/errors';
import { DomainError, statusOf } from './domain-error.ts';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError | Error, request, reply) => {
    if (error instanceof DomainError) {
      const status = statusOf(error.code);
      if (error.retryAfterSeconds) void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(status).send({ message: error.message, status, ...(error.fields ? { fields: error.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Schemas carry the spec's Portuguese messages; zod's own are set to Portuguese in app.ts.
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        fields[path || error.validationContext || 'body'] ??= issue.message ?? HTTP_MESSAGES.invalid;
      }
      const first = error.validation[0]?.message;
      return reply.status(400).send({ message: first ?? HTTP_MESSAGES.invalid, status: 400, fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'resposta fora do contrato');
      return reply.status(500).send({ message: HTTP_MESSAGES.internal, status: 500 });
    }
    const fe = error as FastifyError;
    const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (fe.code === 'FST_REQ_FILE_TOO_LARGE') return reply.status(413).send({ message: HTTP_MESSAGES.fileTooLarge, status: 413 });
    if (status === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send({ message: HTTP_MESSAGES.tooLarge, status: 413 });
    if (status === 429) return reply.status(429).send({ message: HTTP_MESSAGES.tooMany, status: 429 });
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: a client mistake, said plainly.
      return reply.status(status).send({ message: HTTP_MESSAGES.invalid, status });
    }
    request.log.error({ err: error }, 'erro interno');
    return reply.status(500).send({ message: HTTP_MESSAGES.internal, status: 500 });
  });

}

