// ref §1 error envelope: {status, error, response: {message}}; a 401 carries a string message.

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export class EvolutionHttpError extends Error {
  readonly status: number;
  readonly messages: unknown;

  constructor(status: number, messages: unknown) {
    super(typeof messages === 'string' ? messages : JSON.stringify(messages));
    this.status = status;
    this.messages = messages;
  }

  envelope(): { status: number; error: string; response: { message: unknown } } {
    return { status: this.status, error: STATUS_TEXT[this.status] ?? 'Error', response: { message: this.messages } };
  }
}

export const badRequest = (...messages: unknown[]): EvolutionHttpError => new EvolutionHttpError(400, messages);
export const notFound = (message: string): EvolutionHttpError => new EvolutionHttpError(404, [message]);
export const forbidden = (message: string): EvolutionHttpError => new EvolutionHttpError(403, [message]);
export const unauthorized = (): EvolutionHttpError => new EvolutionHttpError(401, 'Unauthorized');
export const conflict = (message: string): EvolutionHttpError => new EvolutionHttpError(409, [message]);
