// Tags of a unit and their links to leads (001 §3 "Tag", §7).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/handle.ts';
import { leadTags, tags } from './tags.table.ts';

export type TagRow = typeof tags.$inferSelect;

export async function unitTags(db: DbOrTx, idUnidade: number): Promise<TagRow[]> {
  return db.select().from(tags).where(eq(tags.idUnidade, idUnidade)).orderBy(asc(tags.nome));
}

export async function tagsByIds(db: DbOrTx, idUnidade: number, ids: readonly number[]): Promise<TagRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(tags)
    .where(and(eq(tags.idUnidade, idUnidade), inArray(tags.id, [...ids])));
}

/** Tags of the unit whose names match, case-insensitively. */
export async function tagsByNames(db: DbOrTx, idUnidade: number, names: readonly string[]): Promise<TagRow[]> {
  if (names.length === 0) return [];
  const lowered = [...new Set(names.map((n) => n.toLowerCase()))];
  return db
    .select()
    .from(tags)
    .where(and(eq(tags.idUnidade, idUnidade), inArray(sql`lower(${tags.nome})`, lowered)));
}

export async function insertTag(db: DbOrTx, values: typeof tags.$inferInsert): Promise<TagRow | null> {
  const [row] = await db.insert(tags).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function insertTags(db: DbOrTx, values: (typeof tags.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await db.insert(tags).values(values).onConflictDoNothing();
}

export async function tagsOfLead(db: DbOrTx, leadId: number): Promise<TagRow[]> {
  return db
    .select({
      id: tags.id,
      idUnidade: tags.idUnidade,
      nome: tags.nome,
      cor: tags.cor,
      descricao: tags.descricao,
      datacad: tags.datacad,
    })
    .from(leadTags)
    .innerJoin(tags, eq(tags.id, leadTags.idTag))
    .where(eq(leadTags.cliCrmId, leadId))
    .orderBy(asc(tags.nome));
}

export async function linkTags(db: DbOrTx, links: { cliCrmId: number; idTag: number }[]): Promise<void> {
  if (links.length > 0) await db.insert(leadTags).values(links).onConflictDoNothing();
}

export async function unlinkTag(db: DbOrTx, leadId: number, tagId: number): Promise<void> {
  await db.delete(leadTags).where(and(eq(leadTags.cliCrmId, leadId), eq(leadTags.idTag, tagId)));
}

export async function unlinkAllTags(db: DbOrTx, leadId: number): Promise<void> {
  await db.delete(leadTags).where(eq(leadTags.cliCrmId, leadId));
}
