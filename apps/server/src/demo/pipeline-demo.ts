// The demo's pipeline (issue 11): the first unit shows /pipeline (the 'pipeline' flag in its
// configuracoesExtra; the second unit keeps the defaults) and its leads in negotiation carry quotes,
// so the board's column sums say something. The lead count stays the demo's 300.
import { and, eq, sql } from 'drizzle-orm';

import type { DbOrTx } from '../db/handle.ts';
import { leads } from '../modules/leads/leads.table.ts';
import { unidadeConfiguracoes } from '../modules/tenancy/tenancy.table.ts';

export async function seedPipelineDemo(db: DbOrTx, idUnidade: number): Promise<void> {
  const [row] = await db
    .select({ extras: unidadeConfiguracoes.configuracoesExtra })
    .from(unidadeConfiguracoes)
    .where(eq(unidadeConfiguracoes.idUnidade, idUnidade));
  const extras = JSON.parse(row?.extras ?? '{}') as Record<string, unknown>;
  await db
    .update(unidadeConfiguracoes)
    .set({ configuracoesExtra: JSON.stringify({ ...extras, pipeline: true }) })
    .where(eq(unidadeConfiguracoes.idUnidade, idUnidade));
  // Quotes of R$ 1.500 to R$ 9.400 on the leads being negotiated or scheduled (deterministic per id).
  await db
    .update(leads)
    .set({ valorTicket: sql`((${leads.cliCrmId} * 37) % 80 + 15) * 100` })
    .where(and(eq(leads.idUnidade, idUnidade), sql`${leads.cliStatusNegociacao} in (2, 4, 9)`, eq(leads.valorTicket, '0')));
}
