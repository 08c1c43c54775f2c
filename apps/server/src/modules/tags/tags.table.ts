// Tags of a unit (000 §3, 001 §3 "Tag") and their links to leads (lead_tags): the tags module owns both.
import { index, integer, pgTable, primaryKey, serial, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';

// Foreign-key references only (docs/decisions.md "Module boundaries").
import { leads } from '../leads/leads.table.ts';
import { unidades } from '../tenancy/tenancy.table.ts';

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    idUnidade: integer('id_unidade')
      .notNull()
      .references(() => unidades.id),
    nome: varchar('nome', { length: 100 }).notNull(),
    cor: varchar('cor', { length: 9 }).notNull(),
    descricao: text('descricao'),
    datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('tags_unidade_nome_uq').on(t.idUnidade, t.nome), index('tags_unidade_idx').on(t.idUnidade)],
);

export const leadTags = pgTable(
  'lead_tags',
  {
    cliCrmId: integer('cli_crm_id')
      .notNull()
      .references(() => leads.cliCrmId),
    idTag: integer('id_tag')
      .notNull()
      .references(() => tags.id),
    datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cliCrmId, t.idTag] })],
);
