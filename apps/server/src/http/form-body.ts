// Form bodies for the lead modules: the spec's calls send form-data (multipart) or urlencoded
// forms as well as JSON (000 §7 "Negotiation (form-data POSTs)"). Multipart fields become a plain
// object before validation; a file becomes { filename, mimetype, content }.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

import { HTTP_MESSAGES } from '@funil/domain/http/errors';
import { CSV_IMPORT_MAX_BYTES } from '@funil/domain/leads-api/csv-import-api';

import { DomainError } from './domain-error.ts';

export type UploadedFile = { filename: string; mimetype: string; content: Buffer };

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && 'content' in value && Buffer.isBuffer((value as UploadedFile).content);
}

/** Registers multipart and urlencoded parsing in the calling plugin's scope; one file per request. */
export async function registerFormBodies(app: FastifyInstance, options: { maxFileBytes?: number } = {}): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: options.maxFileBytes ?? CSV_IMPORT_MAX_BYTES, files: 1, fields: 50, fieldSize: 1_048_576 },
  });
  // The form becomes the body before validation, as attachFieldsToBody: 'keyValues' would do, but a
  // form the parser cannot read (cut short, no boundary, a broken part header) answers 400 in
  // Portuguese instead of the parser's own error (issue 7 §4); its limits keep their 413.
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    // No prototype: a field named like an Object method cannot reach one.
    const body = Object.create(null) as Record<string, unknown>;
    const add = (key: string, value: unknown) => {
      const previous = body[key];
      body[key] =
        previous === undefined ? value : Array.isArray(previous) ? [...(previous as unknown[]), value] : [previous, value];
    };
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file')
          add(part.fieldname, {
            filename: part.filename,
            mimetype: part.mimetype,
            content: await part.toBuffer(),
          } satisfies UploadedFile);
        else add(part.fieldname, part.value);
      }
    } catch (err) {
      const status = (err as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) throw err;
      throw new DomainError('invalid', HTTP_MESSAGES.malformedForm);
    }
    request.body = body;
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });
}
