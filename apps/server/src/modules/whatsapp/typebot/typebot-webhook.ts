// The gateway's word on a Typebot session (issue 25): the `typebot.start` and `typebot.change-status`
// webhooks keep each session's state. Apart from typebot.service.ts so the webhook pipeline reaches
// the sessions' table without the sends and the instances (no import cycle).
import { and, eq, inArray } from 'drizzle-orm';

import type { InstanceRow } from '../instances/instances.repository.ts';
import type { WhatsappContext } from '../whatsapp-context.ts';
import { whatsappTypebotSessoes } from './typebot.table.ts';

/** The gateway's session status → the session row's. */
export const STATUS_OF = { opened: 'aberta', paused: 'pausada', closed: 'fechada', delete: 'fechada' } as const;

export async function applyTypebotWebhook(
  ctx: WhatsappContext,
  instance: InstanceRow,
  event: string,
  data: unknown,
): Promise<void> {
  const d = (data ?? {}) as { remoteJid?: unknown; status?: unknown };
  if (typeof d.remoteJid !== 'string') return;
  const where = and(eq(whatsappTypebotSessoes.idInstancia, instance.id), eq(whatsappTypebotSessoes.remoteJid, d.remoteJid));
  if (event === 'typebot.start') {
    await ctx.db
      .update(whatsappTypebotSessoes)
      .set({ status: 'aberta', atualizadoEm: new Date() })
      .where(and(where, eq(whatsappTypebotSessoes.status, 'iniciando')));
    return;
  }
  const status = typeof d.status === 'string' ? STATUS_OF[d.status as keyof typeof STATUS_OF] : undefined;
  if (!status) return;
  await ctx.db
    .update(whatsappTypebotSessoes)
    .set({ status, atualizadoEm: new Date() })
    .where(and(where, inArray(whatsappTypebotSessoes.status, ['iniciando', 'aberta', 'pausada'])));
}
