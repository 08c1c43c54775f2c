// A generic durable job runner (ARCHITECTURE "background work"): jobs are rows, their work items
// rows of job_items; a worker claims a job with FOR UPDATE SKIP LOCKED and a lease, and runs it one
// batch per transaction. The batch's effects, the job's cursor and its report commit together, so
// a crashed or restarted server resumes from the last committed batch and never repeats one.
// Runs the same on PGlite and PostgreSQL.
import { randomBytes } from 'node:crypto';

import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';

import type { Db, DbOrTx, Tx } from '../db/handle.ts';
import { jobItems, jobs } from './jobs.table.ts';
import { Ticker } from './ticker.ts';

export type JobRow = typeof jobs.$inferSelect;
export type JobStatus = 'queued' | 'running' | 'done' | 'cancelled' | 'failed';
export type JobItem = { seq: number; payload: unknown };
export type JobReport = Record<string, unknown>;

/** What one kind of job does. */
export type JobHandler = {
  kind: string;
  /** Items per batch (one transaction). */
  batchSize: number;
  /** Runs one batch inside its transaction and returns the job's report after it. Throwing rolls the batch back. */
  processBatch(ctx: { tx: Tx; job: JobRow; items: JobItem[] }): Promise<JobReport>;
  /** Called after every committed batch and when the job ends (e.g. to push progress live). */
  onProgress?(job: JobRow): void;
  /** The error text stored on a job that failed for good. */
  failureMessage?: string;
};

export type EnqueueInput = {
  kind: string;
  idEmpresa: number;
  idUnidade: number;
  idUsuario: number | null;
  params?: Record<string, unknown>;
  report?: JobReport;
  items: readonly unknown[];
  /** Not claimed before this time (a scheduled send, a retry later); absent: at once. */
  notBefore?: Date | null;
};

export type JobRunnerOptions = {
  /** Idle wait between polls; enqueue() wakes the runner at once. */
  pollMs?: number;
  /** How long a claim holds a job; an expired lease lets another worker resume it. */
  leaseMs?: number;
  /** Failed batch attempts before the job fails for good. */
  maxAttempts?: number;
  workerId?: string;
  log?: (message: string, error?: unknown) => void;
};

const ITEM_INSERT_CHUNK = 5000;

export class JobRunner {
  readonly workerId: string;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly log: (message: string, error?: unknown) => void;
  private readonly ticker: Ticker;

  constructor(
    private readonly db: Db,
    options: JobRunnerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.workerId = options.workerId ?? `worker-${process.pid}-${randomBytes(4).toString('hex')}`;
    this.log = options.log ?? (() => undefined);
    this.ticker = new Ticker({
      pass: () => this.runOnce(),
      idleMs: this.pollMs,
      onError: (error) => this.log('jobs: erro no laço', error),
    });
  }

  register(handler: JobHandler): void {
    this.handlers.set(handler.kind, handler);
  }

  /** Creates a job and its items in one transaction (or inside `tx`), then wakes the runner. */
  async enqueue(input: EnqueueInput, tx?: DbOrTx): Promise<JobRow> {
    const write = async (t: DbOrTx): Promise<JobRow> => {
      const [job] = await t
        .insert(jobs)
        .values({
          kind: input.kind,
          idEmpresa: input.idEmpresa,
          idUnidade: input.idUnidade,
          idUsuario: input.idUsuario,
          params: input.params ?? {},
          report: input.report ?? {},
          total: input.items.length,
          notBefore: input.notBefore ?? null,
          status: input.items.length === 0 ? 'done' : 'queued',
          progress: input.items.length === 0 ? 100 : 0,
          finishedAt: input.items.length === 0 ? new Date() : null,
        })
        .returning();
      if (!job) throw new Error('job não criado');
      // Items travel as one JSON array per chunk (set-based), not as one placeholder per value.
      for (let start = 0; start < input.items.length; start += ITEM_INSERT_CHUNK) {
        const chunk = JSON.stringify(input.items.slice(start, start + ITEM_INSERT_CHUNK));
        await t.execute(
          sql`insert into ${jobItems} (job_id, seq, payload) select ${job.id}::bigint, ${start}::int + (e.o - 1)::int,
            e.v::jsonb from json_array_elements(${chunk}::json) with ordinality as e(v, o)`,
        );
      }
      return job;
    };
    const job = tx ? await write(tx) : await this.db.transaction((t) => write(t));
    this.wake();
    return job;
  }

