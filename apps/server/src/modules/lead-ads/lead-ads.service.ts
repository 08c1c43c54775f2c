// The Lead Ads module's door (issue 23 §2): the webhook's store, the intake worker, the failed-intake
// log with 'Reprocessar' and 'Buscar leads dos últimos 90 dias' per chosen form (the forms, their
// units and the default unit are chosen on the meta module's connection screen). The lead itself is
// made only by the core's captureLead (lead-ads.intake.ts).
import { LEAD_ADS_MESSAGES, type FailedIntake, type LeadAdsOverview } from '@funil/domain/lead-ads/lead-ads-api';

import type { Db, DbOrTx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import { Ticker } from '../../jobs/ticker.ts';
import { formOfCompany, metaConnectionFacts } from '../meta/meta.service.ts';
import { unitsOfCompany } from '../tenancy/tenancy.service.ts';
import type { LeadAdsGraph } from './lead-ads-graph.ts';
import { LEAD_FIELDS, processDelivery, type IntakeContext, type IntakeOutcome } from './lead-ads.intake.ts';
import * as repo from './lead-ads.repository.ts';

export type { LeadAdsGraph } from './lead-ads-graph.ts';
export { GraphCallError, metaModuleGraph } from './lead-ads-graph.ts';

export type LeadAdsWorkerOptions = {
  graph: LeadAdsGraph;
  /** Wait after an idle pass (default 1 s; a new delivery wakes the worker at once). */
  idleMs?: number;
  /** How long a claimed delivery is held (default 60 s: the Graph call's 20 s timeout, twice, and the lead). */
  leaseMs?: number;
  /** Deliveries claimed per runOnce/drain pass (tests, 'Reprocessar' by hand), worked `concurrency` at a time. */
  batch?: number;
  /** Deliveries worked at once; the running worker claims one only when one of these is free. */
  concurrency?: number;
  now?: () => Date;
  log?: (message: string, err: unknown) => void;
  /** Told when a delivery is claimed, its lead fetched, its lead committed (the bench's latency split). */
  trace?: IntakeContext['trace'];
};

/**
 * The intake worker (src/jobs/README.md "One mechanism"): a Ticker whose pass claims due
 * deliveries with a row lease (FOR UPDATE SKIP LOCKED), fetches each lead and captures it.
 * Running, it keeps `concurrency` deliveries in work: a pass claims only as many as there are free
 * slots and does not wait for them, so a delivery that arrives is claimed as soon as one lead is
 * done, not after a whole batch (issue 23 "lead visible in the CRM list p95 < 1 s").
 */
export class LeadAdsWorker {
  readonly #db: Db;
  readonly #options: Required<Omit<LeadAdsWorkerOptions, 'log' | 'trace'>> & Pick<LeadAdsWorkerOptions, 'log' | 'trace'>;
  readonly #ticker: Ticker;
  /** The deliveries being worked by the running worker. */
  readonly #inFlight = new Set<Promise<unknown>>();

  constructor(db: Db, options: LeadAdsWorkerOptions) {
    this.#db = db;
    this.#options = {
      idleMs: 1_000,
      leaseMs: 60_000,
      batch: 20,
      concurrency: 5,
      now: () => new Date(),
      ...options,
    };
    this.#ticker = new Ticker({
      pass: () => this.#fill(),
      idleMs: this.#options.idleMs,
      onError: (err) => this.#options.log?.('entrada de leads do Meta', err),
      unref: true,
    });
  }

  get graph(): LeadAdsGraph {
    return this.#options.graph;
  }

  start(): void {
    this.#ticker.start();
  }
  async stop(): Promise<void> {
    await this.#ticker.stop();
    await Promise.allSettled([...this.#inFlight]);
  }
  wake(): void {
    this.#ticker.wake();
  }

  /**
   * The running worker's pass: claims due deliveries for the free slots and starts them; with no free
   * slot it waits for one. True when it claimed (or waited): the next pass runs at once.
   */
  async #fill(): Promise<boolean> {
    const { now, leaseMs, concurrency, graph, trace } = this.#options;
    const free = concurrency - this.#inFlight.size;
    if (free <= 0) {
      await Promise.race(this.#inFlight);
      return true;
    }
    const claimed = await repo.claimDue(this.#db, now(), leaseMs, free);
    for (const row of claimed) {
      trace?.(row.leadgenId, 'claimed');
      const work: Promise<unknown> = processDelivery({ db: this.#db, graph, now, trace }, row)
        .catch((err: unknown) => this.#options.log?.('entrada de leads do Meta', err))
        .finally(() => this.#inFlight.delete(work));
      this.#inFlight.add(work);
    }
    return claimed.length > 0;
  }

  /** One pass: the due deliveries claimed and worked; their outcomes. */
  async runOnce(): Promise<IntakeOutcome[]> {
    const { now, leaseMs, batch, concurrency, graph, trace } = this.#options;
    const claimed = await repo.claimDue(this.#db, now(), leaseMs, batch);
    if (trace) for (const row of claimed) trace(row.leadgenId, 'claimed');
    const outcomes: IntakeOutcome[] = [];
    for (let i = 0; i < claimed.length; i += concurrency) {
      const part = claimed.slice(i, i + concurrency);
      outcomes.push(...(await Promise.all(part.map((row) => processDelivery({ db: this.#db, graph, now, trace }, row)))));
    }
    return outcomes;
  }

  /** Passes until nothing is due (tests, the bench). */
  async drain(): Promise<IntakeOutcome[]> {
    const all: IntakeOutcome[] = [];
    for (;;) {
      const outcomes = await this.runOnce();
      if (outcomes.length === 0) return all;
      all.push(...outcomes);
    }
  }
}

export { deliveriesOf, handshake, signatureValid } from './lead-ads.webhook.ts';

/** Stores a delivery's changes (durably, before the 200); the new leadgen_ids. */
export const storeDeliveries = (db: DbOrTx, rows: readonly repo.NewDelivery[]): Promise<string[]> =>
  repo.storeDeliveries(db, rows);

// ---- the screen: failed log, forms ----

/** The company's chosen forms by id (meta module), for names. */
async function formsOf(db: DbOrTx, idEmpresa: number) {
  return new Map(((await metaConnectionFacts(db, idEmpresa))?.forms ?? []).map((f) => [f.formId, f]));
}

export async function failedIntakes(db: DbOrTx, idEmpresa: number): Promise<FailedIntake[]> {
  const [rows, forms] = await Promise.all([repo.failedOfCompany(db, idEmpresa, 200), formsOf(db, idEmpresa)]);
  return rows.map((d) => ({
    id: d.id,
    leadgenId: d.leadgenId,
    pageId: d.pageId,
    formId: d.formId,
    formNome: (d.formId && forms.get(d.formId)?.nome) || null,
    adId: d.adId,
    recebido: d.bruto,
    erro: d.erro,
    tentativas: d.tentativas,
    recebidas: d.recebidas,
    recebidoEm: d.recebidoEm.toISOString(),
  }));
}

export async function reprocessIntake(db: DbOrTx, idEmpresa: number, id: number): Promise<void> {
  if (!(await repo.requeueFailed(db, idEmpresa, id))) throw new DomainError('not_found', LEAD_ADS_MESSAGES.notFound);
}

export async function leadAdsOverview(db: DbOrTx, idEmpresa: number): Promise<LeadAdsOverview> {
  const [access, units, perForm, counts] = await Promise.all([
    metaConnectionFacts(db, idEmpresa),
    unitsOfCompany(db, idEmpresa),
    repo.leadsPerForm(db, idEmpresa),
    repo.countsOfCompany(db, idEmpresa),
  ]);
  const names = new Map(units.map((u) => [u.id, u.nome]));
  return {
    conectada: access !== null,
    unidadePadrao: access?.defaultUnitId ? (names.get(access.defaultUnitId) ?? null) : null,
    formularios: (access?.forms ?? []).map((f) => ({
      formId: f.formId,
      pageId: f.pageId,
      nome: f.nome,
      unidade: f.idUnidade === null ? null : (names.get(f.idUnidade) ?? null),
      leads: perForm.get(f.formId) ?? 0,
    })),
    ...counts,
  };
}

const BACKFILL_DAYS = 90;
const BACKFILL_MAX_PAGES = 200;

/**
 * 'Buscar leads dos últimos 90 dias' (issue 23 §2): GET /{form_id}/leads, paged (each page asked
 * again with its `after` cursor and a fresh appsecret_proof, never the bare `paging.next`), filtered
 * on time_created; every lead stored as a delivery with its data, so a leadgen_id already received
 * stays one lead. The worker then captures the new ones.
 */
export async function backfillForm(
  db: DbOrTx,
  graph: LeadAdsGraph,
  idEmpresa: number,
  formId: string,
  now = new Date(),
): Promise<{ encontrados: number; novos: number }> {
  const form = await formOfCompany(db, idEmpresa, formId);
  if (!form) throw new DomainError('not_found', LEAD_ADS_MESSAGES.formNotFound);
  const since = Math.floor(now.getTime() / 1000) - BACKFILL_DAYS * 86_400;
  const filtering = JSON.stringify([{ field: 'time_created', operator: 'GREATER_THAN', value: since }]);
  let after: string | null = null;
  let encontrados = 0;
  let novos = 0;
  for (let page = 0; page < BACKFILL_MAX_PAGES; page += 1) {
    const params: Record<string, string> = { fields: LEAD_FIELDS, filtering, limit: '100', ...(after ? { after } : {}) };
    const body = await graph.get(db, idEmpresa, form.pageId, `${formId}/leads`, params);
    const data = Array.isArray(body.data) ? (body.data as Record<string, unknown>[]) : [];
    const rows = data.flatMap((lead): repo.NewDelivery[] => {
      const id = typeof lead.id === 'string' ? lead.id : null;
      if (!id) return [];
      const created = typeof lead.created_time === 'string' ? new Date(lead.created_time) : null;
      return [
        {
          leadgenId: id,
          pageId: form.pageId,
          formId,
          adId: typeof lead.ad_id === 'string' ? lead.ad_id : null,
          criadoMeta: created && !Number.isNaN(created.getTime()) ? created : null,
          bruto: { ...lead, form_id: formId, origem: 'busca-90-dias' },
          dados: { ...lead, form_id: formId },
          idEmpresa,
        },
      ];
    });
    encontrados += rows.length;
    novos += (await repo.storeDeliveries(db, rows)).length;
    const paging = body.paging as { next?: string; cursors?: { after?: string } } | undefined;
    if (!paging?.next || !paging.cursors?.after) break;
    after = paging.cursors.after;
  }
  return { encontrados, novos };
}

/** The Lead Ads leads among these leads: cli_crm_id → leadgen_id (issue 24, the Conversions API's `user_data.lead_id`). */
export const leadgenIdsOf = (db: DbOrTx, cliCrmIds: readonly number[]): Promise<Map<number, string>> =>
  repo.leadgenIdsOf(db, cliCrmIds);
