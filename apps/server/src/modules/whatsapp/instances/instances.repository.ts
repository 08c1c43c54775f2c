// Queries of the gateway instances (001 §2 Instâncias). Return null or [] and let the services decide.
import { asc, eq } from 'drizzle-orm';

import type { Db, DbOrTx } from '../../../db/handle.ts';
import { whatsappEventosPendentes, whatsappMensagens, whatsappTickets } from '../chat/messages.table.ts';
import { instanciasEvolution } from './instances.table.ts';

export type InstanceRow = typeof instanciasEvolution.$inferSelect;

export async function listInstances(db: DbOrTx, idUnidade: number): Promise<InstanceRow[]> {
  return db
    .select()
    .from(instanciasEvolution)
    .where(eq(instanciasEvolution.idUnidade, idUnidade))
    .orderBy(asc(instanciasEvolution.id));
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

export async function updateInstance(
  db: DbOrTx,
  id: number,
  set: Partial<typeof instanciasEvolution.$inferInsert>,
): Promise<InstanceRow | null> {
  const [row] = await db
    .update(instanciasEvolution)
    .set({ ...set, dataAtualizacao: new Date() })
    .where(eq(instanciasEvolution.id, id))
    .returning();
  return row ?? null;
}

// Removing an instance (issue 7 §5): its conversations stay with their leads, only the link to the
// instance goes; events still waiting for a message of it are dropped.
export async function removeInstanceRow(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(whatsappMensagens).set({ idInstancia: null }).where(eq(whatsappMensagens.idInstancia, id));
    await tx.update(whatsappTickets).set({ idInstancia: null }).where(eq(whatsappTickets.idInstancia, id));
    await tx.delete(whatsappEventosPendentes).where(eq(whatsappEventosPendentes.idInstancia, id));
    await tx.delete(instanciasEvolution).where(eq(instanciasEvolution.id, id));
  });
}
