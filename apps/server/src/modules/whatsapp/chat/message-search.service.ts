// The chat search over message text (issue 9; 001 §2 'Busque por contatos e mensagens'): the
// WhatsApp module's door to its messages for the leads module's chat list. What the attendant
// types is read as the name search reads it (packages/domain leads/name-search.ts): accent- and
// case-free words, each the start of a word of some live text message of the lead, in any order
// ("orcam" finds "Pode me mandar o orçamento?"). Reactions, call logs and deleted messages never
// match. The lookup goes through whatsapp_palavras_lead (one row of tagged words per lead, kept by
// triggers; messages.table.ts), never through the 2,000,000 messages of a big unit.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';

import { foldAccents } from '@funil/domain/format/fold';
import { searchWords } from '@funil/domain/leads/name-search';

import type { DbOrTx } from '../../../db/handle.ts';
import { whatsappMensagens as m, whatsappPalavrasLead as w } from './messages.table.ts';

/** Below this many letters a text search over messages would match most leads: names and phones only. */
export const MESSAGE_SEARCH_MIN_CHARS = 3;

/**
 * A word matched by at most this many leads of the unit is "rare": its lead ids are read once and
 * the list reads those leads by id (with the name half's index), whatever their place in the list.
 * Above it the list walks its own order and asks each lead's row (a frequent word fills a page
 * within the first leads walked); docs/decisions.md "Chat search over message text".
 */
export const RARE_WORD_LEADS = 2_000;

export type MessageMatch = { id: number; texto: string; data: string; fromMe: boolean };

/**
 * Which leads the search finds by their messages: a rare word's lead ids (the list reads them and
 * the name half's leads by id), or, for a frequent word, conditions over the list's lead id (one
 * for its page, one for its total).
 */
export type MessageLeadCondition = { ids: number[] } | { page: SQL; count: SQL };

/** Whether a search text is long enough to search message text. */
export function searchesMessages(text: string): boolean {
  return text.trim().length >= MESSAGE_SEARCH_MIN_CHARS && searchWords(text).length > 0;
}

/** The tsquery text of a search in a unit ('12uorcam:* & 12uimpl:*'), null without words. */
function unitQuery(idUnidade: number, text: string): string | null {
  const unit = Math.trunc(Number(idUnidade));
  const words = searchWords(text);
  // Only letters and digits reach the tsquery (searchWords), so no tsquery operator can.
  return words.length === 0 ? null : words.map((word) => `${unit}u${word}:*`).join(' & ');
}

const matchesWords = (q: string) => sql`${w.palavras} @@ to_tsquery('simple'::regconfig, ${q})`;
/** whatsapp_leads_com_palavras (migration 0013): the unit's matching leads through the GIN index, at most `limit`. */
const leadsWithWords = (idUnidade: number, q: string, limit: number) =>
  sql`whatsapp_leads_com_palavras(${Math.trunc(idUnidade)}::int, to_tsquery('simple'::regconfig, ${q}), ${limit}::int)`;

/**
 * Which leads of the unit the search finds by their messages, as conditions over `leadId` (the
 * list's lead id column). One indexed read decides the plan: a rare word gives its lead ids; a
 * frequent one a per-lead probe for the page (`offset 0` keeps PostgreSQL from hashing the whole
 * match set) and a hashed set for the count (cached by the list).
 */
export async function messageLeadCondition(
  db: DbOrTx,
  idUnidade: number,
  text: string,
  leadId: SQL,
  rareLimit = RARE_WORD_LEADS,
): Promise<MessageLeadCondition | null> {
  if (!searchesMessages(text)) return null;
  const q = unitQuery(idUnidade, text);
  if (q === null) return null;
  const found = await db.select({ id: sql<number>`f.id` }).from(sql`${leadsWithWords(idUnidade, q, rareLimit + 1)} as f(id)`);
  if (found.length <= rareLimit) return { ids: found.map((r) => Number(r.id)) };
  return {
    page: sql`exists (select 1 from ${w} where ${w.cliCrmId} = ${leadId} and ${w.idUnidade} = ${idUnidade} and
      ${matchesWords(q)} offset 0)`,
    count: sql`${leadId} in (select f.id from ${leadsWithWords(idUnidade, q, 2_147_483_647)} as f(id))`,
  };
}

