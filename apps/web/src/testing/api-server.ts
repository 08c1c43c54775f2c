// The web tests' one fake API (issue 22 §4): MSW intercepts the app's real `fetch` calls in Node,
// so the HTTP client, its token, its error typing and its 401 rule run as in the browser. A test
// says how the server answers; every request is recorded, in order, for its assertions.
// Only for *.test.ts(x) files and the kits they import.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

export type ApiAnswer = { status?: number; body: unknown };
/** A request the app sent: `path` is the URL's path and query as sent (with /api). */
export type SentRequest = { method: string; path: string; body: unknown };
/** How the fake server answers one request; 'network-error' fails the fetch as an unreachable server does. */
export type Responder = (request: SentRequest) => ApiAnswer | 'network-error' | Promise<ApiAnswer | 'network-error'>;

const server = setupServer();
/** Every request of the running test, whichever answers were set. */
let sentInTest: SentRequest[] = [];
// Registered when a test file imports the kit: one interception per file, its answers reset after each test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sentInTest = [];
});
afterAll(() => server.close());

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
      const call: SentRequest = { method: request.method, path: url.pathname + url.search, body: await bodyOf(request) };
      sent.push(call);
      sentInTest.push(call);
      const answer = await respond(call);
      if (answer === 'network-error') return HttpResponse.error();
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
    const path = call.path.replace(/^\/api/, '');
    const route = routes[`${call.method} ${path}`] ?? routes[`${call.method} ${path.split('?')[0] ?? ''}`];
    if (!route) return 'network-error';
    return typeof route === 'function' ? route(call.body) : route;
  });
}
