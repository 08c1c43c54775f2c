// Scheduled WhatsApp messages are sent (issue 9; 001 §7 contato/agendar-mensagem): a durable job
// per attempt (apps/server/src/jobs), due at the scheduled time (jobs.not_before). It sends through
// the one send path (sendToLead: stored like any send, in the conversation, announced), in the
// job's transaction, so the message row, the lead's schedule state and the job's cursor commit
// together. Claimed with FOR UPDATE SKIP LOCKED and a lease: one server process sends it.
//
// Retry policy (docs/decisions.md "Scheduled messages"): an attempt that cannot send (lead
// blocked, no instance connected, number not on WhatsApp, gateway failure) is tried again after
// 1, 5 and 15 minutes — four attempts — then the schedule is marked failed with the last reason
// ('falhou', shown in the CRM's scheduling panel) and the timeline says so.
import type { Permission } from '@funil/domain/access/roles';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';

import { DomainError } from '../../../http/domain-error.ts';
import type { JobRunner } from '../../../jobs/job-runner.ts';
import type { Session } from '../../auth/auth.service.ts';
import {
  announceScheduledChange,
  dueScheduledMessage,
  recordScheduledFailure,
  recordScheduledSent,
  SCHEDULED_MESSAGE_JOB,
  type ScheduledMessageJobItem,
} from '../../leads/scheduled-message.service.ts';
import { userById } from '../../users/users.service.ts';
import { sendToLead } from '../chat/chat.service.ts';
import { transactionalContext, type WhatsappContext } from '../whatsapp-context.ts';

/** Waits before attempts 2, 3 and 4. */
export const SCHEDULED_RETRY_DELAYS_MS: readonly number[] = [60_000, 5 * 60_000, 15 * 60_000];

/** The idempotency key of one attempt: the same attempt never sends twice. */
export const scheduledSendKey = (item: ScheduledMessageJobItem) => `agendada:${item.cliCrmId}:${item.versao}:${item.tentativa}`;

/** The scheduler as the sender: its name signs the text (assinaturaWhatsapp) and its id is the message's. */
export async function senderSession(
  ctx: WhatsappContext,
  idUsuario: number | null,
  lead: { idEmpresa: number; idUnidade: number },
): Promise<Session> {
  const user = idUsuario === null ? null : await userById(ctx.db, idUsuario);
  const permission = (user?.permissao ?? 'u') as Permission;
  // Only what the send path reads: who sends, in which unit, under which name.
  return {
    sessionId: 0,
    userId: user?.id ?? 0,
    empresaId: lead.idEmpresa,
    unidadeId: lead.idUnidade,
    permission,
    nome: user?.nome ?? '',
    acessoAtribuidos: true,
    configuracoes: user?.configuracoes ?? '{}',
    crmIntervalDays: 0,
    access: { permission, idRamal: 0, habilitaMensagemWhatsapp: false, extras: {} } as unknown as Session['access'],
    expiresAt: new Date(Date.now() + 60_000),
  };
}

/** Registers the send on a runner (the app's; a test adds a second runner on the same database). */
export function registerScheduledSend(runner: JobRunner, ctx: WhatsappContext, retryDelaysMs: readonly number[]): void {
  // Socket events of a batch wait for its commit (onProgress runs after it).
  const held = new Map<number, () => void>();
  runner.register({
    kind: SCHEDULED_MESSAGE_JOB,
    batchSize: 1,
    failureMessage: 'Falha no envio da mensagem agendada.',
    async processBatch({ tx, job, items }) {
      const item = items[0]!.payload as ScheduledMessageJobItem;
      const lead = await dueScheduledMessage(tx, item);
      // Rescheduled, cleared, already sent or the lead deleted: nothing to send.
      if (!lead) return { resultado: 'ignorada' };
      const bound = transactionalContext(ctx, tx);
      const done = () => {
        bound.commit();
        announceScheduledChange(ctx.db, lead);
      };
      try {
        const session = await senderSession(bound.ctx, job.idUsuario, lead);
        const sent = await sendToLead(bound.ctx, session, {
          lead,
          outgoing: { kind: 'text', text: lead.cliMensagemAgendada! },
          idempotencyKey: scheduledSendKey(item),
        });
        await recordScheduledSent(tx, lead, job.idUsuario);
        held.set(job.id, done);
        return { resultado: 'enviada', tentativa: item.tentativa, mensagem: sent.id };
      } catch (err) {
        const reason = err instanceof DomainError ? err.message : WHATSAPP_MESSAGES.gatewayUnavailable;
        if (!(err instanceof DomainError)) ctx.log.warn({ err }, 'mensagem agendada: falha no envio');
        const final = item.tentativa > retryDelaysMs.length;
        await recordScheduledFailure(tx, lead, job.idUsuario, reason, final);
        if (!final) {
          const next: ScheduledMessageJobItem = { ...item, tentativa: item.tentativa + 1 };
          await runner.enqueue(
            {
              kind: SCHEDULED_MESSAGE_JOB,
              idEmpresa: job.idEmpresa,
              idUnidade: job.idUnidade,
              idUsuario: job.idUsuario,
              params: next,
              items: [next],
              notBefore: new Date(Date.now() + retryDelaysMs[item.tentativa - 1]!),
            },
            tx,
          );
        }
        held.set(job.id, done);
        return { resultado: final ? 'falhou' : 'nova-tentativa', tentativa: item.tentativa, motivo: reason };
      }
    },
    onProgress(job) {
      const fn = held.get(job.id);
      held.delete(job.id);
      fn?.();
    },
  });
}
