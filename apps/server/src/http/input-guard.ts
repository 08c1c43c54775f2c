// Issue 7 §4: PostgreSQL refuses the NUL character (U+0000) in text and jsonb, so a NUL anywhere
// in a request (path, query, body fields and keys, multipart fields, file names) would end in a
// 500 after part of the work was done. One hook answers it with 400 before any handler runs. The
// same for a lone UTF-16 surrogate, half of an emoji (issue 21 item 3): not Unicode, refused in
// jsonb and by the gateway. The rule is @funil/domain/http/text-characters.
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { HTTP_MESSAGES } from '@funil/domain/http/errors';
import { cleanInvalidCharacters, hasInvalidCharacter } from '@funil/domain/http/text-characters';

import { DomainError } from './domain-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'clean' drops NUL and replaces lone surrogates in the body instead of refusing them: for the
     * gateway's webhooks, whose messages carry what contacts typed and must not be lost (issue 21
     * item 2; the path and query are still checked).
     */
    invalidCharacters?: 'refuse' | 'clean';
  }
}

const isBinary = (value: object) => Buffer.isBuffer(value) || ArrayBuffer.isView(value);

/** The path of the first string or key holding a NUL or a lone surrogate, or null. Iterative: a deep body cannot overflow the stack. */
export function findInvalidText(root: unknown, rootPath: string): string | null {
  const stack: [unknown, string][] = [[root, rootPath]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (hasInvalidCharacter(value)) return path;
      continue;
    }
    if (value === null || typeof value !== 'object' || isBinary(value)) continue;
    for (const [key, inner] of Object.entries(value)) {
      const innerPath = path ? `${path}.${key}` : key;
      if (hasInvalidCharacter(key)) return path || 'body';
      stack.push([inner, innerPath]);
    }
  }
  return null;
}

/** Cleans the strings and keys of `root` in place (cleanInvalidCharacters; binary parts kept); returns the cleaned root. */
export function cleanInvalidText(root: unknown): unknown {
  if (typeof root === 'string') return cleanInvalidCharacters(root);
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object' || isBinary(value)) continue;
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      let inner = record[key];
      if (typeof inner === 'string' && hasInvalidCharacter(inner)) inner = record[key] = cleanInvalidCharacters(inner);
      if (hasInvalidCharacter(key)) {
        delete record[key];
        record[cleanInvalidCharacters(key)] = inner;
      }
      if (inner !== null && typeof inner === 'object') stack.push(inner);
    }
  }
  return root;
}

function guard(request: FastifyRequest): void {
  const clean = request.routeOptions.config.invalidCharacters === 'clean';
  const parts: [unknown, string][] = [
    [request.params, ''],
    [request.query, ''],
  ];
  if (clean && findInvalidText(request.body, '') !== null) request.body = cleanInvalidText(request.body);
  else parts.push([request.body, '']);
  for (const [value, path] of parts) {
    const at = findInvalidText(value, path);
    if (at !== null)
      throw new DomainError('invalid', HTTP_MESSAGES.nulCharacter, { fields: { [at || 'body']: HTTP_MESSAGES.nulCharacter } });
  }
}

/**
 * Registers the NUL and lone-surrogate check on every route. It runs as a preHandler, after the body parsers (multipart
 * fields are attached to the body in a preValidation hook of the module) and before any handler.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    guard(request);
  });
}
