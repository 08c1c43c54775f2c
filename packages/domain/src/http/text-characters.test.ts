// issue 7 §4 (NUL) and issue 21 items 2 and 3 (a lone UTF-16 surrogate: a broken emoji).
import { describe, expect, it } from 'vitest';

import { cleanInvalidCharacters, hasInvalidCharacter, REPLACEMENT_CHARACTER } from './text-characters.ts';

describe('invalid characters in a text', () => {
  it('finds a NUL and a lone surrogate of either half, anywhere in the text', () => {
    for (const bad of ['a\u0000b', '\u0000', 'oi \uD83D', '\uD83D tudo', 'fim \uDE00', '\uDE00', 'a\uDE00\uD83Db', '😀\uD83D'])
      expect(hasInvalidCharacter(bad), JSON.stringify(bad)).toBe(true);
  });

  it('accepts every well-formed text: emoji pairs, flags, accents, the replacement character', () => {
    for (const good of ['', 'olá, tudo bem?', '😀🇧🇷👍🏽', 'ação çé', REPLACEMENT_CHARACTER, '\uD83D\uDE00'])
      expect(hasInvalidCharacter(good), good).toBe(false);
  });

  it('cleans a gateway text: the NUL dropped, each lone surrogate replaced, emoji pairs kept', () => {
    expect(cleanInvalidCharacters('olá\u0000 mundo')).toBe('olá mundo');
    expect(cleanInvalidCharacters('oi \uD83D e 😀 e \uDE00!')).toBe(
      `oi ${REPLACEMENT_CHARACTER} e 😀 e ${REPLACEMENT_CHARACTER}!`,
    );
    expect(cleanInvalidCharacters('\uDE00\uD83D')).toBe(REPLACEMENT_CHARACTER.repeat(2));
    const good = 'tudo certo 👍';
    expect(cleanInvalidCharacters(good)).toBe(good);
  });
});
