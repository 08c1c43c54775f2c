// 001 §5 Search (and 001 §2 'Busque por contatos e mensagens'): what the attendant types, read as
// words of a lead's name. Case and accents are ignored and each typed word is the start of some
// word of the name, in any order: "joa mag" finds "João Magalhães", "conceicao" finds
// "Maria Conceição". The server stores the lead's name normalised the same way (leads.cli_nome_busca)
// and indexes its words per unit (docs/decisions.md "Lead name search").
import { foldAccents } from '../format/fold.ts';

/**
 * Lower case, without accents (ç → c, ã → a), words of letters and digits joined by one space:
 * the form names are compared in. The same as the generated column leads.cli_nome_busca
 * (btrim(regexp_replace(immutable_unaccent(lower(cli_nome)), '[^[:alnum:]]+', ' ', 'g'))).
 */
export function normalizeName(text: string): string {
  return foldAccents(text.toLowerCase())
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a search term, normalised, at most 8 (more add nothing to a name). */
export function searchWords(term: string): string[] {
  const normalized = normalizeName(term);
  return normalized === '' ? [] : normalized.split(' ').slice(0, 8);
}

/** Whether a name matches a search term: every typed word starts some word of the name, in any order. */
export function nameMatchesSearch(name: string, term: string): boolean {
  const words = searchWords(term);
  const nameWords = normalizeName(name).split(' ');
  return words.length > 0 && words.every((w) => nameWords.some((n) => n.startsWith(w)));
}
