// Issue 7 §4: PostgreSQL refuses the NUL character (U+0000) in text and jsonb, so a NUL anywhere
// in a request (path, query, body fields and keys, multipart fields, file names) would end in a
// 500 after part of the work was done. One hook answers it with 400 before any handler runs.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HTTP_MESSAGES } from '@funil/domain/http/errors';
import { DomainError } from './domain-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'strip' removes NUL from the body instead of refusing it: for the gateway's webhooks,
     * whose messages carry what contacts typed and must not be lost (the path and query are still checked).
     */
    nulCharacters?: 'refuse' | 'strip';
  }
}

const NUL = '\u0000';

const isBinary = (value: object) => Buffer.isBuffer(value) || ArrayBuffer.isView(value);

/** The path of the first string or key holding a NUL, or null. Iterative: a deep body cannot overflow the stack. */
export function findNul(root: unknown, rootPath: string): string | null {
  const stack: [unknown, string][] = [[root, rootPath]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return path;
      continue;
    }
    if (value === null || typeof value !== 'object' || isBinary(value)) continue;
    for (const [key, inner] of Object.entries(value)) {
      const innerPath = path ? `${path}.${key}` : key;
      if (key.includes(NUL)) return path || 'body';
      stack.push([inner, innerPath]);
    }
  }
  return null;
}

/** Removes NUL from the strings and keys of `root` in place (binary parts kept); returns the cleaned root. */
export function stripNul(root: unknown): unknown {
  if (typeof root === 'string') return root.replaceAll(NUL, '');
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object' || isBinary(value)) continue;
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      let inner = record[key];
      if (typeof inner === 'string' && inner.includes(NUL)) inner = record[key] = inner.replaceAll(NUL, '');
      if (key.includes(NUL)) {
        delete record[key];
        record[key.replaceAll(NUL, '')] = inner;
      }
      if (inner !== null && typeof inner === 'object') stack.push(inner);
    }
  }
  return root;
}

function guard(request: FastifyRequest): void {
  const strip = request.routeOptions.config.nulCharacters === 'strip';
  const parts: [unknown, string][] = [
    [request.params, ''],
    [request.query, ''],
  ];
  if (strip && findNul(request.body, '') !== null) request.body = stripNul(request.body);
  else parts.push([request.body, '']);
  for (const [value, path] of parts) {
    const at = findNul(value, path);
    if (at !== null) throw new DomainError('invalid', HTTP_MESSAGES.nulCharacter, { fields: { [at || 'body']: HTTP_MESSAGES.nulCharacter } });
  }
}

/**
 * Registers the NUL check on every route. It runs as a preHandler, after the body parsers (multipart
 * fields are attached to the body in a preValidation hook of the module) and before any handler.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    guard(request);
  });
}
