// The typed error of every failed API call (ARCHITECTURE "Errors"): the server's Portuguese message,
// its status (0 when the server could not be reached) and the field messages of a failed validation.
export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;

  constructor(status: number, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
  }
}
