// Replaying a webhook kept aside because it could not be stored (issue 21 item 2's dead letters,
// whatsapp_webhooks_rejeitados): the super-admin runs it through the ingest again once what refused
// it is fixed (POST /api/instancias/rejeitados/{id}/reprocessar). The replay goes the webhook's own
// way (prepareWebhook, then ingestPrepared in a transaction) with the instance's secret, and the
// row leaves the list in the same transaction that stores the event: exactly once, even when two
// replays race (the second finds no row). A replay refused again keeps the row with its new reason.
// The early acks of whatsapp_eventos_pendentes are not dead letters: they wait for their message
// and are applied when it is stored (pending-events.repository.ts), so there is nothing to replay.
import {
  REJECTED_WEBHOOK_REASONS,
  REJECTED_WEBHOOK_REPLAY_MESSAGES,
  stillRejectedMessage,
  type RejectedWebhookReplayResponse,
} from '@funil/domain/whatsapp-api/rejected-webhooks';

import { DomainError } from '../../../http/domain-error.ts';
import type { Session } from '../../auth/auth.service.ts';
import { findInstanceById } from '../instances/instances.repository.ts';
import type { WhatsappContext } from '../whatsapp-context.ts';
import {
  deleteRejectedWebhook,
  findRejectedWebhook,
  lockRejectedWebhook,
  updateRejectedWebhook,
  type RejectedWebhookRow,
} from './rejected-webhooks.repository.ts';
import { rejectionDetailOf, rejectionOf } from './rejected-webhooks.service.ts';
import { ingestPrepared, prepareWebhook, RejectedWebhookError, type PreparedWebhook } from './webhook.service.ts';

const M = REJECTED_WEBHOOK_REPLAY_MESSAGES;

/** The kept body as the gateway's envelope, addressed to the instance as it is named now. */
function envelopeOf(row: RejectedWebhookRow, instanceName: string): unknown {
  const body = row.corpo;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return { ...(body as Record<string, unknown>), instance: instanceName };
}

/** Keeps the new reason of a replay refused before anything was written, and answers 409 with it. */
async function refusedAgain(ctx: WhatsappContext, row: RejectedWebhookRow, motivo: string, error: unknown): Promise<never> {
  await updateRejectedWebhook(ctx.db, row.id, { motivo, erro: rejectionDetailOf(error) });
  throw new DomainError('conflict', stillRejectedMessage(motivo));
}

type Outcome = { kind: 'gone' } | { kind: 'refused'; motivo: string } | { kind: 'stored'; commits: (() => void)[] };

/** Runs one rejected webhook of the session's company through the ingest again (see the top of the file). */
export async function replayRejectedWebhook(
  ctx: WhatsappContext,
  session: Session,
  id: number,
): Promise<RejectedWebhookReplayResponse> {
  const kept = await findRejectedWebhook(ctx.db, session.empresaId, id);
  if (!kept) throw new DomainError('not_found', M.notFound);
  const instance = await findInstanceById(ctx.db, kept.idInstancia);
  if (!instance || instance.idEmpresa !== kept.idEmpresa) throw new DomainError('conflict', M.instanceGone);
  let prepared: PreparedWebhook;
  try {
    prepared = await prepareWebhook(ctx, envelopeOf(kept, instance.name), instance.webhookSecret);
  } catch (error) {
    if (error instanceof RejectedWebhookError) return refusedAgain(ctx, kept, error.rejection.reason, error);
    // Not an envelope at all (prepareWebhook's 400): it never will be.
    if (error instanceof DomainError && error.code === 'invalid')
      return refusedAgain(ctx, kept, REJECTED_WEBHOOK_REASONS.shape, error);
    throw error;
  }
  const outcome: Outcome = await ctx.db.transaction(async (tx) => {
    if (!(await lockRejectedWebhook(tx, session.empresaId, id))) return { kind: 'gone' };
    if (prepared.kind === 'done') {
      await deleteRejectedWebhook(tx, id);
      return { kind: 'stored', commits: [] };
    }
    try {
      // A savepoint: a statement the database refuses again leaves the transaction usable for the new reason.
      const commits = await tx.transaction((savepoint) => ingestPrepared(ctx, savepoint, [prepared]));
      await deleteRejectedWebhook(tx, id);
      return { kind: 'stored', commits };
    } catch (error) {
      const motivo = rejectionOf(error);
      if (motivo === null) throw error; // transient (a lock, a lost connection): 500, the row stays
      await updateRejectedWebhook(tx, id, { motivo, erro: rejectionDetailOf(error) });
      return { kind: 'refused', motivo };
    }
  });
  if (outcome.kind === 'gone') throw new DomainError('not_found', M.notFound);
  if (outcome.kind === 'refused') throw new DomainError('conflict', stillRejectedMessage(outcome.motivo));
  for (const commit of outcome.commits) commit();
  return { message: prepared.kind === 'done' ? M.nothingToStore : M.replayed, handled: prepared.result.handled };
}
