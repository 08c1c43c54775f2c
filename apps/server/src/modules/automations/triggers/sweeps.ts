// The triggers that are not events but the absence of one (issue 25 'Triggers'): the engine's
// Ticker looks for them now and then (automations.engine.ts `pass`).
// - 'sem-movimento': the lead stays N days in the status with no movement. One run per quiet
//   period: its key's event id is minus the period's start in seconds (lead events have positive
//   ids), so the same quiet lead is enrolled once until it moves again.
// - 'sem-resposta': N hours after the last message sent to the lead without an answer. One run per
//   sent message: its key's event id is minus the sent message's time in seconds, so a new message
//   sent (a new clock) may enrol again, and an answer takes the lead out of the sweep.
import { startOfSaoPauloDay } from '@funil/domain/mass-send/pacing';

import type { Db } from '../../../db/handle.ts';
import { quietLeadsInStatus } from '../../leads/status-moves.service.ts';
import { unansweredLeads } from '../../leads/unanswered-leads.service.ts';
import { enabledRulesOfKind, insertRun, runsSince, type RuleRow } from '../automations.repository.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const BATCH = 200;

async function enrolOnce(db: Db, rule: RuleRow, cliCrmId: number, since: Date, now: Date): Promise<boolean> {
  const idEvento = -Math.floor(since.getTime() / 1000);
  const run = { idAutomacao: rule.id, cliCrmId, idUnidade: rule.idUnidade, idEvento, profundidade: 1, now };
  return db.transaction(async (tx) => {
    if ((await runsSince(tx, rule.id, cliCrmId, startOfSaoPauloDay(now))) >= rule.opcoes.limiteDiario) return false;
    return insertRun(tx, run);
  });
}

/** 'sem-movimento': enrols the leads that stayed the rule's days in its status without a movement. */
export async function enrolQuietLeads(db: Db, now: Date): Promise<number> {
  let inserted = 0;
  for (const rule of await enabledRulesOfKind(db, 'sem-movimento')) {
    const g = rule.gatilho;
    if (g.tipo !== 'sem-movimento') continue;
    const quiet = await quietLeadsInStatus(db, {
      idUnidade: rule.idUnidade,
      kind: g.tipoStatus === 'STATUS_NEGOCIACAO' ? 'negociacao' : 'venda',
      idFunil: g.idStatus,
      before: new Date(now.getTime() - g.dias * DAY_MS),
      limit: BATCH,
    });
    for (const lead of quiet) if (await enrolOnce(db, rule, lead.cliCrmId, lead.quietSince, now)) inserted++;
  }
  return inserted;
}

/** 'sem-resposta': enrols the leads that did not answer the rule's hours after the last message sent to them. */
export async function enrolUnansweredLeads(db: Db, now: Date): Promise<number> {
  let inserted = 0;
  for (const rule of await enabledRulesOfKind(db, 'sem-resposta')) {
    const g = rule.gatilho;
    if (g.tipo !== 'sem-resposta') continue;
    const before = new Date(now.getTime() - g.horas * HOUR_MS);
    const leads = await unansweredLeads(db, {
      idUnidade: rule.idUnidade,
      // Messages sent in the two days before the rule's time: the sweep runs every minute.
      after: new Date(before.getTime() - 2 * DAY_MS),
      before,
      limit: BATCH,
    });
    for (const lead of leads) if (await enrolOnce(db, rule, lead.cliCrmId, lead.sentAt, now)) inserted++;
  }
  return inserted;
}
