// Form bodies for the lead modules: the spec's calls send form-data (multipart) or urlencoded
// forms as well as JSON (000 §7 "Negotiation (form-data POSTs)"). Multipart fields become a plain
// object before validation; a file becomes { filename, mimetype, content }.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { CSV_IMPORT_MAX_BYTES } from '@funil/domain/leads-api/csv-import-api';

export type UploadedFile = { filename: string; mimetype: string; content: Buffer };

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && 'content' in value && Buffer.isBuffer((value as UploadedFile).content);
}

/** Registers multipart and urlencoded parsing in the calling plugin's scope; one file per request. */
export async function registerFormBodies(app: FastifyInstance, options: { maxFileBytes?: number } = {}): Promise<void> {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: options.maxFileBytes ?? CSV_IMPORT_MAX_BYTES, files: 1, fields: 50, fieldSize: 1_048_576 },
    async onFile(part) {
      const content = await part.toBuffer();
      (part as unknown as { value: UploadedFile }).value = { filename: part.filename, mimetype: part.mimetype, content };
    },
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });
}
