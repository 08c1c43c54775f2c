// The WhatsApp module's door for the unit's instances as other modules see them (issue 7 §1):
// the unit data (000 §3 instancias_evolution, no token or secret) and the session's instance
// count (000 §6 menu rule). Other modules never read instancias_evolution themselves.
import { asc, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../../db/handle.ts';
import { instanciasEvolution } from './instances.table.ts';

/** The unit's instances by name, without token or webhook secret. */
export async function unitInstanceSummaries(db: DbOrTx, idUnidade: number) {
  return db
    .select({
      id: instanciasEvolution.id,
      name: instanciasEvolution.name,
      connectionStatus: instanciasEvolution.connectionStatus,
      ownerJid: instanciasEvolution.ownerJid,
      profileName: instanciasEvolution.profileName,
    })
    .from(instanciasEvolution)
    .where(eq(instanciasEvolution.idUnidade, idUnidade))
    .orderBy(asc(instanciasEvolution.name));
}

/** SQL fragment for the session check (one statement per request): the unit's instance count. `idSql` is the caller's column reference. */
export const unitInstanceCountSql = (idSql: string): string =>
  `(select count(*)::int from instancias_evolution i where i.id_unidade = ${idSql})`;
