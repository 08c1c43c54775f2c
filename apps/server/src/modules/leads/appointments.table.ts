// Appointments of a lead (001 §3 "Appointment history (contact)"): no outside source yet, so
// they live here and contato/busca_agendamentos_cliente reads them.
import { date, index, integer, numeric, pgSequence, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

import { leads } from './leads.table.ts';

export const agendamentos = pgTable(
  'agendamentos',
  {
    id: serial('id').primaryKey(),
    idEmpresa: integer('id_empresa').notNull(),
    idUnidade: integer('id_unidade').notNull(),
    cliCrmId: integer('cli_crm_id')
      .notNull()
      .references(() => leads.cliCrmId),
    atendData: date('atend_data').notNull(),
    // 'HH:mm'
    atendHora: varchar('atend_hora', { length: 5 }).notNull(),
    atendValor: numeric('atend_valor', { precision: 14, scale: 2 }).notNull().default('0'),
    procedNome: varchar('proced_nome', { length: 200 }).notNull(),
    procedValor: numeric('proced_valor', { precision: 14, scale: 2 }).notNull().default('0'),
    // 0 Aguardando Confirmação, 1 Compareceu, 2 Cancelado, 3 Não Compareceu, 4 Reagendado, 5 Confirmado.
    atendStatus: integer('atend_status').notNull().default(0),
    datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agendamentos_lead_idx').on(t.cliCrmId, t.atendData)],
);

// 001 §4 Conversion: the customer id a lead gets in the sister system (cli_id).
export const sistemaIrmaoClienteSeq = pgSequence('sistema_irmao_cliente_seq', { startWith: 100000 });
