// Every error leaves as { message, status } in Portuguese; 5xx answers never carry internals, and
// no answer repeats the request (issue 7 §4).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

import { HTTP_MESSAGES } from '@funil/domain/http/errors';

import { DomainError, statusOf } from './domain-error.ts';

/** Fastify's and @fastify/multipart's own client errors, by code, with their Portuguese text. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: HTTP_MESSAGES.tooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: HTTP_MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: HTTP_MESSAGES.invalid },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: HTTP_MESSAGES.invalid },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: HTTP_MESSAGES.invalid },
  FST_ERR_BAD_URL: { status: 400, message: HTTP_MESSAGES.badUrl },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: HTTP_MESSAGES.uriTooLong },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: HTTP_MESSAGES.fileTooLarge },
  FST_FILES_LIMIT: { status: 413, message: HTTP_MESSAGES.tooLarge },
  FST_FIELDS_LIMIT: { status: 413, message: HTTP_MESSAGES.tooLarge },
  FST_PARTS_LIMIT: { status: 413, message: HTTP_MESSAGES.tooLarge },
  FST_PROTO_VIOLATION: { status: 400, message: HTTP_MESSAGES.malformedForm },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, message: HTTP_MESSAGES.malformedForm },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, message: HTTP_MESSAGES.malformedForm },
  FST_MP_PREMATURE_CLOSE: { status: 400, message: HTTP_MESSAGES.malformedForm },
};

/** The Portuguese text of a 4xx without a text of its own. */
function clientMessage(status: number): string {
  switch (status) {
    case 404:
      return HTTP_MESSAGES.notFound;
    case 413:
      return HTTP_MESSAGES.tooLarge;
    case 414:
      return HTTP_MESSAGES.uriTooLong;
    case 415:
      return HTTP_MESSAGES.unsupportedMediaType;
    case 429:
      return HTTP_MESSAGES.tooMany;
    default:
      return HTTP_MESSAGES.invalid;
  }
}

/**
 * Errors the router raises before a route is found (broken percent-encoding, a segment over
 * maxParamLength): Fastify's `frameworkErrors` option, so they answer like every other error.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_ERRORS[error.code];
  const status = known?.status ?? 400;
  void reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({ message: known?.message ?? clientMessage(status), status });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError | Error, request, reply) => {
    if (error instanceof DomainError) {
      const status = statusOf(error.code);
      if (error.retryAfterSeconds) void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(status).send({
        message: error.message,
        status,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.errorCode ? { code: error.errorCode } : {}),
      });
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
    const known = FRAMEWORK_ERRORS[fe.code];
    if (known) return reply.status(known.status).send({ message: known.message, status: known.status });
    const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON (the parser's SyntaxError with statusCode 400) and any other client
      // mistake, said plainly: never the framework's English text.
      return reply.status(status).send({ message: clientMessage(status), status });
    }
    request.log.error({ err: error }, 'erro interno');
    return reply.status(500).send({ message: HTTP_MESSAGES.internal, status: 500 });
  });
}
