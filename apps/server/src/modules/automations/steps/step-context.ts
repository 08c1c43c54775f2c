// What a step file gets from the engine (automations.engine.ts `#do`) and what it answers: the
// engine records 'ok' (and moves on, or waits until `dueAt`), 'stop' (the run stops with the
// reason) and 'later' (the run is given back with a new due time). A DomainError thrown by a step
// fails the run at once; any other error is retried with backoff.
import type { Db } from '../../../db/handle.ts';
import type { LeadRow } from '../../leads/leads.service.ts';
import type { WhatsappContext } from '../../whatsapp/campaign/campaign-send.service.ts';
import type { RuleRow, RunRow } from '../automations.repository.ts';

export type StepOutcome =
  | { kind: 'ok'; detalhe: string; dueAt?: Date; enviadas?: number }
  | { kind: 'stop'; detalhe: string }
  | { kind: 'later'; at: Date; motivo?: string };

export type StepRun = { rule: RuleRow; run: RunRow; lead: LeadRow; chave: string; now: Date };
export type StepDeps = { db: Db; whatsapp: WhatsappContext | null };
