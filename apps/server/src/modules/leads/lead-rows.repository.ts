// The core's row reads and inserts behind its lead-by-phone and creation paths (001 §5, 000 §3):
// the unit's live lead of a phone key, a deleted one, a lead by id, a new row.
import { and, asc, eq, ne } from 'drizzle-orm';

import type { DbOrTx } from '../../db/handle.ts';
import type { LeadRow, NewLead } from './leads.repository.ts';
import { leads } from './leads.table.ts';

/** The live lead of a unit with this telefone_chave (001 §5), oldest first. */
export async function findLeadByPhoneKey(db: DbOrTx, idUnidade: number, key: string, lock = false): Promise<LeadRow | null> {
  const query = db
    .select()
    .from(leads)
    .where(and(eq(leads.idUnidade, idUnidade), eq(leads.telefoneChave, key), eq(leads.desativado, 0)))
    .orderBy(asc(leads.cliCrmId))
    .limit(1);
  // `lock`: the row locked for update, as a lead change locks it (its latest committed version).
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Whether the unit has a deleted lead with this telefone_chave. */
export async function hasDeletedLeadWithPhoneKey(db: DbOrTx, idUnidade: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: leads.cliCrmId })
    .from(leads)
    .where(and(eq(leads.idUnidade, idUnidade), eq(leads.telefoneChave, key), ne(leads.desativado, 0)))
    .limit(1);
  return row !== undefined;
}

/** A lead of a unit by id, deleted or not (for announcing what changed on it). */
export async function findUnitLead(db: DbOrTx, idUnidade: number, cliCrmId: number): Promise<LeadRow | null> {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.cliCrmId, cliCrmId), eq(leads.idUnidade, idUnidade)))
    .limit(1);
  return row ?? null;
}

/** What a capture needs back of a new lead (its key, audience and ticket), without mapping its ~80 columns. */
export type InsertedLead = Pick<LeadRow, 'cliCrmId' | 'idEmpresa' | 'idUnidade' | 'idUsuario' | 'idTicket'>;

export async function insertLeadReturningKey(db: DbOrTx, values: NewLead): Promise<InsertedLead> {
  const [row] = await db.insert(leads).values(values).returning({
    cliCrmId: leads.cliCrmId,
    idEmpresa: leads.idEmpresa,
    idUnidade: leads.idUnidade,
    idUsuario: leads.idUsuario,
    idTicket: leads.idTicket,
  });
  return row!;
}

export async function insertLeadRow(db: DbOrTx, values: NewLead): Promise<LeadRow> {
  const [row] = await db.insert(leads).values(values).returning();
  return row!;
}
