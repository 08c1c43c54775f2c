// Drizzle queries of the WhatsApp area. Returns null or [] and lets the services decide.
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ChatMediaType } from '@funil/domain/whatsapp-api/chat-message';
import type { LeadSummary } from '@funil/domain/whatsapp-api/realtime';
import type { DbOrTx } from '../../db/connection.ts';
import { leads } from '../leads/leads.table.ts';
import { instanciasEvolution } from './instances.table.ts';
import { whatsappLids, whatsappMensagens, whatsappTickets, type QuotedSnapshot } from './messages.table.ts';

export type InstanceRow = typeof instanciasEvolution.$inferSelect;
export type MessageRow = typeof whatsappMensagens.$inferSelect;

/** The columns of a new message that the store fills itself (for a row built in memory before it is read back). */
export const NEW_MESSAGE_BOOKKEEPING = { mediaTentativas: 0, mediaTentarEm: null, editadoEm: null, corpoOriginal: null } as const satisfies Partial<MessageRow>;
export type TicketRow = typeof whatsappTickets.$inferSelect;
export type LeadRow = typeof leads.$inferSelect;

type Rows<T> = { rows: T[] };
async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

// ---- instances ----

export async function listInstances(db: DbOrTx, idUnidade: number): Promise<InstanceRow[]> {
  return db.select().from(instanciasEvolution).where(eq(instanciasEvolution.idUnidade, idUnidade)).orderBy(asc(instanciasEvolution.id));
}

export async function listAllInstances(db: DbOrTx): Promise<InstanceRow[]> {
  return db.select().from(instanciasEvolution).orderBy(asc(instanciasEvolution.id));
}

export async function findInstanceByName(db: DbOrTx, name: string): Promise<InstanceRow | null> {
  const [row] = await db.select().from(instanciasEvolution).where(eq(instanciasEvolution.name, name)).limit(1);
  return row ?? null;
}

export async function findInstanceById(db: DbOrTx, id: number): Promise<InstanceRow | null> {
  const [row] = await db.select().from(instanciasEvolution).where(eq(instanciasEvolution.id, id)).limit(1);
  return row ?? null;
}

export async function insertInstance(db: DbOrTx, values: typeof instanciasEvolution.$inferInsert): Promise<InstanceRow> {
  const [row] = await db.insert(instanciasEvolution).values(values).returning();
  return row!;
}

export async function updateInstance(db: DbOrTx, id: number, set: Partial<typeof instanciasEvolution.$inferInsert>): Promise<InstanceRow | null> {
  const [row] = await db
    .update(instanciasEvolution)
    .set({ ...set, dataAtualizacao: new Date() })
    .where(eq(instanciasEvolution.id, id))
    .returning();
  return row ?? null;
}

// ---- leads ----

export function leadSummaryOf(lead: LeadRow): LeadSummary {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    cli_crm_id: lead.cliCrmId,
    cli_nome: lead.cliNome,
    cli_telefone: lead.cliTelefone,
    unidade: lead.idUnidade,
    idTicket: lead.idTicket,
    idInstanciaEvolution: lead.idInstanciaEvolution,
    whatsapp_blocked: lead.whatsappBlocked,
    marcado_nao_lida: lead.marcadoNaoLida,
    whatsapp_ultima_mensagem_texto: lead.whatsappUltimaMensagemTexto,
    whatsapp_ultima_mensagem_data_geral: iso(lead.whatsappUltimaMensagemDataGeral),
    whatsapp_ultima_mensagem_data_enviada: iso(lead.whatsappUltimaMensagemDataEnviada),
    whatsapp_ultima_mensagem_data_recebida: iso(lead.whatsappUltimaMensagemDataRecebida),
    whatsapp_ultima_mensagem_nao_lidas: lead.whatsappUltimaMensagemNaoLidas,
    whatsapp_ultima_mensagem_from_me: lead.whatsappUltimaMensagemFromMe,
    whatsapp_ultima_mensagem_tipo: lead.whatsappUltimaMensagemTipo,
    whatsapp_ultima_mensagem_status: lead.whatsappUltimaMensagemStatus,
  };
}

export async function findLeadInUnit(db: DbOrTx, idUnidade: number, cliCrmId: number): Promise<LeadRow | null> {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.cliCrmId, cliCrmId), eq(leads.idUnidade, idUnidade)))
    .limit(1);
  return row ?? null;
}

