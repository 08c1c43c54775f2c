// The realtime announcement of a lead's change (001 §7 "Main socket", issue 21, issue 22 §2): a
// consumer of the lead event stream. One announcement per event, only to the users who may see
// the lead before or after the change (001 §6): `lead-{id}-update` and `company-{id}-contact`,
// or, for a move on the pipeline board, the board's `company-{id}-pipeline` alone.
import { realtimeActionOf, type LeadEvent } from '@funil/domain/lead-events/lead-events';
import type { LeadRealtimeEvent } from '@funil/domain/leads-api/lead-api';
import type { PipelineMoveEvent } from '@funil/domain/pipeline/pipeline-api';
import { contactEvent, leadUpdateEvent, pipelineMoveEvent } from '@funil/domain/realtime/events';

import type { Db } from '../../../db/handle.ts';
import type { LeadAudience, Realtime } from '../../../realtime/realtime.ts';
import { invalidateLeadCounts } from '../../leads/leads.service.ts';
import type { LeadEventConsumer } from '../lead-events.service.ts';

export const REALTIME_CONSUMER = 'realtime';

/** The audiences of an event: before and after, each once. */
export function audiencesOf(e: Pick<LeadEvent, 'antes' | 'depois'>): LeadAudience[] {
  const { antes, depois } = e;
  if (!antes || (antes.idUnidade === depois.idUnidade && antes.idUsuario === depois.idUsuario)) return [depois];
  return [antes, depois];
}

export function realtimeAnnouncement(db: Db, realtime: Pick<Realtime, 'toUsersWhoSee'>): LeadEventConsumer {
  return {
    name: REALTIME_CONSUMER,
    // A socket hears what happens while it is connected; a process that starts does not replay
    // the history to sockets that read their screens on connecting.
    from: 'now',
    async handle(events) {
      // A lead of a batch (a CSV import, a deleted status) is announced with its batch, once.
      for (const e of events) if (e.dados.lote === undefined) announce(db, realtime, e);
    },
  };
}

function announce(db: Db, realtime: Pick<Realtime, 'toUsersWhoSee'>, e: LeadEvent): void {
  const audiences = audiencesOf(e);
  const units = [...new Set(audiences.map((a) => a.idUnidade))];
  // The units' cached list totals go first (the change's process dropped them at its commit too).
  invalidateLeadCounts(db, units);
  const move = e.dados.pipeline as Omit<PipelineMoveEvent, 'cli_crm_id' | 'idUnidade'> | undefined;
  if (move) {
    // Issue 22 §2: a drag is one announcement; the boards, the CRM list and the open lead all follow it.
    realtime.toUsersWhoSee(audiences, pipelineMoveEvent(e.idEmpresa), {
      ...move,
      cli_crm_id: e.cliCrmId,
      idUnidade: e.idUnidade,
    });
    return;
  }
  const action = realtimeActionOf(e.tipo);
  for (const unit of units) {
    const payload: LeadRealtimeEvent = { action, cli_crm_id: e.cliCrmId, idUnidade: unit };
    const who = audiences.filter((a) => a.idUnidade === unit);
    realtime.toUsersWhoSee(who, leadUpdateEvent(e.cliCrmId), payload);
    realtime.toUsersWhoSee(who, contactEvent(e.idEmpresa), payload);
  }
}
