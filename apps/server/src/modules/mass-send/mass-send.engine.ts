// The mass-send engine (issue 13 'The engine'). A campaign is claimed with FOR UPDATE SKIP
// LOCKED and a lease, so one process sends for it at a time; one unfinished campaign per WhatsApp
// number (instance), and no claim while another campaign of the number holds a lease, make that one
// send at a time per number (issue 21). Each step sends at most one message:
//   1. gates: the instance is open (else automatic pause), the allowed hours and days (else the
//      campaign waits, and says until when);
//   2. a send left in flight by a dead process is looked up on the gateway before anything else
//      (campaignSendOutcome: findMessages), so it is recorded once and never sent again;
//   3. the next recipient is claimed (SENDING, with its attempt's idempotency key; one statement
//      with step 2's read), checked (deleted, blocked, opted out: the lead's own read; not on
//      WhatsApp; then one ledger read for the number's daily cap with warm-up and the same text
//      to the number within 24 h), and sent through the WhatsApp module's one send path with a
//      typing delay that grows with the text; its outcome, the campaign's counters and the
//      per-instance ledger commit together (one statement);
//   4. 'Mudar status após envio' through the negotiation service (with its history event);
//   5. automatic pause on the gateway's limit (429 / rate-overlimit), its refusal (463), a disconnect, or too many errors among the
//      last sends; otherwise the next send is due after a random wait whose mean is the interval.
// docs/performance.md "Mass send" counts the statements of a step.
// The clock and the random source are injected (tests move a fake clock).
import { randomBytes } from 'node:crypto';

import type { z } from 'zod';

import { MASS_SEND_MESSAGES, massSendSettingsOf, type MassSendSettings } from '@funil/domain/mass-send/mass-send-api';
import {
  dailyCap,
  nextAllowedTime,
  nextSaoPauloDay,
  randomWaitMs,
  renderForLead,
  startOfSaoPauloDay,
  typingDelayMs,
} from '@funil/domain/mass-send/pacing';
import {
  campaignLeadEvent,
  campaignSendEvent,
  updateCampaignEvent,
  type campaignEventSchema,
} from '@funil/domain/realtime/events';

import type { Db } from '../../db/handle.ts';
import { Ticker } from '../../jobs/ticker.ts';
import type { LeadAudience, Realtime } from '../../realtime/realtime.ts';
import { unitLead, type LeadRow } from '../leads/leads.service.ts';
import { massSendLeadsOf } from '../leads/views/mass-send/lead-mass-send.service.ts';
import { updateNegotiationStatus } from '../negotiation/negotiation.service.ts';
import { unitExtraSettings } from '../tenancy/tenancy.service.ts';
import {
  campaignInstanceById,
  campaignInstanceOfUnit,
  campaignSendOutcome,
  campaignSession,
  checkCampaignNumber,
  classifyGatewayFailure,
  sendCampaignMessage,
  type CampaignInstance,
  type WhatsappContext,
} from '../whatsapp/campaign/campaign-send.service.ts';
import {
  claimCampaign,
  dueCampaignIds,
  finishRecipient,
  lastOutcomes,
  nextRecipient,
  pendingCount,
  recordAndCheckBeforeSend,
  releaseCampaign,
  releaseCampaignCountingPending,
  setCampaignStatus,
  updateCampaign,
  updateRecipient,
  type CampaignRow,
  type RecipientRow,
} from './mass-send.repository.ts';

export type MassSendEngineOptions = {
  now?: () => Date;
  /** In [0, 1): the random wait's source. */
  random?: () => number;
  /**
   * How long a claim holds a campaign; a dead process's campaign resumes after it (default 90 s, above the longest typing delay
   * and gateway timeout).
   */
  leaseMs?: number;
  /** Idle wait between polls (default 1 s). */
  pollMs?: number;
  workerId?: string;
  /** Attempts of one recipient before it is left in Erro. */
  maxAttempts?: number;
  /** The wait after a gateway failure that does not pause (default 60 s). */
  retryAfterMs?: number;
  /** Multiplies the random waits (1 in production; the crash test and the bench shorten them). */
  waitScale?: number;
};

export type StepResult = 'skipped' | 'sent' | 'not-sent' | 'error' | 'waiting' | 'paused' | 'finished' | 'retry';

/** The campaign's counters after a recipient's outcome (null: the campaign row was gone). */
type Counters = { enviados: number; erros: number } | null;

