// 'Aguardar resposta' (issue 25 'Steps': wait until the lead answers or a time passes). The first
// time the step runs it marks the run as waiting (its key, the stream's last lead event id) and gives
// it back due at the time-out, in one statement under the run's lease. The lead's first inbound
// message after that (a `mensagem-recebida` lead event, lead-signals.ts) makes the run due at once;
// the step then runs again: answered, it goes on; not answered by the time-out, it stops or goes on
// as the builder chose ('Se não responder: parar / continuar'). A restart ('Tentar de novo') is a
// new round, so a new key: the wait begins again.
import { and, eq } from 'drizzle-orm';

import { answerDeadline, type Step } from '@funil/domain/automations/automations';
import { formatDateTime } from '@funil/domain/format/date';

import type { Db } from '../../../db/handle.ts';
import { lastLeadEventId, leadHasEventAfter } from '../../lead-events/lead-events.service.ts';
import { automacoesExecucoes } from '../automations.table.ts';
import type { StepOutcome, StepRun } from './step-context.ts';

export const WAIT_ANSWER_MESSAGES = {
  answered: 'O lead respondeu',
  stopped: 'Parada: o lead não respondeu no prazo',
  goOn: 'O lead não respondeu no prazo; seguindo',
} as const;

export async function runWaitAnswerStep(
  db: Db,
  step: Extract<Step, { tipo: 'aguardar-resposta' }>,
  c: StepRun,
): Promise<StepOutcome> {
  if (c.run.aguardandoChave !== c.chave) {
    const deadline = answerDeadline(c.now, step);
    // Given back here (lease released): the engine's own postpone then changes nothing, and an
    // answer that wakes the run after this statement is never overwritten.
    await db
      .update(automacoesExecucoes)
      .set({
        aguardandoChave: c.chave,
        aguardandoEvento: await lastLeadEventId(db),
        respondidoEm: null,
        proximoEm: deadline,
        leasePor: null,
        leaseAte: null,
      })
      .where(and(eq(automacoesExecucoes.id, c.run.id), eq(automacoesExecucoes.leasePor, c.run.leasePor ?? '')));
    return { kind: 'later', at: deadline };
  }
  const answered =
    c.run.respondidoEm !== null ||
    (await leadHasEventAfter(db, c.lead.cliCrmId, 'mensagem-recebida', c.run.aguardandoEvento ?? Number.MAX_SAFE_INTEGER));
  if (answered)
    return {
      kind: 'ok',
      detalhe: c.run.respondidoEm
        ? `${WAIT_ANSWER_MESSAGES.answered} em ${formatDateTime(c.run.respondidoEm)}`
        : WAIT_ANSWER_MESSAGES.answered,
    };
  if (step.seNaoResponder === 'parar') return { kind: 'stop', detalhe: WAIT_ANSWER_MESSAGES.stopped };
  return { kind: 'ok', detalhe: WAIT_ANSWER_MESSAGES.goOn };
}
