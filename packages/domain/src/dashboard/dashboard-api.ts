// The dashboards' contract (000 §2 'Dashboard screen', §3 'Dashboard responses', §5, §6
// 'Dashboard', §7 'Dashboard GETs', §9): the path segments of every call, the payload each
// answers, which variant a unit shows and which tabs and units a role sees. Server and browser
// both use this file; docs/decisions.md "Dashboards" says how each number is computed.
import type { z } from 'zod';

import { roleOf, type Permission } from '../access/roles.ts';
import { filterBound, formatIsoDate, toWallTime } from '../format/date.ts';
import {
  buildFilterSegments,
  EMPTY_SEGMENT,
  parseFilterSegments,
  type FilterOf,
  type SegmentLayout,
} from '../leads/filter-segments.ts';
import type { CallHours } from '../webphone/call-hours.ts';
import {
  attendanceResponseSchema,
  campaignsResponseSchema,
  captureResponseSchema,
  classicDailyResponseSchema,
  classicResponseSchema,
  conversionValuesResponseSchema,
  leadsTablesResponseSchema,
  ltvResponseSchema,
  rankingResponseSchema,
  stagesResponseSchema,
  timeResponseSchema,
  type WorkingHours,
} from './dashboard-payloads.ts';

// The payload schemas live in dashboard-payloads.ts; server and web import the whole contract from here.
export * from './dashboard-payloads.ts';

// ---------------------------------------------------------------------------------------------
// Variants and roles

/** 000 §2: which of the three dashboards a unit shows. */
export type DashboardVariant = 'externo' | 'v2' | 'classico';

/** 000 §2: a unit with url_dashboard shows it; else dash_v2 picks v2; else the classic tabs. */
export function dashboardVariant(unit: {
  urlDashboard: string | null | undefined;
  dashV2: boolean | undefined;
}): DashboardVariant {
  if (unit.urlDashboard && unit.urlDashboard.trim() !== '') return 'externo';
  return unit.dashV2 ? 'v2' : 'classico';
}

/** 000 §9: the external dashboard's frame is the window's height minus 140 px. */
export const EXTERNAL_DASHBOARD_OFFSET_PX = 140;

/** The classic dashboard's tabs (000 §2). */
export const CLASSIC_TABS = ['ATENDIMENTOS', 'CAMPANHAS', 'LTV'] as const;
export type ClassicTab = (typeof CLASSIC_TABS)[number];

/** 000 §6 'Dashboard': the unit multi-select is the super-admin's and the multi-manager's. */
export function canChooseDashboardUnits(permission: Permission): boolean {
  const role = roleOf(permission);
  return role === 'superAdmin' || role === 'multiManager';
}

/**
 * 000 §6 'Dashboard': ATENDIMENTOS for everyone; CAMPANHAS for super-admin, admin (a and ag),
 * multi-manager and manager; LTV for super-admin and multi-manager.
 */
export function dashboardTabsFor(permission: Permission): readonly ClassicTab[] {
  const role = roleOf(permission);
  const tabs: ClassicTab[] = ['ATENDIMENTOS'];
  if (role !== 'user') tabs.push('CAMPANHAS');
  if (role === 'superAdmin' || role === 'multiManager') tabs.push('LTV');
  return tabs;
}

/**
 * Whose numbers an attendant (u) sees: only their own leads (an attendant's dashboard is their
 * own work; docs/decisions.md "Dashboards: who sees what"). Every other role sees whole units.
 */
export function dashboardOwnLeadsOnly(permission: Permission): boolean {
  return roleOf(permission) === 'user';
}

// ---------------------------------------------------------------------------------------------
// Path segments (000 §5, §7): one helper, filter-segments.ts, with the dashboard's layouts.

/** 000 §7 dashboard/crm|crmat|crmdata/{units}[/{start}[/{end}]]. */
export const DASHBOARD_UNITS_LAYOUT = [
  { key: 'unidades', kind: 'units' },
  { key: 'data_inicio', kind: 'date', optional: true },
  { key: 'data_fim', kind: 'date', optional: true },
] as const satisfies SegmentLayout;
export type DashboardUnitsFilter = FilterOf<typeof DASHBOARD_UNITS_LAYOUT>;

