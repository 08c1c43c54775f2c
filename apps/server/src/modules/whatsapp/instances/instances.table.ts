// Gateway instances of a unit (001 §3 "Gateway instance"). The token and the webhook secret stay on the server.
import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

import { unidades } from '../../tenancy/tenancy.table.ts';

export const instanciasEvolution = pgTable(
  'instancias_evolution',
  {
    id: serial('id').primaryKey(),
    idUnidade: integer('id_unidade')
      .notNull()
      .references(() => unidades.id),
    idEmpresa: integer('id_empresa').notNull(),
    name: varchar('name', { length: 100 }).notNull().unique(),
    token: text('token').notNull(),
    // Shared secret the gateway sends back in webhook headers.
    webhookSecret: varchar('webhook_secret', { length: 64 }).notNull(),
    connectionStatus: varchar('connection_status', { length: 20 }).notNull().default('close'),
    ownerJid: varchar('owner_jid', { length: 100 }),
    profileName: varchar('profile_name', { length: 200 }),
    profilePictureUrl: text('profile_picture_url'),
    // The gateway's own id of the instance (ref §3.1 instanceId).
    gatewayInstanceId: varchar('gateway_instance_id', { length: 64 }),
    // The last QR code (PNG data URL) while connecting (ref §4.3 QRCODE_UPDATED).
    qrcode: text('qrcode'),
    datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
    dataAtualizacao: timestamp('data_atualizacao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('instancias_unidade_idx').on(t.idUnidade)],
);
