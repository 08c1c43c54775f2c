// Tags of the unit and of a lead (001 §3 "Tag", §7, §8); a lead's tag change is a lead change
// with its history event (000 §4: id_novo the tag added, 0 removed).
import { randomTagColor } from '@funil/domain/leads/negotiation';
import { TAG_API_MESSAGES } from '@funil/domain/leads-api/messages';
import type { Db, Tx } from '../../db/connection.ts';
import type { Session } from '../auth/auth.service.ts';
import { DomainError } from '../../http/domain-error.ts';
import { insertTag, insertTags, tagsByNames, unitTags, type TagRow } from './tags.repository.ts';

const toApi = (t: TagRow) => ({ id: t.id, nome: t.nome, cor: t.cor, descricao: t.descricao });


export async function listUnitTags(db: Db, session: Session) {
  return { data: (await unitTags(db, session.unidadeId)).map(toApi) };
}

export async function createTag(db: Db, session: Session, body: { nome: string; cor?: string | undefined; descricao?: string | null | undefined }) {
  const [existing] = await tagsByNames(db, session.unidadeId, [body.nome]);
  if (existing) throw new DomainError('conflict', TAG_API_MESSAGES.duplicate);
  const row = await insertTag(db, { idUnidade: session.unidadeId, nome: body.nome, cor: (body.cor ?? randomTagColor()).toLowerCase(), descricao: body.descricao ?? null });
  if (!row) throw new DomainError('conflict', TAG_API_MESSAGES.duplicate);
  return { message: TAG_API_MESSAGES.created, data: toApi(row) };
}

/**
 * The unit's tags of these names (case-insensitive), creating the unknown ones with a random
 * palette colour (000 §3 cli_tags, 001 §3).
 */
export async function findOrCreateTagsByName(tx: Db | Tx, idUnidade: number, names: readonly string[], random: () => number = Math.random): Promise<{ tags: TagRow[]; created: string[] }> {
  const unique = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
  if (unique.length === 0) return { tags: [], created: [] };
  const found = await tagsByNames(tx, idUnidade, unique);
  const known = new Set(found.map((t) => t.nome.toLowerCase()));
  const missing = unique.filter((n) => !known.has(n.toLowerCase()));
  if (missing.length === 0) return { tags: found, created: [] };
  await insertTags(tx, missing.map((nome) => ({ idUnidade, nome, cor: randomTagColor(random) })));
  return { tags: await tagsByNames(tx, idUnidade, unique), created: missing };
}


