// Message template placeholders (001 §5 Composer, 002 §5 Mass send) and the WhatsApp text
// formatting rule of the message area (001 §2 "Text rendering").
import { formatDatePlusDays } from '../format/date.ts';

/** 001 §5 placeholders that become the contact's first name. */
export const CLIENT_NAME_PLACEHOLDERS = [
  '[nome_cliente]',
  '[nome_da_cliente]',
  '[nome_do_cliente]',
  '{{nome_do_cliente}}',
] as const;

// A placeholder candidate: [word] or [word+anything], or {{anything}}.
const CANDIDATE = /\[([A-Za-z_]+(?:\+[^\]\s]*)?)\]|\{\{([^{}]*)\}\}/g;

const BRACKET_NAMES = new Set(['nome_cliente', 'nome_da_cliente', 'nome_do_cliente']);

type Resolved = { kind: 'name' } | { kind: 'date'; days: number };

/** An invalid N counts as 0 (001 §5). */
function daysOffset(raw: string): number {
  return /^\d{1,5}$/.test(raw) ? Number(raw) : 0;
}

function resolve(bracketBody: string | undefined, curlyBody: string | undefined): Resolved | null {
  if (bracketBody !== undefined) {
    if (BRACKET_NAMES.has(bracketBody)) return { kind: 'name' };
    if (bracketBody === 'data_atual') return { kind: 'date', days: 0 };
    if (bracketBody.startsWith('data_atual+')) return { kind: 'date', days: daysOffset(bracketBody.slice(11)) };
    return null;
  }
  const body = (curlyBody ?? '').trim();
  if (body === 'nome_do_cliente') return { kind: 'name' };
  if (body === 'data_atual') return { kind: 'date', days: 0 };
  if (body.startsWith('data_atual+')) return { kind: 'date', days: daysOffset(body.slice(11).trim()) };
  return null;
}

/** The first name of a contact: the first word of the trimmed name ('' when empty). */
export function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}

/** What the placeholders are filled with. */
export type PlaceholderValues = { clientName: string | null | undefined; now: Date };

/**
 * Fills a template's placeholders (001 §5, 002 §5): [nome_cliente], [nome_da_cliente],
 * [nome_do_cliente] and {{nome_do_cliente}} become the contact's first name; [data_atual] and
 * {{data_atual}} today's date; [data_atual+N] and {{data_atual+i}} today plus N days, as
 * DD/MM/YYYY in America/Sao_Paulo; an invalid N counts as 0. Unknown placeholders stay as typed.
 */
export function fillPlaceholders(template: string, { clientName, now }: PlaceholderValues): string {
  return template.replace(CANDIDATE, (match: string, bracket: string | undefined, curly: string | undefined) => {
    const resolved = resolve(bracket, curly);
    if (!resolved) return match;
    return resolved.kind === 'name' ? firstName(clientName) : formatDatePlusDays(now, resolved.days);
  });
}

/** A piece of template text for the editor: plain text, or a placeholder known or not. */
export type TemplateSegment = { kind: 'text'; text: string } | { kind: 'placeholder'; text: string; known: boolean };

/**
 * Splits a template into text and placeholders so the editor can colour unknown placeholders
 * red (001 §5, 002 §5). Placeholder-looking tokens are [word], [word+…] and {{…}}.
 */
export function tokenizeTemplate(template: string): TemplateSegment[] {
  const segments: TemplateSegment[] = [];
  let last = 0;
  for (const match of template.matchAll(CANDIDATE)) {
    const index = match.index;
    if (index > last) segments.push({ kind: 'text', text: template.slice(last, index) });
    segments.push({ kind: 'placeholder', text: match[0], known: resolve(match[1], match[2]) !== null });
    last = index + match[0].length;
  }
  if (last < template.length) segments.push({ kind: 'text', text: template.slice(last) });
  return segments;
}

/** The unknown placeholders of a template, in order of appearance (001 §5, 002 §5). */
export function findUnknownPlaceholders(template: string): string[] {
  return tokenizeTemplate(template)
    .filter((segment) => segment.kind === 'placeholder' && !segment.known)
    .map((segment) => segment.text);
}

/** 001 §2: message lines are truncated to 400 characters. */
export const MESSAGE_LINE_MAX = 400;

/** A run of message text with its WhatsApp styles (001 §2). */
export type FormattedSegment = { text: string; bold: boolean; italic: boolean; strike: boolean };
type Style = Omit<FormattedSegment, 'text'>;

const MARKERS = { '*': 'bold', _: 'italic', '~': 'strike' } as const;
type Marker = keyof typeof MARKERS;
const isMarker = (char: string | undefined): char is Marker => char === '*' || char === '_' || char === '~';
const isWordChar = (char: string | undefined): boolean => char !== undefined && /[\p{L}\p{N}]/u.test(char);
const isSpace = (char: string | undefined): boolean => char === undefined || /\s/.test(char);

// WhatsApp's rule: a marker opens before a non-space and not inside a word (snake_case stays
// plain), and closes after a non-space and not before a word character.
const opensAt = (line: string, i: number): boolean =>
  !isWordChar(line[i - 1]) && !isSpace(line[i + 1]) && line[i + 1] !== line[i];
const closesAt = (line: string, j: number): boolean => !isSpace(line[j - 1]) && !isWordChar(line[j + 1]);

function tokenizeInline(line: string, style: Style, out: FormattedSegment[]): void {
  let plain = '';
  const flush = (): void => {
    if (plain) out.push({ text: plain, ...style });
    plain = '';
  };
  let i = 0;
  while (i < line.length) {
    const char = line[i];
    if (isMarker(char) && !style[MARKERS[char]] && opensAt(line, i)) {
      let close = -1;
      for (let j = i + 2; j < line.length; j += 1) {
        if (line[j] === char && closesAt(line, j)) {
          close = j;
          break;
        }
      }
      if (close !== -1) {
        flush();
        tokenizeInline(line.slice(i + 1, close), { ...style, [MARKERS[char]]: true }, out);
        i = close + 1;
        continue;
      }
    }
    plain += char;
    i += 1;
  }
  flush();
}

function merge(segments: FormattedSegment[]): FormattedSegment[] {
  const merged: FormattedSegment[] = [];
  for (const segment of segments) {
    const previous = merged[merged.length - 1];
    if (previous && previous.bold === segment.bold && previous.italic === segment.italic && previous.strike === segment.strike) {
      previous.text += segment.text;
    } else {
      merged.push({ ...segment });
    }
  }
  return merged;
}

/**
 * Tokenizes message text for rendering (001 §2 "Text rendering"): one entry per line, each line
 * truncated to 400 characters, then split into segments where *x* is bold, _x_ italic and ~x~
 * strikethrough (nestable, e.g. *_x_*). Markers inside words or next to spaces stay literal.
 */
export function tokenizeWhatsappText(text: string): FormattedSegment[][] {
  return text.split(/\r?\n/).map((line) => {
    const out: FormattedSegment[] = [];
    tokenizeInline(line.slice(0, MESSAGE_LINE_MAX), { bold: false, italic: false, strike: false }, out);
    return merge(out);
  });
}
