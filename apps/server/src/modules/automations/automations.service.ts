// The automations' door (issue 25): the unit's rules (only an admin changes them; a user with the
// `automacao` flag sees them and retries a run: docs/decisions.md "Automations"), the figures of
// 'Visualizar Desempenho' and the run log.
import { randomBytes } from 'node:crypto';

import {
  AUTOMATION_API_MESSAGES,
  automationInputSchema,
  describeStep,
  type AutomationInput,
  type LeadRunsResponse,
  type PerformanceResponse,
  type RuleView,
  type Step,
} from '@funil/domain/automations/automations';
import { stepText } from '@funil/domain/automations/step-text';

import type { Db } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import type { Session } from '../auth/auth.service.ts';
import { leadForSession, unitLead } from '../leads/leads.service.ts';
import { unitQuickMessage } from '../quick-messages/quick-messages.service.ts';
import { loadUnitData } from '../unit-data/unit-data.service.ts';
import {
  insertRule,
  restartRun,
  ruleById,
  ruleFigures,
  rulesOfUnit,
  runsOfLead,
  runsOfRule,
  stepsOfRuns,
  updateRule,
  type RuleRow,
  type RunRow,
  type StepRow,
} from './automations.repository.ts';
import { pausedRunsOfRule } from './lead-signals.ts';
import { checkTypebotSteps, typebotSettingsOf } from './typebot-settings.ts';

export type UnitActor = { idEmpresa: number; idUnidade: number; idUsuario: number };

export const ruleView = (r: RuleRow): RuleView => ({
  id: r.id,
  nome: r.nome,
  gatilho: r.gatilho,
  opcoes: r.opcoes,
  passos: r.passos,
  habilitado: r.habilitado,
  dataCad: r.criadoEm.toISOString(),
  dataAtualizacao: r.atualizadoEm.toISOString(),
});

export async function createRule(db: Db, actor: UnitActor, input: AutomationInput): Promise<RuleRow> {
  const body = automationInputSchema.parse(input);
  await checkTypebotSteps(db, actor.idUnidade, body.passos);
  await checkQuickMessageSteps(db, actor.idEmpresa, actor.idUnidade, body.passos);
  return insertRule(db, {
    idEmpresa: actor.idEmpresa,
    idUnidade: actor.idUnidade,
    idUsuario: actor.idUsuario,
    segredo: randomBytes(24).toString('hex'),
    ...body,
  });
}

/** Every 'mensagem-rapida' step names a quick message of the unit (the company's or the unit's). */
async function checkQuickMessageSteps(
  db: Db,
  idEmpresa: number,
  idUnidade: number,
  passos: AutomationInput['passos'] | undefined,
) {
  for (const p of passos ?? []) {
    if (p.tipo === 'mensagem-rapida' && !(await unitQuickMessage(db, idEmpresa, idUnidade, p.idModelo)))
      throw new DomainError('invalid', AUTOMATION_API_MESSAGES.quickMessageNotFound);
  }
}

export async function changeRule(db: Db, idUnidade: number, id: number, input: Partial<AutomationInput>): Promise<RuleRow> {
  await checkTypebotSteps(db, idUnidade, input.passos);
  const current = await ruleById(db, id);
  if (!current || current.idUnidade !== idUnidade) throw new DomainError('not_found', AUTOMATION_API_MESSAGES.notFound);
  await checkQuickMessageSteps(db, current.idEmpresa, idUnidade, input.passos);
  const row = await updateRule(db, id, idUnidade, input);
  if (!row) throw new DomainError('not_found', AUTOMATION_API_MESSAGES.notFound);
  return row;
}

export const listRules = (db: Db, idUnidade: number) => rulesOfUnit(db, idUnidade);

export async function ruleOfUnit(db: Db, idUnidade: number, id: number): Promise<RuleRow> {
  const rule = await ruleById(db, id);
  if (!rule || rule.idUnidade !== idUnidade) throw new DomainError('not_found', AUTOMATION_API_MESSAGES.notFound);
  return rule;
}

