// Services throw a DomainError with a code from a closed union; one handler maps it to HTTP.
import { HTTP_MESSAGES, type ErrorCode } from '@funil/domain/http/errors';

export type DomainErrorCode =
  'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'too_many' | 'payload_too_large' | 'gateway';

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfterSeconds: number | undefined;
  /** The stable code the browser branches on (ERROR_CODES, e.g. 002 §8 CAMPANHA_EXISTE), sent as `code`. */
  readonly errorCode: ErrorCode | undefined;

  constructor(
    code: DomainErrorCode,
    message?: string,
    extra?: { fields?: Record<string, string>; retryAfterSeconds?: number; errorCode?: ErrorCode },
  ) {
    super(message ?? defaultMessage(code));
    this.name = 'DomainError';
    this.code = code;
    this.fields = extra?.fields;
    this.retryAfterSeconds = extra?.retryAfterSeconds;
    this.errorCode = extra?.errorCode;
  }
}

export function statusOf(code: DomainErrorCode): number {
  switch (code) {
    case 'invalid':
      return 400;
    case 'unauthorized':
      return 401;
    case 'forbidden':
      return 403;
    case 'not_found':
      return 404;
    case 'conflict':
      return 409;
    case 'payload_too_large':
      return 413;
    case 'too_many':
      return 429;
    case 'gateway':
      return 502;
    default: {
      const exhaustive: never = code;
      return exhaustive;
    }
  }
}

function defaultMessage(code: DomainErrorCode): string {
  switch (code) {
    case 'invalid':
      return HTTP_MESSAGES.invalid;
    case 'unauthorized':
      return HTTP_MESSAGES.unauthorized;
    case 'forbidden':
      return HTTP_MESSAGES.forbidden;
    case 'not_found':
      return HTTP_MESSAGES.notFound;
    case 'conflict':
      return HTTP_MESSAGES.invalid;
    case 'payload_too_large':
      return HTTP_MESSAGES.tooLarge;
    case 'too_many':
      return HTTP_MESSAGES.tooMany;
    case 'gateway':
      return 'Falha ao comunicar com o WhatsApp. Tente novamente.';
    default: {
      const exhaustive: never = code;
      return exhaustive;
    }
  }
}
