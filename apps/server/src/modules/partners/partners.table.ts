// Partners of a unit (002 §3 "Partner"): people paid per capture, scheduling and sale.
import { index, integer, numeric, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

import { empresas, unidades } from '../tenancy/tenancy.table.ts';

export const parceiros = pgTable(
  'parceiros',
  {
    id: serial('id').primaryKey(),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    idUnidade: integer('id_unidade')
      .notNull()
      .references(() => unidades.id),
    nome: varchar('nome', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    senhaHash: text('senha_hash').notNull(),
    descricao: varchar('descricao', { length: 500 }).notNull(),
    conta: varchar('conta', { length: 200 }).notNull(),
    // 0 Parceiro, 1 Administrador (002 §6).
    administrador: integer('administrador').notNull().default(0),
    ativo: integer('ativo').notNull().default(1),
    // BRL amounts, exact (002 §3): per capture, per scheduling, per completed sale.
    valorOperacao1: numeric('valor_operacao_1', { precision: 12, scale: 2 }).notNull().default('0'),
    valorOperacao2: numeric('valor_operacao_2', { precision: 12, scale: 2 }).notNull().default('0'),
    valorOperacao3: numeric('valor_operacao_3', { precision: 12, scale: 2 }).notNull().default('0'),
    datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
    dataAtualizacao: timestamp('data_atualizacao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('parceiros_unidade_idx').on(t.idUnidade)],
);