/** The active lead of a unit with this telefone_chave (001 §5), oldest first. */
export async function findLeadByPhoneKey(db: DbOrTx, idUnidade: number, key: string): Promise<LeadRow | null> {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.idUnidade, idUnidade), eq(leads.telefoneChave, key), eq(leads.desativado, 0)))
    .orderBy(asc(leads.cliCrmId))
    .limit(1);
  return row ?? null;
}

export async function findLeadByLid(db: DbOrTx, idUnidade: number, lid: string): Promise<LeadRow | null> {
  const [row] = await db
    .select({ lead: leads })
    .from(whatsappLids)
    .innerJoin(leads, eq(leads.cliCrmId, whatsappLids.cliCrmId))
    .where(and(eq(whatsappLids.idUnidade, idUnidade), eq(whatsappLids.lid, lid), eq(leads.desativado, 0)))
    .limit(1);
  return row?.lead ?? null;
}

export async function rememberLid(db: DbOrTx, idUnidade: number, lid: string, cliCrmId: number): Promise<void> {
  await db
    .insert(whatsappLids)
    .values({ idUnidade, lid, cliCrmId })
    .onConflictDoUpdate({ target: [whatsappLids.idUnidade, whatsappLids.lid], set: { cliCrmId } });
}

export async function insertLead(db: DbOrTx, values: typeof leads.$inferInsert): Promise<LeadRow> {
  const [row] = await db.insert(leads).values(values).returning();
  return row!;
}

export async function updateLeadFields(db: DbOrTx, cliCrmId: number, set: Partial<typeof leads.$inferInsert>): Promise<LeadRow | null> {
  const [row] = await db
    .update(leads)
    .set({ ...set, dataAtualizacao: new Date() })
    .where(eq(leads.cliCrmId, cliCrmId))
    .returning();
  return row ?? null;
}

/** Serialises lead creation for one unit and phone key (two first messages at once make one lead). */
export async function lockPhoneKey(tx: DbOrTx, idUnidade: number, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead:${idUnidade}:${key}`}))`);
}

// ---- messages ----

export type NewMessage = {
  idEmpresa: number;
  idUnidade: number;
  cliCrmId: number;
  idInstancia: number | null;
  idTicket: number | null;
  messageId: string | null;
  remoteJid: string | null;
  phoneJid: string | null;
  fromMe: boolean;
  mediaType: ChatMediaType;
  gatewayType: string | null;
  body: string;
  mimetype: string | null;
  fileName: string | null;
  mediaStatus: 'none' | 'pending' | 'ready' | 'failed';
  mediaPath: string | null;
  ack: number;
  isError: boolean;
  quotedMessageId: string | null;
  quoted: QuotedSnapshot | null;
  reactionTargetId: string | null;
  senderTimestamp: number | null;
  pushName: string | null;
  idUsuario: number | null;
  criadoEm: Date;
};

/** How the lead's list-derived fields move with a stored message (001 §3). */
export type LeadEffect = { preview: string; idInstancia: number | null } | null;

// 001 §3 _status: 1 sent, 2 delivered, 3 read.
export const leadStatusOfAck = (ack: number): number | null => (ack <= 0 ? null : ack <= 2 ? 1 : ack === 3 ? 2 : 3);

const LEAD_SUMMARY_COLUMNS = sql.raw(
  [
    'cli_crm_id', 'cli_nome', 'cli_telefone', 'id_unidade', 'id_ticket', 'id_instancia_evolution', 'whatsapp_blocked', 'marcado_nao_lida',
    'whatsapp_ultima_mensagem_texto', 'whatsapp_ultima_mensagem_data_geral', 'whatsapp_ultima_mensagem_data_enviada',
    'whatsapp_ultima_mensagem_data_recebida', 'whatsapp_ultima_mensagem_nao_lidas', 'whatsapp_ultima_mensagem_from_me',
    'whatsapp_ultima_mensagem_tipo', 'whatsapp_ultima_mensagem_status',
  ]
    .map((c) => `leads.${c}`)
    .join(', '),
);

