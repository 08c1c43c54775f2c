// The gateway's webhooks Funil could not store (issue 21 item 2): authenticated by the instance's
// secret but unreadable (a phone of more than 20 digits, a date out of range, a shape the contract
// does not have, a value the database refuses). Kept here whole, with the reason, instead of
// answering 500 until the gateway gives up and the message is lost; shown to the company admin on
// the Instâncias screen (GET /api/instancias/rejeitados). Owned by the whatsapp module.
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const whatsappWebhooksRejeitados = pgTable(
  'whatsapp_webhooks_rejeitados',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idEmpresa: integer('id_empresa').notNull(),
    idUnidade: integer('id_unidade').notNull(),
    // No foreign key: a removed instance keeps its rejected webhooks, named by nomeInstancia.
    idInstancia: integer('id_instancia').notNull(),
    nomeInstancia: varchar('nome_instancia', { length: 100 }).notNull(),
    // The event's dotted name (ref §4.1), cut to the column.
    evento: varchar('evento', { length: 60 }).notNull(),
    // data.key.id, data.keyId or data.id when the body has one, cut to the column (the whole is in corpo).
    messageId: varchar('message_id', { length: 200 }),
    // The chat's jid as the gateway sent it (data.key.remoteJid…), cut to the column.
    contato: varchar('contato', { length: 200 }),
    // The reason in Portuguese, as the admin reads it.
    motivo: varchar('motivo', { length: 200 }).notNull(),
    // What failed, for whoever replays the webhook (never shown in the app).
    erro: text('erro'),
    // The webhook's body as received (NUL dropped, lone surrogates replaced).
    corpo: jsonb('corpo').notNull(),
    // A redelivery of the same webhook is kept once (sha-256 of the event and its data).
    chave: varchar('chave', { length: 64 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whatsapp_webhooks_rejeitados_chave_uq').on(t.idInstancia, t.chave),
    index('whatsapp_webhooks_rejeitados_empresa_idx').on(t.idEmpresa, t.criadoEm.desc(), t.id.desc()),
  ],
);
