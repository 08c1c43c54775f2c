// Call recordings made by the browser and uploaded (issue 12): stored under the lead's folder and
// served only to users who may see that lead (the lead door decides: leadForSession).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { RECORDING_MESSAGES, type RECORDING_TYPES } from '@funil/domain/webphone/webphone-api';

import type { Db } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import { isUploadedFile } from '../../http/form-body.ts';
import type { Session } from '../auth/auth.service.ts';
import { leadForSession } from '../leads/leads.service.ts';

const EXTENSION: Record<(typeof RECORDING_TYPES)[number], string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
};
const TYPE_OF: Record<string, string> = { webm: 'audio/webm', ogg: 'audio/ogg', mp3: 'audio/mpeg', wav: 'audio/wav' };

const folderOf = (mediaDir: string, leadId: number) => join(mediaDir, 'gravacoes', String(leadId));

/** Stores an uploaded recording of a call to a visible lead; answers its file name. */
export async function saveRecording(db: Db, mediaDir: string, session: Session, leadId: number, file: unknown): Promise<string> {
  const lead = await leadForSession(db, session, leadId);
  if (!isUploadedFile(file)) throw new DomainError('invalid', RECORDING_MESSAGES.missing);
  const type = file.mimetype.split(';')[0]!.trim() as (typeof RECORDING_TYPES)[number];
  const ext = EXTENSION[type];
  if (!ext || file.content.length === 0) throw new DomainError('invalid', RECORDING_MESSAGES.badType);
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await mkdir(folderOf(mediaDir, lead.cliCrmId), { recursive: true });
  await writeFile(join(folderOf(mediaDir, lead.cliCrmId), name), file.content);
  return name;
}

/** A recording of a lead the session may see, or 404. */
export async function readRecording(
  db: Db,
  mediaDir: string,
  session: Session,
  leadId: number,
  name: string | undefined,
): Promise<{ content: Buffer; type: string }> {
  // The lead's visibility first: a hidden lead answers as the lead door does.
  const lead = await leadForSession(db, session, leadId);
  if (!name) throw new DomainError('not_found', RECORDING_MESSAGES.notFound);
  const content = await readFile(join(folderOf(mediaDir, lead.cliCrmId), name)).catch(() => null);
  if (!content) throw new DomainError('not_found', RECORDING_MESSAGES.notFound);
  return { content, type: TYPE_OF[name.split('.').pop()!] ?? 'application/octet-stream' };
}
