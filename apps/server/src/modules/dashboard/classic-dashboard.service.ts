// The classic dashboard's tabs (000 §2 'Dashboard screen' classic variant, §7 crm, crmat,
// crmdata, campanhas, ltv): the units the caller chose, totals by status, campaigns and LTV, built
// from the read model (dashboard.repository.ts). Shared scope rules in dashboard-scope.ts.
import {
  daysOfPeriod,
  periodDays,
  previousPeriod,
  round2,
  round3,
  type CampaignRow,
  type CampaignsResponse,
  type ClassicDailyResponse,
  type ClassicResponse,
  type LtvResponse,
  type LtvRow,
} from '@funil/domain/dashboard/dashboard-api';

import type { Session } from '../auth/auth.service.ts';
import { referenceLists } from '../catalog/catalog.service.ts';
import { userNamesById } from '../users/users.service.ts';
import { campaignCosts } from './dashboard-costs.ts';
import {
  NO_CAMPAIGN,
  now,
  ownerOf,
  parse,
  percent,
  periodOf,
  periods,
  requireTab,
  statusNames,
  unitsInScope,
  UNKNOWN,
  type DashboardDeps,
} from './dashboard-scope.ts';
import * as repo from './dashboard.repository.ts';

// --- Classic --------------------------------------------------------------------------------------

async function classicScope(deps: DashboardDeps, session: Session, requested: readonly number[]): Promise<repo.LeadScope> {
  return { units: await unitsInScope(deps.db, session, requested), ownerUserId: ownerOf(session) };
}

/** GET dashboard/crm/… (basis 'captacao') and dashboard/crmat/… (basis 'atendimento'): the ATENDIMENTOS tab. */
export async function classic(
  deps: DashboardDeps,
  session: Session,
  tail: string,
  basis: repo.ClassicBasis,
): Promise<ClassicResponse> {
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
  const names = await statusNames(deps.db, [
    session.empresaId,
    ...negotiation.map((r) => r.id_empresa),
    ...sale.map((r) => r.id_empresa),
    ...recent.map((r) => r.id_empresa),
  ]);
  const users = await userNamesById(deps.db, [...new Set(recent.flatMap((r) => (r.id_usuario === null ? [] : [r.id_usuario])))]);
  // Units of several companies: one slice per status name, summed.
  const slices = (
    rows: { id_empresa: number; status: number; total: number }[],
    label: (idEmpresa: number, id: number) => { nome: string; cor: string },
  ) => {
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
      crm_total_ligacao: slices(contact, (_e, id) => ({
        nome: contactStatus.get(id)?.nome ?? UNKNOWN,
        cor: contactStatus.get(id)?.cor ?? '#9e9e9e',
      })),
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
      crm_atendimentos: all.map((dia) => ({
        dia,
        novos: count(dia, 1),
        nao_atendidos: count(dia, 2),
        atendidos: count(dia, 3),
        em_atendimento: count(dia, 4),
      })),
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
  const [groups, overTime, custos] = await Promise.all([
    repo.byCampaignAd(deps.db, scope, period),
    repo.capturesOverTime(deps.db, scope, period, 'day'),
    campaignCosts(deps.db, scope, period, 'conversoes'),
  ]);
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
  const ranked = groups
    .map((g, i) => ({ g, row: rows[i]! }))
    .sort(
      (a, b) => b.row.taxa_conversao - a.row.taxa_conversao || b.row.conversoes - a.row.conversoes || b.row.leads - a.row.leads,
    );
  const card = (x: { g: repo.CampaignAggregate; row: CampaignRow } | undefined) =>
    x
      ? { nome: campaignLabel(x.g), taxa_conversao: x.row.taxa_conversao, conversoes: x.row.conversoes, leads: x.row.leads }
      : null;
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
      por_dia: daysOfPeriod(period).map((dia) => ({
        dia,
        leads: byDay.get(dia)?.leads ?? 0,
        conversoes: byDay.get(dia)?.conversoes ?? 0,
        valor: round2(byDay.get(dia)?.valor ?? 0),
      })),
      custos,
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
  const [groups, overTime, custos] = await Promise.all([
    repo.byCampaignAd(deps.db, scope, period),
    repo.capturesOverTime(deps.db, scope, period, 'month'),
    campaignCosts(deps.db, scope, period, 'clientes'),
  ]);
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
  const withCustomers = groups
    .map((g, i) => ({ g, row: rows[i]! }))
    .filter((x) => x.row.clientes > 0)
    .sort((a, b) => b.row.ltv - a.row.ltv || b.row.clientes - a.row.clientes);
  const card = (x: { g: repo.CampaignAggregate; row: LtvRow } | undefined) =>
    x ? { nome: campaignLabel(x.g), ltv: x.row.ltv, clientes: x.row.clientes } : null;
  const clientes = rows.reduce((n, r) => n + r.clientes, 0);
  const valor = rows.reduce((n, r) => n + r.valor_total, 0);
  const minutes = groups.reduce((n, g) => n + g.segundos_cobrados / 60, 0);
  return {
    data: {
      crm_valores: rows,
      melhor: card(withCustomers[0]),
      media: {
        ltv: withCustomers.length === 0 ? 0 : round2(withCustomers.reduce((n, x) => n + x.row.ltv, 0) / withCustomers.length),
        clientes: rows.length === 0 ? 0 : round3(clientes / rows.length),
      },
      pior: card(withCustomers.length > 1 ? withCustomers[withCustomers.length - 1] : undefined),
      minutos_por_cliente: clientes === 0 ? null : round2(minutes / clientes),
      ticket_medio: clientes === 0 ? 0 : round2(valor / clientes),
      por_mes: overTime.map((m) => ({ mes: m.quando, clientes: m.clientes, valor: round2(m.valor_clientes) })),
      custos,
      unidades: scope.units as number[],
      ...periods(period),
    },
  };
}
