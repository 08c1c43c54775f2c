// The dashboards' contract (000 §2 'Dashboard screen', §3 'Dashboard responses', §5, §6
// 'Dashboard', §7 'Dashboard GETs', §9): the path segments of every call, the payload each
// answers, which variant a unit shows and which tabs and units a role sees. Server and browser
// both use this file; docs/decisions.md "Dashboards" says how each number is computed.
import { z } from 'zod';
import { roleOf, type Permission } from '../access/roles.ts';
import { formatIsoDate, toInstant, toWallTime, zonedWallTimeToDate } from '../format/date.ts';
import type { CallHours } from '../webphone/call-hours.ts';
import {
  EMPTY_SEGMENT,
  buildFilterSegments,
  parseFilterSegments,
  type FilterOf,
  type SegmentLayout,
} from '../leads/filter-segments.ts';

// ---------------------------------------------------------------------------------------------
// Variants and roles

/** 000 §2: which of the three dashboards a unit shows. */
export type DashboardVariant = 'externo' | 'v2' | 'classico';

/** 000 §2: a unit with url_dashboard shows it; else dash_v2 picks v2; else the classic tabs. */
export function dashboardVariant(unit: { urlDashboard: string | null | undefined; dashV2: boolean | undefined }): DashboardVariant {
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
export const DASHBOARD_CALL_NAMES = Object.keys(DASHBOARD_CALLS) as DashboardCall[];
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
export function parseDashboardSegments<C extends DashboardCall>(call: C, tail: string | readonly string[], options: { raw?: boolean } = {}): DashboardFilterOf<C> {
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
  const startDay = `${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, '0')}-${String(start.getUTCDate()).padStart(2, '0')}`;
  return { data_inicio: `${startDay} 00:00:00`, data_fim: `${formatIsoDate(now)} 23:59:59` };
}

/** A half-open period [inicio, fim) of instants. */
export type DashboardPeriod = { inicio: Date; fim: Date };

const DAY_MS = 86_400_000;

/** The São Paulo midnight that starts the day after 'YYYY-MM-DD'. */
function nextDayStart(isoDay: string): Date | null {
  const [y, m, d] = isoDay.split('-').map(Number);
  const next = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + 1));
  return zonedWallTimeToDate({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0, second: 0 });
}

/**
 * The period of a dashboard call (000 §7): the start 'YYYY-MM-DD' is its São Paulo midnight, a
 * start with a time is that second; the end 'YYYY-MM-DD' takes the whole day and an end with a
 * time ('… 23:59:59') takes that whole second. No dates: the last 7 days (000 §9); a start alone
 * runs to the end of today. Returns the Portuguese reason when the period is backwards or too long.
 */