/** 'Visualizar Desempenho': the rule's figures and its latest runs, each with its steps (the run log). */
export async function rulePerformance(db: Db, idUnidade: number, id: number, limit = 50): Promise<PerformanceResponse['data']> {
  const rule = await ruleOfUnit(db, idUnidade, id);
  const runs = await runsOfRule(db, rule.id, limit);
  const steps = await stepsOfRuns(
    db,
    runs.map((r) => r.id),
  );
  const names = new Map<number, string | null>();
  for (const leadId of new Set(runs.map((r) => r.cliCrmId)))
    names.set(leadId, (await unitLead(db, idUnidade, leadId))?.cliNome ?? null);
  return {
    automacao: ruleView(rule),
    figuras: { ...(await ruleFigures(db, rule.id)), pausadasPorAtendente: await pausedRunsOfRule(db, rule.id) },
    execucoes: runs.map((r) => runView(rule, r, steps, names.get(r.cliCrmId) ?? null)),
  };
}

/** A line of the log past the rule's last step: the run's end after a last wait. */
export const RUN_END_TEXT = 'Fim da automação';

const runView = (
  rule: RuleRow,
  r: RunRow,
  steps: readonly StepRow[],
  nomeLead: string | null,
  describe: (step: Step) => string = describeStep,
) => ({
  id: r.id,
  cliCrmId: r.cliCrmId,
  nomeLead,
  status: r.status,
  passo: r.passo,
  erro: r.erro,
  proximoEm: r.proximoEm.toISOString(),
  criadoEm: r.criadoEm.toISOString(),
  terminadoEm: r.terminadoEm?.toISOString() ?? null,
  passos: steps
    .filter((s) => s.idExecucao === r.id)
    .map((s) => ({
      passo: s.passo,
      descricao: rule.passos[s.passo] ? describe(rule.passos[s.passo]!) : RUN_END_TEXT,
      resultado: s.resultado,
      detalhe: s.detalhe,
      em: s.em.toISOString(),
    })),
});

/**
 * The run log of a lead for its timeline: the lead's runs in the session's unit (the latest `limit`),
 * each step with when and its result. Only for a session that may see the lead (404 / 403 as
 * GET contato/completo/{id}).
 */
export async function leadRuns(db: Db, session: Session, cliCrmId: number, limit = 20): Promise<LeadRunsResponse['data']> {
  const lead = await leadForSession(db, session, cliCrmId);
  const runs = await runsOfLead(db, lead.idUnidade, lead.cliCrmId, limit);
  const steps = await stepsOfRuns(
    db,
    runs.map((r) => r.id),
  );
  const rules = new Map<number, RuleRow | null>();
  for (const id of new Set(runs.map((r) => r.idAutomacao))) rules.set(id, await ruleById(db, id));
  if (runs.length === 0) return [];
  // The timeline reads each step with the unit's names (statuses, attendants, tags, the Typebot flow), as the builder does.
  const [unit, typebot] = await Promise.all([loadUnitData(db, session), typebotSettingsOf(db, lead.idUnidade)]);
  const describe = (step: Step) => stepText(unit, step, { typebot });
  return runs.flatMap((r) => {
    const rule = rules.get(r.idAutomacao);
    if (!rule) return [];
    return [{ ...runView(rule, r, steps, lead.cliNome, describe), automacao: { id: rule.id, nome: rule.nome } }];
  });
}

/** 'Tentar de novo a partir do passo' (issue 25 'Failures'): `passo` is 0-based. */
export async function retryRun(db: Db, idUnidade: number, idRule: number, idRun: number, passo: number, now: Date) {
  const rule = await ruleOfUnit(db, idUnidade, idRule);
  if (passo < 0 || passo >= rule.passos.length) throw new DomainError('invalid', AUTOMATION_API_MESSAGES.stepOutOfRange);
  const run = await restartRun(db, idUnidade, rule.id, idRun, passo, now);
  if (!run) throw new DomainError('not_found', AUTOMATION_API_MESSAGES.runNotFound);
  return run;
}