type Deps = {
  db: Db;
  ctx: WhatsappContext;
  realtime: Pick<Realtime, 'toUnit' | 'toUsersWhoSee' | 'toUnitExceptWhoSee'>;
  log: { warn: (obj: unknown, msg: string) => void };
};

export class MassSendEngine {
  readonly workerId: string;
  readonly #now: () => Date;
  readonly #random: () => number;
  readonly #leaseMs: number;
  readonly #pollMs: number;
  readonly #maxAttempts: number;
  readonly #retryAfterMs: number;
  readonly #waitScale: number;
  // The workers' one loop (jobs/README.md "One mechanism"): a pass is one step of each due campaign.
  readonly #ticker: Ticker;

  constructor(
    private readonly deps: Deps,
    options: MassSendEngineOptions = {},
  ) {
    this.#now = options.now ?? (() => new Date());
    this.#random = options.random ?? Math.random;
    this.#leaseMs = options.leaseMs ?? 90_000;
    this.#pollMs = options.pollMs ?? 1_000;
    this.#maxAttempts = options.maxAttempts ?? 3;
    this.#retryAfterMs = options.retryAfterMs ?? 60_000;
    this.#waitScale = options.waitScale ?? 1;
    this.workerId = options.workerId ?? `massa-${process.pid}-${randomBytes(4).toString('hex')}`;
    this.#ticker = new Ticker({
      pass: async () => (await this.runDue()) > 0,
      idleMs: this.#pollMs,
      onError: (err) => this.deps.log.warn({ err }, 'envio em massa: falha no ciclo'),
    });
  }

  start(): void {
    this.#ticker.start();
  }

  async stop(): Promise<void> {
    await this.#ticker.stop();
  }

  wake(): void {
    this.#ticker.wake();
  }

  /** One pass: one step of every campaign due now. Returns how many steps did something. */
  async runDue(limit = 20): Promise<number> {
    const ids = await dueCampaignIds(this.deps.db, this.#now(), limit);
    let done = 0;
    for (const id of ids) {
      if ((await this.step(id)) !== 'skipped') done += 1;
    }
    return done;
  }

  /** One step of one campaign (at most one message sent). */
  async step(id: number): Promise<StepResult> {
    const now = this.#now();
    const claimed = await claimCampaign(this.deps.db, id, this.workerId, now, this.#leaseMs);
    if (!claimed) return 'skipped';
    try {
      return await this.#work(claimed, now);
    } catch (err) {
      this.deps.log.warn({ err, campanha: id }, 'envio em massa: falha num passo');
      await releaseCampaign(this.deps.db, id, this.workerId, { proximoEnvioEm: new Date(now.getTime() + this.#retryAfterMs) });
      return 'retry';
    }
  }

  async #work(c: CampaignRow, now: Date): Promise<StepResult> {
    const { db, ctx } = this.deps;
    const settings = massSendSettingsOf((await unitExtraSettings(db, c.idUnidade)).configuracoes_envio_em_massa);
    // A campaign without its number (the demo's history) takes the unit's first open one.
    let instance =
      c.idInstancia === null
        ? await campaignInstanceOfUnit(ctx, c.idUnidade, null)
        : await campaignInstanceById(ctx, c.idInstancia);
    if (instance && c.idInstancia === null) await updateCampaign(db, c.id, { idInstancia: instance.id });
    if (instance && instance.idUnidade !== c.idUnidade) instance = null;
    if (!instance || instance.connectionStatus !== 'open') return this.#pause(c, MASS_SEND_MESSAGES.pauseDisconnected);
    const wait = this.#hoursGate(c, settings, now);
    if (wait) return wait;
    const session = await campaignSession(ctx, c.idUsuario, { idEmpresa: c.idEmpresa, idUnidade: c.idUnidade });

    // 2. A send left in flight by a dead process: found on the gateway, or tried again; else
    // 3. the next recipient, claimed (one statement answers either).
    let next = await nextRecipient(db, c.id, now);
    if (next && 'inFlight' in next) {
      const inFlight = next.inFlight;
      const outcome = await campaignSendOutcome(ctx, session.userId, inFlight.chave ?? '', {
        instance,
        numero: inFlight.numero,
        now,
      });
      if (outcome.kind === 'sent') {
        const lead = (await massSendLeadsOf(db, session, [inFlight.cliCrmId]))[0] ?? null;
        const counters = await this.#sent(
          c,
          inFlight,
          instance,
          { numero: inFlight.numero ?? '', text: inFlight.mensagem ?? '', messageId: outcome.messageId },
          now,
          lead,
          session,
        );
        return this.#afterSend(c, settings, now, 'sent', counters);
      }
      if (inFlight.tentativa >= this.#maxAttempts) {
        await this.#finish(c, inFlight, { status: 'ERROR', motivo: MASS_SEND_MESSAGES.gatewayError, at: now }, null);
        return this.#release(c, now, 'error');
      }
      await updateRecipient(db, inFlight.id, { status: 'PENDING' });
      next = await nextRecipient(db, c.id, now);
    }
    if (!next || !('claimed' in next)) {
      if ((await pendingCount(db, c.id)) === 0) return this.#finalize(c, now);
      return this.#release(c, now, 'retry');
    }
    const r = next.claimed;
    // Blocked and opted out come with the lead's own read (the leads module's door).
    const lead = (await massSendLeadsOf(db, session, [r.cliCrmId]))[0] ?? null;
    if (!lead) return this.#skip(c, r, MASS_SEND_MESSAGES.leadGone, now);
    if (lead.whatsappBlocked === 1) return this.#skip(c, r, MASS_SEND_MESSAGES.blocked, now);
    if (lead.optoutEnvioMassa) return this.#skip(c, r, MASS_SEND_MESSAGES.optedOut, now);
    const text = renderForLead(c.mensagens, r.mensagemPropria, { cliCrmId: lead.cliCrmId, nome: lead.cliNome }, now);
    if (text.trim() === '' && !c.midiaBase64) return this.#skip(c, r, MASS_SEND_MESSAGES.emptyMessage, now);

    let numero: string;
    try {
      const check = await checkCampaignNumber(ctx, instance, lead);
      if (!check.ok) {
        const counters = await this.#finish(
          c,
          r,
          { status: 'ERROR', motivo: MASS_SEND_MESSAGES.noWhatsapp, at: now, mensagem: text },
          null,
        );
        return this.#afterSend(c, settings, now, 'error', counters);
      }
      numero = check.numero;
    } catch (err) {
      return this.#gatewayFailed(c, r, err, now, text);
    }
    // The ledger's checks in one read, which also keeps the number and text on the recipient
    // before the call (a recovery after a crash looks the send up by them).
    const ledger = await recordAndCheckBeforeSend(db, {
      idRecipient: r.id,
      idInstancia: instance.id,
      idUnidade: c.idUnidade,
      numero,
      text,
      dayStart: startOfSaoPauloDay(now),
      since: new Date(now.getTime() - 86_400_000),
    });
    if (ledger.today >= dailyCap(settings.aquecimento, ledger.firstUse, now)) {
      // The number's cap for today: this recipient goes back, its attempt not spent.
      await updateRecipient(db, r.id, { status: 'PENDING', tentativa: r.tentativa - 1 });
      const until = nextAllowedTime(settings, nextSaoPauloDay(now)) ?? nextSaoPauloDay(now);
      return this.#wait(c, until, MASS_SEND_MESSAGES.waitDailyCap);
    }
    if (ledger.repeated) return this.#skip(c, r, MASS_SEND_MESSAGES.duplicateText, now, { numero, mensagem: text });
    const media = c.midiaBase64 ? { base64: c.midiaBase64, mimetype: c.midiaMimetype, fileName: c.midiaNome } : null;
    let counters: Awaited<ReturnType<typeof finishRecipient>>;
    try {
      const sent = await sendCampaignMessage(ctx, session, {
        lead,
        instance,
        text,
        media,
        key: r.chave!,
        delayMs: typingDelayMs(text),
        idCampanha: c.id,
      });
      counters = await this.#sent(c, r, instance, { numero, text, messageId: sent.messageId }, now, lead, session);
    } catch (err) {
      return this.#gatewayFailed(c, r, err, now, text, numero);
    }
    return this.#afterSend(c, settings, now, 'sent', counters);
  }

  /**
   * The allowed hours and days: null when the campaign may send now. (The number's daily cap is
   * read with the other ledger checks just before the send.)
   */
  #hoursGate(c: CampaignRow, settings: MassSendSettings, now: Date): Promise<StepResult> | null {
    const allowed = nextAllowedTime(settings, now);
    if (!allowed || allowed.getTime() > now.getTime()) {
      const until = allowed ?? new Date(now.getTime() + 86_400_000);
      return this.#wait(c, until, MASS_SEND_MESSAGES.waitHours);
    }
    return null;
  }

  async #wait(c: CampaignRow, until: Date, motivo: string): Promise<StepResult> {
    await releaseCampaign(this.deps.db, c.id, this.workerId, {
      proximoEnvioEm: until,
      aguardandoAte: until,
      motivoEspera: motivo,
    });
    if (c.aguardandoAte?.getTime() !== until.getTime()) this.#announce(c, { status: 'EM_ANDAMENTO' });
    return 'waiting';
  }

  async #sent(
    c: CampaignRow,
    r: RecipientRow,
    instance: CampaignInstance,
    s: { numero: string; text: string; messageId: number },
    now: Date,
    lead: LeadRow | null,
    session: Awaited<ReturnType<typeof campaignSession>>,
  ): Promise<Counters> {
    const counters = await this.#finish(
      c,
      r,
      { status: 'SENT', motivo: null, at: now, idMensagem: s.messageId, numero: s.numero, mensagem: s.text },
      { idInstancia: instance.id, idUnidade: c.idUnidade },
    );
    // 'Mudar status após envio' (002 §2.2, §4 Composer): through the negotiation rules, with its history event.
    if (c.idStatusNovo !== null && lead && lead.cliStatusNegociacao !== c.idStatusNovo) {
      try {
        await updateNegotiationStatus({ db: this.deps.db, realtime: this.deps.realtime }, session, lead.cliCrmId, c.idStatusNovo);
      } catch (err) {
        this.deps.log.warn({ err, lead: lead.cliCrmId }, 'envio em massa: status não alterado');
      }
    }
    return counters;
  }

  async #finish(
    c: CampaignRow,
    r: RecipientRow,
    outcome: Parameters<typeof finishRecipient>[2],
    ledger: Parameters<typeof finishRecipient>[3],
  ): Promise<Counters> {
    // One statement: the outcome, the ledger row and the counters commit together.
    const row = await finishRecipient(this.deps.db, r, outcome, ledger);
    const status = outcome.status;
    // Issue 21: the lead's outcome only to the users who may see the lead (001 §6); a lead no longer
    // of the unit, only to those who see every lead. The others hear that the campaign moved.
    const lead = await unitLead(this.deps.db, c.idUnidade, r.cliCrmId);
    const audience: LeadAudience = { idUnidade: c.idUnidade, idUsuario: lead ? lead.idUsuario : undefined };
    this.deps.realtime.toUsersWhoSee(audience, campaignSendEvent(c.idEmpresa), {
      campanhaId: c.id,
      enviados: row?.enviados ?? c.enviados,
      leadId: r.cliCrmId,
      status,
    });
    this.deps.realtime.toUsersWhoSee(audience, campaignLeadEvent(c.idEmpresa), { campanhaId: c.id, leadId: r.cliCrmId, status });
    this.deps.realtime.toUnitExceptWhoSee(audience, updateCampaignEvent(c.idEmpresa), {
      campanhaId: c.id,
      status: 'EM_ANDAMENTO',
    });
    return row;
  }

  async #skip(
    c: CampaignRow,
    r: RecipientRow,
    motivo: string,
    now: Date,
    extra: { numero?: string; mensagem?: string } = {},
  ): Promise<StepResult> {
    await this.#finish(c, r, { status: 'NOT_SENT', motivo, at: now, ...extra }, null);
    // Nothing went out: the next recipient may go at once.
    return this.#release(c, now, 'not-sent');
  }

  async #gatewayFailed(
    c: CampaignRow,
    r: RecipientRow,
    err: unknown,
    now: Date,
    text: string,
    numero?: string,
  ): Promise<StepResult> {
    const kind = classifyGatewayFailure(err);
    if (kind === 'no-whatsapp') {
      await this.#finish(
        c,
        r,
        { status: 'ERROR', motivo: MASS_SEND_MESSAGES.noWhatsapp, at: now, mensagem: text, ...(numero ? { numero } : {}) },
        null,
      );
      return this.#release(c, now, 'error', true);
    }
    if (kind === 'rate-limit' || kind === 'disconnected') {
      // Not this lead's fault: it is tried again (a new key) when the campaign continues.
      await updateRecipient(this.deps.db, r.id, { status: 'PENDING' });
      return this.#pause(c, kind === 'rate-limit' ? MASS_SEND_MESSAGES.pauseRateLimited : MASS_SEND_MESSAGES.pauseDisconnected);
    }
    if (kind === 'refused-463') {
      await this.#finish(
        c,
        r,
        { status: 'ERROR', motivo: MASS_SEND_MESSAGES.refusedByWhatsapp, at: now, mensagem: text, ...(numero ? { numero } : {}) },
        null,
      );
      return this.#pause(c, MASS_SEND_MESSAGES.pauseRejected);
    }
    this.deps.log.warn({ err, campanha: c.id, lead: r.cliCrmId }, 'envio em massa: falha no gateway');
    if (r.tentativa < this.#maxAttempts) {
      // Left SENDING: an unanswered call (a timeout) may have been sent, so the next step asks the
      // gateway first (campaignSendOutcome) and only then tries again with the next key.
      await releaseCampaign(this.deps.db, c.id, this.workerId, { proximoEnvioEm: new Date(now.getTime() + this.#retryAfterMs) });
      return 'retry';
    }
    const counters = await this.#finish(
      c,
      r,
      { status: 'ERROR', motivo: MASS_SEND_MESSAGES.gatewayError, at: now, mensagem: text, ...(numero ? { numero } : {}) },
      null,
    );
    const settings = massSendSettingsOf((await unitExtraSettings(this.deps.db, c.idUnidade)).configuracoes_envio_em_massa);
    return this.#afterSend(c, settings, now, 'error', counters);
  }

  /**
   * After an attempt that reached the gateway: the error share, then the random wait. The last
   * sends are read only when the campaign's errors so far could pass the share (they are at most
   * all of them), so a campaign without errors never reads them.
   */
  async #afterSend(
    c: CampaignRow,
    settings: MassSendSettings,
    now: Date,
    result: 'sent' | 'error',
    counters: Counters,
  ): Promise<StepResult> {
    if (counters && counters.erros * 100 <= settings.percentual_erros * settings.janela_erros)
      return this.#release(c, now, result, true);
    const outcomes = await lastOutcomes(this.deps.db, c.id, settings.janela_erros);
    const errors = outcomes.filter((s) => s === 'ERROR').length;
    if (outcomes.length >= settings.janela_erros && errors * 100 > settings.percentual_erros * settings.janela_erros) {
      return this.#pause(c, MASS_SEND_MESSAGES.pauseErrorShare(settings.percentual_erros, settings.janela_erros));
    }
    return this.#release(c, now, result, true);
  }

  async #release(c: CampaignRow, now: Date, result: StepResult, waited = false): Promise<StepResult> {
    const next = waited
      ? new Date(now.getTime() + Math.round(randomWaitMs(c.intervaloMensagem, this.#random()) * this.#waitScale))
      : now;
    // One statement: the release and the recipients left.
    const left =
      (await releaseCampaignCountingPending(this.deps.db, c.id, this.workerId, {
        proximoEnvioEm: next,
        aguardandoAte: null,
        motivoEspera: null,
      })) ?? (await pendingCount(this.deps.db, c.id));
    if (c.aguardandoAte) this.#announce(c, { status: 'EM_ANDAMENTO' });
    if (result !== 'retry' && left === 0) {
      // The step's own outcome stays its result; the campaign is finished with it.
      await this.#finalizeIfDone(c, next);
    }
    return result;
  }

  async #finalizeIfDone(c: CampaignRow, now: Date): Promise<boolean> {
    const done = await setCampaignStatus(this.deps.db, c.id, ['EM_ANDAMENTO'], {
      status: 'FINALIZADO',
      finalizadoEm: now,
      atualizadoEm: now,
      aguardandoAte: null,
      motivoEspera: null,
    });
    if (done) this.#announce(c, { status: 'FINALIZADO' });
    return done !== null;
  }

  async #finalize(c: CampaignRow, now: Date): Promise<StepResult> {
    await releaseCampaign(this.deps.db, c.id, this.workerId, {});
    await this.#finalizeIfDone(c, now);
    return 'finished';
  }

  /** Automatic pause with its reason; a campaign a person finalized meanwhile stays finalized. */
  async #pause(c: CampaignRow, motivo: string): Promise<StepResult> {
    const now = this.#now();
    const paused = await setCampaignStatus(this.deps.db, c.id, ['EM_ANDAMENTO'], {
      status: 'PAUSADO',
      motivoPausa: motivo,
      atualizadoEm: now,
      aguardandoAte: null,
      motivoEspera: null,
    });
    await releaseCampaign(this.deps.db, c.id, this.workerId, {});
    if (paused) this.#announce(c, { status: 'PAUSADO', motivoPausa: motivo });
    return 'paused';
  }

  #announce(c: CampaignRow, payload: Omit<z.input<typeof campaignEventSchema>, 'campanhaId'>): void {
    this.deps.realtime.toUnit(c.idUnidade, updateCampaignEvent(c.idEmpresa), { campanhaId: c.id, ...payload });
  }
}
