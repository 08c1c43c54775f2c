// The one message store of the WhatsApp area (001 §3 "Chat message"), shared by the gateway, the
// company messaging backend and the legacy channel; plus what keeps ingestion idempotent and
// order-tolerant (ref §4.1 "no ordering guarantee", §8.3, §8.4).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

import { MESSAGE_ID_MAX_LENGTH } from '@funil/domain/whatsapp-api/rejected-webhooks';

import { leads } from '../../leads/leads.table.ts';
import { instanciasEvolution } from '../instances/instances.table.ts';

// issue 21 item 2: real ids are 16 to 32 characters, but a gateway may send longer ones, which are
// stored whole up to MESSAGE_ID_MAX_LENGTH (512: a unique index entry still fits PostgreSQL's
// limit); a longer one is kept as a rejected webhook instead (rejected-webhooks.table.ts).
const MESSAGE_ID_LENGTH = MESSAGE_ID_MAX_LENGTH;

export type QuotedSnapshot = { messageId: string; body: string; fromMe: boolean; mediaType: string; contactName: string | null };

export const whatsappMensagens = pgTable(
  'whatsapp_mensagens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idEmpresa: integer('id_empresa').notNull(),
    idUnidade: integer('id_unidade').notNull(),
    cliCrmId: integer('cli_crm_id')
      .notNull()
      .references(() => leads.cliCrmId),
    idInstancia: integer('id_instancia').references(() => instanciasEvolution.id),
    idTicket: integer('id_ticket'),
    // The WhatsApp key.id (ref §6); unique per instance, so a repeated event stores one row.
    messageId: varchar('message_id', { length: MESSAGE_ID_LENGTH }),
    remoteJid: varchar('remote_jid', { length: 120 }),
    // The phone JID of the chat (ref §7: remoteJidAlt when remoteJid is @lid), for read receipts.
    phoneJid: varchar('phone_jid', { length: 120 }),
    fromMe: boolean('from_me').notNull(),
    mediaType: varchar('media_type', { length: 40 }).notNull(),
    gatewayType: varchar('gateway_type', { length: 60 }),
    body: text('body').notNull().default(''),
    mediaPath: text('media_path'),
    mimetype: varchar('mimetype', { length: 200 }),
    fileName: varchar('file_name', { length: 255 }),
    // none | pending | ready | failed
    mediaStatus: varchar('media_status', { length: 10 }).notNull().default('none'),
    // Downloads not finished by this time (a crash after the webhook, a gateway error) are tried
    // again by the media sweeper (media.service.ts retryDueMedia), with a growing wait.
    mediaTentativas: smallint('media_tentativas').notNull().default(0),
    mediaTentarEm: timestamp('media_tentar_em', { withTimezone: true }).default(sql`now() + interval '2 minutes'`),
    ack: smallint('ack').notNull().default(0),
    isError: boolean('is_error').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    // ref §4.3 MESSAGES_EDITED: the text shown is the last edit; the first text is kept.
    editadoEm: timestamp('editado_em', { withTimezone: true }),
    corpoOriginal: text('corpo_original'),
    // Incoming messages already marked read on the gateway (001 §4 "Reading": once).
    lido: boolean('lido').notNull().default(false),
    quotedMessageId: varchar('quoted_message_id', { length: MESSAGE_ID_LENGTH }),
    quoted: jsonb('quoted').$type<QuotedSnapshot>(),
    // Reactions point at the WhatsApp id of the message reacted to (001 §3 Reaction).
    reactionTargetId: varchar('reaction_target_id', { length: MESSAGE_ID_LENGTH }),
    senderTimestamp: bigint('sender_timestamp', { mode: 'number' }),
    pushName: varchar('push_name', { length: 200 }),
    idUsuario: integer('id_usuario'),
    // issue 7 §2: an outgoing message is stored before it is sent, under the key of its request
    // (the client's temp_ id or Idempotency-Key): the same user and key never send twice.
    chaveIdempotencia: varchar('chave_idempotencia', { length: 128 }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull(),
    datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whatsapp_mensagens_instancia_msg_uq').on(t.idInstancia, t.messageId),
    index('whatsapp_mensagens_lead_idx').on(t.cliCrmId, t.criadoEm.desc(), t.id.desc()),
    index('whatsapp_mensagens_reacao_idx')
      .on(t.idInstancia, t.reactionTargetId)
      .where(sql`${t.reactionTargetId} is not null`),
    index('whatsapp_mensagens_ticket_idx').on(t.idTicket, t.criadoEm.desc()),
    uniqueIndex('whatsapp_mensagens_idempotencia_uq')
      .on(t.idUsuario, t.chaveIdempotencia)
      .where(sql`${t.chaveIdempotencia} is not null`),
    index('whatsapp_mensagens_midia_retry_idx')
      .on(t.mediaTentarEm)
      .where(sql`${t.mediaStatus} in ('pending', 'failed')`),
    // The composer's sticker and GIF picker (GET whatsapp/figurinhas, newest first per unit): a few
    // rows of the unit instead of a backward walk over every message of every unit.
    index('whatsapp_mensagens_figurinhas_idx')
      .on(t.idUnidade, t.id.desc().nullsFirst())
      .where(sql`${t.mediaType} = 'sticker' or ${t.mimetype} = 'image/gif'`),
  ],
);

