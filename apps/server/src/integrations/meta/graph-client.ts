// The Graph API client (issue 23 §2, 002 §7 'OAuth exchange'): one configured version (v26.0 by
// default), one base URL for the Graph API and one for the login dialog, `appsecret_proof`
// (HMAC-SHA256 of the token keyed by the app secret) on every call with a token, including every
// `paging.next` page (Meta's next links carry the token but not the proof), a warning in the log on
// `X-Ad-Api-Version-Warning`, and typed errors (meta-error.ts). Numbers arrive as strings, as Meta sends them.
import { createHmac } from 'node:crypto';

import { classifyMetaError, MetaGraphError, regainAccessMinutes, type MetaErrorBody } from './meta-error.ts';

export const DEFAULT_META_API_VERSION = 'v26.0';

/** The log the client warns on (pino's shape; the server's `app.log`). */
export type MetaLogger = { warn: (obj: object, msg: string) => void };

export type MetaGraphConfig = {
  appId: string;
  appSecret: string;
  /** https://graph.facebook.com, or the emulator's URL. */
  graphUrl: string;
  /** https://www.facebook.com, or the emulator's URL. */
  dialogUrl: string;
  version?: string;
  logger?: MetaLogger;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

export type GraphParams = Record<string, string | number | boolean | undefined | null | object>;

export type GraphPage<T> = { data: T[]; paging?: { next?: string; cursors?: { before?: string; after?: string } } };

export type TokenAnswer = { accessToken: string; tokenType: string; expiresIn: number | null };

/** HMAC-SHA256 of the token keyed by the app secret, hex (Graph API "Securing requests"). */
export const appsecretProof = (token: string, appSecret: string): string =>
  createHmac('sha256', appSecret).update(token).digest('hex');

/** A Graph number (Meta sends "1234", "12.34"); null for a missing or unreadable value. */
export const metaNumber = (value: unknown): number | null => {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** A Graph session bound to one access token: every call signed with its proof. */
export type GraphSession = {
  readonly token: string;
  get<T = Record<string, unknown>>(path: string, params?: GraphParams): Promise<T>;
  post<T = Record<string, unknown>>(path: string, params?: GraphParams): Promise<T>;
  delete<T = Record<string, unknown>>(path: string, params?: GraphParams): Promise<T>;
  /** Every row of a paged edge, following `paging.next` (each page signed) until it is gone. */
  getAll<T = Record<string, unknown>>(path: string, params?: GraphParams, options?: { maxPages?: number }): Promise<T[]>;
  /** The pages of a paged edge one at a time. */
  pages<T = Record<string, unknown>>(path: string, params?: GraphParams, options?: { maxPages?: number }): AsyncGenerator<T[]>;
};

/** Issue 24: the insights refresh reads the throttle headers of every answer, errors included. */
export type SessionOptions = { onHeaders?: (headers: Headers, path: string) => void };

export type MetaGraphClient = {
  readonly version: string;
  readonly appId: string;
  /** The login dialog's address (`{dialogUrl}/{version}/dialog/oauth`). */
  dialogUrl(input: { redirectUri: string; state: string; scope: readonly string[] }): string;
  /** code → short-lived user token (`/oauth/access_token` with the app secret). */
  exchangeCode(input: { code: string; redirectUri: string }): Promise<TokenAnswer>;
  /** short-lived → long-lived user token (`grant_type=fb_exchange_token`, about 60 days). */
  exchangeLongLived(shortToken: string): Promise<TokenAnswer>;
  /** A session signing every call with this token's proof; `onHeaders` sees every answer's headers (the usage ones). */
  session(token: string, options?: SessionOptions): GraphSession;
};

const encodeParam = (value: GraphParams[string]): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

export function createMetaGraphClient(config: MetaGraphConfig): MetaGraphClient {
  const version = config.version ?? DEFAULT_META_API_VERSION;
  const graphBase = config.graphUrl.replace(/\/+$/, '');
  const dialogBase = config.dialogUrl.replace(/\/+$/, '');
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? 30_000;
  const graphOrigin = new URL(graphBase).origin;

  const urlOf = (path: string): URL => new URL(`${graphBase}/${version}/${path.replace(/^\/+/, '')}`);

  const warnVersion = (res: Response, path: string): void => {
    const warning = res.headers.get('x-ad-api-version-warning');
    if (warning) config.logger?.warn({ metaApiVersion: version, path, warning }, 'Meta: versão da API a ser descontinuada');
  };

  const call = async <T>(
    method: 'GET' | 'POST' | 'DELETE',
    url: URL,
    body: URLSearchParams | null,
    onHeaders?: SessionOptions['onHeaders'],
  ): Promise<T> => {
    const path = url.pathname;
    let res: Response;
    try {
      res = await doFetch(url, {
        method,
        headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
        body: body ? body.toString() : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new MetaGraphError({ kind: 'network', status: 0, code: 0, message: (err as Error).message, path });
    }
    warnVersion(res, path);
    onHeaders?.(res.headers, path);
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    const error = (json as { error?: MetaErrorBody } | null)?.error;
    if (!res.ok || error) {
      const body: MetaErrorBody =
        error && typeof error.code === 'number'
          ? error
          : { message: text.slice(0, 300) || res.statusText, code: res.status >= 500 ? 2 : 0 };
      throw new MetaGraphError({
        kind: classifyMetaError(body),
        status: res.status,
        code: body.code,
        subcode: body.error_subcode ?? null,
        message: body.message,
        fbtraceId: body.fbtrace_id ?? null,
        regainAccessMinutes: regainAccessMinutes(res.headers.get('x-business-use-case-usage')),
        path,
      });
    }
    if (json === null)
      throw new MetaGraphError({ kind: 'unknown', status: res.status, code: 0, message: 'resposta sem JSON', path });
    return json as T;
  };

  const fillParams = (target: URLSearchParams, params: GraphParams | undefined): void => {
    for (const [key, value] of Object.entries(params ?? {})) {
      const encoded = encodeParam(value);
      if (encoded !== null) target.set(key, encoded);
    }
  };

  const tokenAnswer = (json: Record<string, unknown>, path: string): TokenAnswer => {
    if (typeof json.access_token !== 'string')
      throw new MetaGraphError({ kind: 'unknown', status: 200, code: 0, message: 'resposta sem access_token', path });
    const expires = metaNumber(json.expires_in);
    return { accessToken: json.access_token, tokenType: String(json.token_type ?? 'bearer'), expiresIn: expires };
  };

  const session = (token: string, sessionOptions: SessionOptions = {}): GraphSession => {
    const proof = appsecretProof(token, config.appSecret);
    const signed = (method: 'GET' | 'POST' | 'DELETE', path: string, params?: GraphParams) => {
      const url = urlOf(path);
      const q = new URLSearchParams();
      fillParams(q, params);
      q.set('access_token', token);
      q.set('appsecret_proof', proof);
      if (method === 'POST') return call<never>(method, url, q, sessionOptions.onHeaders);
      url.search = q.toString();
      return call<never>(method, url, null, sessionOptions.onHeaders);
    };
    async function* pages<T>(path: string, params?: GraphParams, options?: { maxPages?: number }): AsyncGenerator<T[]> {
      const maxPages = options?.maxPages ?? 1000;
      let page = (await signed('GET', path, params)) as GraphPage<T>;
      for (let n = 1; ; n += 1) {
        yield Array.isArray(page.data) ? page.data : [];
        const next = page.paging?.next;
        if (!next || n >= maxPages) return;
        const url = new URL(next);
        // The token never goes to another host than the configured Graph API.
        if (url.origin !== graphOrigin)
          throw new MetaGraphError({ kind: 'invalid', status: 0, code: 0, message: `paging.next fora de ${graphOrigin}`, path });
        const pageToken = url.searchParams.get('access_token') ?? token;
        url.searchParams.set('access_token', pageToken);
        url.searchParams.set('appsecret_proof', pageToken === token ? proof : appsecretProof(pageToken, config.appSecret));
        page = await call<GraphPage<T>>('GET', url, null, sessionOptions.onHeaders);
      }
    }
    return {
      token,
      get: (path, params) => signed('GET', path, params),
      post: (path, params) => signed('POST', path, params),
      delete: (path, params) => signed('DELETE', path, params),
      pages,
      getAll: async <T>(path: string, params?: GraphParams, options?: { maxPages?: number }) => {
        const rows: T[] = [];
        for await (const page of pages<T>(path, params, options)) rows.push(...page);
        return rows;
      },
    };
  };

  return {
    version,
    appId: config.appId,
    dialogUrl: ({ redirectUri, state, scope }) => {
      const url = new URL(`${dialogBase}/${version}/dialog/oauth`);
      url.searchParams.set('client_id', config.appId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', scope.join(','));
      return url.toString();
    },
    exchangeCode: async ({ code, redirectUri }) => {
      const url = urlOf('oauth/access_token');
      url.search = new URLSearchParams({
        client_id: config.appId,
        client_secret: config.appSecret,
        redirect_uri: redirectUri,
        code,
      }).toString();
      return tokenAnswer(await call<Record<string, unknown>>('GET', url, null), url.pathname);
    },
    exchangeLongLived: async (shortToken) => {
      const url = urlOf('oauth/access_token');
      url.search = new URLSearchParams({
        grant_type: 'fb_exchange_token',
        client_id: config.appId,
        client_secret: config.appSecret,
        fb_exchange_token: shortToken,
      }).toString();
      return tokenAnswer(await call<Record<string, unknown>>('GET', url, null), url.pathname);
    },
    session,
  };
}
