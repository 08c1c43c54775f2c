// The lead event stream (issue 22 §2), owned by the lead-events module: the outbox every change of a
// lead appends to in its own transaction, and each consumer's durable position in it.
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

import type { LeadEventAudience, LeadEventType } from '@funil/domain/lead-events/lead-events';

/**
 * Append-only: one row per change of a lead, `id` its place in the stream. Ids may commit out of
 * order; the runner passes one only below the stream's safe horizon (StreamHorizon), so a consumer
 * that has read up to `id` never later meets a smaller one. No foreign key: a lead's events
 * outlive it (until retention, docs/lead-events.md).
 */
export const leadEventos = pgTable(
  'lead_eventos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tipo: varchar('tipo', { length: 40 }).$type<LeadEventType>().notNull(),
    cliCrmId: integer('cli_crm_id').notNull(),
    idEmpresa: integer('id_empresa').notNull(),
    idUnidade: integer('id_unidade').notNull(),
    // Who saw the lead before the change (null: it did not exist) and who sees it after (001 §6).
    antes: jsonb('antes').$type<LeadEventAudience | null>(),
    depois: jsonb('depois').$type<LeadEventAudience>().notNull(),
    ator: integer('ator'),
    mudancas: jsonb('mudancas').$type<Record<string, { de: unknown; para: unknown }>>().notNull(),
    dados: jsonb('dados').$type<Record<string, unknown>>().notNull(),
    em: timestamp('em', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('lead_eventos_lead_idx').on(t.cliCrmId, t.id)],
);

/** Each consumer's position: the last event it has processed (its effects committed with it). */
export const leadEventosConsumidores = pgTable('lead_eventos_consumidores', {
  consumidor: varchar('consumidor', { length: 60 }).primaryKey(),
  ultimoId: bigint('ultimo_id', { mode: 'number' }).notNull().default(0),
  // The last failure (a consumer that throws keeps its position and tries again later).
  erro: text('erro'),
  falhas: integer('falhas').notNull().default(0),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).defaultNow().notNull(),
  // The runner (one per server process) that handles this consumer for now, renewed with each batch
  // it moves: the other processes leave the consumer alone until `dono_ate` (lead-event-runner.ts).
  dono: varchar('dono', { length: 60 }),
  donoAte: timestamp('dono_ate', { withTimezone: true }),
});
