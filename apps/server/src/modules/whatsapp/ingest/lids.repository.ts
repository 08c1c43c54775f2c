// ref §7: the @lid each lead was seen with, so later @lid-only messages find the lead.
import { and, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../../db/handle.ts';
import { whatsappLids } from '../chat/messages.table.ts';

/** The lead id a lid was seen with in a unit, or null (the leads service says whether it is live). */
export async function findLidLeadId(db: DbOrTx, idUnidade: number, lid: string): Promise<number | null> {
  const [row] = await db
    .select({ cliCrmId: whatsappLids.cliCrmId })
    .from(whatsappLids)
    .where(and(eq(whatsappLids.idUnidade, idUnidade), eq(whatsappLids.lid, lid)))
    .limit(1);
  return row?.cliCrmId ?? null;
}

export async function rememberLid(db: DbOrTx, idUnidade: number, lid: string, cliCrmId: number): Promise<void> {
  await db
    .insert(whatsappLids)
    .values({ idUnidade, lid, cliCrmId })
    .onConflictDoUpdate({ target: [whatsappLids.idUnidade, whatsappLids.lid], set: { cliCrmId } });
}
