// Avatar initials and a steady colour per name (001 §2 "Avatar initials"); shared by the CRM, the chat and the pipeline.
const AVATAR_COLORS = [
  '#1d4ed8',
  '#0d9488',
  '#7c3aed',
  '#c2410c',
  '#be185d',
  '#15803d',
  '#4338ca',
  '#b45309',
  '#0369a1',
  '#9333ea',
];

/** 'Maria da Conceição' → 'MC'; one word gives its first letter; numbers and short particles are skipped. */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word) && (word.length > 2 || /^\p{Lu}/u.test(word)));
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

export function avatarColor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length] ?? '#1d4ed8';
}
