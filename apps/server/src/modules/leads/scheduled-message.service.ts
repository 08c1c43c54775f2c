// A lead's scheduled WhatsApp message (001 §3 "Scheduled message fields on a contact", §7
// contato/agendar-mensagem) being sent (issue 9): the leads module's door to its state. The
// WhatsApp module's job sends it; this file reads and records, in the job's transaction.
import { and, eq } from 'drizzle-orm';

import { fieldChanges } from '@funil/domain/lead-events/lead-events';
import { SCHEDULED_MESSAGE_FAILED, SCHEDULED_MESSAGE_SENT, TIMELINE_EVENT_TYPE } from '@funil/domain/leads/timeline';

import type { Db, Tx } from '../../db/handle.ts';
import { appendLeadEvents, sameAudienceEvent } from '../lead-events/lead-events.service.ts';
import { invalidateLeadCounts } from './lead-count-cache.ts';
import { insertHistory } from './leads.repository.ts';
import { leads } from './leads.table.ts';

/** The job kind of a scheduled message's send (apps/server/src/jobs). */
export const SCHEDULED_MESSAGE_JOB = 'whatsapp-mensagem-agendada';

/** One attempt: the lead, the schedule's version (a newer schedule or a clear makes it stale) and the attempt number. */
export type ScheduledMessageJobItem = { cliCrmId: number; versao: number; tentativa: number };

export type LeadRow = typeof leads.$inferSelect;

/** The lead whose schedule this item still is (same version, pending, not deleted); null when it is stale. */
export async function dueScheduledMessage(tx: Db | Tx, item: ScheduledMessageJobItem): Promise<LeadRow | null> {
  const [lead] = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.cliCrmId, item.cliCrmId), eq(leads.cliMensagemAgendadaVersao, item.versao)))
    .for('update');
  if (!lead || lead.desativado !== 0 || lead.cliMensagemAgendadaStatus !== 'pendente' || !lead.cliMensagemAgendada) return null;
  return lead;
}

/**
 * After the job's transaction: this process's cached list totals drop; the lead event written in
 * the transaction (scheduledEvent) is announced by the stream's realtime consumer (issue 22 §2).
 */
export function announceScheduledChange(db: Db, lead: Pick<LeadRow, 'idUnidade'>): void {
  invalidateLeadCounts(db, [lead.idUnidade]);
}

/** The lead event of a send's outcome, in the job's transaction. */
function appendScheduledEvent(tx: Tx, lead: LeadRow, idUsuario: number | null, set: Partial<LeadRow>): Promise<void> {
  return appendLeadEvents(tx, [
    sameAudienceEvent(lead, { tipo: 'mensagem-agendada', ator: idUsuario, mudancas: fieldChanges(lead, set), dados: {} }),
  ]);
}

/** Sent: the schedule is cleared and the timeline shows 'Mensagem agendada enviada'. */
const sentSet = (lead: LeadRow) => ({
  cliMensagemAgendada: null,
  cliDataMensagemAgendada: null,
  cliMensagemAgendadaStatus: null,
  cliMensagemAgendadaErro: null,
  cliMensagemAgendadaTentativas: lead.cliMensagemAgendadaTentativas + 1,
  dataAtualizacao: new Date(),
});

export async function recordScheduledSent(tx: Tx, lead: LeadRow, idUsuario: number | null): Promise<void> {
  await tx.update(leads).set(sentSet(lead)).where(eq(leads.cliCrmId, lead.cliCrmId));
  await insertHistory(tx, [
    {
      cliCrmId: lead.cliCrmId,
      idUnidade: lead.idUnidade,
      atendente: idUsuario,
      tipo: TIMELINE_EVENT_TYPE.mensagemAgendadaWhatsapp,
      idNovo: SCHEDULED_MESSAGE_SENT,
      texto: lead.cliMensagemAgendada,
    },
  ]);
  await appendScheduledEvent(tx, lead, idUsuario, sentSet(lead));
}

/**
 * A failed attempt: `final` false keeps it pending with the reason (another attempt is due),
 * true marks it failed for good, with 'Falha no envio da mensagem agendada' in the timeline.
 */
export async function recordScheduledFailure(
  tx: Tx,
  lead: LeadRow,
  idUsuario: number | null,
  reason: string,
  final: boolean,
): Promise<void> {
  const failedSet = {
    cliMensagemAgendadaStatus: final ? 'falhou' : 'pendente',
    cliMensagemAgendadaErro: reason,
    cliMensagemAgendadaTentativas: lead.cliMensagemAgendadaTentativas + 1,
    dataAtualizacao: new Date(),
  };
  await tx.update(leads).set(failedSet).where(eq(leads.cliCrmId, lead.cliCrmId));
  await appendScheduledEvent(tx, lead, idUsuario, failedSet);
  if (final)
    await insertHistory(tx, [
      {
        cliCrmId: lead.cliCrmId,
        idUnidade: lead.idUnidade,
        atendente: idUsuario,
        tipo: TIMELINE_EVENT_TYPE.mensagemAgendadaWhatsapp,
        idNovo: SCHEDULED_MESSAGE_FAILED,
        texto: lead.cliMensagemAgendada,
        descricao: reason,
      },
    ]);
}
