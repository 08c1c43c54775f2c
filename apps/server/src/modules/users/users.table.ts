// Users of a unit (000 §3 dados_usuario, 002 §3 "User"), with their colour for avatars.
import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

import { empresas, unidades } from '../tenancy/tenancy.table.ts';

export const usuarios = pgTable(
  'usuarios',
  {
    id: serial('id').primaryKey(),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    idUnidade: integer('id_unidade')
      .notNull()
      .references(() => unidades.id),
    nome: varchar('nome', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull().unique(),
    senhaHash: text('senha_hash').notNull(),
    permissao: varchar('permissao', { length: 2 }).notNull(),
    idRamal: integer('id_ramal').notNull().default(0),
    cor: varchar('cor', { length: 9 }).notNull().default('#1976d2'),
    ativo: integer('ativo').notNull().default(1),
    acessoAtribuidos: integer('acesso_atribuidos').notNull().default(0),
    // JSON text with excluir_leads and notificacoes (000 §3 "User configuration").
    configuracoes: text('configuracoes').notNull().default('{}'),
    habilitaMensagemWhatsapp: integer('habilita_mensagem_whatsapp').notNull().default(0),
    webphone: integer('webphone').notNull().default(0),
    idWhatsapp: integer('id_whatsapp'),
    datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
    // 000 §4: a change of either date logs the user out on the next call.
    dataAtualizacao: timestamp('data_atualizacao', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    dataDeslogar: timestamp('data_deslogar', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('usuarios_unidade_idx').on(t.idUnidade)],
);
