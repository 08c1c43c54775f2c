// The one accent fold (issue 22 §1, §3): what PostgreSQL's unaccent (immutable_unaccent of
// migration 0000, the lead name and message word indexes) does to Latin text, in TypeScript.
// Marks go (ç → c, ã → a, é → e) and the letters unaccent spells out that Unicode decomposition
// keeps (ß → ss, æ → ae, ø → o, ł → l, đ/ð → d, þ → th). Case is the caller's: lower-case first
// to compare as the indexes do (immutable_unaccent(lower(x))). apps/server/src/db/shared-sql-rules.test.ts
// runs both on the same texts.

const SPELLED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
};

/** Text without accents, as PostgreSQL's unaccent writes it. */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæÆœŒøØłŁđĐðÐþÞ]/g, (c) => SPELLED[c] ?? c);
}
