// The webphone's call queue (issue 12; 002 §4, §8, §9): the next leads of the session's unit by
// its rules regra_fila_1/2/3 and attempt limits, each claimed with a lease in the database, and
// the lease's release. The leads table stays in this module; the webphone module calls this door.
import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { callHoursAt, type CallHoursState } from '@funil/domain/webphone/call-hours';
import { QUEUE_LEASE_MINUTES, queueRules, startOfSaoPauloDay } from '@funil/domain/webphone/queue-rules';

import type { Session } from '../../../auth/auth.service.ts';
import { unitSettings } from '../../../tenancy/tenancy.service.ts';
import { leadView, loadVisibleLead, nowOf, scopeOf, type LeadDeps } from '../../leads.service.ts';
import { claimQueueLeads, releaseQueueLease } from './call-queue.repository.ts';

/** Claims the next `quantidade` leads for the session user (excluding ids the screen already holds). */
export async function nextQueueLeads(
  deps: LeadDeps,
  session: Session,
  quantidade: number,
  excluir: number[],
): Promise<CrmContato[]> {
  const now = nowOf(deps);
  const settings = await unitSettings(deps.db, session.unidadeId);
  // issue 12: outside the unit's call hours (or on its holiday) the queue hands out nobody.
  if (!callHoursAt(settings?.horarioLigacao ?? null, settings?.feriados ?? [], now).aberto) return [];
  const ids = await claimQueueLeads(deps.db, {
    scope: scopeOf(session),
    now,
    startOfToday: startOfSaoPauloDay(now),
    rules: queueRules(settings?.regraFila1, settings?.regraFila2, settings?.regraFila3),
    limiteTentativas: settings?.ligacaoLimiteTentativas ?? 6,
    limiteTentativasDiarias: settings?.ligacaoLimiteTentativasDiarias ?? 3,
    quantidade,
    excluir,
    leaseUntil: new Date(now.getTime() + QUEUE_LEASE_MINUTES.claimed * 60_000),
  });
  const views = await Promise.all(ids.map((id) => leadView(deps.db, id)));
  return views.filter((v): v is CrmContato => v !== null);
}

/** Releases the session user's lease of a visible lead; false when they held none. */
export async function releaseQueueLead(deps: LeadDeps, session: Session, id: number): Promise<boolean> {
  const scope = scopeOf(session);
  await loadVisibleLead(deps.db, scope, id);
  return releaseQueueLease(deps.db, scope, id);
}

/** GET webphone/horario: whether the session's unit may be dialled now, and if not, until when. */
export async function queueCallHours(deps: LeadDeps, session: Session): Promise<CallHoursState> {
  const settings = await unitSettings(deps.db, session.unidadeId);
  return callHoursAt(settings?.horarioLigacao ?? null, settings?.feriados ?? [], nowOf(deps));
}