  /**
   * Asks a job to stop: a queued job is cancelled at once, a running one before its next batch.
   * Returns the job as it is now, or null when it is not in `scope`.
   */
  async requestCancel(jobId: number, scope: { idUnidade: number; kind: string }): Promise<JobRow | null> {
    const [job] = await this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.idUnidade, scope.idUnidade), eq(jobs.kind, scope.kind)));
    if (!job) return null;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    await this.db.update(jobs).set({ cancelRequested: true, updatedAt: new Date() }).where(eq(jobs.id, jobId));
    this.wake();
    const [after] = await this.db.select().from(jobs).where(eq(jobs.id, jobId));
    return after ?? null;
  }

  /** A job of this unit and kind, or null (a job of another unit is never revealed). */
  async findOfUnit(jobId: number, scope: { idUnidade: number; kind: string }): Promise<JobRow | null> {
    const [job] = await this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.idUnidade, scope.idUnidade), eq(jobs.kind, scope.kind)));
    return job ?? null;
  }

  /** The unit's latest jobs of a kind, newest first. */
  async latestOfUnit(scope: { idUnidade: number; kind: string }, limit: number): Promise<JobRow[]> {
    return this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.idUnidade, scope.idUnidade), eq(jobs.kind, scope.kind)))
      .orderBy(desc(jobs.id))
      .limit(limit);
  }

  async get(jobId: number): Promise<JobRow | null> {
    const [job] = await this.db.select().from(jobs).where(eq(jobs.id, jobId));
    return job ?? null;
  }

  start(): void {
    this.ticker.start();
  }

  /** Stops after the batch in progress and gives up this worker's leases, so another can resume at once. */
  async stop(): Promise<void> {
    await this.ticker.stop();
    await this.db
      .update(jobs)
      .set({ lockedBy: null, lockedUntil: null })
      .where(and(eq(jobs.lockedBy, this.workerId), inArray(jobs.status, ['queued', 'running'])))
      .catch((error: unknown) => this.log('jobs: falha ao liberar jobs', error));
  }

  wake(): void {
    this.ticker.wake();
  }

  /** Claims a job (or keeps this worker's) and runs one batch of it. False when there was nothing to do. */
  async runOnce(): Promise<boolean> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return false;
    const claimed = await this.claim(kinds);
    if (claimed === null) return false;
    const handler = this.handlers.get(claimed.kind);
    if (!handler) return false;
    try {
      const after = await this.db.transaction(async (tx) => this.batch(tx, handler, claimed.id));
      if (after) handler.onProgress?.(after);
    } catch (error) {
      this.log(`jobs: lote do job ${claimed.id} falhou`, error);
      await this.recordFailure(handler, claimed.id, error);
    }
    return true;
  }

  private async claim(kinds: string[]): Promise<{ id: number; kind: string } | null> {
    return this.db.transaction(async (tx) => {
      const now = new Date();
      // Least recently touched first, so several jobs take turns batch by batch.
      const [row] = await tx
        .select({ id: jobs.id, kind: jobs.kind })
        .from(jobs)
        .where(
          and(
            inArray(jobs.status, ['queued', 'running']),
            inArray(jobs.kind, kinds),
            or(isNull(jobs.notBefore), lte(jobs.notBefore, now)),
            or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now), eq(jobs.lockedBy, this.workerId)),
          ),
        )
        .orderBy(asc(jobs.updatedAt), asc(jobs.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      await tx
        .update(jobs)
        .set({ status: 'running', lockedBy: this.workerId, lockedUntil: new Date(now.getTime() + this.leaseMs) })
        .where(eq(jobs.id, row.id));
      return row;
    });
  }

  private async batch(tx: Tx, handler: JobHandler, jobId: number): Promise<JobRow | null> {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
    // Lost the lease to another worker, or finished meanwhile.
    if (!job || job.lockedBy !== this.workerId || (job.status !== 'running' && job.status !== 'queued')) return null;
    const now = new Date();
    if (job.cancelRequested) return this.finish(tx, job, 'cancelled', {});
    const items = await tx
      .select({ seq: jobItems.seq, payload: jobItems.payload })
      .from(jobItems)
      .where(and(eq(jobItems.jobId, job.id), gte(jobItems.seq, job.cursor)))
      .orderBy(asc(jobItems.seq))
      .limit(handler.batchSize);
    if (items.length === 0) return this.finish(tx, job, 'done', {});
    const report = await handler.processBatch({ tx, job, items });
    const cursor = (items.at(-1)?.seq ?? job.cursor) + 1;
    const progress = job.total > 0 ? Math.min(100, Math.floor((cursor * 100) / job.total)) : 100;
    if (cursor >= job.total) return this.finish(tx, job, 'done', { cursor, progress: 100, report });
    const [after] = await tx
      .update(jobs)
      .set({ cursor, progress, report, attempts: 0, updatedAt: now, lockedUntil: new Date(now.getTime() + this.leaseMs) })
      .where(eq(jobs.id, job.id))
      .returning();
    return after ?? null;
  }

  private async finish(tx: Tx, job: JobRow, status: JobStatus, set: Partial<typeof jobs.$inferInsert>): Promise<JobRow | null> {
    const now = new Date();
    const [after] = await tx
      .update(jobs)
      .set({
        ...set,
        status,
        progress: status === 'done' ? 100 : (set.progress ?? job.progress),
        updatedAt: now,
        finishedAt: now,
        lockedBy: null,
        lockedUntil: null,
      })
      .where(eq(jobs.id, job.id))
      .returning();
    return after ?? null;
  }

  private async recordFailure(handler: JobHandler, jobId: number, error: unknown): Promise<void> {
    const [job] = await this.db
      .update(jobs)
      .set({
        attempts: sql`${jobs.attempts} + 1`,
        lockedBy: null,
        lockedUntil: new Date(Date.now() + Math.min(this.leaseMs, 5000)),
        updatedAt: new Date(),
      })
      .where(eq(jobs.id, jobId))
      .returning();
    if (job && job.attempts >= this.maxAttempts) {
      const [failed] = await this.db
        .update(jobs)
        .set({
          status: 'failed',
          error: handler.failureMessage ?? 'Falha ao processar.',
          finishedAt: new Date(),
          lockedUntil: null,
        })
        .where(eq(jobs.id, jobId))
        .returning();
      if (failed) handler.onProgress?.(failed);
    }
    void error;
  }
}
