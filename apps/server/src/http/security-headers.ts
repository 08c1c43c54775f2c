// The hardening headers of every answer (issue 2: CSP, nosniff, frame options, …), written by
// helmet. @fastify/helmet built a new helmet middleware on every request (its options parsed and
// its CSP rewritten each time, two hooks, a closure per reply: about 0.05 ms of a list request's
// CPU, issue 8); the options never change while the app runs, so the headers are computed once
// here, from helmet itself, and each answer only has them set.
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets for `options`, in order, computed once by running its middleware on a recording response. */
export function securityHeaders(options: Readonly<HelmetOptions>): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return [...headers];
}

/** Sets `options`' headers on every answer of `app` (404s and errors included), before any route runs. */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
