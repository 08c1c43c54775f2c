// Queries of the company messaging backend's tickets (001 §7). Return null and let the services decide.
import { and, desc, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../../db/handle.ts';
import { whatsappTickets } from '../chat/messages.table.ts';

export type TicketRow = typeof whatsappTickets.$inferSelect;

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

export async function findTicketById(db: DbOrTx, id: number): Promise<TicketRow | null> {
  const [row] = await db.select().from(whatsappTickets).where(eq(whatsappTickets.id, id)).limit(1);
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
