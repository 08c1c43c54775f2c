// 001 §2/§5 composer keys: Enter sends, Shift+Enter adds a line; an empty or whitespace-only text is
// not sent. Kept apart from the component so the rule is tested on its own.
export type ComposerKey = Pick<KeyboardEvent, 'key' | 'shiftKey'> & { isComposing?: boolean };

/** What a key press in the composer does. */
export function composerKeyAction(event: ComposerKey, text: string): 'send' | 'ignore' | 'newline' | 'none' {
  if (event.key !== 'Enter') return 'none';
  if (event.shiftKey) return 'newline';
  // An input method still composing a word owns its Enter.
  if (event.isComposing) return 'none';
  return canSendText(text) ? 'send' : 'ignore';
}

export const canSendText = (text: string): boolean => text.trim() !== '';

/** 001 §2: the composer grows up to 10 rows. */
export const COMPOSER_MAX_ROWS = 10;