/** A window of the body around the first searched word, so a row can show why it matched. */
function snippet(body: string, text: string): string {
  const fold = (s: string) => foldAccents(s).toLowerCase();
  // One character per base letter for the Latin texts searched here (ß, æ… spelled out shift the window by one).
  const folded = fold(body);
  const at =
    searchWords(text)
      .map((word) => folded.indexOf(word))
      .find((i) => i >= 0) ?? -1;
  if (body.length <= 120 || at < 0) return body.slice(0, 120);
  const start = Math.max(0, at - 40);
  return `${start > 0 ? '…' : ''}${body.slice(start, start + 120)}${start + 120 < body.length ? '…' : ''}`;
}

/** How many of a lead's newest messages are searched for the one shown in its row. */
export const MATCH_WINDOW = 200;

/**
 * The newest matching message of each lead of the page, among its MATCH_WINDOW newest messages
 * (a lead found by an older message is listed all the same, with its last message as the row's
 * text). The window is read newest first and its words computed only until one matches.
 */
export async function latestMessageMatches(
  db: DbOrTx,
  idUnidade: number,
  cliCrmIds: readonly number[],
  text: string,
): Promise<Map<number, MessageMatch>> {
  const q = searchesMessages(text) ? unitQuery(idUnidade, text) : null;
  if (cliCrmIds.length === 0 || q === null) return new Map();
  const rows = await db
    .select({
      cliCrmId: sql<number>`l.id`,
      id: sql<number>`f.id`,
      body: sql<string>`f.body`,
      criadoEm: sql<Date | string>`f.criado_em`,
      fromMe: sql<boolean>`f.from_me`,
    })
    .from(sql`unnest(${sql.raw(`array[${cliCrmIds.map((id) => Math.trunc(Number(id))).join(',')}]::int[]`)}) as l(id)`)
    .innerJoin(
      sql`lateral (
        select r.id, r.body, r.criado_em, r.from_me from (
          select ${m.id}, ${m.body}, ${m.criadoEm}, ${m.fromMe}, ${m.idUnidade}, ${m.isDeleted}, ${m.mediaType} from ${m}
          where ${m.cliCrmId} = l.id order by ${m.criadoEm} desc, ${m.id} desc limit ${MATCH_WINDOW}
        ) r
        where r.id_unidade = ${idUnidade} and r.is_deleted = false and r.media_type not in ('reaction', 'call_log') and r.body <> ''
          and whatsapp_palavras_de(r.id_unidade, r.body) @@ to_tsquery('simple'::regconfig, ${q})
        order by r.criado_em desc, r.id desc limit 1
      ) f`,
      sql`true`,
    )
    .orderBy(asc(sql`l.id`));
  return new Map(
    rows.map((r) => [
      Number(r.cliCrmId),
      { id: Number(r.id), texto: snippet(r.body, text), data: new Date(r.criadoEm).toISOString(), fromMe: r.fromMe },
    ]),
  );
}

/**
 * The unit's lead ids whose live text messages match a search, read from the messages themselves: the truth the word rows must
 * agree with (tested).
 */
export async function leadIdsMatchingMessages(db: DbOrTx, idUnidade: number, text: string): Promise<number[]> {
  const q = unitQuery(idUnidade, text);
  if (q === null) return [];
  const rows = await db
    .selectDistinct({ id: m.cliCrmId })
    .from(m)
    .where(
      and(
        eq(m.idUnidade, idUnidade),
        eq(m.isDeleted, false),
        sql`${m.mediaType} not in ('reaction', 'call_log')`,
        sql`whatsapp_palavras_de(${m.idUnidade}, ${m.body}) @@ to_tsquery('simple'::regconfig, ${q})`,
      ),
    )
    .orderBy(m.cliCrmId);
  return rows.map((r) => r.id);
}