/** 000 §7 dashboard/campanhas|ltv/{units}/{ads}[/{start}[/{end}]]. */
export const DASHBOARD_CAMPAIGNS_LAYOUT = [
  { key: 'unidades', kind: 'units' },
  { key: 'anuncios', kind: 'ads' },
  { key: 'data_inicio', kind: 'date', optional: true },
  { key: 'data_fim', kind: 'date', optional: true },
] as const satisfies SegmentLayout;
export type DashboardCampaignsFilter = FilterOf<typeof DASHBOARD_CAMPAIGNS_LAYOUT>;

/**
 * 000 §7 dashboard/captacao|atendimento|atendimento-conversao-valores|atendimento-tempo/
 * {campaign}/{clientStatus}/{platform}/{attendant}[/{start}[/{end}]], -1 for an empty filter.
 * campaign: the campaign name (cli_campanha_nome, text encoded twice as every text segment);
 * clientStatus: the sale status (idFunilVenda); platform: plataformas.id (cli_tipo_lead);
 * attendant: usuarios.id (0 'Não Atribuídos').
 */
export const DASHBOARD_V2_LAYOUT = [
  { key: 'campanha', kind: 'text' },
  { key: 'status_cliente', kind: 'id' },
  { key: 'plataforma', kind: 'id' },
  { key: 'atendente', kind: 'id' },
  { key: 'data_inicio', kind: 'date', optional: true },
  { key: 'data_fim', kind: 'date', optional: true },
] as const satisfies SegmentLayout;
export type DashboardV2Filter = FilterOf<typeof DASHBOARD_V2_LAYOUT>;

/** 000 §7 dashboard/atendimento-leads/{pageCaptacao}/{pageAtendimento}/{v2 filter}. Pages from 1. */
export const DASHBOARD_V2_LEADS_LAYOUT = [
  { key: 'pagina_captacao', kind: 'page' },
  { key: 'pagina_atendimento', kind: 'page' },
  ...DASHBOARD_V2_LAYOUT,
] as const satisfies SegmentLayout;
export type DashboardV2LeadsFilter = FilterOf<typeof DASHBOARD_V2_LEADS_LAYOUT>;

/** The calls of 000 §7 'Dashboard GETs' plus this product's ranking and stage calls, by layout. */
export const DASHBOARD_CALLS = {
  crm: DASHBOARD_UNITS_LAYOUT,
  crmat: DASHBOARD_UNITS_LAYOUT,
  crmdata: DASHBOARD_UNITS_LAYOUT,
  campanhas: DASHBOARD_CAMPAIGNS_LAYOUT,
  ltv: DASHBOARD_CAMPAIGNS_LAYOUT,
  captacao: DASHBOARD_V2_LAYOUT,
  atendimento: DASHBOARD_V2_LAYOUT,
  'atendimento-conversao-valores': DASHBOARD_V2_LAYOUT,
  'atendimento-tempo': DASHBOARD_V2_LAYOUT,
  'atendimento-leads': DASHBOARD_V2_LEADS_LAYOUT,
  // Beyond the spec (issue 14): the attendant ranking and the stage-to-stage funnel.
  ranking: DASHBOARD_V2_LAYOUT,
  etapas: DASHBOARD_V2_LAYOUT,
} as const;
export type DashboardCall = keyof typeof DASHBOARD_CALLS;
export type DashboardFilterOf<C extends DashboardCall> = FilterOf<(typeof DASHBOARD_CALLS)[C]>;

/** 'dashboard/{call}/{segments}' for a filter (000 §7), ready to append to the API prefix. */
export function buildDashboardPath<C extends DashboardCall>(call: C, filter: DashboardFilterOf<C>): string {
  return `dashboard/${call}/${buildFilterSegments(DASHBOARD_CALLS[call] as SegmentLayout, filter as never)}`;
}

/**
 * Reads a dashboard path tail (after 'dashboard/{call}/') into its filter. 000 §7 writes the dates
 * as `[/{start}[/{end}]]`: a tail may stop before the start, or after it (the end is then open).
 * Throws FilterSegmentsError ('Filtro inválido: …') for a wrong count or value.
 */
