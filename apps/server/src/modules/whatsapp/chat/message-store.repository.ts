// The one message store (001 §3 Chat message): the set-based write every message goes through
// (webhooks, missed calls, API sends), the outgoing messages' idempotency, and the reads.
import { randomUUID } from 'node:crypto';

import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';

import { CHAT_MEDIA_TYPES, type ChatMediaType } from '@funil/domain/whatsapp-api/chat-message';
import type { LeadSummary } from '@funil/domain/whatsapp-api/realtime';

import { executeRows, type DbOrTx } from '../../../db/handle.ts';
import {
  leadLastMessageUpdate,
  leadsByPhoneKey,
  leadSummaryOfRaw,
  type RawLeadSummary,
} from '../../leads/views/chat/lead-chat.service.ts';
import { whatsappMensagens, type QuotedSnapshot } from './messages.table.ts';

export type MessageRow = typeof whatsappMensagens.$inferSelect;

/** The columns of a new message that the store fills itself (for a row built in memory before it is read back). */
export const NEW_MESSAGE_BOOKKEEPING = {
  mediaTentativas: 0,
  mediaTentarEm: null,
  editadoEm: null,
  corpoOriginal: null,
  chaveIdempotencia: null,
} as const satisfies Partial<MessageRow>;

type Rows<T> = { rows: T[] };

/** A message as stored, before its lead is known. */
export type RecordMessage = {
  idEmpresa: number;
  idUnidade: number;
  idInstancia: number | null;
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

export type NewMessage = RecordMessage & { cliCrmId: number; idTicket: number | null };

const MEDIA_STATUSES = ['none', 'pending', 'ready', 'failed'] as const;

/** The stored fields of a row, as the pipeline carries a message. */
export function recordOfRow(row: MessageRow): RecordMessage {
  return {
    idEmpresa: row.idEmpresa,
    idUnidade: row.idUnidade,
    idInstancia: row.idInstancia,
    messageId: row.messageId,
    remoteJid: row.remoteJid,
    phoneJid: row.phoneJid,
    fromMe: row.fromMe,
    mediaType: (CHAT_MEDIA_TYPES as readonly string[]).includes(row.mediaType) ? (row.mediaType as ChatMediaType) : 'chat',
    gatewayType: row.gatewayType,
    body: row.body,
    mimetype: row.mimetype,
    fileName: row.fileName,
    mediaStatus: MEDIA_STATUSES.find((s) => s === row.mediaStatus) ?? 'none',
    mediaPath: row.mediaPath,
    ack: row.ack,
    isError: row.isError,
    quotedMessageId: row.quotedMessageId,
    quoted: row.quoted,
    reactionTargetId: row.reactionTargetId,
    senderTimestamp: row.senderTimestamp,
    pushName: row.pushName,
    idUsuario: row.idUsuario,
    criadoEm: row.criadoEm,
  };
}

/** The WhatsApp id an outgoing message has until the gateway answered (001 §3: temporary ids start with 'temp_'). */
export const pendingMessageId = (): string => `temp_${randomUUID()}`;
export const isPendingMessageId = (id: string | null): boolean => id !== null && id.startsWith('temp_');

/**
 * Runs `query` as a named prepared statement on PostgreSQL: on the pool itself, or on the pool's
 * connection of a transaction (node-postgres' PoolClient, the hot path's short round transactions,
 * issue 22 §2): the server then parses and plans the statement once per connection instead of
 * every time. On PGlite it is an ordinary query.
 */
async function rowsOfPrepared<T>(db: DbOrTx, name: string, query: SQL): Promise<T[]> {
  type Client = { query?: unknown; totalCount?: unknown; release?: unknown; processID?: unknown };
  const client = ((db as { $client?: unknown }).$client ?? (db as { session?: { client?: unknown } }).session?.client) as
    Client | undefined;
  const isPg =
    client !== undefined &&
    (typeof client.totalCount === 'number' || (typeof client.release === 'function' && 'processID' in client));
  if (client && typeof client.query === 'function' && isPg && 'dialect' in db) {
    const { sql: text, params } = (
      db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }
    ).dialect.sqlToQuery(query);
    const pool = client as { query(config: { name: string; text: string; values: unknown[] }): Promise<Rows<T>> };
    return (await pool.query({ name, text, values: params })).rows;
  }
  return executeRows<T>(db, query);
}

/**
 * A message of a batch: the stored fields, its preview in the lead list (001 §3; null for a
 * reaction, which moves no lead), the idempotency key of an API send, and its lead, either known
 * (`cliCrmId`, `idTicket`) or the active lead of its unit with `phoneKey` (001 §5).
 */
