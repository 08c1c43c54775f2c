// Over 500 lines: claiming, advancing and ending a run share its lease and step record (enrolment is in enrolment.ts).
// The automations engine (issue 25 'The engine'). Two halves:
// - enrolment: a consumer of the lead event stream (modules/lead-events). In the batch's
//   transaction, each event that fires an enabled rule of its unit inserts one run keyed by
//   (rule, lead, event id): a replayed or repeated event inserts nothing, and the run commits with
//   the consumer's position (exactly once). The loop guard reads `dados.automacao`, the cause every
//   change made by a step carries (lead-events.service.ts `automationCauseStore`). enrolment.ts.
// - advancing: a Ticker (src/jobs/ticker.ts) claims due runs in batches with a lease (FOR UPDATE SKIP
//   LOCKED) and advances up to `concurrency` of them at a time; each does its current step through
//   the owning module's door, then records the step by its key and
//   moves the run on in one transaction, only while it still holds the lease. A wait is the run's
//   due time, not a timer. A send is keyed per attempt and the gateway is asked about the earlier
//   attempts before another (as mass send does), so a crash inside a send never sends twice.
// The clock is injected (tests move a fake clock).
import { createHmac, randomUUID } from 'node:crypto';

import {
  AUTOMATION_LIMITS,
  automationAuthor,
  conditionStopDetail,
  describeStep,
  waitUntil,
  type AutomationCause,
  type Step,
} from '@funil/domain/automations/automations';
import { formatDateTime } from '@funil/domain/format/date';
import type { LeadEvent } from '@funil/domain/lead-events/lead-events';

