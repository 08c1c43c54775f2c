// Meta Lead Ads intake (issue 23 §2): the webhook's deliveries, one row per leadgen_id whatever
// Meta sends twice or late (the unique key is the "one leadgen_id = one lead" rule), worked by the
// intake worker (lead-ads.service.ts LeadAdsWorker) and listed as the failed-intake log. The chosen
// forms, their assigned units and the company's default unit are the meta module's (meta.service.ts).
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
