// Mass-send campaigns (issue 13; 002 §3 'Mass-send campaign', §4): the campaign, one row per
// recipient (its idempotency key and outcome), and the per-instance ledger of sends that the
// daily caps, the warm-up and the 24-hour repeated-text rule read.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

import { leads } from '../leads/leads.table.ts';
import { empresas, unidades } from '../tenancy/tenancy.table.ts';
import { usuarios } from '../users/users.table.ts';

export const enviosEmMassa = pgTable(
  'envios_em_massa',
  {
    id: serial('id').primaryKey(),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    idUnidade: integer('id_unidade')
      .notNull()
      .references(() => unidades.id),
    idUsuario: integer('id_usuario').references(() => usuarios.id),
    nome: varchar('nome', { length: 120 }).notNull(),
    /** EM_ANDAMENTO | PAUSADO | FINALIZADO (002 §4). */
    status: varchar('status', { length: 12 }).notNull().default('EM_ANDAMENTO'),
    /** The mean wait between sends, seconds (002 §9: 10–60). */
    intervaloMensagem: integer('intervalo_mensagem').notNull(),
    /** Up to 5 variants; a lead's own text (older payloads) lives on its recipient row. */
    mensagens: jsonb('mensagens').$type<string[]>().notNull().default([]),
    /** The one media file (002 §3 medias), base64, sent with the text as caption. */
    midiaBase64: text('midia_base64'),
    midiaMimetype: varchar('midia_mimetype', { length: 120 }),
    midiaNome: varchar('midia_nome', { length: 200 }),
    idStatusNovo: integer('id_status_novo'),
    /** The instance (WhatsApp number) the campaign sends from; one unfinished campaign holds it. */
    idInstancia: integer('id_instancia'),
    total: integer('total').notNull().default(0),
    enviados: integer('enviados').notNull().default(0),
    erros: integer('erros').notNull().default(0),
    naoEnviados: integer('nao_enviados').notNull().default(0),
    /** Why the engine paused it (null: running, or paused by a person). */
    motivoPausa: text('motivo_pausa'),
    /** Waiting for the allowed hours or the daily cap until this instant. */
    aguardandoAte: timestamp('aguardando_ate', { withTimezone: true }),
    motivoEspera: text('motivo_espera'),
    /** When the next send is due (the random wait after the last one). */
    proximoEnvioEm: timestamp('proximo_envio_em', { withTimezone: true }).notNull().defaultNow(),
    /** The sender's lease: one process works a campaign at a time. */
    leasePor: varchar('lease_por', { length: 80 }),
    leaseAte: timestamp('lease_ate', { withTimezone: true }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
    finalizadoEm: timestamp('finalizado_em', { withTimezone: true }),
  },
  (t) => [
    index('envios_em_massa_unidade_idx').on(t.idUnidade, t.id),
    index('envios_em_massa_devidos_idx')
      .on(t.proximoEnvioEm)
      .where(sql`${t.status} = 'EM_ANDAMENTO'`),
    // CAMPANHA_EXISTE (002 §8): one unfinished campaign per WhatsApp number (instance), also under
    // concurrent requests (issue 21: a paused campaign holds its own number, not the unit's others).
    uniqueIndex('envios_em_massa_um_aberto_por_numero_idx')
      .on(t.idInstancia)
      .where(sql`${t.status} <> 'FINALIZADO'`),
  ],
);

export const enviosEmMassaClientes = pgTable(
  'envios_em_massa_clientes',
  {
    id: serial('id').primaryKey(),
    idCampanha: integer('id_campanha')
      .notNull()
      .references(() => enviosEmMassa.id),
    cliCrmId: integer('cli_crm_id')
      .notNull()
      .references(() => leads.cliCrmId),
    seq: integer('seq').notNull(),
    /** PENDING | SENDING (claimed, in flight) | SENT | ERROR | NOT_SENT. */
    status: varchar('status', { length: 10 }).notNull().default('PENDING'),
    /** Attempts started; the idempotency key of attempt n is `massa:{campanha}:{lead}:{n}`. */
    tentativa: integer('tentativa').notNull().default(0),
    chave: varchar('chave', { length: 80 }),
    /** The lead's own text (older payloads). */
    mensagemPropria: text('mensagem_propria'),
    /** The text rendered for this lead (placeholders filled). */
    mensagem: text('mensagem'),
    /** The number as the gateway knows it (whatsappNumbers). */
    numero: varchar('numero', { length: 60 }),
    motivo: text('motivo'),
    idMensagem: bigint('id_mensagem', { mode: 'number' }),
    iniciadoEm: timestamp('iniciado_em', { withTimezone: true }),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('envios_em_massa_clientes_lead_idx').on(t.idCampanha, t.cliCrmId),
    index('envios_em_massa_clientes_fila_idx').on(t.idCampanha, t.status, t.seq),
  ],
);

export const enviosEmMassaRegistro = pgTable(
  'envios_em_massa_registro',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    idInstancia: integer('id_instancia').notNull(),
    idUnidade: integer('id_unidade').notNull(),
    idCampanha: integer('id_campanha').notNull(),
    numero: varchar('numero', { length: 60 }).notNull(),
    /** sha256 of the sent text: the same text to the same number within 24 h is not sent again. */
    textoHash: varchar('texto_hash', { length: 64 }).notNull(),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }).notNull(),
    /**
     * A send outside a campaign keyed by its sender's idempotency key (an automation step's 'auto:{run}:{round}:{step}',
     * issue 25): upserted by it, so a replay never counts twice and a crash before the write is mended on resume.
     */
    chave: varchar('chave', { length: 80 }),
  },
  (t) => [
    index('envios_em_massa_registro_instancia_idx').on(t.idInstancia, t.enviadoEm),
    uniqueIndex('envios_em_massa_registro_chave_idx').on(t.chave),
    index('envios_em_massa_registro_numero_idx').on(t.numero, t.textoHash, t.enviadoEm),
  ],
);
