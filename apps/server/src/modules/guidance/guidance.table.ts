// Guidance texts shown on /inicial (000 §2, 002 §3 "Guidance text"): HTML, sanitised when shown.
import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

import { empresas, unidades } from '../tenancy/tenancy.table.ts';

export const orientacoes = pgTable(
  'orientacoes',
  {
    id: serial('id').primaryKey(),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    // Null: shown to every unit of the company.
    idUnidade: integer('id_unidade').references(() => unidades.id),
    titulo: varchar('titulo', { length: 200 }).notNull(),
    textoOrientacao: text('texto_orientacao').notNull(),
    ordem: integer('ordem').notNull().default(0),
    ativo: integer('ativo').notNull().default(1),
    datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orientacoes_empresa_idx').on(t.idEmpresa)],
);
