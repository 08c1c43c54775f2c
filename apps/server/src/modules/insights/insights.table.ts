// Meta Insights store (issue 24; migration 0033): one row per (company, ad account, day, level, object id),
// upserted by the refresh (insights-sync.ts) and read by the /insights screen, never fetched per view.
// Metrics Meta did not return stay NULL ('—'), money is integer cents (BRL).
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

import type { InsightLevel } from '@funil/domain/insights/insights';

import { empresas } from '../tenancy/tenancy.table.ts';

export const metaInsights = pgTable(
  'meta_insights',
  {
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    conta: varchar('conta', { length: 40 }).notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    nivel: varchar('nivel', { length: 8 }).$type<InsightLevel>().notNull(),
    objetoId: varchar('objeto_id', { length: 64 }).notNull(),
    campanhaId: varchar('campanha_id', { length: 64 }),
    conjuntoId: varchar('conjunto_id', { length: 64 }),
    nome: varchar('nome', { length: 400 }).notNull(),
    objetivo: varchar('objetivo', { length: 40 }),
    impressoes: bigint('impressoes', { mode: 'number' }),
    alcance: bigint('alcance', { mode: 'number' }),
    cliques: bigint('cliques', { mode: 'number' }),
    gastoCentavos: bigint('gasto_centavos', { mode: 'number' }),
    leads: integer('leads'),
    conversas: integer('conversas'),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.idEmpresa, t.conta, t.dia, t.nivel, t.objetoId] }),
    index('meta_insights_leitura_idx').on(t.idEmpresa, t.conta, t.nivel, t.dia),
    // The ad-set tab reads the selected campaigns' rows, the ads tab the selected ad sets'.
    index('meta_insights_campanha_idx').on(t.idEmpresa, t.conta, t.nivel, t.campanhaId, t.dia),
    index('meta_insights_conjunto_idx').on(t.idEmpresa, t.conta, t.nivel, t.conjuntoId, t.dia),
  ],
);

/** Each company's refresh: when it is due, who holds it, when it last worked, why it stopped. */
export const metaInsightsSync = pgTable('meta_insights_sync', {
  idEmpresa: integer('id_empresa')
    .primaryKey()
    .references(() => empresas.id),
  proximaEm: timestamp('proxima_em', { withTimezone: true }).notNull().defaultNow(),
  leaseAte: timestamp('lease_ate', { withTimezone: true }),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }),
  /** The ad accounts' names (`/me/adaccounts`), for the 'Conta de anúncios' autocomplete. */
  contas: jsonb('contas')
    .$type<{ id: string; nome: string }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** Graph calls the last refresh used (issue 24 figures). */
  chamadas: integer('chamadas').notNull().default(0),
  /** Why the refresh stopped (190, #2635), in Portuguese; null while it works. */
  erro: text('erro'),
});

/**
 * Reach of a whole period (issue 24: reach counts people once, so it is never a sum of days): read from
 * Meta without time_increment per (company, account, level, object, since, until), with when it was read.
 * NULL: Meta returned no reach for the object in that period.
 */
export const metaInsightsAlcance = pgTable(
  'meta_insights_alcance',
  {
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    conta: varchar('conta', { length: 40 }).notNull(),
    nivel: varchar('nivel', { length: 8 }).$type<InsightLevel>().notNull(),
    objetoId: varchar('objeto_id', { length: 64 }).notNull(),
    inicio: date('inicio', { mode: 'string' }).notNull(),
    fim: date('fim', { mode: 'string' }).notNull(),
    alcance: bigint('alcance', { mode: 'number' }),
    lidoEm: timestamp('lido_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.idEmpresa, t.conta, t.nivel, t.objetoId, t.inicio, t.fim] })],
);
