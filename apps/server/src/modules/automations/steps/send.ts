// The sends of automation steps (issue 25 'Steps'): a text ('mensagem'), a quick message of 001
// ('mensagem-rapida', placeholders filled as 002 §5) and a media ('midia', an image or a document by
// URL with an optional caption, or an audio sent as a voice message), all through the one send path
// (campaign-send.service) with mass send's rules: opt-out, allowed hours and days, the number's daily cap with its warm-up (the
// ledger of envios_em_massa_registro, which also counts these sends), and exactly once: a send is
// keyed per attempt and the gateway is asked about the earlier attempts before another.
import type { Step } from '@funil/domain/automations/automations';
import { formatDateTime } from '@funil/domain/format/date';
import { massSendSettingsOf } from '@funil/domain/mass-send/mass-send-api';
import { nextAllowedTime, renderForLead, typingDelayMs } from '@funil/domain/mass-send/pacing';

import { DomainError } from '../../../http/domain-error.ts';
import type { Session } from '../../auth/auth.service.ts';
import { instanceCapReachedUntil, recordLedgerSend } from '../../mass-send/mass-send.service.ts';
import { unitQuickMessage } from '../../quick-messages/quick-messages.service.ts';
import { unitExtraSettings } from '../../tenancy/tenancy.service.ts';
import {
  campaignInstanceOfUnit,
  campaignSendOutcome,
  checkCampaignNumber,
  sendCampaignMessage,
  type CampaignMedia,
} from '../../whatsapp/campaign/campaign-send.service.ts';
import type { StepDeps, StepOutcome, StepRun } from './step-context.ts';

export const SEND_MESSAGES = {
  noWhatsapp: 'Nenhum WhatsApp conectado na unidade.',
  leadWithoutWhatsapp: 'Lead sem WhatsApp!',
  optOut: 'Não enviada: o lead pediu para sair dos envios.',
  quickMessageGone: 'A mensagem rápida não existe mais na unidade.',
  dailyCap: (at: Date) => `Aguardando: o limite diário de envios do número foi atingido; próximo envio em ${formatDateTime(at)}.`,
} as const;

type SendStep = Extract<Step, { tipo: 'mensagem' | 'mensagem-rapida' | 'midia' }>;

/** What the step sends: the text (placeholders filled) and the media, or a DomainError when it cannot be made. */
export type MediaDownload = (url: string) => Promise<{ base64: string; mimetype: string | null }>;

/** The text the step sends (a media's caption): what the ledger hashes. */
async function textOf(deps: StepDeps, step: SendStep, c: StepRun): Promise<string> {
  const lead = { cliCrmId: c.lead.cliCrmId, nome: c.lead.cliNome };
  if (step.tipo === 'mensagem') return renderForLead([], step.texto, lead, c.now);
  if (step.tipo === 'mensagem-rapida') {
    const model = await unitQuickMessage(deps.db, c.rule.idEmpresa, c.rule.idUnidade, step.idModelo);
    if (!model) throw new DomainError('invalid', SEND_MESSAGES.quickMessageGone);
    return renderForLead([], model.mensagem, lead, c.now);
  }
  return step.legenda ? renderForLead([], step.legenda, lead, c.now) : '';
}

async function contentOf(
  deps: StepDeps,
  step: SendStep,
  c: StepRun,
  download: MediaDownload,
): Promise<{ text: string; media: CampaignMedia | null }> {
  const text = await textOf(deps, step, c);
  if (step.tipo !== 'midia') return { text, media: null };
  const fileName = decodeURIComponent(new URL(step.url).pathname.split('/').pop() ?? '') || 'arquivo';
  // The send path stores the file with the message (base64): the server downloads it first.
  const file = await download(step.url);
  // An audio goes as a voice message (the gateway encodes it), with no caption (the schema refuses one).
  if (step.midia === 'audio')
    return { text: '', media: { base64: file.base64, mimetype: file.mimetype ?? 'audio/mpeg', fileName: null, voice: true } };
  return {
    text,
    media: {
      base64: file.base64,
      mimetype: file.mimetype ?? (step.midia === 'imagem' ? 'image/jpeg' : 'application/octet-stream'),
      fileName: step.midia === 'documento' ? fileName : null,
    },
  };
}

export async function runSendStep(
  deps: StepDeps,
  session: () => Promise<Session>,
  step: SendStep,
  c: StepRun,
  options: { maxTypingMs: number; download: MediaDownload },
): Promise<StepOutcome> {
  const ctx = deps.whatsapp;
  if (!ctx) throw new DomainError('invalid', SEND_MESSAGES.noWhatsapp);
  if (c.lead.optoutEnvioMassa) return { kind: 'ok', detalhe: SEND_MESSAGES.optOut };
  const settings = massSendSettingsOf((await unitExtraSettings(deps.db, c.rule.idUnidade)).configuracoes_envio_em_massa);
  const allowed = nextAllowedTime(settings, c.now);
  if (allowed && allowed.getTime() > c.now.getTime()) return { kind: 'later', at: allowed };
  const instance = await campaignInstanceOfUnit(ctx, c.rule.idUnidade, null);
  if (!instance) throw new Error(SEND_MESSAGES.noWhatsapp);
  const number = await checkCampaignNumber(ctx, instance, c.lead);
  if (!number.ok) throw new DomainError('invalid', SEND_MESSAGES.leadWithoutWhatsapp);
  const done: StepOutcome = {
    kind: 'ok',
    detalhe: step.tipo !== 'midia' ? 'Mensagem enviada' : step.midia === 'audio' ? 'Áudio enviado' : 'Mídia enviada',
    enviadas: 1,
  };
  // The number's ledger row of this step, keyed by the step (not the attempt): written once after the
  // send, and again (a no-op, or the row a crash lost) whenever a replay finds the send already made.
  const ledger = async (text: string) => {
    await recordLedgerSend(deps.db, {
      idInstancia: instance.id,
      idUnidade: c.rule.idUnidade,
      numero: number.numero,
      text,
      at: c.now,
      chave: `auto:${c.chave}`,
    });
    return done;
  };
  // An earlier attempt may have reached the phone (a crash or a timeout after the gateway took
  // it): the gateway is asked before another send.
  const lookup = { instance, numero: number.numero, now: c.now };
  for (let attempt = 0; attempt < c.run.tentativas; attempt++) {
    if ((await campaignSendOutcome(ctx, c.rule.idUsuario, `auto:${c.chave}:${attempt}`, lookup)).kind === 'sent')
      return ledger(await textOf(deps, step, c));
  }
  const key = `auto:${c.chave}:${c.run.tentativas}`;
  const current = await campaignSendOutcome(ctx, c.rule.idUsuario, key, lookup);
  if (current.kind === 'sent') return ledger(await textOf(deps, step, c));
  if (current.kind === 'failed') throw new Error('O envio anterior não chegou ao WhatsApp.');
  // The number's daily cap (warm-up) as mass send reads it: the run waits for the next allowed slot.
  const capUntil = await instanceCapReachedUntil(deps.db, settings, instance.id, c.now);
  if (capUntil) return { kind: 'later', at: capUntil, motivo: SEND_MESSAGES.dailyCap(capUntil) };
  const { text, media } = await contentOf(deps, step, c, options.download);
  await sendCampaignMessage(ctx, await session(), {
    lead: c.lead,
    instance,
    text,
    media,
    key,
    delayMs: Math.min(typingDelayMs(text), options.maxTypingMs),
  });
  return ledger(text);
}
