// The one helper for positional filter segments in list paths (ARCHITECTURE "The API contract";
// 000 §7 contact lists, 001 §7 whatsapp/clientes, 002 §7 "Filter segments for lists"):
// each value sits at a fixed position, -1 when empty, text URL-encoded twice, lists of ids
// comma-joined, dates as YYYY-MM-DD (optionally with HH:mm:ss).
import { isIntegerText, PG_INT_MAX } from '../http/ids.ts';

/** What a segment holds. */
export type SegmentKind =
  /** A page number, always present, integer ≥ 0. */
  | 'page'
  /** One id (integer ≥ 0) or null (-1). */
  | 'id'
  /** Free text, '' when empty (-1); URL-encoded twice. */
  | 'text'
  /** A list of ids, comma-joined; [] when empty (-1). */
  | 'ids'
  /** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss', or null (-1); URL-encoded once. */
  | 'date'
  /** A quick-filter switch: true is 1, false is -1. */
  | 'flag'
  /** 000 §5, §7 dashboards: unit ids joined by '&'; [] is '0' (-1 is read as empty too). */
  | 'units'
  /** 000 §5, §7 dashboards: ad ids (digits, as the ads platform gives them) joined by '@'; [] is '0'. */
  | 'ads';

/** One position of a layout. Fields marked `optional` form one group left out when all are empty. */
export type SegmentField = { readonly key: string; readonly kind: SegmentKind; readonly optional?: true };
export type SegmentLayout = readonly SegmentField[];

type ValueOfKind<K extends SegmentKind> = K extends 'page'
  ? number
  : K extends 'id'
    ? number | null
    : K extends 'text'
      ? string
      : K extends 'ids'
        ? readonly number[]
        : K extends 'date'
          ? string | null
          : K extends 'units'
            ? readonly number[]
            : K extends 'ads'
              ? readonly string[]
              : boolean;

/** The filter object a layout describes, keyed by field name. */
export type FilterOf<L extends SegmentLayout> = { -readonly [F in L[number] as F['key']]: ValueOfKind<F['kind']> };

/** 002 §7: the value of an unset segment. */
export const EMPTY_SEGMENT = '-1';

/** 000 §7 contact lists: GET contato/{lista|listaqualquer|crm}/{segments}. */
export const CONTACT_LIST_LAYOUT = [
  { key: 'page', kind: 'page' },
  { key: 'cli_status_negociacao', kind: 'id' },
  { key: 'cli_status_negociacao_venda', kind: 'id' },
  { key: 'cli_contato_status', kind: 'id' },
  { key: 'texto_busca', kind: 'text' },
  { key: 'cli_tipo_lead', kind: 'id' },
  { key: 'status_envio_massa', kind: 'id' },
  { key: 'cli_campanha_nome', kind: 'text' },
  { key: 'tags', kind: 'ids' },
  { key: 'atendentes', kind: 'ids' },
  /** 002 §3 cli_atendimento: 0 Todos, 1 Atendidos por mim, 2 Não Atendido. */
  { key: 'cli_atendimento', kind: 'id' },
  { key: 'data_inicio', kind: 'date', optional: true },
  { key: 'data_fim', kind: 'date', optional: true },
  /** 002 §2: 0 capture date, 1 attendance date. */
  { key: 'tipo_data', kind: 'id' },
] as const satisfies SegmentLayout;
export type ContactListFilter = FilterOf<typeof CONTACT_LIST_LAYOUT>;

/** 001 §7 GET whatsapp/clientes/{page}/{filters...}, the filter fields of 001 §3 in their order. */
export const WHATSAPP_CLIENTS_LAYOUT = [
  { key: 'page', kind: 'page' },
  { key: 'cli_status_negociacao', kind: 'id' },
  { key: 'cli_status_negociacao_venda', kind: 'id' },
  { key: 'cli_contato_status', kind: 'id' },
  { key: 'texto_busca', kind: 'text' },
  { key: 'cli_tipo_lead', kind: 'id' },
  { key: 'cli_mensagem_status', kind: 'id' },
  { key: 'cli_campanha_nome', kind: 'text' },
  { key: 'cli_data_inicio', kind: 'date' },
  { key: 'cli_data_fim', kind: 'date' },
  { key: 'cli_data_inicio_ultima_mensagem_recebida', kind: 'date' },
  { key: 'cli_data_fim_ultima_mensagem_recebida', kind: 'date' },
  { key: 'tag', kind: 'ids' },
  { key: 'atendentes', kind: 'ids' },
  /** 001 §4: 0 Não enviada … 4 Bloqueado; 0 is a value, not empty. */
  { key: 'status_mensagem', kind: 'id' },
  { key: 'lidos', kind: 'flag' },
  { key: 'nao_lidos', kind: 'flag' },
  { key: 'meus_atendimentos', kind: 'flag' },
  { key: 'nao_atribuidos', kind: 'flag' },
  { key: 'atendidos_por_mim', kind: 'flag' },
  { key: 'nao_atendidos', kind: 'flag' },
] as const satisfies SegmentLayout;
export type WhatsappClientsFilter = FilterOf<typeof WHATSAPP_CLIENTS_LAYOUT>;

