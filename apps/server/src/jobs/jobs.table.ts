// Durable background jobs (ARCHITECTURE "background work"): one row per job, its work items in
// job_items, claimed with FOR UPDATE SKIP LOCKED and resumed from `cursor` after a restart.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar('kind', { length: 60 }).notNull(),
    idEmpresa: integer('id_empresa').notNull(),
    idUnidade: integer('id_unidade').notNull(),
    idUsuario: integer('id_usuario'),
    // queued | running | done | cancelled | failed
    status: varchar('status', { length: 12 }).notNull().default('queued'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    // Items done (the next item's seq); committed with each batch's effects.
    cursor: integer('cursor').notNull().default(0),
    total: integer('total').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    report: jsonb('report').$type<Record<string, unknown>>().notNull().default({}),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    // Not claimed before this time (a scheduled WhatsApp message, a retry later); null: at once.
    notBefore: timestamp('not_before', { withTimezone: true }),
    lockedBy: varchar('locked_by', { length: 64 }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_pending_idx')
      .on(t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('jobs_unidade_kind_idx').on(t.idUnidade, t.kind, t.id),
  ],
);

export const jobItems = pgTable(
  'job_items',
  {
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