import type { Db, Tx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import { Ticker } from '../../jobs/ticker.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { Session } from '../auth/auth.service.ts';
import { automationCauseStore, hasEventOfAutomationStep, type LeadEventConsumer } from '../lead-events/lead-events.service.ts';
import { assignAttendant } from '../leads/lead-changes.service.ts';
import { unitLead, type LeadDeps, type LeadRow } from '../leads/leads.service.ts';
import { addLeadTags, removeLeadTag } from '../leads/views/tags-on-lead/lead-tags.service.ts';
import { addNote, updateNegotiationStatus, updateSaleStatus } from '../negotiation/negotiation.service.ts';
import { findOrCreateTagsByName, tagsOfLeadById } from '../tags/tags.service.ts';
import { unitExtraSettings } from '../tenancy/tenancy.service.ts';
import { userById, usersOfCompany } from '../users/users.service.ts';
import type { WhatsappContext } from '../whatsapp/campaign/campaign-send.service.ts';
import { flushTypebotRequests } from '../whatsapp/typebot/typebot.service.ts';
import {
  claimDueRuns,
  nextInRoundRobin,
  postponeRun,
  recordAttemptFailure,
  recordStep,
  releaseRuns,
  ruleById,
  sweepStuckRuns,
  type RuleRow,
  type RunRow,
} from './automations.repository.ts';
import { enrolEvents } from './enrolment.ts';
import { applyLeadSignals } from './lead-signals.ts';
import { runScheduleStep } from './steps/schedule.ts';
import { runSendStep, SEND_MESSAGES } from './steps/send.ts';
import { runTypebotStep } from './steps/typebot.ts';
import { runWaitAnswerStep } from './steps/wait-answer.ts';
import { enrolQuietLeads, enrolUnansweredLeads } from './triggers/sweeps.ts';
import { downloadMedia, isInternalAddress, resolveHost } from './webhook-address.ts';

export const AUTOMATIONS_CONSUMER = 'automacoes';

export const AUTOMATION_MESSAGES = {
  chainTooDeep: `Parada: encadeamento de automações acima do limite (${AUTOMATION_LIMITS.chainDepth}).`,
  disabled: 'Parada: a automação foi desabilitada.',
  leadGone: 'Parada: o lead não está mais na unidade.',
  noWhatsapp: SEND_MESSAGES.noWhatsapp,
  leadWithoutWhatsapp: SEND_MESSAGES.leadWithoutWhatsapp,
  optOut: SEND_MESSAGES.optOut,
  noAttendant: 'Nenhum atendente ativo na unidade.',
  stuck: 'Falhou: a execução passou mais de 24 horas do horário previsto sem andar.',
  webhookStatus: (status: number) => `A URL respondeu ${status}.`,
  webhookInternal: 'A URL aponta para um endereço interno; use um endereço público.',
} as const;

export type AutomationEngineOptions = {
  now?: () => Date;
  /** The lease of a claimed run (default 120 s: longer than a send's typing delay and gateway timeout). */
  leaseMs?: number;
  /** The wait after an idle pass (default 1 s). */
  idleMs?: number;
  /** The waits before the 2nd, 3rd… attempt of a failed step (default 30 s, 2 min, 8 min). */
  retryDelaysMs?: readonly number[];
  /** Runs claimed per pass (default 20). */
  batch?: number;
  /**
   * Runs advanced at the same time in this process (default 16): a step waits mostly on the database
   * and the gateway (a send's typing presence holds its request up to `maxTypingMs`), so one run at a
   * time left the process idle while the queue grew. 16 instead of 8 once the dashboards' counters no
   * longer queued every step of a unit on one row lock (docs/performance.md "Automations").
   */
  concurrency?: number;
  /** The longest typing presence before a send (default 3 s; the crash test shortens it). */
  maxTypingMs?: number;
  fetch?: typeof fetch;
  /** The addresses of a webhook's host name (default: the system's resolver). */
  resolveHost?: (host: string) => Promise<string[]>;
  log?: (message: string, error?: unknown) => void;
};

export type AutomationEngineDeps = {
  db: Db;
  realtime: Pick<Realtime, 'toUnit' | 'toUsersWhoSee'>;
  /** The WhatsApp module's context (its send path); null: message steps fail with a clear reason. */
  whatsapp: WhatsappContext | null;
  /** The job queue (the scheduled message's send); absent: 'agendar-mensagem' fails with a clear reason. */
  enqueueJob?: LeadDeps['enqueueJob'];
};

type Outcome =
  | { kind: 'ok'; detalhe: string; dueAt?: Date; enviadas?: number }
  | { kind: 'stop'; detalhe: string }
  | { kind: 'later'; at: Date; motivo?: string };

/** A step's failure that no retry mends (a status the unit does not allow, an inactive attendant): the run fails at once. */
class PermanentStepError extends Error {}

const DAY_MS = 86_400_000;

/** What the runs of one claim share per rule: its row, read once, and the session its steps act with, made once. */
type Shared = { rule: Promise<RuleRow | null>; session: (rule: RuleRow) => Promise<Session> };

export class AutomationEngine {
  readonly #deps: AutomationEngineDeps;
  readonly #now: () => Date;
  readonly #leaseMs: number;
  readonly #retryDelays: readonly number[];
  readonly #batch: number;
  readonly #concurrency: number;
  /** The runs being advanced by this process (the Ticker's passes do not wait for them). */
  readonly #inflight = new Set<Promise<void>>();
  /** Runs claimed (leased) by this process, waiting for room. */
  readonly #queue: { run: RunRow; shared: Shared }[] = [];
  #stopping = false;
  /** When this process's consumer last enrolled or woke runs (its batch may not have committed yet). */
  #enrolledAt = 0;
  readonly #maxTypingMs: number;
  readonly #fetch: typeof fetch;
  readonly #resolveHost: (host: string) => Promise<string[]>;
  readonly #log: (message: string, error?: unknown) => void;
  readonly #owner = `auto-${randomUUID().slice(0, 20)}`;
  readonly #ticker: Ticker;
  #lastSweep = 0;
  #typebotPending = false;

  constructor(deps: AutomationEngineDeps, options: AutomationEngineOptions = {}) {
    this.#deps = deps;
    this.#now = options.now ?? (() => new Date());
    this.#leaseMs = options.leaseMs ?? 120_000;
    this.#retryDelays = options.retryDelaysMs ?? [30_000, 120_000, 480_000];
    this.#batch = options.batch ?? 20;
    this.#concurrency = Math.max(1, options.concurrency ?? 16);
    this.#maxTypingMs = options.maxTypingMs ?? 3_000;
    this.#fetch = options.fetch ?? fetch;
    this.#resolveHost = options.resolveHost ?? resolveHost;
    this.#log = options.log ?? (() => undefined);
    this.#ticker = new Ticker({
      pass: () => this.#tick(),
      idleMs: options.idleMs ?? 1_000,
      onError: (error) => this.#log('automações: passo do motor falhou', error),
      unref: true,
    });
  }

  start(): void {
    this.#ticker.start();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    await this.#ticker.stop();
    // The runs still being advanced finish (a closing app never leaves a step half done).
    while (this.#inflight.size > 0) await Promise.all([...this.#inflight]);
    // The runs claimed but not started are given back at once (not at their lease's end).
    const left = this.#queue.splice(0).map((q) => q.run.id);
    if (left.length > 0) await releaseRuns(this.#deps.db, this.#owner, left);
    this.#stopping = false;
  }

  wake(): void {
    this.#ticker.wake();
  }

  /** The lead event stream's consumer that enrols leads (one file's worth: modules/lead-events README). */
  consumer(): LeadEventConsumer {
    return {
      name: AUTOMATIONS_CONSUMER,
      from: 'now',
      handle: async (events, tx) => {
        const signals = await applyLeadSignals(tx, events, this.#now());
        if (signals.typebot > 0) this.#typebotPending = true;
        if ((await this.enrol(events, tx)) + signals.woken + signals.typebot > 0) {
          // The batch commits after this returns: a claim made before the commit finds nothing, so
          // the engine looks again shortly (#tick) rather than after its idle wait.
          this.#enrolledAt = Date.now();
          setImmediate(() => this.wake());
        }
      },
    };
  }

  /** Inserts the runs the events fire (in the consumer's batch transaction); returns how many (enrolment.ts). */
  enrol(events: readonly LeadEvent[], tx: Tx): Promise<number> {
    return enrolEvents(tx, events, this.#now(), AUTOMATION_MESSAGES.chainTooDeep);
  }

  /** Ends the runs stuck a day past their due time with a lease that ran out (issue 25 'A sweeper'). */
  async sweep(): Promise<number> {
    const now = this.#now();
    this.#lastSweep = now.getTime();
    return sweepStuckRuns(this.#deps.db, new Date(now.getTime() - DAY_MS), now, AUTOMATION_MESSAGES.stuck);
  }

  /** Issue 25 'No movement' and 'No answer' (triggers/sweeps.ts). */
  enrolQuiet = (): Promise<number> => enrolQuietLeads(this.#deps.db, this.#now());
  enrolUnanswered = (): Promise<number> => enrolUnansweredLeads(this.#deps.db, this.#now());

  /**
   * One pass: the sweeper now and then, then up to `batch` due runs, one step each (up to
   * `concurrency` at a time), done when it resolves. True when it did something.
   */
  async pass(): Promise<boolean> {
    const did = await this.#tick();
    while (this.#inflight.size > 0) await Promise.all([...this.#inflight]);
    return did;
  }

  /**
   * The Ticker's pass: claims as many due runs as there is room for beside the runs in progress
   * and starts them without waiting; each one's end wakes the Ticker for the next claim. So a slow
   * step (a send's typing presence) holds its own slot, not the queue.
   */
  async #tick(): Promise<boolean> {
    const now = this.#now();
    const sweeping = now.getTime() - this.#lastSweep > 60_000;
    // The Typebot pauses and closes the lead signals marked (and, once a minute, another process's).
    if (this.#deps.whatsapp && (this.#typebotPending || sweeping)) {
      this.#typebotPending = false;
      await flushTypebotRequests(this.#deps.whatsapp);
    }
    if (sweeping) {
      await this.sweep();
      if ((await this.enrolQuiet()) + (await this.enrolUnanswered()) > 0) return true;
    }
    // Enough claimed runs wait here: the next run to end starts one of them, or wakes the Ticker.
    if (this.#queue.length >= this.#concurrency) return false;
    // A claim takes a whole batch (one statement for up to `batch` runs, not one per run as slots free up).
    const runs = await claimDueRuns(this.#deps.db, this.#owner, now, new Date(now.getTime() + this.#leaseMs), this.#batch);
    if (runs.length === 0 && Date.now() - this.#enrolledAt < 2_000) setTimeout(() => this.wake(), 25).unref();
    // One read of a rule, and of its session (its author, the unit's settings), for the runs of this claim.
    const shared = new Map<number, Shared>();
    for (const run of runs) {
      let rule = shared.get(run.idAutomacao);
      if (!rule) {
        const read = ruleById(this.#deps.db, run.idAutomacao);
        // Read by the first run that needs it; a failed read fails that run's step (retried), not the others'.
        read.catch(() => undefined);
        let session: Promise<Session> | null = null;
        rule = { rule: read, session: (r) => (session ??= this.#session(r)) };
        shared.set(run.idAutomacao, rule);
      }
      this.#queue.push({ run, shared: rule });
    }
    this.#startQueued();
    return runs.length > 0;
  }

  /** Starts claimed runs while there is room. */
  #startQueued(): void {
    while (!this.#stopping && this.#inflight.size < this.#concurrency && this.#queue.length > 0) {
      const { run, shared } = this.#queue.shift()!;
      const advancing: Promise<void> = this.#advance(run, shared)
        .catch((error: unknown) => this.#log('automações: passo do motor falhou', error))
        .finally(() => {
          this.#inflight.delete(advancing);
          this.#startQueued();
          if (this.#queue.length < this.#concurrency) this.wake();
        });
      this.#inflight.add(advancing);
    }
  }

  async #advance(run: RunRow, shared: Shared): Promise<void> {
    const db = this.#deps.db;
    const now = this.#now();
    const rule = await shared.rule;
    const chave = `${run.id}:${run.rodada}:${run.passo}`;
    const end = (resultado: 'ok' | 'parou' | 'falhou', detalhe: string, status: 'concluida' | 'parada' | 'falhou') =>
      recordStep(
        db,
        this.#owner,
        run,
        { chave, resultado, detalhe },
        {
          passo: run.passo,
          status,
          proximoEm: now,
          erro: status === 'concluida' ? null : detalhe,
          enviadas: 0,
          now,
        },
      );
    if (!rule || !rule.habilitado) return void (await end('parou', AUTOMATION_MESSAGES.disabled, 'parada'));
    const step = rule.passos[run.passo];
    if (!step) return void (await end('ok', 'Concluída', 'concluida'));
    const lead = await unitLead(db, run.idUnidade, run.cliCrmId);
    if (!lead || lead.desativado !== 0) return void (await end('parou', AUTOMATION_MESSAGES.leadGone, 'parada'));
    let outcome: Outcome;
    try {
      const { id: idAutomacao, nome } = rule;
      const cause: AutomationCause = { idAutomacao, idExecucao: run.id, profundidade: run.profundidade, chave, nome };
      const session = () => shared.session(rule);
      outcome = await automationCauseStore.run(cause, () => this.#do(step, { rule, run, lead, chave, now, session }));
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'Erro desconhecido.';
      const permanent = error instanceof PermanentStepError || error instanceof DomainError;
      const attempt = run.tentativas + 1;
      if (permanent || attempt >= AUTOMATION_LIMITS.attempts) {
        await end('falhou', `${describeStep(step)}: ${message}`, 'falhou');
      } else {
        const delay = this.#retryDelays[Math.min(attempt - 1, this.#retryDelays.length - 1)] ?? 30_000;
        await recordAttemptFailure(db, this.#owner, run, message, new Date(now.getTime() + delay));
      }
      return;
    }
    if (outcome.kind === 'later') return postponeRun(db, this.#owner, run, outcome.at, outcome.motivo);
    if (outcome.kind === 'stop') return void (await end('parou', outcome.detalhe, 'parada'));
    const last = run.passo + 1 >= rule.passos.length;
    await recordStep(
      db,
      this.#owner,
      run,
      { chave, resultado: 'ok', detalhe: outcome.detalhe },
      {
        passo: run.passo + 1,
        status: last && !outcome.dueAt ? 'concluida' : 'ativa',
        proximoEm: outcome.dueAt ?? now,
        erro: null,
        enviadas: outcome.enviadas ?? 0,
        now,
      },
    );
  }

  /** The session the doors see: the rule's author, named 'Automação: <nome>', with the unit's settings. */
  async #session(rule: RuleRow): Promise<Session> {
    const user = await userById(this.#deps.db, rule.idUsuario);
    const extras = await unitExtraSettings(this.#deps.db, rule.idUnidade);
    return {
      sessionId: 0,
      userId: rule.idUsuario,
      empresaId: rule.idEmpresa,
      unidadeId: rule.idUnidade,
      permission: 'a',
      nome: automationAuthor(rule.nome),
      acessoAtribuidos: true,
      configuracoes: user?.configuracoes ?? '{}',
      crmIntervalDays: 0,
      access: { permission: 'a', idRamal: 0, habilitaMensagemWhatsapp: false, extras } as unknown as Session['access'],
      expiresAt: new Date(this.#now().getTime() + 60_000),
    };
  }

  async #do(
    step: Step,
    c: { rule: RuleRow; run: RunRow; lead: LeadRow; chave: string; now: Date; session: () => Promise<Session> },
  ): Promise<Outcome> {
    const deps: LeadDeps = {
      db: this.#deps.db,
      realtime: this.#deps.realtime,
      now: this.#now,
      enqueueJob: this.#deps.enqueueJob,
    };
    const id = c.lead.cliCrmId;
    switch (step.tipo) {
      case 'esperar': {
        const due = waitUntil(c.now, step);
        return { kind: 'ok', detalhe: `Esperando até ${formatDateTime(due)}`, dueAt: due };
      }
      case 'condicao': {
        const holds = await this.#condition(step, c.lead);
        if (holds !== step.negar) return { kind: 'ok', detalhe: 'Condição atendida' };
        return { kind: 'stop', detalhe: conditionStopDetail(step) };
      }
      case 'status': {
        const session = await c.session();
        // The door's message, not the lead's view: one read of the lead less per step.
        const r =
          step.familia === 'negociacao'
            ? await updateNegotiationStatus(deps, session, id, step.idStatus, undefined, { view: false })
            : await updateSaleStatus(deps, session, id, step.idStatus, undefined, { view: false });
        return { kind: 'ok', detalhe: r.response.message };
      }
      case 'atribuir': {
        const session = await c.session();
        let target = step.idUsuario;
        if (target === null) {
          const attendants = (await usersOfCompany(this.#deps.db, c.rule.idEmpresa, c.rule.idUnidade))
            .filter((u) => u.ativo === 1 && u.permissao === 'u')
            .map((u) => u.id)
            .sort((a, b) => a - b);
          target = await nextInRoundRobin(this.#deps.db, c.rule.id, attendants);
          if (target === null) throw new PermanentStepError(AUTOMATION_MESSAGES.noAttendant);
        }
        const r = await assignAttendant(deps, session, id, target);
        return { kind: 'ok', detalhe: r.response.message };
      }
      case 'tag': {
        const session = await c.session();
        const { tags } = await findOrCreateTagsByName(this.#deps.db, c.rule.idUnidade, [step.nome]);
        const tag = tags[0];
        if (!tag) throw new PermanentStepError('Tag não encontrada.');
        if (step.acao === 'adicionar') {
          await addLeadTags(deps, session, id, [tag.id]);
          return { kind: 'ok', detalhe: `Tag "${tag.nome}" adicionada` };
        }
        const has = (await tagsOfLeadById(this.#deps.db, id)).some((t) => t.id === tag.id);
        if (has) await removeLeadTag(deps, session, id, tag.id);
        return { kind: 'ok', detalhe: has ? `Tag "${tag.nome}" removida` : `O lead já estava sem a tag "${tag.nome}"` };
      }
      case 'anotacao': {
        // Exactly once: after a crash between the note's commit and the step's record, the note is there.
        if (await hasEventOfAutomationStep(this.#deps.db, id, c.chave)) return { kind: 'ok', detalhe: 'Anotação adicionada' };
        const session = await c.session();
        await addNote(deps, session, id, step.texto);
        return { kind: 'ok', detalhe: 'Anotação adicionada' };
      }
      case 'mensagem':
      case 'mensagem-rapida':
      case 'midia':
        return runSendStep(this.#deps, c.session, step, c, {
          maxTypingMs: this.#maxTypingMs,
          download: (url) => downloadMedia(url, { fetch: this.#fetch, resolveHost: this.#resolveHost }),
        });
      case 'webhook':
        return this.#webhook(step, c);
      case 'typebot':
        return runTypebotStep(this.#deps, step, c);
      case 'aguardar-resposta':
        return runWaitAnswerStep(this.#deps.db, step, c);
      case 'agendar-ligacao':
      case 'agendar-mensagem':
        return runScheduleStep(deps, await c.session(), step, c);
    }
  }

  async #condition(step: Extract<Step, { tipo: 'condicao' }>, lead: LeadRow): Promise<boolean> {
    switch (step.campo) {
      case 'status':
        return lead.cliStatusNegociacao === step.valor;
      case 'status-venda':
        return lead.cliStatusNegociacaoVenda === step.valor;
      case 'atendente':
        return lead.idUsuario === step.valor;
      case 'plataforma':
        return lead.cliTipoLead === step.valor;
      case 'campanha': {
        const want = String(step.valor).toLowerCase();
        return [lead.cliCampanhaNome, lead.cliCampanhaInteresse, lead.cliCampanhaId].some((v) => v?.toLowerCase() === want);
      }
      case 'tag':
        return (await tagsOfLeadById(this.#deps.db, lead.cliCrmId)).some((t) =>
          typeof step.valor === 'number' ? t.id === step.valor : t.nome.toLowerCase() === step.valor.toLowerCase(),
        );
    }
  }

  /** POST of the lead as JSON, signed with the rule's secret (HMAC-SHA256 of the body), keyed by the step. */
  async #webhook(step: Extract<Step, { tipo: 'webhook' }>, c: { rule: RuleRow; run: RunRow; lead: LeadRow; chave: string }) {
    const body = JSON.stringify({
      evento: 'automacao.passo',
      automacao: { id: c.rule.id, nome: c.rule.nome },
      execucao: { id: c.run.id, passo: c.run.passo + 1 },
      lead: {
        id: c.lead.cliCrmId,
        nome: c.lead.cliNome,
        telefone: c.lead.cliTelefone,
        email: c.lead.cliEmail,
        statusNegociacao: c.lead.cliStatusNegociacao,
        statusVenda: c.lead.cliStatusNegociacaoVenda,
        idAtendente: c.lead.idUsuario,
      },
    });
    const signature = createHmac('sha256', c.rule.segredo).update(body).digest('hex');
    // Never to this server's own network (the database, the gateway, a cloud's metadata address):
    // every address the name resolves to must be public. The connection resolves the name again, so a
    // name that changes its answer between the two (DNS rebinding) is not covered here.
    const addresses = await this.#resolveHost(new URL(step.url).hostname.replace(/^\[|\]$/g, ''));
    if (addresses.length === 0 || addresses.some(isInternalAddress)) throw new Error(AUTOMATION_MESSAGES.webhookInternal);
    const res = await this.#fetch(step.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-funil-assinatura': `sha256=${signature}`, 'x-funil-chave': c.chave },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
    if (res.status < 200 || res.status >= 300) throw new Error(AUTOMATION_MESSAGES.webhookStatus(res.status));
    return { kind: 'ok', detalhe: `URL respondeu ${res.status}` } satisfies Outcome;
  }
}
