// The durable job runner (ARCHITECTURE "background work"): each item runs exactly once across
// workers, a failing batch is retried then the job fails, and an expired lease is taken over.
// @pglite-too (vitest.config.ts): claims and leases on PGlite's one connection and on a server's pool.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import { JobRunner, type JobHandler } from './job-runner.ts';
import { jobs } from './jobs.table.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const counting = (kind: string, fail?: (seq: number) => boolean): JobHandler => ({
  kind,
  batchSize: 3,
  failureMessage: 'Falhou de vez.',
  async processBatch({ job, items }) {
    if (items.some((i) => fail?.(i.seq))) throw new Error('falha');
    const seen = Array.isArray(job.report.seqs) ? (job.report.seqs as number[]) : [];
    return { seqs: [...seen, ...items.map((i) => i.seq)] };
  },
});

const enqueue = (runner: JobRunner, kind: string, n: number) =>
  runner.enqueue({ kind, idEmpresa: 1, idUnidade: 1, idUsuario: null, items: Array.from({ length: n }, (_, i) => ({ i })) });

async function until(runner: JobRunner, id: number, status: string) {
  for (let i = 0; i < 400; i += 1) {
    const job = await runner.get(id);
    if (job?.status === status) return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`job ${id} não chegou a ${status}`);
}

describe('JobRunner', () => {
  it('runs every item exactly once when two workers compete (FOR UPDATE SKIP LOCKED and a lease)', async () => {
    const a = new JobRunner(database.db, { pollMs: 5, workerId: 'a' });
    const b = new JobRunner(database.db, { pollMs: 5, workerId: 'b' });
    a.register(counting('contagem'));
    b.register(counting('contagem'));
    const j1 = await enqueue(a, 'contagem', 20);
    const j2 = await enqueue(a, 'contagem', 7);
    a.start();
    b.start();
    try {
      for (const j of [j1, j2]) {
        const done = await until(a, j.id, 'done');
        expect(done.report.seqs).toEqual(Array.from({ length: j.total }, (_, i) => i));
        expect([done.cursor, done.progress, done.lockedBy]).toEqual([j.total, 100, null]);
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('rolls a failing batch back, retries it, then fails the job with its message and stops', async () => {
    const runner = new JobRunner(database.db, { leaseMs: 1, maxAttempts: 3 });
    runner.register(counting('quebra', (seq) => seq === 4));
    const job = await enqueue(runner, 'quebra', 9);
    for (let i = 0; i < 6; i += 1) {
      await runner.runOnce();
      // Let the 1 ms lease run out (a clock, not an event to wait for).
      await new Promise((r) => setTimeout(r, 5));
    }
    const after = await runner.get(job.id);
    expect([after?.status, after?.error, after?.cursor, after?.report]).toEqual([
      'failed',
      'Falhou de vez.',
      3,
      { seqs: [0, 1, 2] },
    ]);
  });

  it("takes over a job whose worker's lease expired, from its cursor", async () => {
    const runner = new JobRunner(database.db, { workerId: 'novo' });
    runner.register(counting('retomada'));
    const job = await enqueue(runner, 'retomada', 6);
    await database.db
      .update(jobs)
      .set({
        status: 'running',
        cursor: 3,
        report: { seqs: [0, 1, 2] },
        lockedBy: 'velho',
        lockedUntil: new Date(Date.now() + 60_000),
      })
      .where(eq(jobs.id, job.id));
    expect(await runner.runOnce()).toBe(false);
    await database.db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1) })
      .where(eq(jobs.id, job.id));
    expect(await runner.runOnce()).toBe(true);
    expect((await runner.get(job.id))?.report).toEqual({ seqs: [0, 1, 2, 3, 4, 5] });
    expect((await runner.get(job.id))?.status).toBe('done');
  });

  it('cancels a queued job before it starts', async () => {
    const runner = new JobRunner(database.db);
    runner.register(counting('cancelada'));
    const job = await enqueue(runner, 'cancelada', 4);
    await runner.requestCancel(job.id, { idUnidade: 1, kind: 'cancelada' });
    await runner.runOnce();
    expect((await runner.get(job.id))?.status).toBe('cancelled');
    expect(await runner.requestCancel(job.id, { idUnidade: 2, kind: 'cancelada' })).toBeNull();
  });
});
