// The dashboards' payloads (000 §3 'Dashboard responses', §7): the zod schema of every answer,
// which the server validates before sending and the browser parses. Split from dashboard-api.ts
// (issue 22 §3, files under 500 lines), which re-exports them: one import path for the contract.
import { z } from 'zod';

import { campaignCostsSchema } from './campaign-costs.ts';

/** One server page of atendimento-leads: 5 table pages of 5 rows (000 §2 paging rule). */
export const DASHBOARD_LEADS_PAGE_SIZE = 25;

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
    /**
     * Issue 23 §6: cost, cost per lead, cost per sale (conversions) and ROAS per campaign; null for
     * the roles without the CAMPANHAS tab (000 §6: an attendant sees no campaign costs).
     */
    custos: campaignCostsSchema.nullable(),
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
    crm_atendimentos: z.array(
      z.object({ dia: day, novos: count, nao_atendidos: count, atendidos: count, em_atendimento: count }),
    ),
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
    /** Issue 23 §6: cost, cost per lead, cost per sale (conversions) and ROAS per campaign. */
    custos: campaignCostsSchema,
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
    /** Issue 23 §6: cost, cost per lead, cost per customer and ROAS (customers' value) per campaign. */
    custos: campaignCostsSchema,
    unidades: z.array(z.number().int()),
    ...periods,
  }),
});
export type LtvResponse = z.infer<typeof ltvResponseSchema>;

/** Rounds as the cards show: percentages and money 2 decimals, averages 3 (000 §2). */
export const round2 = (value: number): number => Math.round(value * 100) / 100;
export const round3 = (value: number): number => Math.round(value * 1000) / 1000;