export function parseDashboardSegments<C extends DashboardCall>(
  call: C,
  tail: string | readonly string[],
  options: { raw?: boolean } = {},
): DashboardFilterOf<C> {
  const layout = DASHBOARD_CALLS[call] as SegmentLayout;
  const segments = typeof tail === 'string' ? tail.replace(/^\/+|\/+$/g, '').split('/') : [...tail];
  // Only the start given: the end is empty.
  const padded = segments.length === layout.length - 1 ? [...segments, EMPTY_SEGMENT] : segments;
  return parseFilterSegments(layout, padded, options) as DashboardFilterOf<C>;
}

// ---------------------------------------------------------------------------------------------
// Periods

/** 000 §9: the default dashboard period is the last 7 days (today and the 6 before). */
export const DEFAULT_PERIOD_DAYS = 7;

/** The longest period one call may ask for (two years and a day): keeps every answer bounded. */
export const MAX_PERIOD_DAYS = 732;

export const PERIOD_MESSAGES = {
  order: 'Período inválido: a data inicial é posterior à data final.',
  tooLong: `Período inválido: no máximo ${MAX_PERIOD_DAYS} dias.`,
} as const;

/** The default period of 000 §2 v2 ('YYYY-MM-DD 00:00:00' … 'YYYY-MM-DD 23:59:59'), São Paulo days. */
export function defaultDashboardPeriod(now: Date): { data_inicio: string; data_fim: string } {
  const w = toWallTime(now);
  const start = new Date(Date.UTC(w.year, w.month - 1, w.day - (DEFAULT_PERIOD_DAYS - 1)));
  const pad = (n: number) => String(n).padStart(2, '0');
  const startDay = `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}-${pad(start.getUTCDate())}`;
  return { data_inicio: `${startDay} 00:00:00`, data_fim: `${formatIsoDate(now)} 23:59:59` };
}

/** A half-open period [inicio, fim) of instants. */
export type DashboardPeriod = { inicio: Date; fim: Date };

const DAY_MS = 86_400_000;

/**
 * The period of a dashboard call (000 §7): the start 'YYYY-MM-DD' is its São Paulo midnight, a
 * start with a time is that second; the end 'YYYY-MM-DD' takes the whole day and an end with a
 * time ('… 23:59:59') takes that whole second. No dates: the last 7 days (000 §9); a start alone
 * runs to the end of today. Returns the Portuguese reason when the period is backwards or too long.
 */
export function resolveDashboardPeriod(
  filter: { data_inicio: string | null; data_fim: string | null },
  now: Date,
): DashboardPeriod | { error: string } {
  const defaults = defaultDashboardPeriod(now);
  const startText = filter.data_inicio ?? defaults.data_inicio;
  const endText = filter.data_fim ?? defaults.data_fim;
  const inicio = filterBound(startText, 'start');
  const fim = filterBound(endText, 'end');
  if (!inicio || !fim) return { error: PERIOD_MESSAGES.order };
  if (inicio.getTime() >= fim.getTime()) return { error: PERIOD_MESSAGES.order };
  if (fim.getTime() - inicio.getTime() > MAX_PERIOD_DAYS * DAY_MS) return { error: PERIOD_MESSAGES.tooLong };
  return { inicio, fim };
}

/** The period of the same length just before (the comparison of every card). */
export function previousPeriod(period: DashboardPeriod): DashboardPeriod {
  const length = period.fim.getTime() - period.inicio.getTime();
  return { inicio: new Date(period.inicio.getTime() - length), fim: period.inicio };
}

/** The São Paulo days a period touches, first and last, as 'YYYY-MM-DD'. */
export function periodDays(period: DashboardPeriod): { primeiro: string; ultimo: string } {
  return { primeiro: formatIsoDate(period.inicio), ultimo: formatIsoDate(new Date(period.fim.getTime() - 1)) };
}

