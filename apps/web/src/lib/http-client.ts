// The one HTTP client of the app (ARCHITECTURE "Errors", 000 §6 "The request helper sends a bearer
// token"): adds the token, unwraps `data`, parses it with the domain schema, turns every failure into
// an ApiError and, on a 401 in the status or in the body (000 §4, §8), ends the session.
import type { z } from 'zod';

import { LOGIN_MESSAGES } from '@funil/domain/auth/login';
import { errorBodySchema, HTTP_MESSAGES } from '@funil/domain/http/errors';

import { ApiError } from './api-error.ts';
import { endSession, getAuth } from './session.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions<S extends z.ZodType> = {
  method?: Method;
  /** A JSON value, or a FormData sent as multipart (the browser sets its boundary). */
  body?: unknown;
  /** Schema of the payload: of `data` when the answer has one, else of the whole body. */
  schema?: S;
  signal?: AbortSignal;
  /** Public calls (login) send no token, and their 401 means "wrong credentials", not "logged out". */
  public?: boolean;
  /** Parse the whole body instead of its `data` (lists that carry paging beside it). */
  envelope?: boolean;
};

const API_PREFIX = '/api';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function errorOf(status: number, body: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) return new ApiError(status, parsed.data.message, parsed.data.fields, parsed.data.code);
  if (status >= 500) return new ApiError(status, HTTP_MESSAGES.internal);
  return new ApiError(status, LOGIN_MESSAGES.unexpected);
}

function sessionExpired(error: ApiError): never {
  if (getAuth().isLoggedIn) endSession(error.message || HTTP_MESSAGES.unauthorized);
  throw error;
}

export async function apiRequest<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<z.output<S>> {
  const headers = new Headers({ accept: 'application/json' });
  const auth = getAuth();
  if (!options.public && auth.isLoggedIn) headers.set('authorization', `Bearer ${auth.token}`);
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers.set('content-type', 'application/json');

  let response: Response;
  try {
    response = await fetch(API_PREFIX + path, {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body instanceof FormData ? options.body : options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, LOGIN_MESSAGES.unexpected);
  }

  const body = await readJson(response);
  const bodyStatus = isRecord(body) && typeof body.status === 'number' ? body.status : null;
  if (!response.ok || (bodyStatus !== null && bodyStatus >= 400)) {
    const error = errorOf(response.ok ? (bodyStatus ?? response.status) : response.status, body);
    if (!options.public && (response.status === 401 || bodyStatus === 401)) sessionExpired(error);
    throw error;
  }

  const payload = !options.envelope && isRecord(body) && 'data' in body ? body.data : body;
  if (!options.schema) return payload as z.output<S>;
  const parsed = options.schema.safeParse(payload);
  // An answer outside the contract is a server fault: say so in the user's words, keep the detail in the console.
  if (!parsed.success) {
    console.error(`Resposta fora do contrato em ${path}`, parsed.error.issues);
    throw new ApiError(response.status, LOGIN_MESSAGES.unexpected);
  }
  return parsed.data;
}

export const http = {
  get: <S extends z.ZodType>(path: string, schema?: S, signal?: AbortSignal) => apiRequest(path, { schema, signal }),
  post: <S extends z.ZodType>(path: string, body?: unknown, schema?: S) => apiRequest(path, { method: 'POST', body, schema }),
  /** POST multipart (file uploads): the same token, error typing and 401 rule as the JSON calls. */
  upload: <S extends z.ZodType>(path: string, formData: FormData, schema?: S) =>
    apiRequest(path, { method: 'POST', body: formData, schema }),
};

/**
 * A file of our API that needs the bearer token (a chat message's media, a call recording), as an
 * object URL for <img>/<audio>: an element's src cannot send the token. The caller revokes it.
 */
export async function authorizedBlobUrl(url: string, signal?: AbortSignal): Promise<string> {
  const auth = getAuth();
  const response = await fetch(url, { headers: auth.isLoggedIn ? { authorization: `Bearer ${auth.token}` } : {}, signal });
  if (response.status === 401) sessionExpired(errorOf(401, await readJson(response)));
  if (!response.ok)
    throw new ApiError(
      response.status,
      errorBodySchema.safeParse(await readJson(response)).data?.message ?? `Mídia indisponível (${response.status})`,
    );
  return URL.createObjectURL(await response.blob());
}

/**
 * The API path of a recording this server stores (url_gravacao is saved as an absolute URL of the
 * page's origin), or null for anything else: the token is only ever sent to our own API.
 */
export function ownRecordingPath(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://funil.invalid');
  } catch {
    return null;
  }
  return /^\/api\/webphone\/gravacao\/\d+$/.test(parsed.pathname) &&
    /^\?arquivo=[a-f0-9]{32}\.(webm|ogg|mp3|wav)$/.test(parsed.search)
    ? parsed.pathname + parsed.search
    : null;
}
