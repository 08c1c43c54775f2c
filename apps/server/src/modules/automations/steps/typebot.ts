// 'Iniciar fluxo do Typebot' (issue 25 'Typebot through the gateway'): the flow of the unit's
// settings, started through the gateway for the lead once (the step's key is the start's key; the
// WhatsApp module's typebot.service.ts asks the gateway before a retry), with the lead's id, name and
// status as variables (never a key). Like a message, it respects the lead's opt-out and the mass
// send's allowed hours: the flow talks to the lead.
import { AUTOMATION_API_MESSAGES, type Step } from '@funil/domain/automations/automations';
import { massSendSettingsOf } from '@funil/domain/mass-send/mass-send-api';
import { nextAllowedTime } from '@funil/domain/mass-send/pacing';

import { DomainError } from '../../../http/domain-error.ts';
import { unitExtraSettings } from '../../tenancy/tenancy.service.ts';
import { campaignInstanceOfUnit } from '../../whatsapp/campaign/campaign-send.service.ts';
import { startLeadTypebot } from '../../whatsapp/typebot/typebot.service.ts';
import { typebotSettingsOf } from '../typebot-settings.ts';
import type { StepDeps, StepOutcome, StepRun } from './step-context.ts';

export const TYPEBOT_STEP_MESSAGES = {
  noWhatsapp: 'Nenhum WhatsApp conectado na unidade.',
  optOut: 'Não iniciado: o lead pediu para sair dos envios.',
  started: 'Fluxo do Typebot iniciado',
  already: 'Fluxo do Typebot já iniciado para esta execução',
} as const;

export async function runTypebotStep(deps: StepDeps, step: Extract<Step, { tipo: 'typebot' }>, c: StepRun): Promise<StepOutcome> {
  const ctx = deps.whatsapp;
  if (!ctx) throw new DomainError('conflict', TYPEBOT_STEP_MESSAGES.noWhatsapp);
  const settings = await typebotSettingsOf(deps.db, c.rule.idUnidade);
  if (!settings.url) throw new DomainError('invalid', AUTOMATION_API_MESSAGES.typebotNotConfigured);
  const flow = settings.fluxos.find((f) => f.idPublico === step.fluxo);
  if (!flow) throw new DomainError('invalid', AUTOMATION_API_MESSAGES.typebotUnknownFlow);
  if (c.lead.optoutEnvioMassa) return { kind: 'ok', detalhe: TYPEBOT_STEP_MESSAGES.optOut };
  const massSend = massSendSettingsOf((await unitExtraSettings(deps.db, c.rule.idUnidade)).configuracoes_envio_em_massa);
  const allowed = nextAllowedTime(massSend, c.now);
  if (allowed && allowed.getTime() > c.now.getTime()) return { kind: 'later', at: allowed };
  const instance = await campaignInstanceOfUnit(ctx, c.rule.idUnidade, null);
  if (!instance) throw new Error(TYPEBOT_STEP_MESSAGES.noWhatsapp);
  const result = await startLeadTypebot(ctx, {
    instance,
    lead: c.lead,
    url: settings.url,
    fluxo: flow.idPublico,
    botChave: `automacao:${c.rule.id}:${flow.idPublico}`,
    botDescription: `Funil: ${c.rule.nome}`.slice(0, 100),
    chave: `auto:${c.chave}`,
    idExecucao: c.run.id,
    variables: {
      idLead: String(c.lead.cliCrmId),
      nome: c.lead.cliNome ?? '',
      status: String(c.lead.cliStatusNegociacao ?? ''),
      statusVenda: String(c.lead.cliStatusNegociacaoVenda ?? ''),
    },
  });
  return {
    kind: 'ok',
    detalhe: `${result === 'started' ? TYPEBOT_STEP_MESSAGES.started : TYPEBOT_STEP_MESSAGES.already}: ${flow.nome}`,
  };
}
