// What other modules may ask of the users module (issue 7 §1: a module reaches another only
// through its service).
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { usuarios } from './users.table.ts';

/** The names of these users by id (any unit: a message keeps its sender after a transfer). */
export async function userNamesById(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: usuarios.id, nome: usuarios.nome }).from(usuarios).where(inArray(usuarios.id, unique));
  return new Map(rows.map((r) => [r.id, r.nome]));
}
