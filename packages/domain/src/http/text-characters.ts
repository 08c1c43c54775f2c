// Characters no Funil text may hold (issue 7 §4, issue 21 items 2 and 3), one rule for every route
// and the gateway's webhooks: the NUL (U+0000), which PostgreSQL refuses in text and jsonb, and a
// lone UTF-16 surrogate (half of an emoji, which real phones send when a message is cut), which is
// not Unicode at all: PostgreSQL refuses it in jsonb and no gateway can encode it.

const NUL = '\u0000';
// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** The character Unicode puts where one could not be read (the '�' a phone shows too). */
export const REPLACEMENT_CHARACTER = '\uFFFD';

/** Whether a text holds a NUL or a lone surrogate: a request carrying one is refused with 400 (HTTP_MESSAGES.nulCharacter). */
export function hasInvalidCharacter(text: string): boolean {
  return text.includes(NUL) || LONE_SURROGATE.test(text);
}

/**
 * A text from outside that must not be refused (what a contact typed, through the gateway): the
 * NUL dropped, a lone surrogate replaced by U+FFFD. A valid text is returned as it is.
 */
export function cleanInvalidCharacters(text: string): string {
  if (!hasInvalidCharacter(text)) return text;
  return text.replaceAll(NUL, '').replace(LONE_SURROGATES, REPLACEMENT_CHARACTER);
}
