// Tags of the unit and their links to leads (001 §3 "Tag", §7, §8). The tags module owns `tags`
// and `lead_tags`; the leads module changes a lead's tags (with its history event, 000 §4) through
// the functions below, never the tables (issue 7 §1).
import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';

import { TAG_API_MESSAGES } from '@funil/domain/leads-api/messages';
import { randomTagColor } from '@funil/domain/leads/negotiation';

import type { Db, Tx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import type { Session } from '../auth/auth.service.ts';
import {
  insertTag,
  insertTags,
  linkTags,
  tagsByIds,
  tagsByNames,
  tagsOfLead,
  unitTags,
  unlinkAllTags,
  unlinkTag,
  type TagRow,
} from './tags.repository.ts';
import { leadTags } from './tags.table.ts';

export type { TagRow };

const toApi = (t: TagRow) => ({ id: t.id, nome: t.nome, cor: t.cor, descricao: t.descricao });

/** The unit's tags by name (000 §3 unit data `tags`). */
export function unitTagList(db: Db | Tx, idUnidade: number): Promise<TagRow[]> {
  return unitTags(db, idUnidade);
}

export async function listUnitTags(db: Db, session: Session) {
  return { data: (await unitTags(db, session.unidadeId)).map(toApi) };
}

export async function createTag(
  db: Db,
  session: Session,
  body: { nome: string; cor?: string | undefined; descricao?: string | null | undefined },
) {
  const [existing] = await tagsByNames(db, session.unidadeId, [body.nome]);
  if (existing) throw new DomainError('conflict', TAG_API_MESSAGES.duplicate);
  const row = await insertTag(db, {
    idUnidade: session.unidadeId,
    nome: body.nome,
    cor: (body.cor ?? randomTagColor()).toLowerCase(),
    descricao: body.descricao ?? null,
  });
  if (!row) throw new DomainError('conflict', TAG_API_MESSAGES.duplicate);
  return { message: TAG_API_MESSAGES.created, data: toApi(row) };
}

/**
 * The unit's tags of these names (case-insensitive), creating the unknown ones with a random
 * palette colour (000 §3 cli_tags, 001 §3).
 */
export async function findOrCreateTagsByName(
  tx: Db | Tx,
  idUnidade: number,
  names: readonly string[],
  random: () => number = Math.random,
): Promise<{ tags: TagRow[]; created: string[] }> {
  const unique = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
  if (unique.length === 0) return { tags: [], created: [] };
  const found = await tagsByNames(tx, idUnidade, unique);
  const known = new Set(found.map((t) => t.nome.toLowerCase()));
  const missing = unique.filter((n) => !known.has(n.toLowerCase()));
  if (missing.length === 0) return { tags: found, created: [] };
  await insertTags(
    tx,
    missing.map((nome) => ({ idUnidade, nome, cor: randomTagColor(random) })),
  );
  return { tags: await tagsByNames(tx, idUnidade, unique), created: missing };
}

/** The unit's tags of these ids (a tag of another unit is not found). */
export function unitTagsByIds(db: Db | Tx, idUnidade: number, ids: readonly number[]): Promise<TagRow[]> {
  return tagsByIds(db, idUnidade, ids);
}

/** A lead's tags by name. */
export function tagsOfLeadById(db: Db | Tx, leadId: number): Promise<TagRow[]> {
  return tagsOfLead(db, leadId);
}

/** Links tags to leads; an existing link is kept. */
export function linkTagsToLeads(db: Db | Tx, links: { cliCrmId: number; idTag: number }[]): Promise<void> {
  return linkTags(db, links);
}

export function unlinkTagOfLead(db: Db | Tx, leadId: number, tagId: number): Promise<void> {
  return unlinkTag(db, leadId, tagId);
}

/** Drops every tag of a lead (a lead moved to another unit leaves the old unit's tags). */
export function unlinkAllTagsOfLead(db: Db | Tx, leadId: number): Promise<void> {
  return unlinkAllTags(db, leadId);
}

// SQL fragments for the lead list and the lead view, which stay one statement (docs/performance.md).
// The table's SQL stays in this module; `leadIdSql` is a column reference of the caller's code and
// `tagIdsParam` a placeholder of the caller's statement, never request input.

/**
 * A scalar subquery: the lead's tags as a JSON array of {id, nome, cor} by name, `[]` without tags.
 * Each tag is read by its key (the LATERAL with OFFSET 0 keeps the planner from hashing the whole
 * tags table once per lead: a 50-lead list page costs 1.1 ms instead of 1.5 on the bench fixture).
 */
export const leadTagsJsonSql = (
  leadIdSql: string,
): string => `coalesce((select json_agg(json_build_object('id', t.id, 'nome', t.nome, 'cor', t.cor) order by t.nome)
    from lead_tags lt cross join lateral (select tg.id, tg.nome, tg.cor from tags tg where tg.id = lt.id_tag offset 0) t where
      lt.cli_crm_id = ${leadIdSql}), '[]'::json)`;

/** A condition: the lead has any of the tags of the int[] parameter (000 §7 tag filter). */
export const leadHasAnyTagSql = (leadIdSql: string, tagIdsParam: string): string =>
  `exists (select 1 from lead_tags lt where lt.cli_crm_id = ${leadIdSql} and lt.id_tag = any(${tagIdsParam}::int[]))`;

/** A drizzle condition: the lead of `leadId` (a column of the caller's query) has any of these tags. */
export const leadHasAnyTag = (leadId: AnyColumn, tagIds: readonly number[]): SQL =>
  sql`exists (select 1 from ${leadTags} where ${leadTags.cliCrmId} = ${leadId} and ${inArray(leadTags.idTag, [...tagIds])})`;
