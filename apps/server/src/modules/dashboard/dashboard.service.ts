// The dashboards (000 §2 'Dashboard screen', §7 'Dashboard GETs', issue 14): who sees which units
// and tabs (000 §6), the period and its comparison, and each payload of @funil/domain/dashboard
// built from the read model (dashboard.repository.ts). docs/decisions.md "Dashboards" defines
// every number.
import {
  DASHBOARD_LEADS_PAGE_SIZE,
  canChooseDashboardUnits,
  dashboardOwnLeadsOnly,
  dashboardTabsFor,
  daysOfPeriod,
  parseDashboardSegments,
  periodDays,
  previousPeriod,
  resolveDashboardPeriod,
  round2,
  round3,
  type AttendanceCards,
  type AttendanceResponse,
  type CampaignRow,
  type CampaignsResponse,
  type CaptureCards,
  type CaptureResponse,
  type ClassicDailyResponse,
  type ClassicResponse,
  type ClassicTab,
  type ConversionValuesResponse,
  type DashboardCall,
  type DashboardFilterOf,
  type DashboardPeriod,
  type DashboardV2Filter,
  type LeadsTablesResponse,
  type LtvResponse,
  type LtvRow,
  type RankingResponse,
  type RankingRow,
  type StagesResponse,
  type TimeCards,
  type TimeResponse,
  workingHoursOf,
} from '@funil/domain/dashboard/dashboard-api';
import { FilterSegmentsError } from '@funil/domain/leads/filter-segments';
import type { DbOrTx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import type { Session } from '../auth/auth.service.ts';
import { negotiationStatuses, referenceLists, saleStatuses } from '../catalog/catalog.service.ts';
import { activeUnitsOfCompany, unitById, unitSettings } from '../tenancy/tenancy.service.ts';
import { userNamesById } from '../users/users.service.ts';
import * as repo from './dashboard.repository.ts';

export type DashboardDeps = { db: DbOrTx; now?: () => Date };

export const DASHBOARD_MESSAGES = {
  unitForbidden: 'Você não tem acesso a esta unidade.',
  tabForbidden: 'Você não tem acesso a esta aba do dashboard.',
  unknownUnit: 'Unidade não encontrada.',
} as const;

const UNKNOWN = 'Desconhecido';
const NO_CAMPAIGN = 'Sem campanha';
const NO_ATTENDANT = 'Sem atendente';

function parse<C extends DashboardCall>(call: C, tail: string): DashboardFilterOf<C> {
  try {
    return parseDashboardSegments(call, tail);
  } catch (error) {
    if (error instanceof FilterSegmentsError) throw new DomainError('invalid', error.message);
    throw error;
  }
}

function periodOf(filter: { data_inicio: string | null; data_fim: string | null }, now: Date): DashboardPeriod {
  const period = resolveDashboardPeriod(filter, now);
  if ('error' in period) throw new DomainError('invalid', period.error);
  return period;
}

const periodOut = (p: DashboardPeriod) => ({ inicio: p.inicio.toISOString(), fim: new Date(p.fim.getTime() - 1000).toISOString() });
const periods = (p: DashboardPeriod) => ({ periodo: periodOut(p), periodo_anterior: periodOut(previousPeriod(p)) });

/** 000 §6: an attendant's dashboard holds their own leads; the other roles see whole units. */
const ownerOf = (session: Session) => (dashboardOwnLeadsOnly(session.permission) ? session.userId : null);

/**
 * The units a classic call reads (000 §6 'Dashboard'): the super-admin and the multi-manager
 * choose units ('0': every active unit of their company; the multi-manager only units of their
 * company); every other role reads their own unit, and naming another answers 403.
 */
export async function unitsInScope(db: DbOrTx, session: Session, requested: readonly number[]): Promise<number[]> {
  if (!canChooseDashboardUnits(session.permission)) {
    if (requested.some((id) => id !== session.unidadeId)) throw new DomainError('forbidden', DASHBOARD_MESSAGES.unitForbidden);
    return [session.unidadeId];
  }
  if (requested.length === 0) return (await activeUnitsOfCompany(db, session.empresaId)).map((u) => u.id);
  for (const id of requested) {
    const unit = await unitById(db, id);
    if (!unit) throw new DomainError('not_found', DASHBOARD_MESSAGES.unknownUnit);
    if (session.permission !== 'sa' && unit.idEmpresa !== session.empresaId) throw new DomainError('forbidden', DASHBOARD_MESSAGES.unitForbidden);
  }
  return [...requested];
}

function requireTab(session: Session, tab: ClassicTab): void {
  if (!dashboardTabsFor(session.permission).includes(tab)) throw new DomainError('forbidden', DASHBOARD_MESSAGES.tabForbidden);
}

/** The v2 calls read the session's unit with the bar's filters. */
function v2Scope(session: Session, f: DashboardV2Filter): repo.LeadScope {
  return {
    units: [session.unidadeId],
    ownerUserId: ownerOf(session),
    campanha: f.campanha,
    statusCliente: f.status_cliente,
    plataforma: f.plataforma,
    atendente: f.atendente,
  };
}

/** Status names and colours of the companies of the rows, by company and funnel id. */
async function statusNames(db: DbOrTx, companies: Iterable<number>) {
  const negotiation = new Map<string, { nome: string; cor: string }>();
  const sale = new Map<string, { nome: string; cor: string }>();
  for (const idEmpresa of new Set(companies)) {
    for (const s of await negotiationStatuses(db, idEmpresa)) negotiation.set(`${idEmpresa}:${s.idFunil}`, { nome: s.nome, cor: s.cor });
    for (const s of await saleStatuses(db, idEmpresa)) sale.set(`${idEmpresa}:${s.idFunilVenda}`, { nome: s.nome, cor: s.cor });
  }
  const pick = (map: Map<string, { nome: string; cor: string }>, idEmpresa: number, id: number) => map.get(`${idEmpresa}:${id}`) ?? { nome: UNKNOWN, cor: '#9e9e9e' };
  return {
    negotiation: (idEmpresa: number, id: number) => pick(negotiation, idEmpresa, id),
    sale: (idEmpresa: number, id: number) => pick(sale, idEmpresa, id),
  };
}

// --- v2 -----------------------------------------------------------------------------------------

function captureCards(c: repo.CaptureCounts): CaptureCards {
  return {
    'Leads Captados': c.captados,
    Impactados: c.impactados,
    Mensagens: c.mensagens,
    Ligacao: c.ligacao,
    Responderam: c.responderam,
    'Respondeu Wpp': c.respondeu_wpp,
    Atendeu: c.atendeu,
    Valor: round2(c.valor),
    Conversao: c.conversoes,
  };
}

/** GET dashboard/captacao/… */
export async function capture(deps: DashboardDeps, session: Session, tail: string): Promise<CaptureResponse> {
  const f = parse('captacao', tail);
  const period = periodOf(f, now(deps));
  const scope = v2Scope(session, f);
  const [{ counts: current, platforms, columns }, previous, refs, names] = await Promise.all([
    repo.captureSummary(deps.db, scope, period),
    repo.captureCounts(deps.db, scope, previousPeriod(period)),
    referenceLists(deps.db),
    statusNames(deps.db, [session.empresaId]),
  ]);
  const platformName = new Map(refs.plataforma.map((p) => [p.id, p.nome]));
  return {
    data: {
      cards_captacao: captureCards(current),
      cards_captacao_anterior: captureCards(previous),
      grafico_funil_captacao: [
        { nome: 'Leads Captados', valor: current.captados },
        { nome: 'Impactados', valor: current.impactados },
        { nome: 'Responderam', valor: current.responderam },
        { nome: 'Conversões', valor: current.conversoes },
      ],
      grafico_donut_captacao: platforms.map((p) => ({ id: p.plataforma, nome: platformName.get(p.plataforma) ?? UNKNOWN, valor: p.total })),
      grafico_column_captacao: columns.map((c) => {
        const status = names.negotiation(session.empresaId, c.status);
        return { nome: status.nome, 'Leads Captados': c.total, cli_campanha_nome: c.campanha ?? NO_CAMPAIGN, id_funil: c.status, cor: status.cor };
      }),
      ...periods(period),
    },
  };
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : round2((part * 100) / whole));
const ratio3 = (part: number, whole: number) => (whole === 0 ? 0 : round3(part / whole));

function attendanceCards(c: repo.AttendanceCounts, conversions: { conversoes: number; valor: number }[]): AttendanceCards {
  const conversoes = conversions.reduce((n, d) => n + d.conversoes, 0);
  const valor = conversions.reduce((n, d) => n + d.valor, 0);
  return {
    leads_impactados: c.impactados,
    impactados_mensagem: c.impactados_mensagem,
    impactados_ligacao: c.impactados_ligacao,
    responderam: c.responderam,
    responderam_mensagem: c.responderam_mensagem,
    responderam_ligacao: c.responderam_ligacao,
    percentual_responderam: percent(c.responderam, c.impactados),
    percentual_responderam_mensagem: percent(c.responderam_mensagem, c.impactados_mensagem),
    percentual_responderam_ligacao: percent(c.responderam_ligacao, c.impactados_ligacao),
    media_mensagens: ratio3(c.mensagens, c.impactados_mensagem),
    media_tentativas_ligacao: ratio3(c.tentativas, c.impactados_ligacao),
    valor_conversoes: round2(valor),
    conversoes,
  };
}

/** GET dashboard/atendimento/… */
export async function attendance(deps: DashboardDeps, session: Session, tail: string): Promise<AttendanceResponse> {
  const f = parse('atendimento', tail);
  const period = periodOf(f, now(deps));
  const before = previousPeriod(period);
  const scope = v2Scope(session, f);
  const [current, previous, conv, convBefore] = await Promise.all([
    repo.attendanceCounts(deps.db, scope, period),
    repo.attendanceCounts(deps.db, scope, before),
    repo.conversionsByDay(deps.db, scope, period),
    repo.conversionsByDay(deps.db, scope, before),
  ]);
  return { data: { cards_atendimento: attendanceCards(current, conv), cards_atendimento_anterior: attendanceCards(previous, convBefore), ...periods(period) } };
}

function conversionValues(days: { conversoes: number; valor: number }[]) {
  const conversoes = days.reduce((n, d) => n + d.conversoes, 0);
  const valor = round2(days.reduce((n, d) => n + d.valor, 0));
  return { conversoes, valor_conversoes: valor, ticket_medio: conversoes === 0 ? 0 : round2(valor / conversoes) };
}

/** GET dashboard/atendimento-conversao-valores/… */
export async function conversionValuesCall(deps: DashboardDeps, session: Session, tail: string): Promise<ConversionValuesResponse> {
  const f = parse('atendimento-conversao-valores', tail);
  const period = periodOf(f, now(deps));
  const scope = v2Scope(session, f);
  const [days, before] = await Promise.all([repo.conversionsByDay(deps.db, scope, period), repo.conversionsByDay(deps.db, scope, previousPeriod(period))]);
  const byDay = new Map(days.map((d) => [d.dia, d]));
  return {
    data: {
      conversao_valores: conversionValues(days),
      conversao_valores_anterior: conversionValues(before),
      por_dia: daysOfPeriod(period).map((dia) => ({ dia, conversoes: byDay.get(dia)?.conversoes ?? 0, valor: round2(byDay.get(dia)?.valor ?? 0) })),
      ...periods(period),
    },
  };
}

const roundSeconds = (value: number | null) => (value === null ? null : round3(value));

function timeCards(t: repo.TimeSums): TimeCards {
  return {
    tempo_medio_conversao: roundSeconds(t.conversao),
    tempo_medio_contato_mensagem: roundSeconds(t.contato_mensagem),
    tempo_medio_contato_ligacao: roundSeconds(t.contato_ligacao),
    tempo_medio_resposta_mensagem: roundSeconds(t.resposta_mensagem),
    duracao_media_ligacao: roundSeconds(t.duracao_media),
    duracao_total_ligacoes: t.duracao_total,
    tempo_medio_primeiro_contato_horario_util: roundSeconds(t.primeiro_contato_util),
  };
}

/** GET dashboard/atendimento-tempo/… */
export async function times(deps: DashboardDeps, session: Session, tail: string): Promise<TimeResponse> {
  const f = parse('atendimento-tempo', tail);
  const period = periodOf(f, now(deps));
  const scope = v2Scope(session, f);
  const [current, previous, settings] = await Promise.all([
    repo.timeCards(deps.db, scope, period),
    repo.timeCards(deps.db, scope, previousPeriod(period)),
    unitSettings(deps.db, session.unidadeId),
  ]);
  return {
    data: {
      tempos: timeCards(current),
      tempos_anterior: timeCards(previous),
      horario_util: workingHoursOf(settings && { horario_ligacao: settings.horarioLigacao ?? null, feriados: settings.feriados }),
      ...periods(period),
    },
  };
}

/** GET dashboard/atendimento-leads/{pageCaptacao}/{pageAtendimento}/… (25 rows a server page, pages from 1). */
export async function leadTables(deps: DashboardDeps, session: Session, tail: string): Promise<LeadsTablesResponse> {
  const f = parse('atendimento-leads', tail);
  if (f.pagina_captacao < 1 || f.pagina_atendimento < 1 || f.pagina_captacao > 100_000 || f.pagina_atendimento > 100_000) throw new DomainError('invalid', 'Página inválida.');
  const period = periodOf(f, now(deps));
  const scope = v2Scope(session, f);
  const size = DASHBOARD_LEADS_PAGE_SIZE;
  const [captured, attended, names] = await Promise.all([
    repo.capturedLeads(deps.db, scope, period, size, (f.pagina_captacao - 1) * size),
    repo.attendedLeads(deps.db, scope, period, size, (f.pagina_atendimento - 1) * size),
    statusNames(deps.db, [session.empresaId]),
  ]);
  return {
    data: {
      tabela_leads_captados: captured.rows.map((r) => ({
        cli_crm_id: r.cli_crm_id,
        data_captacao: r.data,
        cli_nome: r.cli_nome,
        anuncio: r.ad_name,
        cli_telefone: r.cli_telefone,
        negociacao: names.negotiation(r.id_empresa, r.status_negociacao).nome,
        valor_ticket: r.valor_ticket,
      })),
      tabela_leads_antendidos: attended.rows.map((r) => ({
        cli_crm_id: r.cli_crm_id,
        data_atendimento: r.data,
        cli_nome: r.cli_nome,
        anuncio: r.ad_name,
        cli_telefone: r.cli_telefone,
        tipo: r.tipo ?? 'Mensagem',
        negociacao: names.negotiation(r.id_empresa, r.status_negociacao).nome,
        valor_ticket: r.valor_ticket,
      })),
      total_captados: captured.total,
      total_atendidos: attended.total,
      pagina_captacao: f.pagina_captacao,
      pagina_atendimento: f.pagina_atendimento,
      por_pagina: DASHBOARD_LEADS_PAGE_SIZE,
    },
  };
}

async function rankingOf(deps: DashboardDeps, session: Session, scope: repo.LeadScope, period: DashboardPeriod): Promise<RankingRow[]> {
  const days = periodDays(period);
  const onlyUser = scope.ownerUserId ?? (scope.atendente != null && scope.atendente > 0 ? scope.atendente : null);
  const [activity, reach, conversions] = await Promise.all([
    repo.activityByAttendant(deps.db, scope.units, days.primeiro, days.ultimo, onlyUser),
    repo.reachByAttendant(deps.db, scope, period),
    repo.conversionsByAttendant(deps.db, scope, period),
  ]);
  const ids = new Set<number>([...activity, ...reach, ...conversions].map((r) => r.id_usuario));
  if (scope.ownerUserId !== null) for (const id of ids) if (id !== scope.ownerUserId) ids.delete(id);
  const names = await userNamesById(deps.db, [...ids].filter((id) => id > 0));
  const rows = [...ids].map((id): RankingRow => {
    const a = activity.find((r) => r.id_usuario === id);
    const r = reach.find((x) => x.id_usuario === id);
    const c = conversions.find((x) => x.id_usuario === id);
    return {
      id_usuario: id,
      nome: id === 0 ? NO_ATTENDANT : (names.get(id) ?? 'ERR'),
      ligacoes: a?.ligacoes ?? 0,
      ligacoes_atendidas: a?.ligacoes_atendidas ?? 0,
      minutos_falados: round2((a?.segundos_falados ?? 0) / 60),
      mensagens_enviadas: a?.mensagens_enviadas ?? 0,
      leads_contatados: r?.leads_contatados ?? 0,
      tempo_medio_primeira_resposta: roundSeconds(r?.tempo_medio ?? null),
      conversoes: c?.conversoes ?? 0,
      valor_conversoes: round2(c?.valor ?? 0),
    };
  });
  return rows.sort((x, y) => y.valor_conversoes - x.valor_conversoes || y.conversoes - x.conversoes || y.leads_contatados - x.leads_contatados || x.nome.localeCompare(y.nome, 'pt-BR'));
}

/** GET dashboard/ranking/… (beyond the spec): the attendants of the session's unit. */
export async function ranking(deps: DashboardDeps, session: Session, tail: string): Promise<RankingResponse> {
  const f = parse('ranking', tail);
  const period = periodOf(f, now(deps));
  const scope = v2Scope(session, f);
  const [current, previous] = await Promise.all([rankingOf(deps, session, scope, period), rankingOf(deps, session, scope, previousPeriod(period))]);
  return { data: { ranking: current, ranking_anterior: previous, ...periods(period) } };
}

/** GET dashboard/etapas/… (beyond the spec): stage-to-stage conversion and time in each stage. */
export async function stages(deps: DashboardDeps, session: Session, tail: string): Promise<StagesResponse> {
  const f = parse('etapas', tail);
  const period = periodOf(f, now(deps));
  const scope = v2Scope(session, f);
  const [{ moves, captados }, funnel] = await Promise.all([repo.stageMoves(deps.db, scope, period), negotiationStatuses(deps.db, session.empresaId)]);
  const byStatus = new Map(moves.map((m) => [m.status, m]));
  return {
    data: {
      etapas: funnel.map((s) => {
        const m = byStatus.get(s.idFunil);
        // Capture is the entry into status 1 (a lead starts in 'Novo').
        const entraram = (m?.entraram ?? 0) + (s.idFunil === 1 ? captados : 0);
        const avancaram = m?.avancaram ?? 0;
        return { id_funil: s.idFunil, nome: s.nome, cor: s.cor, entraram, avancaram, taxa_avanco: percent(avancaram, entraram), tempo_medio_na_etapa: roundSeconds(m?.tempo_medio ?? null) };
      }),
      ...periods(period),
    },
  };
}

// --- Classic --------------------------------------------------------------------------------------

async function classicScope(deps: DashboardDeps, session: Session, requested: readonly number[]): Promise<repo.LeadScope> {
  return { units: await unitsInScope(deps.db, session, requested), ownerUserId: ownerOf(session) };
}

/** GET dashboard/crm/… (basis 'captacao') and dashboard/crmat/… (basis 'atendimento'): the ATENDIMENTOS tab. */
export async function classic(deps: DashboardDeps, session: Session, tail: string, basis: repo.ClassicBasis): Promise<ClassicResponse> {
  const f = parse(basis === 'captacao' ? 'crm' : 'crmat', tail);
  const period = periodOf(f, now(deps));
  const scope = await classicScope(deps, session, f.unidades);
  const [totals, previous, { negociacao: negotiation, contato: contact, venda: sale }, recent, refs] = await Promise.all([
    repo.classicTotals(deps.db, scope, period, basis),
    repo.classicTotals(deps.db, scope, previousPeriod(period), basis),
    repo.classicByStatuses(deps.db, scope, period, basis),
    repo.classicRecent(deps.db, scope, period, basis, 10),
    referenceLists(deps.db),
  ]);
  const names = await statusNames(deps.db, [session.empresaId, ...negotiation.map((r) => r.id_empresa), ...sale.map((r) => r.id_empresa), ...recent.map((r) => r.id_empresa)]);
  const users = await userNamesById(deps.db, [...new Set(recent.flatMap((r) => (r.id_usuario === null ? [] : [r.id_usuario])))]);
  // Units of several companies: one slice per status name, summed.
  const slices = (rows: { id_empresa: number; status: number; total: number }[], label: (idEmpresa: number, id: number) => { nome: string; cor: string }) => {
    const merged = new Map<string, { id: number; nome: string; cor: string; total: number }>();
    for (const r of rows) {
      const { nome, cor } = label(r.id_empresa, r.status);
      const key = `${r.status}:${nome}`;
      const slice = merged.get(key) ?? { id: r.status, nome, cor, total: 0 };
      slice.total += r.total;
      merged.set(key, slice);
    }
    return [...merged.values()];
  };
  const contactStatus = new Map(refs.contato.map((c) => [c.id, c]));
  const totalsOut = (t: repo.ClassicTotals) => ({ ...t, valor_ticket: round2(t.valor_ticket) });
  return {
    data: {
      crm_total: totalsOut(totals),
      crm_total_anterior: totalsOut(previous),
      crm_status_negociacao: slices(negotiation, names.negotiation),
      crm_total_ligacao: slices(contact, (_e, id) => ({ nome: contactStatus.get(id)?.nome ?? UNKNOWN, cor: contactStatus.get(id)?.cor ?? '#9e9e9e' })),
      crm_status_venda: slices(sale, names.sale),
      recentes: recent.map((r) => ({
        cli_crm_id: r.cli_crm_id,
        cli_nome: r.cli_nome,
        cli_telefone: r.cli_telefone,
        data: r.data,
        negociacao: names.negotiation(r.id_empresa, r.status_negociacao).nome,
        venda: names.sale(r.id_empresa, r.status_venda).nome,
        atendente: r.id_usuario === null ? null : (users.get(r.id_usuario) ?? 'ERR'),
        valor_ticket: r.valor_ticket,
        id_unidade: r.id_unidade,
      })),
      unidades: scope.units as number[],
      ...periods(period),
    },
  };
}

/** GET dashboard/crmdata/…: the daily bars of ATENDIMENTOS. */
export async function classicDaily(deps: DashboardDeps, session: Session, tail: string): Promise<ClassicDailyResponse> {
  const f = parse('crmdata', tail);
  const period = periodOf(f, now(deps));
  const scope = await classicScope(deps, session, f.unidades);
  const days = periodDays(period);
  const [captures, calls, conversions] = await Promise.all([
    repo.dailyCaptures(deps.db, scope, period),
    repo.dailyCalls(deps.db, scope.units, days.primeiro, days.ultimo, scope.ownerUserId),
    repo.conversionsByDay(deps.db, scope, period),
  ]);
  const all = daysOfPeriod(period);
  const count = (dia: string, status: number) => captures.find((c) => c.dia === dia && c.status === status)?.total ?? 0;
  return {
    data: {
      crm_atendimentos: all.map((dia) => ({ dia, novos: count(dia, 1), nao_atendidos: count(dia, 2), atendidos: count(dia, 3), em_atendimento: count(dia, 4) })),
      crm_ligacoes: all.map((dia) => {
        const c = calls.find((x) => x.dia === dia);
        return { dia, atendidas: c?.atendidas ?? 0, nao_atendidas: (c?.ligacoes ?? 0) - (c?.atendidas ?? 0) };
      }),
      crm_valores: all.map((dia) => {
        const c = conversions.find((x) => x.dia === dia);
        return { dia, valor: round2(c?.valor ?? 0), conversoes: c?.conversoes ?? 0 };
      }),
      unidades: scope.units as number[],
      ...periods(period),
    },
  };
}

const campaignLabel = (r: repo.CampaignAggregate) => r.ad_name ?? r.campanha ?? NO_CAMPAIGN;

/** GET dashboard/campanhas/{units}/{ads}/… (000 §6: super-admin, admins, managers). */
export async function campaigns(deps: DashboardDeps, session: Session, tail: string): Promise<CampaignsResponse> {
  requireTab(session, 'CAMPANHAS');
  const f = parse('campanhas', tail);
  const period = periodOf(f, now(deps));
  const scope = { ...(await classicScope(deps, session, f.unidades)), anuncios: f.anuncios };
  const [groups, overTime] = await Promise.all([repo.byCampaignAd(deps.db, scope, period), repo.capturesOverTime(deps.db, scope, period, 'day')]);
  const rows: CampaignRow[] = groups.map((g) => ({
    cli_campanha_nome: g.campanha ?? NO_CAMPAIGN,
    ad_id: g.ad_id,
    ad_name: g.ad_name,
    leads: g.leads,
    atendidos: g.atendidos,
    ligacoes: g.ligacoes,
    minutos_cobrados: round2(g.segundos_cobrados / 60),
    conversoes: g.conversoes,
    valor: round2(g.valor),
    taxa_conversao: percent(g.conversoes, g.leads),
    ticket_medio: g.conversoes === 0 ? 0 : round2(g.valor / g.conversoes),
  }));
  const ranked = groups.map((g, i) => ({ g, row: rows[i]! })).sort((a, b) => b.row.taxa_conversao - a.row.taxa_conversao || b.row.conversoes - a.row.conversoes || b.row.leads - a.row.leads);
  const card = (x: { g: repo.CampaignAggregate; row: CampaignRow } | undefined) => (x ? { nome: campaignLabel(x.g), taxa_conversao: x.row.taxa_conversao, conversoes: x.row.conversoes, leads: x.row.leads } : null);
  const conversoes = rows.reduce((n, r) => n + r.conversoes, 0);
  const valor = rows.reduce((n, r) => n + r.valor, 0);
  const minutes = rows.reduce((n, r) => n + r.minutos_cobrados, 0);
  const byDay = new Map(overTime.map((d) => [d.quando, d]));
  return {
    data: {
      crm_campanhas: rows,
      melhor: card(ranked[0]),
      media: {
        taxa_conversao: rows.length === 0 ? 0 : round2(rows.reduce((n, r) => n + r.taxa_conversao, 0) / rows.length),
        conversoes: rows.length === 0 ? 0 : round3(conversoes / rows.length),
        leads: rows.length === 0 ? 0 : round3(rows.reduce((n, r) => n + r.leads, 0) / rows.length),
      },
      pior: card(ranked.length > 1 ? ranked[ranked.length - 1] : undefined),
      minutos_por_conversao: conversoes === 0 ? null : round2(minutes / conversoes),
      ticket_medio: conversoes === 0 ? 0 : round2(valor / conversoes),
      por_dia: daysOfPeriod(period).map((dia) => ({ dia, leads: byDay.get(dia)?.leads ?? 0, conversoes: byDay.get(dia)?.conversoes ?? 0, valor: round2(byDay.get(dia)?.valor ?? 0) })),
      unidades: scope.units as number[],
      ...periods(period),
    },
  };
}

/** GET dashboard/ltv/{units}/{ads}/… (000 §6: super-admin and multi-manager). */
export async function ltv(deps: DashboardDeps, session: Session, tail: string): Promise<LtvResponse> {
  requireTab(session, 'LTV');
  const f = parse('ltv', tail);
  const period = periodOf(f, now(deps));
  const scope = { ...(await classicScope(deps, session, f.unidades)), anuncios: f.anuncios };
  const [groups, overTime] = await Promise.all([repo.byCampaignAd(deps.db, scope, period), repo.capturesOverTime(deps.db, scope, period, 'month')]);
  const rows: LtvRow[] = groups.map((g) => ({
    cli_campanha_nome: g.campanha ?? NO_CAMPAIGN,
    ad_id: g.ad_id,
    ad_name: g.ad_name,
    leads: g.leads,
    clientes: g.clientes,
    valor_total: round2(g.valor_clientes),
    ltv: g.clientes === 0 ? 0 : round2(g.valor_clientes / g.clientes),
    valor_por_lead: g.leads === 0 ? 0 : round2(g.valor_clientes / g.leads),
  }));
  const withCustomers = groups.map((g, i) => ({ g, row: rows[i]! })).filter((x) => x.row.clientes > 0).sort((a, b) => b.row.ltv - a.row.ltv || b.row.clientes - a.row.clientes);
  const card = (x: { g: repo.CampaignAggregate; row: LtvRow } | undefined) => (x ? { nome: campaignLabel(x.g), ltv: x.row.ltv, clientes: x.row.clientes } : null);
  const clientes = rows.reduce((n, r) => n + r.clientes, 0);
  const valor = rows.reduce((n, r) => n + r.valor_total, 0);
  const minutes = groups.reduce((n, g) => n + g.segundos_cobrados / 60, 0);
  return {
    data: {
      crm_valores: rows,
      melhor: card(withCustomers[0]),
      media: { ltv: withCustomers.length === 0 ? 0 : round2(withCustomers.reduce((n, x) => n + x.row.ltv, 0) / withCustomers.length), clientes: rows.length === 0 ? 0 : round3(clientes / rows.length) },
      pior: card(withCustomers.length > 1 ? withCustomers[withCustomers.length - 1] : undefined),
      minutos_por_cliente: clientes === 0 ? null : round2(minutes / clientes),
      ticket_medio: clientes === 0 ? 0 : round2(valor / clientes),
      por_mes: overTime.map((m) => ({ mes: m.quando, clientes: m.clientes, valor: round2(m.valor_clientes) })),
      unidades: scope.units as number[],
      ...periods(period),
    },
  };
}

function now(deps: DashboardDeps): Date {
  return deps.now ? deps.now() : new Date();
}