/** 002 §7 GET /envioemmassa/clientes/{status_negociacao}/…/{atendentes}/. */
export const MASS_SEND_CLIENTS_LAYOUT = [
  { key: 'status_negociacao', kind: 'id' },
  { key: 'status_venda', kind: 'id' },
  { key: 'status_contato', kind: 'id' },
  { key: 'tipo_lead', kind: 'id' },
  { key: 'status_mensagem', kind: 'id' },
  { key: 'campanha', kind: 'text' },
  { key: 'data_inicio', kind: 'date' },
  { key: 'data_fim', kind: 'date' },
  { key: 'tags', kind: 'ids' },
  { key: 'atendentes', kind: 'ids' },
] as const satisfies SegmentLayout;
export type MassSendClientsFilter = FilterOf<typeof MASS_SEND_CLIENTS_LAYOUT>;

/** 002 §3 "Filter set (pipeline)", appended to the kanban paths of 001 §7 and 002 §7. */
export const PIPELINE_LAYOUT = [
  { key: 'texto_busca', kind: 'text' },
  { key: 'cli_data_inicial', kind: 'date' },
  { key: 'cli_data_final', kind: 'date' },
  { key: 'cli_tipo_lead', kind: 'id' },
  { key: 'cli_campanha_nome', kind: 'text' },
  { key: 'cli_tags', kind: 'ids' },
  { key: 'cli_atendimento', kind: 'id' },
  { key: 'cli_status_negociacao', kind: 'id' },
  { key: 'cli_status_negociacao_venda', kind: 'id' },
  { key: 'cli_contato_status', kind: 'id' },
  { key: 'ids_atendentes', kind: 'ids' },
  { key: 'meus_atendimentos', kind: 'flag' },
  { key: 'nao_atribuidos', kind: 'flag' },
] as const satisfies SegmentLayout;
export type PipelineFilter = FilterOf<typeof PIPELINE_LAYOUT>;

/** Why a filter could not be built or read. */
export type FilterSegmentsErrorCode = 'segment-count' | 'invalid-value';

/** A malformed filter path ('Filtro inválido: …'); the server answers it with 400. */
export class FilterSegmentsError extends Error {
  override readonly name = 'FilterSegmentsError';
  constructor(
    readonly code: FilterSegmentsErrorCode,
    detail: string,
    readonly field?: string,
  ) {
    super(`Filtro inválido: ${detail}`);
  }
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/**
 * Years a date filter may name (issue 7 §4): '9999-12-31' ends past year 9999 once read as São
 * Paulo time and is no date a list can mean, so it is refused rather than sent to the database.
 */
export const FILTER_YEAR_MIN = 1900;
export const FILTER_YEAR_MAX = 2999;

/** True for a date (or date-time) a filter segment may carry: a calendar date of years 1900–2999. */
export function isFilterDate(value: string): boolean {
  return isValidDate(value);
}

function isValidDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0));
  if (y === undefined || mo === undefined || d === undefined) return false;
  if (y < FILTER_YEAR_MIN || y > FILTER_YEAR_MAX) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  const sameDay = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  return sameDay && (h ?? 0) <= 23 && (mi ?? 0) <= 59 && (s ?? 0) <= 59;
}

// Filter ids are keys or codes (0 is a value: 'Não Atribuídos', 'Não enviada'); at most a PostgreSQL integer.
const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= PG_INT_MAX;
const isIdText = (segment: string) => isIntegerText(segment, 0);
// A unit id is a key from 1; an ad id is the ads platform's, digits of any length (it outgrows an integer).
const isUnitId = (value: unknown): value is number => isId(value) && value >= 1;
const AD_ID_PATTERN = /^[0-9]{1,30}$/;
const isAdId = (value: unknown): value is string => typeof value === 'string' && AD_ID_PATTERN.test(value);
/** 000 §5: the value of an empty unit or ad list. */
export const NO_ITEMS_SEGMENT = '0';