/** PostgreSQL's tsvector, read as its text form (only searched in SQL, never shown). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

// The chat search over message text (issue 9, 001 §2 'Busque por contatos e mensagens'): the words
// of each lead's live text messages, lower case and unaccented, each tagged with the unit
// ('12uorcamento', as leads.cli_nome_palavras), so one GIN lookup answers "which leads of this unit
// wrote or were sent a word starting with …". One row per lead: a frequent word costs one row per
// lead, not one per message. Kept by triggers on whatsapp_mensagens (migration
// 0013_message_words): each inserted batch adds its words in one statement; an edited or deleted
// message rebuilds its lead's row. Reactions, call logs and deleted messages never count.
export const whatsappPalavrasLead = pgTable(
  'whatsapp_palavras_lead',
  {
    cliCrmId: integer('cli_crm_id')
      .primaryKey()
      .references(() => leads.cliCrmId, { onDelete: 'cascade' }),
    idUnidade: integer('id_unidade').notNull(),
    palavras: tsvector('palavras').notNull(),
  },
  (t) => [index('whatsapp_palavras_lead_idx').using('gin', t.palavras)],
);

// A messages.update or messages.delete that arrived before its message (ref §4.1: no ordering);
// applied and removed when the message lands.
export const whatsappEventosPendentes = pgTable(
  'whatsapp_eventos_pendentes',
  {
    idInstancia: integer('id_instancia').notNull(),
    messageId: varchar('message_id', { length: MESSAGE_ID_LENGTH }).notNull(),
    ack: smallint('ack').notNull().default(0),
    isError: boolean('is_error').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.idInstancia, t.messageId] })],
);

// ref §7: the @lid a lead was seen with, so later @lid-only messages find the lead.
export const whatsappLids = pgTable(
  'whatsapp_lids',
  {
    idUnidade: integer('id_unidade').notNull(),
    lid: varchar('lid', { length: 120 }).notNull(),
    cliCrmId: integer('cli_crm_id')
      .notNull()
      .references(() => leads.cliCrmId),
    datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.idUnidade, t.lid] })],
);

// 001 §7 company messaging backend: a lead's conversation ticket.
export const whatsappTickets = pgTable(
  'whatsapp_tickets',
  {
    id: serial('id').primaryKey(),
    idEmpresa: integer('id_empresa').notNull(),
    idUnidade: integer('id_unidade').notNull(),
    cliCrmId: integer('cli_crm_id')
      .notNull()
      .references(() => leads.cliCrmId),
    queueId: integer('queue_id'),
    idUsuario: integer('id_usuario'),
    status: varchar('status', { length: 20 }).notNull().default('open'),
    idInstancia: integer('id_instancia'),
    datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
    dataAtualizacao: timestamp('data_atualizacao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('whatsapp_tickets_lead_idx').on(t.cliCrmId)],
);
