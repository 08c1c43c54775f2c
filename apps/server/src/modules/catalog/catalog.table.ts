// Funnels and reference lists of 000 §3: negotiation and sale statuses (per company), the allowed
// negotiation transitions (per unit), contact and message statuses and platforms (shared lists),
// and the negotiation potentials (001 §3).
import { index, integer, pgTable, primaryKey, serial, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';

import { empresas, unidades } from '../tenancy/tenancy.table.ts';

export const statusNegociacao = pgTable(
  'status_negociacao',
  {
    id: serial('id').primaryKey(),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    nome: varchar('nome', { length: 100 }).notNull(),
    cor: varchar('cor', { length: 9 }).notNull().default('#000000'),
    descricao: text('descricao'),
    // The funnel order; leads point at it (cli_status_negociacao = idFunil).
    idFunil: integer('id_funil').notNull(),
    datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
    dataAtualizacao: timestamp('data_atualizacao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('status_negociacao_funil_uq').on(t.idEmpresa, t.idFunil)],
);

export const statusNegociacaoVenda = pgTable(
  'status_negociacao_venda',
  {
    id: serial('id').primaryKey(),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    nome: varchar('nome', { length: 100 }).notNull(),
    cor: varchar('cor', { length: 9 }).notNull().default('#000000'),
    descricao: text('descricao'),
    idFunilVenda: integer('id_funil_venda').notNull(),
    datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
    dataAtualizacao: timestamp('data_atualizacao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('status_negociacao_venda_funil_uq').on(t.idEmpresa, t.idFunilVenda)],
);

// crm_contato_negociacao_status_permitidos: from idFunil `de` a lead may move to idFunil `para`.
export const statusNegociacaoPermitidos = pgTable(
  'status_negociacao_permitidos',
  {
    idUnidade: integer('id_unidade')
      .notNull()
      .references(() => unidades.id),
    de: integer('de').notNull(),
    para: integer('para').notNull(),
  },
  (t) => [primaryKey({ columns: [t.idUnidade, t.de, t.para] })],
);

export const statusContato = pgTable('status_contato', {
  id: integer('id').primaryKey(),
  nome: varchar('nome', { length: 100 }).notNull(),
  cor: varchar('cor', { length: 9 }).notNull(),
});

export const statusMensagem = pgTable('status_mensagem', {
  id: integer('id').primaryKey(),
  nome: varchar('nome', { length: 100 }).notNull(),
});

export const plataformas = pgTable('plataformas', {
  id: integer('id').primaryKey(),
  nome: varchar('nome', { length: 100 }).notNull(),
});

export const potenciais = pgTable(
  'potenciais',
  {
    id: serial('id').primaryKey(),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    nome: varchar('nome', { length: 100 }).notNull(),
    descricao: text('descricao'),
    status: varchar('status', { length: 50 }).notNull().default('Nenhum'),
    status1: varchar('status1', { length: 50 }).notNull().default('Pouco'),
    status2: varchar('status2', { length: 50 }).notNull().default('Pouco+'),
    status3: varchar('status3', { length: 50 }).notNull().default('Médio'),
    status4: varchar('status4', { length: 50 }).notNull().default('Médio+'),
    status5: varchar('status5', { length: 50 }).notNull().default('Muito'),
    ativo: integer('ativo').notNull().default(1),
    datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
    dataAtualizacao: timestamp('data_atualizacao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('potenciais_empresa_idx').on(t.idEmpresa)],
);
