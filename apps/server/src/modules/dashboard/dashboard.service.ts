// The dashboards (000 §2 'Dashboard screen', §7 'Dashboard GETs', issue 14): who sees which units
// and tabs (000 §6), the period and its comparison, and each payload of @funil/domain/dashboard
// built from the read model (dashboard.repository.ts). docs/decisions.md "Dashboards" defines
// every number.
import {
  DASHBOARD_LEADS_PAGE_SIZE,
  dashboardTabsFor,
  daysOfPeriod,
  periodDays,
  previousPeriod,
  round2,
  round3,
  workingHoursOf,
  type AttendanceCards,
  type AttendanceResponse,
  type CaptureCards,
  type CaptureResponse,
  type ConversionValuesResponse,
  type DashboardPeriod,
  type DashboardV2Filter,
  type LeadsTablesResponse,
  type RankingResponse,
  type RankingRow,
  type StagesResponse,
  type TimeCards,
  type TimeResponse,
} from '@funil/domain/dashboard/dashboard-api';

import { DomainError } from '../../http/domain-error.ts';
import type { Session } from '../auth/auth.service.ts';
import { negotiationStatuses, referenceLists } from '../catalog/catalog.service.ts';
import { unitSettings } from '../tenancy/tenancy.service.ts';
import { userNamesById } from '../users/users.service.ts';
import { campaignCosts } from './dashboard-costs.ts';
import {
  NO_ATTENDANT,
  NO_CAMPAIGN,
  now,
  ownerOf,
  parse,
  percent,
  periodOf,
  periods,
  statusNames,
  UNKNOWN,
  type DashboardDeps,
} from './dashboard-scope.ts';
import * as repo from './dashboard.repository.ts';

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
  const [{ counts: current, platforms, columns }, previous, refs, names, custos] = await Promise.all([
    repo.captureSummary(deps.db, scope, period),
    repo.captureCounts(deps.db, scope, previousPeriod(period)),
    referenceLists(deps.db),
    statusNames(deps.db, [session.empresaId]),
    // 000 §6: who has no CAMPANHAS tab (the attendant) sees no campaign costs on v2 either.
    dashboardTabsFor(session.permission).includes('CAMPANHAS') ? campaignCosts(deps.db, scope, period, 'conversoes') : null,
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
      grafico_donut_captacao: platforms.map((p) => ({
        id: p.plataforma,
        nome: platformName.get(p.plataforma) ?? UNKNOWN,
        valor: p.total,
      })),
      grafico_column_captacao: columns.map((c) => {
        const status = names.negotiation(session.empresaId, c.status);
        return {
          nome: status.nome,
          'Leads Captados': c.total,
          cli_campanha_nome: c.campanha ?? NO_CAMPAIGN,
          id_funil: c.status,
          cor: status.cor,
        };
      }),
      custos,
      ...periods(period),
    },
  };
}

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
  return {
    data: {
      cards_atendimento: attendanceCards(current, conv),
      cards_atendimento_anterior: attendanceCards(previous, convBefore),
      ...periods(period),
    },
  };
}

function conversionValues(days: { conversoes: number; valor: number }[]) {
  const conversoes = days.reduce((n, d) => n + d.conversoes, 0);
  const valor = round2(days.reduce((n, d) => n + d.valor, 0));
  return { conversoes, valor_conversoes: valor, ticket_medio: conversoes === 0 ? 0 : round2(valor / conversoes) };
}

/** GET dashboard/atendimento-conversao-valores/… */
export async function conversionValuesCall(
  deps: DashboardDeps,
  session: Session,
  tail: string,
): Promise<ConversionValuesResponse> {
  const f = parse('atendimento-conversao-valores', tail);
  const period = periodOf(f, now(deps));
  const scope = v2Scope(session, f);
  const [days, before] = await Promise.all([
    repo.conversionsByDay(deps.db, scope, period),
    repo.conversionsByDay(deps.db, scope, previousPeriod(period)),
  ]);
  const byDay = new Map(days.map((d) => [d.dia, d]));
  return {
    data: {
      conversao_valores: conversionValues(days),
      conversao_valores_anterior: conversionValues(before),
      por_dia: daysOfPeriod(period).map((dia) => ({
        dia,
        conversoes: byDay.get(dia)?.conversoes ?? 0,
        valor: round2(byDay.get(dia)?.valor ?? 0),
      })),
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
  if (f.pagina_captacao < 1 || f.pagina_atendimento < 1 || f.pagina_captacao > 100_000 || f.pagina_atendimento > 100_000)
    throw new DomainError('invalid', 'Página inválida.');
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

async function rankingOf(
  deps: DashboardDeps,
  session: Session,
  scope: repo.LeadScope,
  period: DashboardPeriod,
): Promise<RankingRow[]> {
  const days = periodDays(period);
  const onlyUser = scope.ownerUserId ?? (scope.atendente != null && scope.atendente > 0 ? scope.atendente : null);
  const [activity, reach, conversions] = await Promise.all([
    repo.activityByAttendant(deps.db, scope.units, days.primeiro, days.ultimo, onlyUser),
    repo.reachByAttendant(deps.db, scope, period),
    repo.conversionsByAttendant(deps.db, scope, period),
  ]);
  const ids = new Set<number>([...activity, ...reach, ...conversions].map((r) => r.id_usuario));
  if (scope.ownerUserId !== null) for (const id of ids) if (id !== scope.ownerUserId) ids.delete(id);
  const names = await userNamesById(
    deps.db,
    [...ids].filter((id) => id > 0),
  );
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
  return rows.sort(
    (x, y) =>
      y.valor_conversoes - x.valor_conversoes ||
      y.conversoes - x.conversoes ||
      y.leads_contatados - x.leads_contatados ||
      x.nome.localeCompare(y.nome, 'pt-BR'),
  );
}

/** GET dashboard/ranking/… (beyond the spec): the attendants of the session's unit. */
export async function ranking(deps: DashboardDeps, session: Session, tail: string): Promise<RankingResponse> {
  const f = parse('ranking', tail);
  const period = periodOf(f, now(deps));
  const scope = v2Scope(session, f);
  const [current, previous] = await Promise.all([
    rankingOf(deps, session, scope, period),
    rankingOf(deps, session, scope, previousPeriod(period)),
  ]);
  return { data: { ranking: current, ranking_anterior: previous, ...periods(period) } };
}

/** GET dashboard/etapas/… (beyond the spec): stage-to-stage conversion and time in each stage. */
export async function stages(deps: DashboardDeps, session: Session, tail: string): Promise<StagesResponse> {
  const f = parse('etapas', tail);
  const period = periodOf(f, now(deps));
  const scope = v2Scope(session, f);
  const [{ moves, captados }, funnel] = await Promise.all([
    repo.stageMoves(deps.db, scope, period),
    negotiationStatuses(deps.db, session.empresaId),
  ]);
  const byStatus = new Map(moves.map((m) => [m.status, m]));
  return {
    data: {
      etapas: funnel.map((s) => {
        const m = byStatus.get(s.idFunil);
        // Capture is the entry into status 1 (a lead starts in 'Novo').
        const entraram = (m?.entraram ?? 0) + (s.idFunil === 1 ? captados : 0);
        const avancaram = m?.avancaram ?? 0;
        return {
          id_funil: s.idFunil,
          nome: s.nome,
          cor: s.cor,
          entraram,
          avancaram,
          taxa_avanco: percent(avancaram, entraram),
          tempo_medio_na_etapa: roundSeconds(m?.tempo_medio ?? null),
        };
      }),
      ...periods(period),
    },
  };
}