type RawLeadSummary = {
  cli_crm_id: number;
  cli_nome: string;
  cli_telefone: string;
  id_unidade: number;
  id_ticket: number | null;
  id_instancia_evolution: number | null;
  whatsapp_blocked: number;
  marcado_nao_lida: number;
  whatsapp_ultima_mensagem_texto: string | null;
  whatsapp_ultima_mensagem_data_geral: Date | string | null;
  whatsapp_ultima_mensagem_data_enviada: Date | string | null;
  whatsapp_ultima_mensagem_data_recebida: Date | string | null;
  whatsapp_ultima_mensagem_nao_lidas: number;
  whatsapp_ultima_mensagem_from_me: number | null;
  whatsapp_ultima_mensagem_tipo: string | null;
  whatsapp_ultima_mensagem_status: number | null;
};

const isoOf = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

function summaryOfRaw(r: RawLeadSummary): LeadSummary {
  return {
    cli_crm_id: Number(r.cli_crm_id),
    cli_nome: r.cli_nome,
    cli_telefone: r.cli_telefone,
    unidade: Number(r.id_unidade),
    idTicket: r.id_ticket,
    idInstanciaEvolution: r.id_instancia_evolution,
    whatsapp_blocked: r.whatsapp_blocked,
    marcado_nao_lida: r.marcado_nao_lida,
    whatsapp_ultima_mensagem_texto: r.whatsapp_ultima_mensagem_texto,
    whatsapp_ultima_mensagem_data_geral: isoOf(r.whatsapp_ultima_mensagem_data_geral),
    whatsapp_ultima_mensagem_data_enviada: isoOf(r.whatsapp_ultima_mensagem_data_enviada),
    whatsapp_ultima_mensagem_data_recebida: isoOf(r.whatsapp_ultima_mensagem_data_recebida),
    whatsapp_ultima_mensagem_nao_lidas: Number(r.whatsapp_ultima_mensagem_nao_lidas),
    whatsapp_ultima_mensagem_from_me: r.whatsapp_ultima_mensagem_from_me,
    whatsapp_ultima_mensagem_tipo: r.whatsapp_ultima_mensagem_tipo,
    whatsapp_ultima_mensagem_status: r.whatsapp_ultima_mensagem_status,
  };
}

/**
 * Stores a message and moves its lead's last-message fields in one statement (atomic without a
 * transaction). `onConflict` 'ignore' (webhooks: a repeated event stores nothing) or 'claim'
 * (API sends: the row the send.message webhook may have stored first takes the sender and file).
 * Returns null when the message was already stored and nothing was claimed.
 */
