// Quick messages (001 §3 "Quick-message model"): categories and templates at three levels —
// empresa (the company's), unidade (a unit's), atendente (one user's, in the unit it was made).
import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

import { empresas, unidades } from '../tenancy/tenancy.table.ts';
import { usuarios } from '../users/users.table.ts';

export const modelosCategorias = pgTable(
  'modelos_categorias',
  {
    id: serial('id').primaryKey(),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    /** Null for a company category. */
    idUnidade: integer('id_unidade').references(() => unidades.id),
    /** Set only for an attendant's own category. */
    idUsuario: integer('id_usuario').references(() => usuarios.id),
    /** 'empresa' | 'unidade' | 'atendente'. */
    escopo: varchar('escopo', { length: 10 }).notNull(),
    nome: varchar('nome', { length: 100 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('modelos_categorias_empresa_idx').on(t.idEmpresa, t.escopo)],
);

export const modelosMensagem = pgTable(
  'modelos_mensagem',
  {
    id: serial('id').primaryKey(),
    idCategoria: integer('id_categoria')
      .notNull()
      .references(() => modelosCategorias.id),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    idUnidade: integer('id_unidade').references(() => unidades.id),
    idUsuario: integer('id_usuario').references(() => usuarios.id),
    escopo: varchar('escopo', { length: 10 }).notNull(),
    titulo: varchar('titulo', { length: 100 }).notNull(),
    mensagem: text('mensagem').notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('modelos_mensagem_empresa_idx').on(t.idEmpresa, t.escopo),
    index('modelos_mensagem_categoria_idx').on(t.idCategoria),
  ],
);
