// Queries of the rejected webhooks (issue 21 item 2; rejected-webhooks.table.ts).
import { and, desc, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../../db/handle.ts';
import { whatsappWebhooksRejeitados } from './rejected-webhooks.table.ts';

export type RejectedWebhookRow = typeof whatsappWebhooksRejeitados.$inferSelect;
export type NewRejectedWebhook = typeof whatsappWebhooksRejeitados.$inferInsert;

/** Keeps a rejected webhook; a redelivery of the same one (same instance and key) is kept once. */
export async function insertRejectedWebhook(db: DbOrTx, row: NewRejectedWebhook): Promise<void> {
  await db
    .insert(whatsappWebhooksRejeitados)
    .values(row)
    .onConflictDoNothing({ target: [whatsappWebhooksRejeitados.idInstancia, whatsappWebhooksRejeitados.chave] });
}

/** The company's newest rejected webhooks, without their bodies. */
export async function listRejectedWebhooks(db: DbOrTx, idEmpresa: number, limit: number) {
  const t = whatsappWebhooksRejeitados;
  return db
    .select({
      id: t.id,
      idUnidade: t.idUnidade,
      nomeInstancia: t.nomeInstancia,
      evento: t.evento,
      messageId: t.messageId,
      motivo: t.motivo,
      criadoEm: t.criadoEm,
      contato: t.contato,
    })
    .from(t)
    .where(eq(t.idEmpresa, idEmpresa))
    .orderBy(desc(t.criadoEm), desc(t.id))
    .limit(limit);
}

/** One rejected webhook of the company, locked for its replay (a concurrent replay waits, then finds none). */
export async function lockRejectedWebhook(db: DbOrTx, idEmpresa: number, id: number): Promise<RejectedWebhookRow | null> {
  const t = whatsappWebhooksRejeitados;
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, id), eq(t.idEmpresa, idEmpresa)))
    .for('update');
  return row ?? null;
}

/** The company's rejected webhook without its lock (read before the replay's transaction). */
export async function findRejectedWebhook(db: DbOrTx, idEmpresa: number, id: number): Promise<RejectedWebhookRow | null> {
  const t = whatsappWebhooksRejeitados;
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, id), eq(t.idEmpresa, idEmpresa)))
    .limit(1);
  return row ?? null;
}

export async function deleteRejectedWebhook(db: DbOrTx, id: number): Promise<void> {
  await db.delete(whatsappWebhooksRejeitados).where(eq(whatsappWebhooksRejeitados.id, id));
}

/** A replay refused again: the new reason and what failed. */
export async function updateRejectedWebhook(db: DbOrTx, id: number, set: { motivo: string; erro: string | null }): Promise<void> {
  await db.update(whatsappWebhooksRejeitados).set(set).where(eq(whatsappWebhooksRejeitados.id, id));
}
