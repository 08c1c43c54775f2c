// The scheduling steps (issue 25 'Steps'): 'agendar-ligacao' sets the lead's next call and
// 'agendar-mensagem' its scheduled WhatsApp message, each through the leads module's door an
// attendant uses (POST contato/agendarcontato, contato/agendar-mensagem): the same history event,
// the same lead event, and for the message the same durable job that sends it when due (with the
// scheduled-send job's checks). Both are idempotent by nature: doing the step again after a crash
// sets the same value (the message gets a new version, so only one job sends).
import { describeStep, scheduleTime, type Step } from '@funil/domain/automations/automations';
import { formatDateTime, formatSchedulePayload } from '@funil/domain/format/date';
import { renderForLead } from '@funil/domain/mass-send/pacing';

import type { Session } from '../../auth/auth.service.ts';
import { scheduleCall, scheduleMessage } from '../../leads/lead-changes.service.ts';
import type { LeadDeps } from '../../leads/leads.service.ts';
import type { StepOutcome, StepRun } from './step-context.ts';

export async function runScheduleStep(
  deps: LeadDeps,
  session: Session,
  step: Extract<Step, { tipo: 'agendar-ligacao' | 'agendar-mensagem' }>,
  c: StepRun,
): Promise<StepOutcome> {
  const when = scheduleTime(c.now, step);
  const payload = formatSchedulePayload(when);
  if (step.tipo === 'agendar-ligacao') {
    await scheduleCall(deps, session, c.lead.cliCrmId, payload);
    return { kind: 'ok', detalhe: `Ligação agendada para ${formatDateTime(when)}` };
  }
  if (!deps.enqueueJob) throw new Error(`${describeStep(step)}: envio agendado indisponível.`);
  // Placeholders filled now, as the text step fills them (the scheduled send sends the text as it is).
  const text = renderForLead([], step.texto, { cliCrmId: c.lead.cliCrmId, nome: c.lead.cliNome }, c.now);
  await scheduleMessage(deps, session, c.lead.cliCrmId, text, payload);
  return { kind: 'ok', detalhe: `Mensagem agendada para ${formatDateTime(when)}` };
}
