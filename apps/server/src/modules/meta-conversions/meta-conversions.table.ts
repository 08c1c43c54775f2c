// Meta's Conversions API for CRM events (issue 24 'Closing the loop with Meta'): each unit's choice of
// dataset and statuses, and the outbox the lead-event consumer writes (one row per status change of a
// Lead Ads lead, keyed by the stream's event id and the funnel) and the sender works on the workers' loop.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';

import { empresas, unidades } from '../tenancy/tenancy.table.ts';

export const CONVERSION_FAMILIES = ['negociacao', 'venda'] as const;
export type ConversionFamily = (typeof CONVERSION_FAMILIES)[number];
export const CONVERSION_SEND_STATUS = ['pendente', 'enviado', 'falhou'] as const;
export type ConversionSendStatus = (typeof CONVERSION_SEND_STATUS)[number];

/** A unit's mapping: the dataset id and which statuses (funnel orders) are sent. */
export const metaConversoesConfig = pgTable('meta_conversoes_config', {
  idUnidade: integer('id_unidade')
    .primaryKey()
    .references(() => unidades.id),
  idEmpresa: integer('id_empresa')
    .notNull()
    .references(() => empresas.id),
  datasetId: varchar('dataset_id', { length: 32 }),
  /** `idFunil` of the negotiation statuses sent. */
  statusNegociacao: integer('status_negociacao')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  /** `idFunilVenda` of the sale statuses sent. */
  statusVenda: integer('status_venda')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
});

/** The outbox: one CRM event per (lead event, funnel); sent once, Meta's answer kept. */
export const metaConversoesEnvios = pgTable(
  'meta_conversoes_envios',
  {
    id: serial('id').primaryKey(),
    idEvento: bigint('id_evento', { mode: 'number' }).notNull(),
    familia: varchar('familia', { length: 12 }).$type<ConversionFamily>().notNull(),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    idUnidade: integer('id_unidade')
      .notNull()
      .references(() => unidades.id),
    cliCrmId: integer('cli_crm_id').notNull(),
    leadgenId: varchar('leadgen_id', { length: 64 }).notNull(),
    datasetId: varchar('dataset_id', { length: 32 }).notNull(),
    /** The stage: the status' name. */
    nomeEvento: varchar('nome_evento', { length: 100 }).notNull(),
    /** When the status changed (the stream event's time): Meta's event_time. */
    momento: timestamp('momento', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 10 }).$type<ConversionSendStatus>().notNull().default('pendente'),
    tentativas: integer('tentativas').notNull().default(0),
    proximaEm: timestamp('proxima_em', { withTimezone: true }).notNull().defaultNow(),
    leaseAte: timestamp('lease_ate', { withTimezone: true }),
    /** Meta's answer to the accepted POST ({events_received, fbtrace_id, …}). */
    resposta: jsonb('resposta').$type<Record<string, unknown>>(),
    /** Why the last try failed, in Portuguese with Meta's message. */
    erro: text('erro'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
  },
  (t) => [
    unique('meta_conversoes_envios_evento_uq').on(t.idEvento, t.familia),
    index('meta_conversoes_envios_pendentes_idx')
      .on(t.proximaEm)
      .where(sql`${t.status} = 'pendente'`),
    index('meta_conversoes_envios_unidade_idx').on(t.idUnidade, t.criadoEm),
  ],
);