export async function storeMessage(
  db: DbOrTx,
  m: NewMessage,
  effect: LeadEffect,
  onConflict: 'ignore' | 'claim',
): Promise<{ id: number; inserted: boolean; lead: LeadSummary | null } | null> {
  const ts = sql`${m.criadoEm.toISOString()}::timestamptz`;
  const conflict =
    onConflict === 'ignore'
      ? sql`on conflict (id_instancia, message_id) do nothing`
      : sql`on conflict (id_instancia, message_id) do update set id_usuario = excluded.id_usuario,
          id_ticket = coalesce(whatsapp_mensagens.id_ticket, excluded.id_ticket),
          media_path = coalesce(excluded.media_path, whatsapp_mensagens.media_path),
          media_status = case when excluded.media_path is not null then excluded.media_status else whatsapp_mensagens.media_status end,
          mimetype = coalesce(excluded.mimetype, whatsapp_mensagens.mimetype),
          file_name = coalesce(excluded.file_name, whatsapp_mensagens.file_name)`;
  const insert = sql`insert into whatsapp_mensagens (id_empresa, id_unidade, cli_crm_id, id_instancia, id_ticket, message_id, remote_jid,
      phone_jid, from_me, media_type, gateway_type, body, mimetype, file_name, media_status, media_path, ack, is_error, quoted_message_id,
      quoted, reaction_target_id, sender_timestamp, push_name, id_usuario, criado_em)
    values (${m.idEmpresa}, ${m.idUnidade}, ${m.cliCrmId}, ${m.idInstancia}, ${m.idTicket}, ${m.messageId}, ${m.remoteJid},
      ${m.phoneJid}, ${m.fromMe}, ${m.mediaType}, ${m.gatewayType}, ${m.body}, ${m.mimetype}, ${m.fileName}, ${m.mediaStatus}, ${m.mediaPath},
      ${m.ack}, ${m.isError}, ${m.quotedMessageId}, ${m.quoted ? JSON.stringify(m.quoted) : null}::jsonb, ${m.reactionTargetId},
      ${m.senderTimestamp}, ${m.pushName}, ${m.idUsuario}, ${ts})
    ${conflict}
    returning id, (xmax = 0) as inserted`;
  if (!effect) {
    const [row] = await rowsOf<{ id: number; inserted: boolean }>(db, insert);
    return row ? { id: Number(row.id), inserted: row.inserted, lead: null } : null;
  }
  const latest = sql`(leads.whatsapp_ultima_mensagem_data_geral is null or leads.whatsapp_ultima_mensagem_data_geral <= ${ts})`;
  const status = m.fromMe ? leadStatusOfAck(m.ack) : null;
  const set = m.fromMe
    ? sql`whatsapp_ultima_mensagem_data_enviada = greatest(coalesce(leads.whatsapp_ultima_mensagem_data_enviada, ${ts}), ${ts}),
          cli_mensagem_status = case leads.cli_mensagem_status when 0 then 1 when 3 then 2 else leads.cli_mensagem_status end,
          id_instancia_evolution = coalesce(leads.id_instancia_evolution, ${effect.idInstancia})`
    : sql`whatsapp_ultima_mensagem_data_recebida = greatest(coalesce(leads.whatsapp_ultima_mensagem_data_recebida, ${ts}), ${ts}),
          whatsapp_ultima_mensagem_nao_lidas = leads.whatsapp_ultima_mensagem_nao_lidas + 1,
          cli_mensagem_status = case when leads.cli_mensagem_status = 4 then 4 else 3 end,
          id_instancia_evolution = coalesce(${effect.idInstancia}, leads.id_instancia_evolution)`;
  const query = sql`with ins as (${insert}),
    upd as (
      update leads set ${set},
        whatsapp_ultima_mensagem_texto = case when ${latest} then ${effect.preview} else leads.whatsapp_ultima_mensagem_texto end,
        whatsapp_ultima_mensagem_from_me = case when ${latest} then ${m.fromMe ? 1 : 0} else leads.whatsapp_ultima_mensagem_from_me end,
        whatsapp_ultima_mensagem_tipo = case when ${latest} then ${m.mediaType} else leads.whatsapp_ultima_mensagem_tipo end,
        whatsapp_ultima_mensagem_status = case when ${latest} then ${status}::int else leads.whatsapp_ultima_mensagem_status end,
        whatsapp_ultima_mensagem_data_geral = greatest(coalesce(leads.whatsapp_ultima_mensagem_data_geral, ${ts}), ${ts}),
        data_atualizacao = now()
      from ins where leads.cli_crm_id = ${m.cliCrmId} and ins.inserted
      returning ${LEAD_SUMMARY_COLUMNS}
    )
    select ins.id as message_row_id, ins.inserted as message_inserted, upd.* from ins left join upd on true`;
  const [row] = await rowsOf<RawLeadSummary & { message_row_id: number; message_inserted: boolean }>(db, query);
  if (!row) return null;
  return { id: Number(row.message_row_id), inserted: row.message_inserted, lead: row.cli_crm_id === null ? null : summaryOfRaw(row) };
}

// ---- webhook batches (webhook-records.ts): one statement per step for a whole batch ----

/**
 * Runs `query` as a named prepared statement when `db` is the PostgreSQL pool itself (outside a
 * transaction): the server then parses and plans the hot path's statement once per connection
 * instead of every time. Elsewhere (a transaction, PGlite) it is an ordinary query.
 */
