// The gateway's Typebot integration (issue 25 'Typebot through the gateway'): per instance, whether
// Funil set its Typebot settings; the bots Funil created (one per automation and flow, disabled);
// and each bot session Funil started for a lead, with the state the gateway's webhooks report and
// the change Funil still has to ask for (`pedido`: an attendant's message pauses, a sale closes).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';

import { leads } from '../../leads/leads.table.ts';
import { instanciasEvolution } from '../instances/instances.table.ts';

export const whatsappTypebotInstancias = pgTable('whatsapp_typebot_instancias', {
  idInstancia: integer('id_instancia')
    .primaryKey()
    .references(() => instanciasEvolution.id, { onDelete: 'cascade' }),
  /** The Typebot server the settings were set for. */
  url: varchar('url', { length: 300 }).notNull(),
  configuradoEm: timestamp('configurado_em', { withTimezone: true }).notNull().defaultNow(),
});

export const whatsappTypebotBots = pgTable(
  'whatsapp_typebot_bots',
  {
    id: serial('id').primaryKey(),
    idInstancia: integer('id_instancia')
      .notNull()
      .references(() => instanciasEvolution.id, { onDelete: 'cascade' }),
    /** Whose bot it is, e.g. `automacao:12:requalificar`. */
    chave: varchar('chave', { length: 160 }).notNull(),
    /** The gateway's id of the bot. */
    idBot: varchar('id_bot', { length: 64 }).notNull(),
    url: varchar('url', { length: 300 }).notNull(),
    fluxo: varchar('fluxo', { length: 100 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('whatsapp_typebot_bots_chave_unique').on(t.idInstancia, t.chave)],
);

export const TYPEBOT_SESSION_STATUSES = ['iniciando', 'aberta', 'pausada', 'fechada'] as const;
export type TypebotSessionStatus = (typeof TYPEBOT_SESSION_STATUSES)[number];

export const whatsappTypebotSessoes = pgTable(
  'whatsapp_typebot_sessoes',
  {
    id: serial('id').primaryKey(),
    idInstancia: integer('id_instancia')
      .notNull()
      .references(() => instanciasEvolution.id, { onDelete: 'cascade' }),
    cliCrmId: integer('cli_crm_id')
      .notNull()
      .references(() => leads.cliCrmId, { onDelete: 'cascade' }),
    remoteJid: varchar('remote_jid', { length: 100 }).notNull(),
    idBot: varchar('id_bot', { length: 64 }).notNull(),
    /** The start's idempotency key (the automation step's): one session per key, started once. */
    chave: varchar('chave', { length: 80 }).notNull(),
    /** The automation run that started it (automacoes_execucoes.id), for its log. */
    idExecucao: integer('id_execucao'),
    status: varchar('status', { length: 12 }).$type<TypebotSessionStatus>().notNull().default('iniciando'),
    /** The status Funil still has to ask the gateway for: 'paused' or 'closed'. */
    pedido: varchar('pedido', { length: 12 }).$type<'paused' | 'closed'>(),
    /** Why: 'pausado por atendente', 'fechado pela venda'. */
    motivo: text('motivo'),
    tentativas: integer('tentativas').notNull().default(0),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('whatsapp_typebot_sessoes_chave_unique').on(t.chave),
    index('whatsapp_typebot_sessoes_lead_idx').on(t.cliCrmId),
    index('whatsapp_typebot_sessoes_jid_idx').on(t.idInstancia, t.remoteJid),
    index('whatsapp_typebot_sessoes_pedido_idx')
      .on(t.id)
      .where(sql`${t.pedido} is not null`),
  ],
);
