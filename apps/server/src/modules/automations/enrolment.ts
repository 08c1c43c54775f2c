// The automations' enrolment (issue 25 'The engine'), the lead event consumer's half of the engine
// (automations.engine.ts `consumer`): in the batch's transaction, each event that fires an enabled
// rule of its unit inserts one run keyed by (rule, lead, event id), so a replayed or repeated event
// inserts nothing and the run commits with the consumer's position (exactly once). The loop guard
// reads `dados.automacao`, the cause every change made by a step carries. The batch's leads' runs of
// the day are read in one statement and its runs inserted in one: a batch of events costs two
// statements, not two per event and rule (docs/performance.md "Automations").
import { AUTOMATION_LIMITS, triggerMatches, type AutomationCause } from '@funil/domain/automations/automations';
import type { LeadEvent } from '@funil/domain/lead-events/lead-events';
import { startOfSaoPauloDay } from '@funil/domain/mass-send/pacing';

import type { Tx } from '../../db/handle.ts';
import { messageTextById } from '../whatsapp/campaign/campaign-send.service.ts';
import { enabledRulesOfUnits, insertRuns, runsOfLeadsSince, type NewRun, type RuleRow } from './automations.repository.ts';

/** Inserts the runs the events fire; returns how many will run (a chain too deep is logged with `chainTooDeep`, never run). */
export async function enrolEvents(tx: Tx, events: readonly LeadEvent[], now: Date, chainTooDeep: string): Promise<number> {
  const rules = await enabledRulesOfUnits(tx, [...new Set(events.map((e) => e.idUnidade))]);
  if (rules.length === 0) return 0;
  const fired: { event: LeadEvent; rule: RuleRow }[] = [];
  for (const e of events) {
    const cause = e.dados['automacao'] as AutomationCause | undefined;
    for (const rule of rules) {
      if (rule.idUnidade !== e.idUnidade) continue;
      // Loop guard: a change made by this rule's own run never enrols the lead in it again.
      if (cause?.idAutomacao === rule.id) continue;
      const text =
        rule.gatilho.tipo === 'mensagem-recebida' && rule.gatilho.palavraChave && typeof e.dados['idMensagem'] === 'number'
          ? await messageTextById(tx, e.dados['idMensagem'])
          : null;
      if (triggerMatches(rule.gatilho, e, text)) fired.push({ event: e, rule });
    }
  }
  if (fired.length === 0) return 0;
  // The per-lead daily cap, as if the events were enrolled one by one in order: the day's runs
  // (those of this batch included as they are planned); a replayed event's run is already there.
  const today = await runsOfLeadsSince(tx, [...new Set(fired.map((f) => f.event.cliCrmId))], startOfSaoPauloDay(now));
  const count = new Map<string, number>();
  const existing = new Set<string>();
  for (const r of today) {
    count.set(`${r.idAutomacao}:${r.cliCrmId}`, (count.get(`${r.idAutomacao}:${r.cliCrmId}`) ?? 0) + 1);
    existing.add(`${r.idAutomacao}:${r.cliCrmId}:${r.idEvento}`);
  }
  const planned: (NewRun & { stopped?: string })[] = [];
  for (const { event: e, rule } of fired) {
    if (existing.has(`${rule.id}:${e.cliCrmId}:${e.id}`)) continue;
    const cause = e.dados['automacao'] as AutomationCause | undefined;
    const depth = cause ? cause.profundidade + 1 : 1;
    const run = {
      idAutomacao: rule.id,
      cliCrmId: e.cliCrmId,
      idUnidade: e.idUnidade,
      idEvento: e.id,
      profundidade: depth,
      now,
    };
    const pair = `${rule.id}:${e.cliCrmId}`;
    const tooDeep = depth > AUTOMATION_LIMITS.chainDepth;
    if (!tooDeep && (count.get(pair) ?? 0) >= rule.opcoes.limiteDiario) continue;
    // A chain too deep is logged on the rule's runs with its reason, never run.
    planned.push(tooDeep ? { ...run, stopped: chainTooDeep } : run);
    count.set(pair, (count.get(pair) ?? 0) + 1);
    existing.add(`${pair}:${e.id}`);
  }
  return insertRuns(tx, planned);
}
