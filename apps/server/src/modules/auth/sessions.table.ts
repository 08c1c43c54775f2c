// Server-side sessions: the browser holds a random token, the database only its SHA-256.
import { boolean, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

import { usuarios } from '../users/users.table.ts';

export const sessoes = pgTable(
  'sessoes',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuarios.id),
    idEmpresa: integer('id_empresa').notNull(),
    idUnidade: integer('id_unidade').notNull(),
    lembrar: boolean('lembrar').notNull(),
    // Snapshots of the user's dates at login; a difference later ends the session (000 §4).
    userDataAtualizacao: timestamp('user_data_atualizacao', { withTimezone: true, precision: 3 }).notNull(),
    userDataDeslogar: timestamp('user_data_deslogar', { withTimezone: true, precision: 3 }),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
    revogadaEm: timestamp('revogada_em', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [index('sessoes_usuario_idx').on(t.idUsuario)],
);
