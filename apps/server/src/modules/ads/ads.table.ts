// The ads catalogue of a unit (002 §3 'Ads catalogue': campaigns, ad sets, ads, ad-tag links) and the
// campaign costs (002 §3 'Campaign cost (admin)', issue 23 §5 §6). The ads module owns all five.
import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

// Foreign-key references only (docs/decisions.md "Module boundaries").
import { plataformas } from '../catalog/catalog.table.ts';
import { tags } from '../tags/tags.table.ts';
import { empresas, unidades } from '../tenancy/tenancy.table.ts';

const stamps = {
  datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
  dataAtualizacao: timestamp('data_atualizacao', { withTimezone: true }).notNull().defaultNow(),
};

export const anunciosCampanhas = pgTable(
  'anuncios_campanhas',
  {
    id: serial('id').primaryKey(),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    idUnidade: integer('id_unidade')
      .notNull()
      .references(() => unidades.id),
    campaignId: varchar('campaign_id', { length: 100 }).notNull(),
    campaignName: varchar('campaign_name', { length: 200 }).notNull(),
    // 002 §4: 1 Ativo, 0 Inativo; oculto 1 visible, 0 hidden (the spec's reading). New rows 1 and 1.
    ativo: integer('ativo').notNull().default(1),
    oculto: integer('oculto').notNull().default(1),
    // 'manual' (typed or CSV) or 'meta' (a sync); a sync never deletes a manual row (issue 23 §5).
    origem: varchar('origem', { length: 10 }).notNull().default('manual'),
    ...stamps,
  },
  (t) => [uniqueIndex('anuncios_campanhas_unidade_id_uq').on(t.idUnidade, t.campaignId)],
);

export const anunciosConjuntos = pgTable(
  'anuncios_conjuntos',
  {
    id: serial('id').primaryKey(),
    idCampanha: integer('id_campanha')
      .notNull()
      .references(() => anunciosCampanhas.id),
    adsetId: varchar('adset_id', { length: 100 }).notNull(),
    adsetName: varchar('adset_name', { length: 200 }).notNull(),
    ativo: integer('ativo').notNull().default(1),
    oculto: integer('oculto').notNull().default(1),
    origem: varchar('origem', { length: 10 }).notNull().default('manual'),
    ...stamps,
  },
  (t) => [uniqueIndex('anuncios_conjuntos_campanha_id_uq').on(t.idCampanha, t.adsetId)],
);

export const anunciosAds = pgTable(
  'anuncios_ads',
  {
    id: serial('id').primaryKey(),
    idConjunto: integer('id_conjunto')
      .notNull()
      .references(() => anunciosConjuntos.id),
    adId: varchar('ad_id', { length: 100 }).notNull(),
    adName: varchar('ad_name', { length: 200 }).notNull(),
    ativo: integer('ativo').notNull().default(1),
    oculto: integer('oculto').notNull().default(1),
    origem: varchar('origem', { length: 10 }).notNull().default('manual'),
    ...stamps,
  },
  (t) => [uniqueIndex('anuncios_ads_conjunto_id_uq').on(t.idConjunto, t.adId), index('anuncios_ads_ad_id_idx').on(t.adId)],
);

export const anunciosAdsTags = pgTable(
  'anuncios_ads_tags',
  {
    id: serial('id').primaryKey(),
    idAd: integer('id_ad')
      .notNull()
      .references(() => anunciosAds.id),
    // No cascade: a tag deleted later shows as 'Tag desconhecida' (002 §2.6); set null keeps the link's history.
    idTag: integer('id_tag').references(() => tags.id, { onDelete: 'set null' }),
    ativo: integer('ativo').notNull().default(1),
    ...stamps,
  },
  (t) => [uniqueIndex('anuncios_ads_tags_ad_tag_uq').on(t.idAd, t.idTag)],
);

export const anunciosCustos = pgTable(
  'anuncios_custos',
  {
    id: serial('id').primaryKey(),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    idUnidade: integer('id_unidade')
      .notNull()
      .references(() => unidades.id),
    idCampanha: integer('id_campanha')
      .notNull()
      .references(() => anunciosCampanhas.id),
    // A Meta sync's daily spend is per ad (issue 23 §6); a typed cost is the campaign's (both null).
    idConjunto: integer('id_conjunto').references(() => anunciosConjuntos.id),
    idAd: integer('id_ad').references(() => anunciosAds.id),
    publico: integer('publico'),
    idTipoLead: integer('id_tipo_lead').references(() => plataformas.id),
    // BRL, exact.
    custo: numeric('custo', { precision: 12, scale: 2 }).notNull(),
    // The period the cost covers, both days inclusive (a month for a typed cost, a day for a sync).
    periodoInicio: date('periodo_inicio', { mode: 'string' }).notNull(),
    periodoFim: date('periodo_fim', { mode: 'string' }).notNull(),
    // 'manual' (typed; a sync never overwrites it) or 'meta' (insights).
    origem: varchar('origem', { length: 10 }).notNull().default('manual'),
    ...stamps,
  },
  (t) => [
    index('anuncios_custos_unidade_periodo_idx').on(t.idUnidade, t.periodoInicio),
    index('anuncios_custos_campanha_idx').on(t.idCampanha),
    // One typed cost per unit, campaign and period.
    uniqueIndex('anuncios_custos_manual_uq')
      .on(t.idUnidade, t.idCampanha, t.periodoInicio, t.periodoFim)
      .where(sql`origem = 'manual' AND id_ad IS NULL`),
  ],
);
