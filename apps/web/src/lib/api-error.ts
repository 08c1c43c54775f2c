// The typed error of every failed API call (ARCHITECTURE "Errors"): the server's Portuguese message,
// its status (0 when the server could not be reached), the field messages of a failed validation and
// the stable code of an error the screens tell apart (ERROR_CODES): branch on the code, show the message.
import type { ErrorCode } from '@funil/domain/http/errors';

export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;
  /** The server's `code` (a string: a newer server may send one this page does not know). */
  readonly code: string | undefined;

  constructor(status: number, message: string, fields: Record<string, string> = {}, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
    this.code = code;
  }
}

/** Whether a failure is the server's error of that code (issue 22 §3: never compare the message text). */
export function isApiErrorCode(error: unknown, code: ErrorCode): boolean {
  return error instanceof ApiError && error.code === code;
}