export function resolveDashboardPeriod(filter: { data_inicio: string | null; data_fim: string | null }, now: Date): DashboardPeriod | { error: string } {
  const defaults = defaultDashboardPeriod(now);
  const startText = filter.data_inicio ?? defaults.data_inicio;
  const endText = filter.data_fim ?? defaults.data_fim;
  const inicio = toInstant(startText.length === 10 ? `${startText} 00:00:00` : startText);
  const fim = endText.length === 10 ? nextDayStart(endText) : (() => {
    const at = toInstant(endText);
    return at ? new Date(at.getTime() + 1000) : null;
  })();
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
export function workingHoursOf(settings: { horario_ligacao: CallHours | null; feriados: readonly string[] } | null): WorkingHours {
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
/** 000 §9: sale status 1 ('Nenhum' in the default funnel): not yet a customer. */
export const NO_SALE_STATUS_ID = 1;
/** 000 §9: tables show 5 rows a page, the only option. */
export const DASHBOARD_TABLE_ROWS = 5;
/** One server page of atendimento-leads: 5 table pages of 5 rows (000 §2 paging rule). */
export const DASHBOARD_LEADS_PAGE_SIZE = 25;
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

// ---------------------------------------------------------------------------------------------
// Payloads. Money is in BRL (number, 2 decimals), times in seconds, days 'YYYY-MM-DD' (São Paulo).

const count = z.number().int().nonnegative();
const money = z.number();
const seconds = z.number().nonnegative().nullable();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const dateTime = z.string();

/** The period an answer covers and the one it is compared with (same length, just before). */
export const periodSchema = z.object({ inicio: dateTime, fim: dateTime });
const periods = { periodo: periodSchema, periodo_anterior: periodSchema };

/** 000 §3 cards_captacao, keys as the spec writes them. */
export const captureCardsSchema = z.object({
  'Leads Captados': count,
  /** Leads reached by a sent message or a call attempt. */
  Impactados: count,
  /** … of which by a sent message. */
  Mensagens: count,
  /** … of which by a call attempt. */
  Ligacao: count,
  /** Leads that answered: a received message or an answered call. */
  Responderam: count,
  'Respondeu Wpp': count,
  Atendeu: count,
  /** 000 §2 'Conversões shown as a BRL value': the ticket sum of the converted leads. */
  Valor: money,
  /** 000 §2 'Valor em Conversões shown as a count': how many converted. */
  Conversao: count,
});
export type CaptureCards = z.infer<typeof captureCardsSchema>;

export const funnelStepSchema = z.object({ nome: z.string(), valor: count });
export const platformSliceSchema = z.object({ id: z.number().int().nullable(), nome: z.string(), valor: count });
/** 000 §3 grafico_column_captacao: one row per campaign and negotiation status. */
export const campaignStatusColumnSchema = z.object({
  /** The negotiation status name ('Desconhecido' when the unit has none of that id). */
  nome: z.string(),
  'Leads Captados': count,
  cli_campanha_nome: z.string(),
  id_funil: z.number().int(),
  cor: z.string(),
});

/** GET dashboard/captacao/… */
export const captureResponseSchema = z.object({
  data: z.object({
    cards_captacao: captureCardsSchema,
    cards_captacao_anterior: captureCardsSchema,
    grafico_funil_captacao: z.array(funnelStepSchema),
    grafico_donut_captacao: z.array(platformSliceSchema),
    grafico_column_captacao: z.array(campaignStatusColumnSchema),
    ...periods,
  }),
});
export type CaptureResponse = z.infer<typeof captureResponseSchema>;

/** 000 §2 'Performance de Atendimento' cards (000 §3 cards_atendimento; its keys are not shown). */
export const attendanceCardsSchema = z.object({
  leads_impactados: count,
  impactados_mensagem: count,
  impactados_ligacao: count,
  responderam: count,
  responderam_mensagem: count,
  responderam_ligacao: count,
  /** Percentages of the impacted leads, 0–100, two decimals. */
  percentual_responderam: z.number(),
  percentual_responderam_mensagem: z.number(),
  percentual_responderam_ligacao: z.number(),
  /** Sent messages per impacted-by-message lead, 3 decimals. */
  media_mensagens: z.number(),
  /** Call attempts per impacted-by-call lead, 3 decimals. */
  media_tentativas_ligacao: z.number(),
  valor_conversoes: money,
  conversoes: count,
});
export type AttendanceCards = z.infer<typeof attendanceCardsSchema>;

/** GET dashboard/atendimento/… */
export const attendanceResponseSchema = z.object({
  data: z.object({ cards_atendimento: attendanceCardsSchema, cards_atendimento_anterior: attendanceCardsSchema, ...periods }),
});
export type AttendanceResponse = z.infer<typeof attendanceResponseSchema>;

export const conversionValuesSchema = z.object({
  conversoes: count,
  valor_conversoes: money,
  /** valor_conversoes / conversoes, 2 decimals; 0 without conversions. */
  ticket_medio: money,
});
/** GET dashboard/atendimento-conversao-valores/…: the conversion cards and their days. */
export const conversionValuesResponseSchema = z.object({
  data: z.object({
    conversao_valores: conversionValuesSchema,
    conversao_valores_anterior: conversionValuesSchema,
    por_dia: z.array(z.object({ dia: day, conversoes: count, valor: money })),
    ...periods,
  }),
});
export type ConversionValuesResponse = z.infer<typeof conversionValuesResponseSchema>;

/** 000 §2 the six time cards (seconds; null when nothing was measured) and the working-hours one. */
export const timeCardsSchema = z.object({
  tempo_medio_conversao: seconds,
  tempo_medio_contato_mensagem: seconds,
  tempo_medio_contato_ligacao: seconds,
  tempo_medio_resposta_mensagem: seconds,
  duracao_media_ligacao: seconds,
  duracao_total_ligacoes: z.number().nonnegative(),
  /** Beyond the spec: the first contact (message or call) counted in the unit's working hours. */
  tempo_medio_primeiro_contato_horario_util: seconds,
});
export type TimeCards = z.infer<typeof timeCardsSchema>;

/** The week (Sunday first) and holidays the working-hours card counted in, and whose week it is. */
export const workingHoursSchema = z.object({
  origem: z.enum(['unidade', 'padrao']),
  semana: z.array(z.object({ inicio: z.string(), fim: z.string() }).nullable()).length(7),
  feriados: z.array(z.string()),
});
export type WorkingHours = z.infer<typeof workingHoursSchema>;

/** GET dashboard/atendimento-tempo/… */
export const timeResponseSchema = z.object({
  data: z.object({
    tempos: timeCardsSchema,
    tempos_anterior: timeCardsSchema,
    /** The working hours used by tempo_medio_primeiro_contato_horario_util (docs/decisions.md). */
    horario_util: workingHoursSchema,
    ...periods,
  }),
});
export type TimeResponse = z.infer<typeof timeResponseSchema>;

/** 000 §3 tabela_leads_captados row. */
export const capturedLeadRowSchema = z.object({
  cli_crm_id: z.number().int(),
  data_captacao: dateTime,
  cli_nome: z.string(),
  anuncio: z.string().nullable(),
  cli_telefone: z.string(),
  negociacao: z.string(),
  valor_ticket: money,
});
/** 000 §3 tabela_leads_antendidos row (spelled so). tipo: 'Mensagem' or 'Ligação', the first contact's kind. */
export const attendedLeadRowSchema = z.object({
  cli_crm_id: z.number().int(),
  data_atendimento: dateTime,
  cli_nome: z.string(),
  anuncio: z.string().nullable(),
  cli_telefone: z.string(),
  tipo: z.string(),
  negociacao: z.string(),
  valor_ticket: money,
});
export type CapturedLeadRow = z.infer<typeof capturedLeadRowSchema>;
export type AttendedLeadRow = z.infer<typeof attendedLeadRowSchema>;

/** GET dashboard/atendimento-leads/…: one server page (25 rows) of each table, with the totals. */
export const leadsTablesResponseSchema = z.object({
  data: z.object({
    tabela_leads_captados: z.array(capturedLeadRowSchema),
    tabela_leads_antendidos: z.array(attendedLeadRowSchema),
    total_captados: count,
    total_atendidos: count,
    pagina_captacao: z.number().int(),
    pagina_atendimento: z.number().int(),
    por_pagina: z.literal(DASHBOARD_LEADS_PAGE_SIZE),
  }),
});
export type LeadsTablesResponse = z.infer<typeof leadsTablesResponseSchema>;

/** Beyond the spec: one attendant's row of the ranking. */
export const rankingRowSchema = z.object({
  id_usuario: z.number().int(),
  nome: z.string(),
  ligacoes: count,
  ligacoes_atendidas: count,
  minutos_falados: z.number().nonnegative(),
  mensagens_enviadas: count,
  leads_contatados: count,
  tempo_medio_primeira_resposta: seconds,
  conversoes: count,
  valor_conversoes: money,
});
/** GET dashboard/ranking/…: attendants by conversion value, then conversions, then leads reached. */
export const rankingResponseSchema = z.object({
  data: z.object({ ranking: z.array(rankingRowSchema), ranking_anterior: z.array(rankingRowSchema), ...periods }),
});
export type RankingRow = z.infer<typeof rankingRowSchema>;
export type RankingResponse = z.infer<typeof rankingResponseSchema>;

/** Beyond the spec: one negotiation status of the stage view. */
export const stageRowSchema = z.object({
  id_funil: z.number().int(),
  nome: z.string(),
  cor: z.string(),
  /** Moves into this status in the period (a capture counts as entering status 1). */
  entraram: count,
  /** Moves out of this status to a later one of the funnel order in the period. */
  avancaram: count,
  /** avancaram / entraram in percent, 2 decimals (can pass 100: leads captured before the period move on in it). */
  taxa_avanco: z.number(),
  /** Average seconds a lead stayed in this status before a move out in the period. */
  tempo_medio_na_etapa: seconds,
});
/** GET dashboard/etapas/… */
export const stagesResponseSchema = z.object({ data: z.object({ etapas: z.array(stageRowSchema), ...periods }) });
export type StagesResponse = z.infer<typeof stagesResponseSchema>;

// Classic ---------------------------------------------------------------------------------------

export const statusSliceSchema = z.object({ id: z.number().int(), nome: z.string(), cor: z.string(), total: count });

/** Cards of the ATENDIMENTOS tab. */
export const classicTotalsSchema = z.object({
  total: count,
  novos: count,
  nao_atendidos: count,
  atendidos: count,
  em_atendimento: count,
  convertidos: count,
  valor_ticket: money,
  ligacoes: count,
  ligacoes_atendidas: count,
});

export const recentLeadSchema = z.object({
  cli_crm_id: z.number().int(),
  cli_nome: z.string(),
  cli_telefone: z.string(),
  data: dateTime,
  negociacao: z.string(),
  venda: z.string(),
  atendente: z.string().nullable(),
  valor_ticket: money,
  id_unidade: z.number().int(),
});

/**
 * GET dashboard/crm/… (radio Captação: leads by capture date) and dashboard/crmat/… (radio
 * Atendimento: leads by attendance date). 000 §3 crm_total, crm_total_ligacao, crm_status_venda.
 */
export const classicResponseSchema = z.object({
  data: z.object({
    crm_total: classicTotalsSchema,
    crm_total_anterior: classicTotalsSchema,
    /** Donut 'Status Negociação'. */
    crm_status_negociacao: z.array(statusSliceSchema),
    /** Donut 'Status Ligações' (the contact status: Novo, Não Atendido, Atendido…). */
    crm_total_ligacao: z.array(statusSliceSchema),
    /** Donut 'Status do Cliente' (the sale status). */
    crm_status_venda: z.array(statusSliceSchema),
    recentes: z.array(recentLeadSchema),
    unidades: z.array(z.number().int()),
    ...periods,
  }),
});
export type ClassicResponse = z.infer<typeof classicResponseSchema>;

/** GET dashboard/crmdata/…: the daily bars of ATENDIMENTOS (every day of the period, zeros kept). */
export const classicDailyResponseSchema = z.object({
  data: z.object({
    /** 'Status de Atendimento Diário': leads captured that day by their contact status. */
    crm_atendimentos: z.array(z.object({ dia: day, novos: count, nao_atendidos: count, atendidos: count, em_atendimento: count })),
    /** 'Status de Ligações Diário': call attempts that day. */
    crm_ligacoes: z.array(z.object({ dia: day, atendidas: count, nao_atendidas: count })),
    /** 'Ticket Total Diário': the ticket of the leads converted that day. */
    crm_valores: z.array(z.object({ dia: day, valor: money, conversoes: count })),
    unidades: z.array(z.number().int()),
    ...periods,
  }),
});
export type ClassicDailyResponse = z.infer<typeof classicDailyResponseSchema>;

/** One campaign/ad row of CAMPANHAS (000 §3 crm_campanhas). */
export const campaignRowSchema = z.object({
  cli_campanha_nome: z.string(),
  ad_id: z.string().nullable(),
  ad_name: z.string().nullable(),
  leads: count,
  atendidos: count,
  ligacoes: count,
  minutos_cobrados: z.number().nonnegative(),
  conversoes: count,
  valor: money,
  /** conversoes / leads in percent, 2 decimals. */
  taxa_conversao: z.number(),
  ticket_medio: money,
});
export type CampaignRow = z.infer<typeof campaignRowSchema>;
const campaignCardSchema = z.object({ nome: z.string(), taxa_conversao: z.number(), conversoes: count, leads: count });

/** GET dashboard/campanhas/…: best, average and worst cards, call cost and ticket cards, a chart and a table. */
export const campaignsResponseSchema = z.object({
  data: z.object({
    crm_campanhas: z.array(campaignRowSchema),
    melhor: campaignCardSchema.nullable(),
    media: z.object({ taxa_conversao: z.number(), conversoes: z.number(), leads: z.number() }),
    pior: campaignCardSchema.nullable(),
    /** Billed call minutes per conversion (the unit's tariff is not known; minutes are). */
    minutos_por_conversao: z.number().nullable(),
    ticket_medio: money,
    /** The chart: leads and conversions per day. */
    por_dia: z.array(z.object({ dia: day, leads: count, conversoes: count, valor: money })),
    unidades: z.array(z.number().int()),
    ...periods,
  }),
});
export type CampaignsResponse = z.infer<typeof campaignsResponseSchema>;

/** One campaign/ad row of LTV (000 §3 crm_valores): what its customers bought. */
export const ltvRowSchema = z.object({
  cli_campanha_nome: z.string(),
  ad_id: z.string().nullable(),
  ad_name: z.string().nullable(),
  leads: count,
  clientes: count,
  valor_total: money,
  /** valor_total / clientes. */
  ltv: money,
  /** valor_total / leads. */
  valor_por_lead: money,
});
export type LtvRow = z.infer<typeof ltvRowSchema>;
const ltvCardSchema = z.object({ nome: z.string(), ltv: money, clientes: count });

/** GET dashboard/ltv/… */
export const ltvResponseSchema = z.object({
  data: z.object({
    crm_valores: z.array(ltvRowSchema),
    melhor: ltvCardSchema.nullable(),
    media: z.object({ ltv: money, clientes: z.number() }),
    pior: ltvCardSchema.nullable(),
    minutos_por_cliente: z.number().nullable(),
    ticket_medio: money,
    /** The chart: customers and value by month of capture ('YYYY-MM'). */
    por_mes: z.array(z.object({ mes: z.string().regex(/^\d{4}-\d{2}$/), clientes: count, valor: money })),
    unidades: z.array(z.number().int()),
    ...periods,
  }),
});
export type LtvResponse = z.infer<typeof ltvResponseSchema>;

/** Rounds as the cards show: percentages and money 2 decimals, averages 3 (000 §2). */
export const round2 = (value: number): number => Math.round(value * 100) / 100;
export const round3 = (value: number): number => Math.round(value * 1000) / 1000;

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
