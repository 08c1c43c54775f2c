// How the Graph API reads a call's parameters: from the query string or the body (form-encoded or
// JSON) alike; `fields` as a comma list (nested `{…}` and `.limit()` modifiers ignored here);
// JSON-valued parameters (time_range, filtering, effective_status) as strings; cursor paging.
import { invalidParameter, nonexistingField } from './graph-error.ts';

export type Params = Record<string, string>;

/**
 * Query and body merged into strings: a repeated query key keeps its last value; a JSON body's
 * arrays and objects are re-encoded as JSON, as a form post would carry them.
 */
export const mergeParams = (query: unknown, body: unknown): Params => {
  const out: Params = {};
  const add = (source: unknown, fromQuery: boolean) => {
    if (!source || typeof source !== 'object' || Buffer.isBuffer(source)) return;
    for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
      if (value === undefined || value === null) continue;
      if (typeof value === 'string') out[key] = value;
      else if (fromQuery && Array.isArray(value)) out[key] = String(value.at(-1));
      else out[key] = JSON.stringify(value);
    }
  };
  add(query, true);
  add(body, false);
  return out;
};

/** Top-level names of a `fields` list; null when the call did not ask for fields. */
export const parseFields = (params: Params): string[] | null => {
  const raw = params.fields;
  if (raw === undefined || raw.trim() === '') return null;
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of raw) {
    if (ch === '{' || ch === '(') depth++;
    else if (ch === '}' || ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      names.push(current);
      current = '';
    } else current += ch;
  }
  names.push(current);
  return names.map((n) => n.replace(/[{(.].*$/s, '').trim()).filter(Boolean);
};

/** The requested fields checked against the node type's fields (Meta's #100 for an unknown one). */
export const requestedFields = (
  params: Params,
  known: readonly string[],
  defaults: readonly string[],
  nodeType: string,
): string[] => {
  const fields = parseFields(params);
  if (!fields) return [...defaults];
  for (const f of fields) if (!known.includes(f)) throw nonexistingField(f, nodeType);
  return fields;
};

/** A JSON parameter (time_range, filtering, effective_status…): parsed, or #100 naming the parameter. */
export const jsonParam = <T>(params: Params, name: string): T | undefined => {
  const raw = params[name];
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    throw invalidParameter(`Param ${name} must be a JSON-encoded value`);
  }
};

export type Filter = { field: string; operator: string; value: unknown };

export const filteringParam = (params: Params): Filter[] => {
  const filters = jsonParam<unknown>(params, 'filtering') ?? [];
  if (!Array.isArray(filters)) throw invalidParameter('Param filtering must be an array');
  for (const f of filters) {
    if (!f || typeof f !== 'object' || typeof (f as Filter).field !== 'string' || typeof (f as Filter).operator !== 'string')
      throw invalidParameter('Filtering field, operator and value are required');
  }
  return filters as Filter[];
};

/** Whether `actual` passes one filter (IN, NOT_IN, EQUAL, NOT_EQUAL, GREATER_THAN, LESS_THAN, CONTAIN, …). */
export const passes = (actual: unknown, filter: Filter): boolean => {
  const { operator, value } = filter;
  const list = Array.isArray(value) ? value.map(String) : [String(value)];
  switch (operator) {
    case 'IN':
      return list.includes(String(actual));
    case 'NOT_IN':
      return !list.includes(String(actual));
    case 'EQUAL':
      return String(actual) === String(value);
    case 'NOT_EQUAL':
      return String(actual) !== String(value);
    case 'GREATER_THAN':
      return Number(actual) > Number(value);
    case 'GREATER_THAN_OR_EQUAL':
      return Number(actual) >= Number(value);
    case 'LESS_THAN':
      return Number(actual) < Number(value);
    case 'LESS_THAN_OR_EQUAL':
      return Number(actual) <= Number(value);
    case 'CONTAIN':
      return String(actual).toLowerCase().includes(String(value).toLowerCase());
    case 'NOT_CONTAIN':
      return !String(actual).toLowerCase().includes(String(value).toLowerCase());
    default:
      throw invalidParameter(`Filtering operator ${operator} is not supported`);
  }
};

const encodeCursor = (index: number): string => Buffer.from(`cursor:${index}`).toString('base64');
const decodeCursor = (cursor: string): number => {
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  const m = /^cursor:(\d+)$/.exec(text);
  if (!m) throw invalidParameter('Invalid cursor');
  return Number(m[1]);
};

/** Rows a page is cut from: an array, or rows computed as they are read (the insights of a large report). */
export type RowSource<T> = {
  slice(start: number, end: number): T[];
  /** Whether a row exists at this index. */
  has(index: number): boolean;
};

const sourceOf = <T>(items: T[] | RowSource<T>): RowSource<T> =>
  Array.isArray(items) ? { slice: (s, e) => items.slice(s, e), has: (i) => i < items.length } : items;

export type Paged<T> = {
  data: T[];
  paging?: { cursors: { before: string; after: string }; next?: string; previous?: string };
};

/**
 * One page of `items` by `limit`/`after`/`before`. As Meta does, `paging.cursors` stays on the last
 * page; only `next` disappears there (clients must stop on a missing `next`, issue 24). `link(cursor
 * params)` builds the absolute `next`/`previous` URLs: they carry the access token but no
 * appsecret_proof, which the client must add to every page.
 */
export const page = <T>(rows: T[] | RowSource<T>, params: Params, link: (extra: Params) => string, maxLimit = 5000): Paged<T> => {
  const items = sourceOf(rows);
  const limit = params.limit === undefined ? 25 : Number(params.limit);
  if (!Number.isInteger(limit) || limit < 1) throw invalidParameter('Param limit must be a positive integer');
  const size = Math.min(limit, maxLimit);
  let start = 0;
  if (params.after !== undefined) start = decodeCursor(params.after) + 1;
  else if (params.before !== undefined) start = Math.max(0, decodeCursor(params.before) - size);
  const data = items.slice(start, start + size);
  if (data.length === 0) return { data: [] };
  const first = start;
  const last = start + data.length - 1;
  const paging: NonNullable<Paged<T>['paging']> = { cursors: { before: encodeCursor(first), after: encodeCursor(last) } };
  if (items.has(last + 1)) paging.next = link({ limit: String(size), after: encodeCursor(last) });
  if (first > 0) paging.previous = link({ limit: String(size), before: encodeCursor(first) });
  return { data, paging };
};
