// Queries of the rejected webhooks (issue 21 item 2; rejected-webhooks.table.ts).
import { desc, eq } from 'drizzle-orm';

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