/** Every São Paulo day of a period in order (the daily charts keep days without data as zeros). */
export function daysOfPeriod(period: DashboardPeriod): string[] {
  const { primeiro, ultimo } = periodDays(period);
  const days: string[] = [];
  const [y, m, d] = primeiro.split('-').map(Number);
  for (let i = 0; i < MAX_PERIOD_DAYS + 2; i += 1) {
    const day = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + i)).toISOString().slice(0, 10);
    days.push(day);
    if (day >= ultimo) break;
  }
  return days;
}

/**
 * The working hours the first-contact card counts in (issue 14 "Beyond the spec"): the unit's call
 * hours and holidays (horario_ligacao, feriados of 002 §9 / issue 12) when it has them; this week
 * (Monday to Friday, 08:00 to 18:00, São Paulo) when its horario_ligacao is empty. Migration
 * 0017's dashboard_segundos_uteis uses these same hours (docs/decisions.md).
 */
export const DEFAULT_WORKING_HOURS: CallHours = [
  null,
  { inicio: '08:00', fim: '18:00' },
  { inicio: '08:00', fim: '18:00' },
  { inicio: '08:00', fim: '18:00' },
  { inicio: '08:00', fim: '18:00' },
  { inicio: '08:00', fim: '18:00' },
  null,
];

/** The hours the card used for a unit: its own week or the default one, and its holidays. */
export function workingHoursOf(
  settings: { horario_ligacao: CallHours | null; feriados: readonly string[] } | null,
): WorkingHours {
  const own = settings?.horario_ligacao ?? null;
  return { origem: own ? 'unidade' : 'padrao', semana: own ?? DEFAULT_WORKING_HOURS, feriados: [...(settings?.feriados ?? [])] };
}

/** The v2 filter with nothing chosen and the default period (000 §4 'Dashboard v2 load', Limpar). */
export function defaultV2Filter(now: Date): DashboardV2Filter {
  return { campanha: '', status_cliente: null, plataforma: null, atendente: null, ...defaultDashboardPeriod(now) };
}

// ---------------------------------------------------------------------------------------------
// Constants of 000 §9

/** 000 §9: the negotiation statuses (idFunil) that count as a conversion. */
export const CONVERSION_NEGOTIATION_IDS = [5, 6] as const;
/** Whether a negotiation status (idFunil) counts as a conversion (000 §9). */
export function isConversionStatus(idFunil: number): boolean {
  return (CONVERSION_NEGOTIATION_IDS as readonly number[]).includes(idFunil);
}
/** 000 §9: sale status 1 ('Nenhum' in the default funnel): not yet a customer. */
export const NO_SALE_STATUS_ID = 1;
/** 000 §9: tables show 5 rows a page, the only option. */
export const DASHBOARD_TABLE_ROWS = 5;
/**
 * 000 §2: the table fetches the next server page when the table's page index plus 2 is divisible
 * by 5 (index 3 of pages 0–4, index 8 of 5–9, …). Returns the server page to fetch, or null.
 */
export function leadsPageToFetch(tablePageIndex: number): number | null {
  if ((tablePageIndex + 2) % 5 !== 0) return null;
  return Math.floor(tablePageIndex / 5) + 2;
}
/** 000 §2, §8: the tables' empty texts. */
export const EMPTY_TABLE_TEXTS = { captados: 'Nenhum registro encontrado!', atendidos: 'Nenhum registro para exibir' } as const;
/** 000 §2, §9: campaign names over 20 characters are cut to 15 in chart labels. */
export function campaignChartLabel(name: string): string {
  return name.length > 20 ? name.slice(0, 15) : name;
}

/** The answer of each dashboard call (000 §7), `{ data: … }`: the server's response schema and the browser's parser. */
export const DASHBOARD_RESPONSES = {
  crm: classicResponseSchema,
  crmat: classicResponseSchema,
  crmdata: classicDailyResponseSchema,
  campanhas: campaignsResponseSchema,
  ltv: ltvResponseSchema,
  captacao: captureResponseSchema,
  atendimento: attendanceResponseSchema,
  'atendimento-conversao-valores': conversionValuesResponseSchema,
  'atendimento-tempo': timeResponseSchema,
  'atendimento-leads': leadsTablesResponseSchema,
  ranking: rankingResponseSchema,
  etapas: stagesResponseSchema,
} as const satisfies Record<DashboardCall, z.ZodType>;