export type BatchMessage = RecordMessage & { preview: string | null; idempotencyKey?: string | null } & (
    { cliCrmId: number; idTicket: number | null } | { phoneKey: string }
  );

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
  sender_timestamp bigint, push_name text, id_usuario int, criado_em timestamptz, preview text, chave text, chave_idempotencia text`;

/**
 * THE write of the message store (issue 7 §2 "one message pipeline"): stores messages (at most
 * one per lead and one per message id) and moves each lead's last-message fields, in ONE
 * statement, so atomic and durable on its own: the messages come as one JSON parameter; a
 * repeated message (same instance and WhatsApp id, or same sender and idempotency key) stores
 * nothing and moves nothing (ref §8.3); an ack or deletion that arrived before its message
 * (whatsapp_eventos_pendentes) is applied on insert and removed, acks only rising (ref §8.4); the
 * leads' fields move through the leads module's update (leadLastMessageUpdate), the status from
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
      chave_idempotencia: m.idempotencyKey ?? null,
    })),
  );
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
    'funil_store_messages',
    sql`with i as (select * from json_to_recordset(${input}::json) as x(${sql.raw(MESSAGE_INPUT_COLUMNS)})),
    l as (
      select i.ord, i.cli_crm_id, i.id_ticket from i where i.cli_crm_id is not null
      union all
      ${leadsByPhoneKey(sql`(select * from i where i.cli_crm_id is null)`)}
    ),
    ins as (
      insert into whatsapp_mensagens (id_empresa, id_unidade, cli_crm_id, id_instancia, id_ticket, message_id, remote_jid,
        phone_jid, from_me,
        media_type, gateway_type, body, mimetype, file_name, media_status, media_path, ack, is_error, is_deleted, quoted_message_id, quoted,
        reaction_target_id, sender_timestamp, push_name, id_usuario, criado_em, chave_idempotencia)
      select i.id_empresa, i.id_unidade, l.cli_crm_id, i.id_instancia, l.id_ticket, i.message_id, i.remote_jid, i.phone_jid, i.from_me,
        i.media_type, i.gateway_type, i.body, i.mimetype, i.file_name, i.media_status, i.media_path,
        greatest(i.ack, coalesce(ep.ack, 0)), i.is_error or coalesce(ep.is_error, false), coalesce(ep.is_deleted, false),
        i.quoted_message_id, i.quoted, i.reaction_target_id, i.sender_timestamp, i.push_name, i.id_usuario, i.criado_em,
          i.chave_idempotencia
      from i join l on l.ord = i.ord
      left join whatsapp_eventos_pendentes ep on ep.id_instancia = i.id_instancia and ep.message_id = i.message_id
      order by i.ord
      on conflict do nothing
      returning id, id_instancia, message_id, cli_crm_id, ack, is_error, is_deleted, datacad
    ),
    applied as (
      delete from whatsapp_eventos_pendentes ep using ins
      where ep.id_instancia = ins.id_instancia and ep.message_id = ins.message_id
      returning ep.id_instancia, ep.message_id, ep.ack, ep.is_error, ep.is_deleted
    ),
    upd as (
      ${leadLastMessageUpdate(sql`(select ins.cli_crm_id, i.from_me, i.criado_em, i.preview, i.media_type, ins.ack, i.id_instancia
        from ins join i on i.id_instancia = ins.id_instancia and i.message_id = ins.message_id where i.preview is not null)`)}
    )
    select l.cli_crm_id as lead_id, l.id_ticket as lead_ticket, ins.id as message_row_id,
      greatest(ins.ack, coalesce(applied.ack, 0)) as ack, ins.is_error or coalesce(applied.is_error, false) as is_error,
      ins.is_deleted or coalesce(applied.is_deleted, false) as is_deleted, ins.datacad,
      coalesce(applied.ack > ins.ack or (applied.is_error and not ins.is_error) or (applied.is_deleted and not ins.is_deleted),
        false) as stale,
      upd.*
    from i
    left join l on l.ord = i.ord
    left join ins on ins.id_instancia = i.id_instancia and ins.message_id = i.message_id and ins.cli_crm_id = l.cli_crm_id
    left join applied on applied.id_instancia = ins.id_instancia and applied.message_id = ins.message_id
    left join upd on upd.cli_crm_id = ins.cli_crm_id
    order by i.ord`,
  );
  return rows.map((r) => ({
    lead:
      r.lead_id === null
        ? null
        : { cliCrmId: Number(r.lead_id), idTicket: r.lead_ticket === null ? null : Number(r.lead_ticket) },
    stored:
      r.message_row_id === null
        ? null
        : {
            id: Number(r.message_row_id),
            ack: Number(r.ack),
            isError: r.is_error,
            isDeleted: r.is_deleted,
            datacad: new Date(r.datacad),
            lead: leadSummaryOfRaw(r),
            stale: r.stale,
          },
  }));
}

// ---- outgoing messages: stored first, then sent (issue 7 §2) ----

/** The outgoing message a user already stored with this idempotency key, or null. */
export async function findByIdempotencyKey(db: DbOrTx, idUsuario: number, key: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(whatsappMensagens)
    .where(and(eq(whatsappMensagens.idUsuario, idUsuario), eq(whatsappMensagens.chaveIdempotencia, key)))
    .limit(1);
  return row ?? null;
}

const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === '23505';
};

/**
 * Records the gateway's answer on a pending outgoing message: its WhatsApp id, key and ack. When
 * the gateway's send.message webhook stored that id first, that row takes the pending one's sender,
 * ticket, file and key, and the pending row goes. Returns the row that now holds the message.
 */
export async function recordSent(
  db: DbOrTx,
  pendingId: number,
  sent: { messageId: string; remoteJid: string | null; phoneJid: string | null; gatewayType: string | null; ack: number },
): Promise<MessageRow> {
  try {
    const [row] = await db
      .update(whatsappMensagens)
      .set({
        messageId: sent.messageId,
        remoteJid: sent.remoteJid,
        phoneJid: sent.phoneJid,
        gatewayType: sent.gatewayType,
        ack: sql`greatest(${whatsappMensagens.ack}, ${sent.ack})`,
      })
      .where(eq(whatsappMensagens.id, pendingId))
      .returning();
    return row!;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const [pending] = await db.delete(whatsappMensagens).where(eq(whatsappMensagens.id, pendingId)).returning();
  const [row] = await db
    .update(whatsappMensagens)
    .set({
      idUsuario: pending!.idUsuario,
      idTicket: sql`coalesce(${whatsappMensagens.idTicket}, ${pending!.idTicket})`,
      chaveIdempotencia: pending!.chaveIdempotencia,
      ...(pending!.mediaPath ? { mediaPath: pending!.mediaPath, mediaStatus: pending!.mediaStatus } : {}),
      ...(pending!.mimetype ? { mimetype: pending!.mimetype } : {}),
      ...(pending!.fileName ? { fileName: pending!.fileName } : {}),
    })
    .where(and(eq(whatsappMensagens.idInstancia, pending!.idInstancia!), eq(whatsappMensagens.messageId, sent.messageId)))
    .returning();
  return row!;
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

export async function updateMessage(
  db: DbOrTx,
  id: number,
  set: Partial<typeof whatsappMensagens.$inferInsert>,
): Promise<MessageRow | null> {
  const [row] = await db.update(whatsappMensagens).set(set).where(eq(whatsappMensagens.id, id)).returning();
  return row ?? null;
}

/** A lead's conversation without reactions (they ride on their message), newest first. */
export async function listLeadMessages(
  db: DbOrTx,
  where: { cliCrmId?: number; idTicket?: number },
  page: number,
  pageSize: number,
): Promise<{ rows: MessageRow[]; total: number }> {
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
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(whatsappMensagens)
      .where(scope),
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

/**
 * Claims the media downloads due again (failed, or pending past their check-by time), oldest first:
 * their check-by time moves `leaseMs` past `now` in the same statement, rows another process is
 * claiming skipped (FOR UPDATE SKIP LOCKED), so each due download is tried by one server process
 * (issue 21 item 22); the download then sets the real next time, and a process that died while
 * trying leaves it due again once the lease is over.
 */
export async function claimDueMedia(db: DbOrTx, now: Date, limit: number, leaseMs: number): Promise<{ id: number }[]> {
  const due = db
    .select({ id: whatsappMensagens.id })
    .from(whatsappMensagens)
    .where(and(inArray(whatsappMensagens.mediaStatus, ['pending', 'failed']), lte(whatsappMensagens.mediaTentarEm, now)))
    .orderBy(asc(whatsappMensagens.mediaTentarEm))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(whatsappMensagens)
    .set({ mediaTentarEm: new Date(now.getTime() + leaseMs) })
    .where(inArray(whatsappMensagens.id, due))
    .returning({ id: whatsappMensagens.id, tentarEm: whatsappMensagens.mediaTentarEm });
  return claimed.map(({ id }) => ({ id }));
}

/**
 * The unit's newest stickers and GIFs with a stored file (the composer's picker): at most `limit`,
 * one per file name and size when the gateway gave a name, newest first.
 */
export async function listUnitStickers(
  db: DbOrTx,
  unit: { idEmpresa: number; idUnidade: number },
  limit: number,
): Promise<MessageRow[]> {
  return db
    .select()
    .from(whatsappMensagens)
    .where(
      and(
        eq(whatsappMensagens.idEmpresa, unit.idEmpresa),
        eq(whatsappMensagens.idUnidade, unit.idUnidade),
        eq(whatsappMensagens.mediaStatus, 'ready'),
        eq(whatsappMensagens.isDeleted, false),
        or(
          eq(whatsappMensagens.mediaType, 'sticker'),
          and(inArray(whatsappMensagens.mediaType, ['image', 'video']), eq(whatsappMensagens.mimetype, 'image/gif')),
        ),
      ),
    )
    .orderBy(desc(whatsappMensagens.id))
    .limit(limit);
}
