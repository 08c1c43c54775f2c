// Tags of a unit (000 §3, 001 §3 "Tag").
import { index, integer, pgTable, serial, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
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
