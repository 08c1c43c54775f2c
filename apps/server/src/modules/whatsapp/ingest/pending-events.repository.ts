// messages.update / messages.delete that may arrive before their message (ref §4.1: no ordering):
// kept in whatsapp_eventos_pendentes, applied by whichever of the two lands last. Acks only rise
// (ref §8.4). The message store applies them on insert (message-store.repository.ts).
import { sql } from 'drizzle-orm';

import type { DbOrTx } from '../../../db/handle.ts';

type Rows<T> = { rows: T[] };

export type PendingChange = { ack: number; isError: boolean; isDeleted: boolean };

/** Keeps an ack/deletion that may have arrived before its message. */
export async function upsertPendingEvent(
  db: DbOrTx,
  idInstancia: number,
  messageId: string,
  change: PendingChange,
): Promise<void> {
  await db.execute(sql`insert into whatsapp_eventos_pendentes (id_instancia, message_id, ack, is_error, is_deleted)
    values (${idInstancia}, ${messageId}, ${change.ack}, ${change.isError}, ${change.isDeleted})
    on conflict (id_instancia, message_id) do update set
      ack = greatest(whatsapp_eventos_pendentes.ack, excluded.ack),
      is_error = whatsapp_eventos_pendentes.is_error or excluded.is_error,
      is_deleted = whatsapp_eventos_pendentes.is_deleted or excluded.is_deleted`);
}

export type AppliedChange = { id: number; ack: number; fromMe: boolean; cliCrmId: number; criadoEm: Date };

/**
 * Applies and removes the pending events of stored messages (one statement for all of them);
 * returns the messages that changed. Run after the messages' insert committed, so that whichever
 * of a message and its event arrives last applies the event.
 */
export async function applyPendingEvents(
  db: DbOrTx,
  keys: readonly { idInstancia: number; messageId: string }[],
): Promise<AppliedChange[]> {
  if (keys.length === 0) return [];
  const input = JSON.stringify(keys.map((k) => ({ id_instancia: k.idInstancia, message_id: k.messageId })));
  const result =
    (await db.execute(sql`with k as (select * from json_to_recordset(${input}::json) as x(id_instancia int, message_id text)),
    p as (
      delete from whatsapp_eventos_pendentes ep using k
      where ep.id_instancia = k.id_instancia and ep.message_id = k.message_id
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
    returning m.id, m.ack, m.from_me, m.cli_crm_id, m.criado_em`)) as unknown as Rows<{
      id: number;
      ack: number;
      from_me: boolean;
      cli_crm_id: number;
      criado_em: Date | string;
    }>;
  return result.rows.map((row) => ({
    id: Number(row.id),
    ack: row.ack,
    fromMe: row.from_me,
    cliCrmId: row.cli_crm_id,
    criadoEm: new Date(row.criado_em),
  }));
}

/** The pending event of one message (see applyPendingEvents). */
export async function applyPendingEvent(db: DbOrTx, idInstancia: number, messageId: string): Promise<AppliedChange | null> {
  const [row] = await applyPendingEvents(db, [{ idInstancia, messageId }]);
  return row ?? null;
}
