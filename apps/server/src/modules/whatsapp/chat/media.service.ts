// Media files of the message store, under the data folder: incoming media are fetched from the
// gateway after the webhook answered (getBase64FromMediaMessage, ref §3.13) and served to the
// browser by an authenticated route that checks the unit.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import { unitLead } from '../../leads/leads.service.ts';
import { leadSummaryOf } from '../../leads/views/chat/lead-chat.service.ts';
import { extensionOf } from '../ingest/message-content.ts';
import { findInstanceById } from '../instances/instances.repository.ts';
import { runInBackground, type WhatsappContext } from '../whatsapp-context.ts';
import { emitMessage } from '../whatsapp-events.ts';
import { claimDueMedia, findMessageRow, listReactions, updateMessage, type MessageRow } from './message-store.repository.ts';
import { chatMessageOf } from './message-view.ts';

const relativePath = (row: Pick<MessageRow, 'idUnidade' | 'id'>, mimetype: string | null, fileName: string | null) =>
  join(String(row.idUnidade), `${row.id}.${extensionOf(mimetype, fileName)}`);

/** Writes a file of a message and returns its path relative to the media folder. */
export async function saveMedia(
  ctx: WhatsappContext,
  row: Pick<MessageRow, 'idUnidade' | 'id'>,
  data: Buffer,
  mimetype: string | null,
  fileName: string | null,
): Promise<string> {
  const rel = relativePath(row, mimetype, fileName);
  const abs = join(ctx.mediaDir, rel);
  await mkdir(dirname(abs), { recursive: true });
  await writeFile(abs, data);
  return rel;
}

/**
 * The waits before trying a failed download again: 1 min, 5 min, 15 min, 1 h, 3 h, 12 h; after the
 * last one the sweeper stops (opening the file still tries once more, readMedia).
 */
export const MEDIA_RETRY_DELAYS_MS = [60_000, 300_000, 900_000, 3_600_000, 10_800_000, 43_200_000] as const;

/** How long a claimed download is left to the process that claimed it (a gateway call times out in 30 s). */
export const MEDIA_CLAIM_MS = 5 * 60_000;

/** When a download that failed for the `attempts`-th time is tried again; null when it is given up. */
export function nextMediaAttempt(attempts: number, now: Date): Date | null {
  const delay = MEDIA_RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

/** Downloads a message's media from the gateway and stores it; returns the updated row or null. */
export async function downloadMedia(ctx: WhatsappContext, id: number, now: Date = new Date()): Promise<MessageRow | null> {
  const row = await findMessageRow(ctx.db, id);
  if (
    !row ||
    row.mediaStatus === 'ready' ||
    row.mediaStatus === 'none' ||
    !row.messageId ||
    row.idInstancia === null ||
    !ctx.gateway
  )
    return row;
  const instance = await findInstanceById(ctx.db, row.idInstancia);
  if (!instance) return row;
  try {
    const media = await ctx.gateway.client.getBase64FromMediaMessage(
      { instanceName: instance.name, token: instance.token },
      row.messageId,
    );
    const mimetype = row.mimetype ?? media.mimetype;
    const fileName = row.fileName ?? media.fileName ?? null;
    const path = await saveMedia(ctx, row, Buffer.from(media.base64, 'base64'), mimetype, fileName);
    return await updateMessage(ctx.db, row.id, {
      mediaPath: path,
      mediaStatus: 'ready',
      mimetype,
      fileName,
      mediaTentarEm: null,
    });
  } catch (err) {
    const attempts = row.mediaTentativas + 1;
    ctx.log.warn({ err, id, attempts }, 'falha ao baixar mídia do WhatsApp');
    return updateMessage(ctx.db, row.id, {
      mediaStatus: 'failed',
      mediaTentativas: attempts,
      mediaTentarEm: nextMediaAttempt(attempts, now),
    });
  }
}

/**
 * The media sweeper: downloads that are due again (failed, or pending past their check-by time:
 * the process stopped between the webhook and the download) are tried now, oldest first, at most
 * `limit` per run; each finished one is announced as a message update. Answers how many it tried.
 */
export async function retryDueMedia(ctx: WhatsappContext, now: Date = new Date(), limit = 20): Promise<number> {
  if (!ctx.gateway) return 0;
  // Claimed, so that the sweeps of several server processes try each download once.
  const due = await claimDueMedia(ctx.db, now, limit, MEDIA_CLAIM_MS);
  for (const { id } of due) await announceDownload(ctx, await downloadMedia(ctx, id, now));
  return due.length;
}

async function announceDownload(ctx: WhatsappContext, row: MessageRow | null): Promise<void> {
  if (!row || row.mediaStatus !== 'ready') return;
  const lead = await unitLead(ctx.db, row.idUnidade, row.cliCrmId);
  if (!lead) return;
  const reactions = row.messageId ? await listReactions(ctx.db, row.cliCrmId, [row.messageId]) : [];
  emitMessage(ctx, row, 'update', chatMessageOf(row, reactions), leadSummaryOf(lead), null);
}

/** After the webhook answered: fetch the file, then tell the unit the message changed. */
export function downloadInBackground(ctx: WhatsappContext, id: number): void {
  runInBackground(ctx, 'download de mídia', async (ctx) => announceDownload(ctx, await downloadMedia(ctx, id)));
}

/** The stored file of a message; fetched now when the background download had not finished. */
export async function readMedia(
  ctx: WhatsappContext,
  row: MessageRow,
): Promise<{ data: Buffer; mimetype: string; fileName: string | null } | null> {
  let current: MessageRow | null = row;
  if (current.mediaStatus === 'none') return null;
  if (current.mediaStatus !== 'ready' || !current.mediaPath) current = await downloadMedia(ctx, current.id);
  if (!current?.mediaPath) return null;
  const abs = join(ctx.mediaDir, current.mediaPath);
  const exists = await stat(abs).then(
    () => true,
    () => false,
  );
  if (!exists) return null;
  return { data: await readFile(abs), mimetype: current.mimetype ?? 'application/octet-stream', fileName: current.fileName };
}
