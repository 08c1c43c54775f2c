// zod's messages in Brazilian Portuguese (issue 21 item 12), for every schema check without a text
// of its own, in the browser's forms and in the API's answers alike. zod's own 'pt' locale is
// European Portuguese with symbols ('Demasiado pequeno: esperava que o texto tivesse >= 1
// caracteres'); a user of Funil reads the spec's words instead: 'Obrigatório' for an empty required
// field (002 §5), 'O valor deve ser no mínimo N' / 'no máximo N' for a number out of range (002 §5
// 'Mass send'), 'Digite um email válido' for a bad email (002 §5 'User').
import { z } from 'zod';

import { HTTP_MESSAGES } from './errors.ts';

type Issue = z.core.$ZodRawIssue;

/** The texts of the locale, for tests and for schemas that want the same words. */
export const ZOD_PT_BR = {
  required: 'Obrigatório',
  /** A field left out of a request body (the API's answer; forms send every field). */
  missing: HTTP_MESSAGES.required,
  invalid: 'Valor inválido.',
  option: 'Selecione uma das opções.',
  email: 'Digite um email válido',
  url: 'Digite um endereço válido (https://…).',
  date: 'Data inválida.',
  time: 'Hora inválida.',
  format: 'Formato inválido.',
  number: 'Informe um número.',
  integer: 'Informe um número inteiro.',
  text: 'Informe um texto.',
  yesNo: 'Informe sim ou não.',
  list: 'Informe uma lista.',
  fileTooLarge: HTTP_MESSAGES.fileTooLarge,
  minChars: (n: string) => `Use no mínimo ${n} caracteres.`,
  maxChars: (n: string) => `Use no máximo ${n} caracteres.`,
  minItems: (n: string) => (n === '1' ? 'Selecione ao menos um item.' : `Selecione ao menos ${n} itens.`),
  maxItems: (n: string) => `Selecione no máximo ${n} itens.`,
  minValue: (n: string) => `O valor deve ser no mínimo ${n}`,
  maxValue: (n: string) => `O valor deve ser no máximo ${n}`,
  above: (n: string) => `O valor deve ser maior que ${n}`,
  below: (n: string) => `O valor deve ser menor que ${n}`,
  multipleOf: (n: string) => `O valor deve ser múltiplo de ${n}`,
} as const;

const numberFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 });
const show = (n: number | bigint | Date) =>
  n instanceof Date ? n.toISOString().slice(0, 10).split('-').reverse().join('/') : numberFormat.format(n);

const EXPECTED: Record<string, string> = {
  string: ZOD_PT_BR.text,
  number: ZOD_PT_BR.number,
  int: ZOD_PT_BR.integer,
  bigint: ZOD_PT_BR.integer,
  boolean: ZOD_PT_BR.yesNo,
  array: ZOD_PT_BR.list,
  tuple: ZOD_PT_BR.list,
  set: ZOD_PT_BR.list,
  date: ZOD_PT_BR.date,
};

const SIZED_TEXT = new Set(['string']);
const SIZED_LIST = new Set(['array', 'set', 'map']);

function sizeMessage(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>): string {
  const small = issue.code === 'too_small';
  const limit = small ? issue.minimum : issue.maximum;
  const n = show(limit);
  if (SIZED_TEXT.has(issue.origin)) {
    if (small && Number(limit) <= 1) return ZOD_PT_BR.required;
    return small ? ZOD_PT_BR.minChars(n) : ZOD_PT_BR.maxChars(n);
  }
  if (SIZED_LIST.has(issue.origin)) return small ? ZOD_PT_BR.minItems(n) : ZOD_PT_BR.maxItems(n);
  if (issue.origin === 'file') return small ? ZOD_PT_BR.required : ZOD_PT_BR.fileTooLarge;
  if (issue.origin === 'date') return ZOD_PT_BR.date;
  if (issue.inclusive === false) return small ? ZOD_PT_BR.above(n) : ZOD_PT_BR.below(n);
  return small ? ZOD_PT_BR.minValue(n) : ZOD_PT_BR.maxValue(n);
}

/** The message of one zod issue in plain Brazilian Portuguese; never zod's own wording. */
export function zodMessagePtBr(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return ZOD_PT_BR.missing;
      return EXPECTED[issue.expected] ?? ZOD_PT_BR.invalid;
    case 'too_small':
    case 'too_big':
      return sizeMessage(issue);
    case 'invalid_format':
      if (issue.format === 'email') return ZOD_PT_BR.email;
      if (issue.format === 'url') return ZOD_PT_BR.url;
      if (issue.format === 'date' || issue.format === 'datetime') return ZOD_PT_BR.date;
      if (issue.format === 'time') return ZOD_PT_BR.time;
      return ZOD_PT_BR.format;
    case 'invalid_value':
      return issue.values.length === 1 ? ZOD_PT_BR.invalid : ZOD_PT_BR.option;
    case 'not_multiple_of':
      return ZOD_PT_BR.multipleOf(show(Number(issue.divisor)));
    default:
      return ZOD_PT_BR.invalid;
  }
}

/** Sets the locale for every schema of this process or page; call once at start. */
export function configureZodPtBr(): void {
  z.config({ localeError: zodMessagePtBr });
}
