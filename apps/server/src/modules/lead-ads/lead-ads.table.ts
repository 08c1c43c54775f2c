// Meta Lead Ads intake (issue 23 §2): the webhook's deliveries, one row per leadgen_id whatever
// Meta sends twice or late (the unique key is the "one leadgen_id = one lead" rule), worked by the
// intake worker (lead-ads.worker.ts) and listed as the failed-intake log; the forms seen, with the
// unit a form is assigned to; and each company's default unit for leads that match no unit.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

import { empresas, unidades } from '../tenancy/tenancy.table.ts';

export const LEAD_ADS_STATUS = ['pendente', 'processado', 'falhou'] as const;
export type LeadAdsStatus = (typeof LEAD_ADS_STATUS)[number];

export const leadAdsEntregas = pgTable(
  'lead_ads_entregas',
  {
    id: serial('id').primaryKey(),
    leadgenId: varchar('leadgen_id', { length: 64 }).notNull().unique(),
    pageId: varchar('page_id', { length: 64 }).notNull(),
    formId: varchar('form_id', { length: 64 }),
    adId: varchar('ad_id', { length: 64 }),
    /** The change's created_time (Meta's unix seconds). */
    criadoMeta: timestamp('criado_meta', { withTimezone: true }),
    /** The webhook change's `value` as it arrived (or the backfilled lead). */
    bruto: jsonb('bruto').$type<Record<string, unknown>>().notNull(),
    /** GET /{leadgen_id} once fetched (a backfill stores it at once). */
    dados: jsonb('dados').$type<Record<string, unknown>>(),
    /** The page's company, once known (the failed-intake log is per company). */
    idEmpresa: integer('id_empresa').references(() => empresas.id),
    status: varchar('status', { length: 12 }).$type<LeadAdsStatus>().notNull().default('pendente'),
    tentativas: integer('tentativas').notNull().default(0),
    proximaEm: timestamp('proxima_em', { withTimezone: true }).notNull().defaultNow(),
    leaseAte: timestamp('lease_ate', { withTimezone: true }),
    /** Why it failed, in Portuguese (the failed-intake log). */
    erro: text('erro'),
    /** How many times Meta (or a backfill) brought this leadgen_id. */
    recebidas: integer('recebidas').notNull().default(1),
    cliCrmId: integer('cli_crm_id'),
    idUnidade: integer('id_unidade').references(() => unidades.id),
    recebidoEm: timestamp('recebido_em', { withTimezone: true }).notNull().defaultNow(),
    processadoEm: timestamp('processado_em', { withTimezone: true }),
  },
  (t) => [
    index('lead_ads_entregas_pendentes_idx')
      .on(t.proximaEm)
      .where(sql`${t.status} = 'pendente'`),
    index('lead_ads_entregas_empresa_idx').on(t.idEmpresa, t.status, t.recebidoEm),
  ],
);

export const leadAdsFormularios = pgTable(
  'lead_ads_formularios',
  {
    formId: varchar('form_id', { length: 64 }).primaryKey(),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    pageId: varchar('page_id', { length: 64 }).notNull(),
    nome: varchar('nome', { length: 200 }).notNull().default(''),
    /** The unit this form's leads go to (wins over the units' 'Filtro Facebook'); null: routed by filter. */
    idUnidade: integer('id_unidade').references(() => unidades.id),
    /** When 'Buscar leads dos últimos 90 dias' last ran, and how many leads it brought. */
    buscadoEm: timestamp('buscado_em', { withTimezone: true }),
    dataAtualizacao: timestamp('data_atualizacao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_ads_formularios_empresa_idx').on(t.idEmpresa)],
);

export const leadAdsEmpresas = pgTable('lead_ads_empresas', {
  idEmpresa: integer('id_empresa')
    .primaryKey()
    .references(() => empresas.id),
  /** The unit of the leads no form assignment or filter routes (chosen by ag); null: the company's first active unit. */
  idUnidadePadrao: integer('id_unidade_padrao').references(() => unidades.id),
  dataAtualizacao: timestamp('data_atualizacao', { withTimezone: true }).notNull().defaultNow(),
});
