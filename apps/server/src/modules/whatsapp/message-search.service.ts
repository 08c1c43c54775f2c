// The chat search over message text (issue 9; 001 §2 'Busque por contatos e mensagens'): the
// WhatsApp module's door to its messages for the leads module's chat list. Accent- and
// case-free (immutable_unaccent(lower(body)) like …), on the trigram index
// whatsapp_mensagens_unidade_texto_trgm_idx; reactions, call logs and deleted messages never match.
import { and, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { whatsappMensagens as m } from './messages.table.ts';

/** Below this many letters a text search over messages would read the whole unit: names and phones only. */
export const MESSAGE_SEARCH_MIN_CHARS = 3;

export type MessageMatch = { id: number; texto: string; data: string; fromMe: boolean };

const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
const matches = (idUnidade: number, text: string): SQL =>
  and(
    eq(m.idUnidade, idUnidade),
    eq(m.isDeleted, false),
    notInArray(m.mediaType, ['reaction', 'call_log']),
    sql`immutable_unaccent(lower(${m.body})) like immutable_unaccent(lower(${likePattern(text)}))`,
  )!;

/** Whether a search text is long enough to search message text. */
export function searchesMessages(text: string): boolean {
  return text.trim().length >= MESSAGE_SEARCH_MIN_CHARS;
}

/** A subquery of the lead ids of the unit with a message containing `text` (for `cli_crm_id in (…)`). */
export function leadIdsWithMessageText(idUnidade: number, text: string): SQL {
  return sql`(select ${m.cliCrmId} from ${m} where ${matches(idUnidade, text.trim())})`;
}

/** A window of the body around the match, so a row can show why it matched. */
function snippet(body: string, text: string): string {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  // NFD then dropping marks keeps one character per base letter for the Latin texts searched here.
  const at = fold(body).indexOf(fold(text.trim()));
  if (body.length <= 120 || at < 0) return body.slice(0, 120);
  const start = Math.max(0, at - 40);
  return `${start > 0 ? '…' : ''}${body.slice(start, start + 120)}${start + 120 < body.length ? '…' : ''}`;
}

/** The newest matching message of each lead (the page's leads only). */
export async function latestMessageMatches(db: DbOrTx, idUnidade: number, cliCrmIds: readonly number[], text: string): Promise<Map<number, MessageMatch>> {
  if (cliCrmIds.length === 0 || !searchesMessages(text)) return new Map();
  const rows = await db
    .selectDistinctOn([m.cliCrmId], { cliCrmId: m.cliCrmId, id: m.id, body: m.body, criadoEm: m.criadoEm, fromMe: m.fromMe })
    .from(m)
    .where(and(inArray(m.cliCrmId, [...cliCrmIds]), matches(idUnidade, text.trim())))
    .orderBy(m.cliCrmId, desc(m.criadoEm), desc(m.id));
  return new Map(rows.map((r) => [r.cliCrmId, { id: r.id, texto: snippet(r.body, text), data: r.criadoEm.toISOString(), fromMe: r.fromMe }]));
}
