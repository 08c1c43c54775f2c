// Issue 25 'No answer for N hours': the unit's active leads whose last message sent to them is
// before `before` with no message from the lead since (the lead's last-message fields, kept by the
// message store: lead-chat.repository.ts lastMessageUpdate), oldest first, with that sent moment.
// Only messages sent after `after`: a lead unanswered for weeks is not enrolled when a rule is
// enabled, and the sweep does not read the same old leads every minute.
import { and, asc, eq, gt, isNotNull, lt, or, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/handle.ts';
import { leads } from './leads.table.ts';

export async function unansweredLeads(
  db: DbOrTx,
  where: { idUnidade: number; after: Date; before: Date; limit: number },
): Promise<{ cliCrmId: number; sentAt: Date }[]> {
  const sent = leads.whatsappUltimaMensagemDataEnviada;
  const received = leads.whatsappUltimaMensagemDataRecebida;
  const rows = await db
    .select({ cliCrmId: leads.cliCrmId, sentAt: sent })
    .from(leads)
    .where(
      and(
        eq(leads.idUnidade, where.idUnidade),
        eq(leads.desativado, 0),
        isNotNull(sent),
        lt(sent, where.before),
        gt(sent, where.after),
        or(sql`${received} is null`, lt(received, sent)),
      ),
    )
    .orderBy(asc(sent))
    .limit(where.limit);
  return rows.map((r) => ({ cliCrmId: r.cliCrmId, sentAt: new Date(r.sentAt!) }));
}