function encodeField(field: SegmentField, value: unknown): string {
  const invalid = (): never => {
    throw new FilterSegmentsError('invalid-value', `valor ${JSON.stringify(value)} em ${field.key}`, field.key);
  };
  switch (field.kind) {
    case 'page':
      return isId(value) ? String(value) : invalid();
    case 'id':
      if (value === null || value === undefined) return EMPTY_SEGMENT;
      return isId(value) ? String(value) : invalid();
    case 'text':
      if (value === null || value === undefined || value === '') return EMPTY_SEGMENT;
      return typeof value === 'string' ? encodeURIComponent(encodeURIComponent(value)) : invalid();
    case 'ids':
      if (value === null || value === undefined) return EMPTY_SEGMENT;
      if (!Array.isArray(value) || !value.every(isId)) return invalid();
      return value.length === 0 ? EMPTY_SEGMENT : value.join(',');
    case 'date':
      if (value === null || value === undefined || value === '') return EMPTY_SEGMENT;
      return typeof value === 'string' && isValidDate(value) ? encodeURIComponent(value) : invalid();
    case 'flag':
      return value === true ? '1' : EMPTY_SEGMENT;
    case 'units':
      if (value === null || value === undefined) return NO_ITEMS_SEGMENT;
      if (!Array.isArray(value) || !value.every(isUnitId)) return invalid();
      return value.length === 0 ? NO_ITEMS_SEGMENT : value.join('&');
    case 'ads':
      if (value === null || value === undefined) return NO_ITEMS_SEGMENT;
      if (!Array.isArray(value) || !value.every(isAdId)) return invalid();
      return value.length === 0 ? NO_ITEMS_SEGMENT : value.join('@');
  }
}

const isEmptyValue = (field: SegmentField, value: unknown): boolean => {
  const segment = encodeField(field, value);
  return segment === EMPTY_SEGMENT || ((field.kind === 'units' || field.kind === 'ads') && segment === NO_ITEMS_SEGMENT);
};

/**
 * Builds the positional segments of a filter, joined with '/', ready to append to a path
 * (000 §7, 001 §7, 002 §7): -1 for empty values, text encoded twice, id lists comma-joined,
 * dates encoded once, flags 1 or -1. The optional group (000 §7 start and end date-time) is
 * left out when all its values are empty. Throws FilterSegmentsError for values of the wrong
 * shape (negative ids, malformed dates).
 */
export function buildFilterSegments<L extends SegmentLayout>(layout: L, filter: FilterOf<L>): string {
  const values = filter as Record<string, unknown>;
  const omitOptional = layout.filter((f) => f.optional).every((f) => isEmptyValue(f, values[f.key]));
  return layout
    .filter((field) => !(field.optional && omitOptional))
    .map((field) => encodeField(field, values[field.key]))
    .join('/');
}

function decodeOnce(segment: string, field: SegmentField): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new FilterSegmentsError('invalid-value', `codificação inválida em ${field.key}`, field.key);
  }
}

function decodeField(field: SegmentField, segment: string): unknown {
  const invalid = (): never => {
    // The value is not repeated: the answer never echoes the request (issue 7 §4).
    throw new FilterSegmentsError('invalid-value', `valor inválido em ${field.key}`, field.key);
  };
  const isEmpty = segment === EMPTY_SEGMENT;
  switch (field.kind) {
    case 'page':
      return isIdText(segment) ? Number(segment) : invalid();
    case 'id':
      if (isEmpty) return null;
      return isIdText(segment) ? Number(segment) : invalid();
    case 'text': {
      if (isEmpty) return '';
      // Text is encoded twice, so a NUL arrives as '%2500' and passes the server's check of the
      // path; the database cannot compare with it (issue 7 §4).
      const text = decodeOnce(segment, field);
      return text.includes('\u0000') ? invalid() : text;
    }
    case 'ids':
      if (isEmpty) return [];
      return segment.split(',').every(isIdText) ? segment.split(',').map(Number) : invalid();
    case 'date':
      if (isEmpty) return null;
      return isValidDate(segment) ? segment : invalid();
    case 'flag':
      if (isEmpty || segment === '0') return false;
      return segment === '1' ? true : invalid();
    case 'units': {
      if (isEmpty || segment === NO_ITEMS_SEGMENT) return [];
      const parts = segment.split('&');
      return parts.length <= 200 && parts.every((part) => isIdText(part) && Number(part) >= 1)
        ? [...new Set(parts.map(Number))]
        : invalid();
    }
    case 'ads': {
      if (isEmpty || segment === NO_ITEMS_SEGMENT) return [];
      const parts = segment.split('@');
      return parts.length <= 200 && parts.every((part) => AD_ID_PATTERN.test(part)) ? [...new Set(parts)] : invalid();
    }
  }
}

