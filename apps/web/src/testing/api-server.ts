// The web tests' one fake API (issue 22 §4): MSW intercepts the app's real `fetch` calls in Node,
// so the HTTP client, its token, its error typing and its 401 rule run as in the browser. A test
// says how the server answers; every request is recorded, in order, for its assertions.
// Only for *.test.ts(x) files and the kits they import.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** JSON by default; with a `contentType` (e.g. 'audio/webm'), `body` is sent as is (bytes, text). */
export type ApiAnswer = { status?: number; body: unknown; contentType?: string };
/** A request the app sent: `path` is the URL's path and query after the API's /api prefix. */
export type SentRequest = { method: string; path: string; body: unknown };
/**
 * How the fake server answers one request ('network-error' fails the fetch as an unreachable server
 * does); `raw` is the request as it arrived (its full URL, its headers such as the token; its body is read).
 */
export type Responder = (
  request: SentRequest,
  raw: Request,
) => ApiAnswer | 'network-error' | Promise<ApiAnswer | 'network-error'>;

const server = setupServer();
/** Every request of the running test, whichever answers were set. */
let sentInTest: SentRequest[] = [];
/**
 * One interception per test file, its answers reset after each test. Called by setup.ts, which runs
 * in every web test file: the module itself is loaded once per worker (vitest.config.ts, no isolation),
 * so hooks registered at its import would reach only the first file.
 */
export function installFakeApi(): void {
  beforeAll(() => {
    // happy-dom's fetch sends a form as a browser does (its files with their names) over Node's
    // HTTP, where MSW answers it.
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    server.resetHandlers();
    sentInTest = [];
  });
  afterAll(() => {
    server.close();
  });
}

/** The requests the app sent since the test began, in order (across every serveApi of the test). */
export function sentRequests(): readonly SentRequest[] {
  return sentInTest;
}

async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (text === '') return undefined;
  return type.includes('json') ? (JSON.parse(text) as unknown) : text;
}

/**
 * Answers every request of the app with `respond` until the test ends (a later call replaces it);
 * returns the requests sent, in order.
 */
export function serveApi(respond: Responder): SentRequest[] {
  const sent: SentRequest[] = [];
  server.resetHandlers(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const call: SentRequest = {
        method: request.method,
        path: (url.pathname + url.search).replace(/^\/api\//, '/'),
        body: await bodyOf(request),
      };
      sent.push(call);
      sentInTest.push(call);
      const answer = await respond(call, request);
      if (answer === 'network-error') return HttpResponse.error();
      if (answer.contentType !== undefined)
        return new HttpResponse(answer.body as BodyInit, {
          status: answer.status ?? 200,
          headers: { 'content-type': answer.contentType },
        });
      return HttpResponse.json(answer.body as never, { status: answer.status ?? 200 });
    }),
  );
  return sent;
}

/** An answer, or a function of the sent body (async to hold the answer back, e.g. to see a loading state). */
type Route = ApiAnswer | ((body: unknown) => ApiAnswer | Promise<ApiAnswer>);

/**
 * The kit's usual answers: `routes['POST /cadastros/unidade']` answers that call (the path after
 * /api; a key with its query string wins over one without). A request no route names fails like an
 * unreachable server, and the test sees it in the returned list.
 */
export function answerRequests(routes: Record<string, Route>): SentRequest[] {
  return serveApi((call) => {
    const route = routes[`${call.method} ${call.path}`] ?? routes[`${call.method} ${call.path.split('?')[0] ?? ''}`];
    if (!route) return 'network-error';
    return typeof route === 'function' ? route(call.body) : route;
  });
}

/** A call as the lead and chat kits' routes see it: the URL as the app wrote it (with /api). */
export type FetchCall = { url: string; method: string; body: unknown };
type CallRoutes = Record<string, (call: FetchCall) => ApiAnswer>;

/**
 * Answers by `METHOD /api/path` (`prefix`: the longest key the call starts with); an unknown call
 * answers 404. Returns the calls, in order.
 */
export function answerCalls(routes: CallRoutes, match: 'exact' | 'prefix' = 'exact'): { calls: FetchCall[] } {
  const calls: FetchCall[] = [];
  serveApi((sent) => {
    const call: FetchCall = { url: `/api${sent.path}`, method: sent.method, body: sent.body ?? null };
    calls.push(call);
    const wanted = `${call.method} ${call.url}`;
    const key =
      match === 'exact'
        ? wanted
        : Object.keys(routes)
            .filter((k) => wanted.startsWith(k))
            .sort((a, b) => b.length - a.length)[0];
    const route = key === undefined ? undefined : routes[key];
    return route ? route(call) : { status: 404, body: { message: 'Não encontrado', status: 404 } };
  });
  return { calls };
}