async function rowsOfPrepared<T>(db: DbOrTx, name: string, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client as { query?: unknown; totalCount?: unknown } | undefined;
  if (client && typeof client.query === 'function' && typeof client.totalCount === 'number' && 'dialect' in db) {
    const { sql: text, params } = (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(query);
    const pool = client as { query(config: { name: string; text: string; values: unknown[] }): Promise<Rows<T>> };
    return (await pool.query({ name, text, values: params })).rows;
  }
  return rowsOf<T>(db, query);
}

/**
 * A webhook message of a batch: the stored fields, its preview in the lead list (001 §3), and its
 * lead, either known (`cliCrmId`, `idTicket`) or the active lead of its unit with `phoneKey` (001 §5).
 */
export type BatchMessage = Omit<NewMessage, 'cliCrmId' | 'idTicket'> & { preview: string } & ({ cliCrmId: number; idTicket: number | null } | { phoneKey: string });

export type BatchStored = {
  id: number;
  ack: number;
  isError: boolean;
  isDeleted: boolean;
  datacad: Date;
  lead: LeadSummary | null;
  /** A pending event changed between the insert's read and its removal: `ack`/`is*` are not stored yet. */
  stale: boolean;
};

/** Each message's lead (null: no active lead with that phone key) and its row, null when repeated. */
export type BatchResult = { lead: { cliCrmId: number; idTicket: number | null } | null; stored: BatchStored | null };

const MESSAGE_INPUT_COLUMNS = `ord int, id_empresa int, id_unidade int, cli_crm_id int, id_instancia int, id_ticket int, message_id text,
  remote_jid text, phone_jid text, from_me boolean, media_type text, gateway_type text, body text, mimetype text, file_name text,
  media_status text, media_path text, ack smallint, is_error boolean, quoted_message_id text, quoted jsonb, reaction_target_id text,
  sender_timestamp bigint, push_name text, id_usuario int, criado_em timestamptz, preview text, chave text`;

/**
 * Stores webhook messages (at most one per lead and one per message id) and moves each lead's
 * last-message fields, in ONE statement, so atomic and durable on its own: the messages come as one
 * JSON parameter; a repeated message stores nothing and moves nothing (ref §8.3); an ack or deletion
 * that arrived before its message (whatsapp_eventos_pendentes) is applied on insert and removed,
 * acks only rising (ref §8.4); the lead's fields move as storeMessage moves them, the status from
 * the applied ack. Results are in the order of `messages`.
 */
export async function storeMessageBatch(db: DbOrTx, messages: readonly BatchMessage[]): Promise<BatchResult[]> {
  if (messages.length === 0) return [];
  const input = JSON.stringify(
    messages.map((m, ord) => ({
      ord,
      id_empresa: m.idEmpresa,
      id_unidade: m.idUnidade,
      cli_crm_id: 'cliCrmId' in m ? m.cliCrmId : null,
      id_instancia: m.idInstancia,
      id_ticket: 'cliCrmId' in m ? m.idTicket : null,
      message_id: m.messageId,
      remote_jid: m.remoteJid,
      phone_jid: m.phoneJid,
      from_me: m.fromMe,
      media_type: m.mediaType,
      gateway_type: m.gatewayType,
      body: m.body,
      mimetype: m.mimetype,
      file_name: m.fileName,
      media_status: m.mediaStatus,
      media_path: m.mediaPath,
      ack: m.ack,
      is_error: m.isError,
      quoted_message_id: m.quotedMessageId,
      quoted: m.quoted,
      reaction_target_id: m.reactionTargetId,
      sender_timestamp: m.senderTimestamp,
      push_name: m.pushName,
      id_usuario: m.idUsuario,
      criado_em: m.criadoEm.toISOString(),
      preview: m.preview,
      chave: 'phoneKey' in m ? m.phoneKey : null,
    })),
  );
  const latest = sql.raw(`(leads.whatsapp_ultima_mensagem_data_geral is null or leads.whatsapp_ultima_mensagem_data_geral <= i.criado_em)`);
  const rows = await rowsOfPrepared<
    RawLeadSummary & {
      lead_id: number | null;
      lead_ticket: number | null;
      message_row_id: number | null;
      ack: number;
      is_error: boolean;
      is_deleted: boolean;
      datacad: Date | string;
      stale: boolean;
    }
  >(
    db,
    'funil_webhook_store_batch',
    sql`with i as (select * from json_to_recordset(${input}::json) as x(${sql.raw(MESSAGE_INPUT_COLUMNS)})),
    l as (
      select i.ord, i.cli_crm_id, i.id_ticket from i where i.cli_crm_id is not null
      union all
      select i.ord, f.cli_crm_id, f.id_ticket from i
      cross join lateral (
        select leads.cli_crm_id, leads.id_ticket from leads
        where leads.id_unidade = i.id_unidade and leads.telefone_chave = i.chave and leads.desativado = 0
        order by leads.cli_crm_id limit 1
      ) f
      where i.cli_crm_id is null
    ),
    ins as (
      insert into whatsapp_mensagens (id_empresa, id_unidade, cli_crm_id, id_instancia, id_ticket, message_id, remote_jid, phone_jid, from_me,
        media_type, gateway_type, body, mimetype, file_name, media_status, media_path, ack, is_error, is_deleted, quoted_message_id, quoted,
        reaction_target_id, sender_timestamp, push_name, id_usuario, criado_em)
      select i.id_empresa, i.id_unidade, l.cli_crm_id, i.id_instancia, l.id_ticket, i.message_id, i.remote_jid, i.phone_jid, i.from_me,
        i.media_type, i.gateway_type, i.body, i.mimetype, i.file_name, i.media_status, i.media_path,
        greatest(i.ack, coalesce(ep.ack, 0)), i.is_error or coalesce(ep.is_error, false), coalesce(ep.is_deleted, false),
        i.quoted_message_id, i.quoted, i.reaction_target_id, i.sender_timestamp, i.push_name, i.id_usuario, i.criado_em
      from i join l on l.ord = i.ord
      left join whatsapp_eventos_pendentes ep on ep.id_instancia = i.id_instancia and ep.message_id = i.message_id
      order by i.ord
      on conflict (id_instancia, message_id) do nothing
      returning id, id_instancia, message_id, cli_crm_id, ack, is_error, is_deleted, datacad
    ),
    applied as (
      delete from whatsapp_eventos_pendentes ep using ins
      where ep.id_instancia = ins.id_instancia and ep.message_id = ins.message_id
      returning ep.id_instancia, ep.message_id, ep.ack, ep.is_error, ep.is_deleted
    ),
    upd as (
      update leads set
        whatsapp_ultima_mensagem_data_enviada = case when i.from_me
          then greatest(coalesce(leads.whatsapp_ultima_mensagem_data_enviada, i.criado_em), i.criado_em) else leads.whatsapp_ultima_mensagem_data_enviada end,
        whatsapp_ultima_mensagem_data_recebida = case when i.from_me
          then leads.whatsapp_ultima_mensagem_data_recebida else greatest(coalesce(leads.whatsapp_ultima_mensagem_data_recebida, i.criado_em), i.criado_em) end,
        whatsapp_ultima_mensagem_nao_lidas = leads.whatsapp_ultima_mensagem_nao_lidas + case when i.from_me then 0 else 1 end,
        cli_mensagem_status = case
          when i.from_me then case leads.cli_mensagem_status when 0 then 1 when 3 then 2 else leads.cli_mensagem_status end
          when leads.cli_mensagem_status = 4 then 4 else 3 end,
        id_instancia_evolution = case when i.from_me
          then coalesce(leads.id_instancia_evolution, i.id_instancia) else coalesce(i.id_instancia, leads.id_instancia_evolution) end,
        whatsapp_ultima_mensagem_texto = case when ${latest} then i.preview else leads.whatsapp_ultima_mensagem_texto end,
        whatsapp_ultima_mensagem_from_me = case when ${latest} then case when i.from_me then 1 else 0 end else leads.whatsapp_ultima_mensagem_from_me end,
        whatsapp_ultima_mensagem_tipo = case when ${latest} then i.media_type else leads.whatsapp_ultima_mensagem_tipo end,
        whatsapp_ultima_mensagem_status = case when ${latest}
          then case when not i.from_me or ins.ack <= 0 then null when ins.ack <= 2 then 1 when ins.ack = 3 then 2 else 3 end
          else leads.whatsapp_ultima_mensagem_status end,
        whatsapp_ultima_mensagem_data_geral = greatest(coalesce(leads.whatsapp_ultima_mensagem_data_geral, i.criado_em), i.criado_em),
        data_atualizacao = now()
      from ins join i on i.id_instancia = ins.id_instancia and i.message_id = ins.message_id
      where leads.cli_crm_id = ins.cli_crm_id
      returning ${LEAD_SUMMARY_COLUMNS}
    )
    select l.cli_crm_id as lead_id, l.id_ticket as lead_ticket, ins.id as message_row_id,
      greatest(ins.ack, coalesce(applied.ack, 0)) as ack, ins.is_error or coalesce(applied.is_error, false) as is_error,
      ins.is_deleted or coalesce(applied.is_deleted, false) as is_deleted, ins.datacad,
      coalesce(applied.ack > ins.ack or (applied.is_error and not ins.is_error) or (applied.is_deleted and not ins.is_deleted), false) as stale,
      upd.*
    from i
    left join l on l.ord = i.ord
    left join ins on ins.id_instancia = i.id_instancia and ins.message_id = i.message_id and ins.cli_crm_id = l.cli_crm_id
    left join applied on applied.id_instancia = ins.id_instancia and applied.message_id = ins.message_id
    left join upd on upd.cli_crm_id = ins.cli_crm_id
    order by i.ord`,
  );
  return rows.map((r) => ({
    lead: r.lead_id === null ? null : { cliCrmId: Number(r.lead_id), idTicket: r.lead_ticket === null ? null : Number(r.lead_ticket) },
    stored:
      r.message_row_id === null
        ? null
        : {
            id: Number(r.message_row_id),
            ack: Number(r.ack),
            isError: r.is_error,
            isDeleted: r.is_deleted,
            datacad: new Date(r.datacad),
            lead: r.cli_crm_id === null ? null : summaryOfRaw(r),
            stale: r.stale,
          },
  }));
}

/** Keeps an ack/deletion that may have arrived before its message (ref §4.1: no ordering). */
export async function upsertPendingEvent(db: DbOrTx, idInstancia: number, messageId: string, change: { ack: number; isError: boolean; isDeleted: boolean }): Promise<void> {
  await db.execute(sql`insert into whatsapp_eventos_pendentes (id_instancia, message_id, ack, is_error, is_deleted)
    values (${idInstancia}, ${messageId}, ${change.ack}, ${change.isError}, ${change.isDeleted})
    on conflict (id_instancia, message_id) do update set
      ack = greatest(whatsapp_eventos_pendentes.ack, excluded.ack),
      is_error = whatsapp_eventos_pendentes.is_error or excluded.is_error,
      is_deleted = whatsapp_eventos_pendentes.is_deleted or excluded.is_deleted`);
}

/**
 * Applies and removes the pending event of a stored message; returns the message when it changed.
 * Acks only rise (ref §8.4). Run after the message's insert committed, so that whichever of the
 * two arrives last applies the event.
 */
export async function applyPendingEvent(db: DbOrTx, idInstancia: number, messageId: string): Promise<{ id: number; ack: number; fromMe: boolean; cliCrmId: number; criadoEm: Date } | null> {
  const [row] = await rowsOf<{ id: number; ack: number; from_me: boolean; cli_crm_id: number; criado_em: Date | string }>(
    db,
    sql`with p as (
      delete from whatsapp_eventos_pendentes ep
      where ep.id_instancia = ${idInstancia} and ep.message_id = ${messageId}
        and exists (select 1 from whatsapp_mensagens m where m.id_instancia = ep.id_instancia and m.message_id = ep.message_id)
      returning ep.*
    )
    update whatsapp_mensagens m set
      ack = greatest(m.ack, p.ack),
      is_error = m.is_error or p.is_error,
      is_deleted = m.is_deleted or p.is_deleted
    from p
    where m.id_instancia = p.id_instancia and m.message_id = p.message_id
      and (m.ack < p.ack or (p.is_error and not m.is_error) or (p.is_deleted and not m.is_deleted))
    returning m.id, m.ack, m.from_me, m.cli_crm_id, m.criado_em`,
  );
  return row ? { id: Number(row.id), ack: row.ack, fromMe: row.from_me, cliCrmId: row.cli_crm_id, criadoEm: new Date(row.criado_em) } : null;
}

/** 001 §3 _status follows the ack of the lead's last message when it is our own. */
export async function updateLeadLastStatus(db: DbOrTx, cliCrmId: number, criadoEm: Date, ack: number): Promise<LeadSummary | null> {
  const rows = await db
    .update(leads)
    .set({ whatsappUltimaMensagemStatus: leadStatusOfAck(ack) })
    .where(
      and(
        eq(leads.cliCrmId, cliCrmId),
        eq(leads.whatsappUltimaMensagemFromMe, 1),
        sql`${leads.whatsappUltimaMensagemDataGeral} <= ${criadoEm.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return rows[0] ? leadSummaryOf(rows[0]) : null;
}

export async function findMessageRow(db: DbOrTx, id: number): Promise<MessageRow | null> {
  const [row] = await db.select().from(whatsappMensagens).where(eq(whatsappMensagens.id, id)).limit(1);
  return row ?? null;
}

export async function findMessageByWaId(db: DbOrTx, idInstancia: number, messageId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(whatsappMensagens)
    .where(and(eq(whatsappMensagens.idInstancia, idInstancia), eq(whatsappMensagens.messageId, messageId)))
    .limit(1);
  return row ?? null;
}

export async function findMessageOfLeadByWaId(db: DbOrTx, cliCrmId: number, messageId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(whatsappMensagens)
    .where(and(eq(whatsappMensagens.cliCrmId, cliCrmId), eq(whatsappMensagens.messageId, messageId)))
    .limit(1);
  return row ?? null;
}

export async function updateMessage(db: DbOrTx, id: number, set: Partial<typeof whatsappMensagens.$inferInsert>): Promise<MessageRow | null> {
  const [row] = await db.update(whatsappMensagens).set(set).where(eq(whatsappMensagens.id, id)).returning();
  return row ?? null;
}

/** A lead's conversation without reactions (they ride on their message), newest first. */
export async function listLeadMessages(db: DbOrTx, where: { cliCrmId?: number; idTicket?: number }, page: number, pageSize: number): Promise<{ rows: MessageRow[]; total: number }> {
  const scope = and(
    where.cliCrmId !== undefined ? eq(whatsappMensagens.cliCrmId, where.cliCrmId) : undefined,
    where.idTicket !== undefined ? eq(whatsappMensagens.idTicket, where.idTicket) : undefined,
    isNull(whatsappMensagens.reactionTargetId),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(whatsappMensagens)
      .where(scope)
      .orderBy(desc(whatsappMensagens.criadoEm), desc(whatsappMensagens.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(whatsappMensagens).where(scope),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Reactions to these messages (by WhatsApp id) of one lead, oldest first. */
export async function listReactions(db: DbOrTx, cliCrmId: number, targetIds: readonly string[]): Promise<MessageRow[]> {
  if (targetIds.length === 0) return [];
  return db
    .select()
    .from(whatsappMensagens)
    .where(and(eq(whatsappMensagens.cliCrmId, cliCrmId), inArray(whatsappMensagens.reactionTargetId, [...targetIds])))
    .orderBy(asc(whatsappMensagens.criadoEm), asc(whatsappMensagens.id));
}

/** The quoted originals stored for these WhatsApp ids. */
export async function listByWaIds(db: DbOrTx, cliCrmId: number, ids: readonly string[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(whatsappMensagens)
    .where(and(eq(whatsappMensagens.cliCrmId, cliCrmId), inArray(whatsappMensagens.messageId, [...ids])));
}

/**
 * 001 §4 "Reading": claims the incoming messages since the last own message that were never
 * marked read, so that the gateway is told once.
 */
export async function claimUnreadIncoming(db: DbOrTx, cliCrmId: number): Promise<MessageRow[]> {
  const lastOwn = db
    .select({ at: sql`max(${whatsappMensagens.criadoEm})` })
    .from(whatsappMensagens)
    .where(and(eq(whatsappMensagens.cliCrmId, cliCrmId), eq(whatsappMensagens.fromMe, true)));
  return db
    .update(whatsappMensagens)
    .set({ lido: true })
    .where(
      and(
        eq(whatsappMensagens.cliCrmId, cliCrmId),
        eq(whatsappMensagens.fromMe, false),
        eq(whatsappMensagens.lido, false),
        isNotNull(whatsappMensagens.messageId),
        isNull(whatsappMensagens.reactionTargetId),
        // Timestamps have whole seconds: a message of the same second as our last one counts as after it.
        or(sql`(${lastOwn}) is null`, gte(whatsappMensagens.criadoEm, sql`(${lastOwn})`)),
      ),
    )
    .returning();
}

// ---- tickets ----

export async function insertTicket(db: DbOrTx, values: typeof whatsappTickets.$inferInsert): Promise<TicketRow> {
  const [row] = await db.insert(whatsappTickets).values(values).returning();
  return row!;
}

export async function findTicketInUnit(db: DbOrTx, idUnidade: number, id: number): Promise<TicketRow | null> {
  const [row] = await db
    .select()
    .from(whatsappTickets)
    .where(and(eq(whatsappTickets.id, id), eq(whatsappTickets.idUnidade, idUnidade)))
    .limit(1);
  return row ?? null;
}

export async function findOpenTicketOfLead(db: DbOrTx, cliCrmId: number): Promise<TicketRow | null> {
  const [row] = await db
    .select()
    .from(whatsappTickets)
    .where(and(eq(whatsappTickets.cliCrmId, cliCrmId), eq(whatsappTickets.status, 'open')))
    .orderBy(desc(whatsappTickets.id))
    .limit(1);
  return row ?? null;
}
