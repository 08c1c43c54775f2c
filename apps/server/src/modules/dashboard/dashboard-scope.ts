// What every dashboard call shares (000 §6, §7): the deps, the messages, the filter and period
// parsing, who sees which units and tabs, and the status names of the rows. The v2 calls are in
// dashboard.service.ts, the classic tabs in classic-dashboard.service.ts (issue 22 §3: one file of
// 554 lines split by variant).
import {
  canChooseDashboardUnits,
  dashboardOwnLeadsOnly,
  dashboardTabsFor,
  parseDashboardSegments,
  previousPeriod,
  resolveDashboardPeriod,
  round2,
  type ClassicTab,
  type DashboardCall,
  type DashboardFilterOf,
  type DashboardPeriod,
} from '@funil/domain/dashboard/dashboard-api';
import { FilterSegmentsError } from '@funil/domain/leads/filter-segments';

import type { DbOrTx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import type { Session } from '../auth/auth.service.ts';
import { negotiationStatuses, saleStatuses } from '../catalog/catalog.service.ts';
import { activeUnitsOfCompany, unitById } from '../tenancy/tenancy.service.ts';

export type DashboardDeps = { db: DbOrTx; now?: () => Date };

const DASHBOARD_MESSAGES = {
  unitForbidden: 'Você não tem acesso a esta unidade.',
  tabForbidden: 'Você não tem acesso a esta aba do dashboard.',
  unknownUnit: 'Unidade não encontrada.',
} as const;

export const UNKNOWN = 'Desconhecido';
export const NO_CAMPAIGN = 'Sem campanha';
export const NO_ATTENDANT = 'Sem atendente';

export function parse<C extends DashboardCall>(call: C, tail: string): DashboardFilterOf<C> {
  try {
    return parseDashboardSegments(call, tail);
  } catch (error) {
    if (error instanceof FilterSegmentsError) throw new DomainError('invalid', error.message);
    throw error;
  }
}

export function periodOf(filter: { data_inicio: string | null; data_fim: string | null }, now: Date): DashboardPeriod {
  const period = resolveDashboardPeriod(filter, now);
  if ('error' in period) throw new DomainError('invalid', period.error);
  return period;
}

export const periodOut = (p: DashboardPeriod) => ({
  inicio: p.inicio.toISOString(),
  fim: new Date(p.fim.getTime() - 1000).toISOString(),
});
export const periods = (p: DashboardPeriod) => ({ periodo: periodOut(p), periodo_anterior: periodOut(previousPeriod(p)) });

/** A share in percent, 2 decimals; 0 of nothing. */
export const percent = (part: number, whole: number) => (whole === 0 ? 0 : round2((part * 100) / whole));

/** 000 §6: an attendant's dashboard holds their own leads; the other roles see whole units. */
export const ownerOf = (session: Session) => (dashboardOwnLeadsOnly(session.permission) ? session.userId : null);

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
    if (session.permission !== 'sa' && unit.idEmpresa !== session.empresaId)
      throw new DomainError('forbidden', DASHBOARD_MESSAGES.unitForbidden);
  }
  return [...requested];
}

export function requireTab(session: Session, tab: ClassicTab): void {
  if (!dashboardTabsFor(session.permission).includes(tab)) throw new DomainError('forbidden', DASHBOARD_MESSAGES.tabForbidden);
}

/** Status names and colours of the companies of the rows, by company and funnel id. */
export async function statusNames(db: DbOrTx, companies: Iterable<number>) {
  const negotiation = new Map<string, { nome: string; cor: string }>();
  const sale = new Map<string, { nome: string; cor: string }>();
  for (const idEmpresa of new Set(companies)) {
    for (const s of await negotiationStatuses(db, idEmpresa))
      negotiation.set(`${idEmpresa}:${s.idFunil}`, { nome: s.nome, cor: s.cor });
    for (const s of await saleStatuses(db, idEmpresa)) sale.set(`${idEmpresa}:${s.idFunilVenda}`, { nome: s.nome, cor: s.cor });
  }
  const pick = (map: Map<string, { nome: string; cor: string }>, idEmpresa: number, id: number) =>
    map.get(`${idEmpresa}:${id}`) ?? { nome: UNKNOWN, cor: '#9e9e9e' };
  return {
    negotiation: (idEmpresa: number, id: number) => pick(negotiation, idEmpresa, id),
    sale: (idEmpresa: number, id: number) => pick(sale, idEmpresa, id),
  };
}

export function now(deps: DashboardDeps): Date {
  return deps.now ? deps.now() : new Date();
}