/** How the segments reach the parser. */
export type ParseSegmentsOptions = {
  /**
   * false (default): the segments were already URL-decoded once by the router, as Fastify's
   * params are; text is then still encoded once. true: the raw path as it appears in the URL.
   */
  raw?: boolean;
};

/**
 * Reads positional filter segments back into a filter (000 §7, 001 §7, 002 §7). Accepts the
 * path tail as a string (leading and trailing '/' ignored) or the segments. With the optional
 * group of the layout, the tail may have all positions or all but that group. Throws
 * FilterSegmentsError ('Filtro inválido: …') for a wrong number of segments or a malformed value.
 */
export function parseFilterSegments<L extends SegmentLayout>(
  layout: L,
  input: string | readonly string[],
  options: ParseSegmentsOptions = {},
): FilterOf<L> {
  const split = typeof input === 'string' ? input.replace(/^\/+|\/+$/g, '').split('/') : [...input];
  const segments = split.map((segment) => (options.raw ? decodeURIComponentSafe(segment) : segment));
  const optionalCount = layout.filter((f) => f.optional).length;
  const withOptional = segments.length === layout.length;
  if (!withOptional && !(optionalCount > 0 && segments.length === layout.length - optionalCount)) {
    const expected = optionalCount > 0 ? `${layout.length - optionalCount} ou ${layout.length}` : `${layout.length}`;
    throw new FilterSegmentsError('segment-count', `esperados ${expected} segmentos, recebidos ${segments.length}`);
  }
  const filter: Record<string, unknown> = {};
  let position = 0;
  for (const field of layout) {
    if (field.optional && !withOptional) {
      filter[field.key] = decodeField(field, EMPTY_SEGMENT);
      continue;
    }
    filter[field.key] = decodeField(field, segments[position] ?? '');
    position += 1;
  }
  return filter as FilterOf<L>;
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new FilterSegmentsError('invalid-value', 'codificação inválida');
  }
}

/** The filter with every value empty (page 1 where the layout has a page). */
export function emptyFilter<L extends SegmentLayout>(layout: L): FilterOf<L> {
  const filter: Record<string, unknown> = {};
  for (const field of layout) {
    filter[field.key] = field.kind === 'page' ? 1 : decodeField(field, EMPTY_SEGMENT);
  }
  return filter as FilterOf<L>;
}

/** 000 §7: the three contact list reads. */
export const CONTACT_LIST_KINDS = ['lista', 'listaqualquer', 'crm'] as const;
export type ContactListKind = (typeof CONTACT_LIST_KINDS)[number];

/** 000 §7 'contato/{kind}/{page}/…' for a contact list filter. */
export function buildContactListPath(kind: ContactListKind, filter: ContactListFilter): string {
  return `contato/${kind}/${buildFilterSegments(CONTACT_LIST_LAYOUT, filter)}`;
}

/** 001 §7 'whatsapp/clientes/{page}/{filters...}'. */
export function buildWhatsappClientsPath(filter: WhatsappClientsFilter): string {
  return `whatsapp/clientes/${buildFilterSegments(WHATSAPP_CLIENTS_LAYOUT, filter)}`;
}

/** 002 §7 'envioemmassa/clientes/{…}/' (with its trailing slash). */
export function buildMassSendClientsPath(filter: MassSendClientsFilter): string {
  return `envioemmassa/clientes/${buildFilterSegments(MASS_SEND_CLIENTS_LAYOUT, filter)}/`;
}

/** 002 §7 'kanban/tabela/{page}/{filters...}'. */
export function buildKanbanTablePath(page: number, filter: PipelineFilter): string {
  const pageSegment = buildFilterSegments([{ key: 'page', kind: 'page' }] as const, { page });
  return `kanban/tabela/${pageSegment}/${buildFilterSegments(PIPELINE_LAYOUT, filter)}`;
}
