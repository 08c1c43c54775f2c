// The audit trail of administration writes (issue 10 "API"): who changed what, when.
import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

export const auditoria = pgTable(
  'auditoria',
  {
    id: serial('id').primaryKey(),
    // The company and unit the change belongs to (the changed record's, else the author's): who may read it.
    idEmpresa: integer('id_empresa'),
    idUnidade: integer('id_unidade'),
    // The author; null for the first-run setup and the start-up super-admin (no session yet).
    idUsuario: integer('id_usuario'),
    nomeUsuario: varchar('nome_usuario', { length: 200 }).notNull(),
    entidade: varchar('entidade', { length: 40 }).notNull(),
    idEntidade: integer('id_entidade').notNull(),
    acao: varchar('acao', { length: 10 }).notNull(),
    // Only the fields that changed: { campo: { antes, depois } }.
    alteracoes: jsonb('alteracoes').notNull(),
    datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auditoria_empresa_idx').on(t.idEmpresa, t.id), index('auditoria_unidade_idx').on(t.idUnidade, t.id)],
);
