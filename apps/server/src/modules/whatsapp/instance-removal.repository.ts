// Removing a gateway instance from Funil (issue 7 §5): its conversations stay with their leads,
// only the link to the instance goes; events still waiting for a message of it are dropped.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { instanciasEvolution } from './instances.table.ts';
import { whatsappEventosPendentes, whatsappMensagens, whatsappTickets } from './messages.table.ts';

export async function removeInstanceRow(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(whatsappMensagens).set({ idInstancia: null }).where(eq(whatsappMensagens.idInstancia, id));
    await tx.update(whatsappTickets).set({ idInstancia: null }).where(eq(whatsappTickets.idInstancia, id));
    await tx.delete(whatsappEventosPendentes).where(eq(whatsappEventosPendentes.idInstancia, id));
    await tx.delete(instanciasEvolution).where(eq(instanciasEvolution.id, id));
  });
}
