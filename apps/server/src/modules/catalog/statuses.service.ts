// The company's negotiation and sale funnels (002 §2.8, §3 "Negotiation status", §5 "Negotiation
// status form"): list, create, edit and delete. Leads point at a status by its funnel order, so the
// order is the key and never changes; a status leads still hold is deleted only by moving them.
import { and, asc, eq, inArray, or } from 'drizzle-orm';

import type { AuditEntity } from '@funil/domain/admin-api/audit';
import {
  isStatusPaletteColor,
  STATUS_DEFAULT_COLOR,
  STATUS_MESSAGES,
  SYSTEM_STATUS_ORDERS,
} from '@funil/domain/admin-api/statuses';
import { ERROR_CODES } from '@funil/domain/http/errors';
import { unitDataEvent } from '@funil/domain/realtime/events';

import type { Db, Tx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Session } from '../auth/auth.service.ts';
import {
  afterStatusMove,
  countCompanyLeadsWithStatus,
  moveCompanyLeadsStatus,
  type FunnelKind,
} from '../leads/status-moves.service.ts';
import { unitIdsOfCompany } from '../tenancy/tenancy.service.ts';
import { removeStatusFromQueueRules } from '../tenancy/unit-settings.service.ts';
import { invalidateListReferences } from './catalog.service.ts';
import { statusNegociacao, statusNegociacaoPermitidos, statusNegociacaoVenda } from './catalog.table.ts';

export type CatalogDeps = { db: Db; realtime: Pick<Realtime, 'toCompany'> };

export type StatusInput = { nome: string; order: number; cor?: string | undefined; descricao?: string | null | undefined };

/** One status of either funnel, its order under the neutral name `order`. */
type StatusRecord = {
  id: number;
  nome: string;
  descricao: string | null;
  cor: string;
  order: number;
  datacad: Date;
  dataAtualizacao: Date;
};

const ENTITY: Record<FunnelKind, AuditEntity> = { negociacao: 'status_negociacao', venda: 'status_negociacao_venda' };
const MOTIVO = { negociacao: 'status-negociacao', venda: 'status-negociacao-venda' } as const;

/** The table of a funnel and its order column, behind one shape. */
function funnel(kind: FunnelKind) {
  if (kind === 'negociacao') {
    const t = statusNegociacao;
    return {
      table: t,
      order: t.idFunil,
      columns: {
        id: t.id,
        nome: t.nome,
        descricao: t.descricao,
        cor: t.cor,
        order: t.idFunil,
        datacad: t.datacad,
        dataAtualizacao: t.dataAtualizacao,
      },
      values: (idEmpresa: number, s: { nome: string; order: number; cor: string; descricao: string | null }) => ({
        idEmpresa,
        nome: s.nome,
        idFunil: s.order,
        cor: s.cor,
        descricao: s.descricao,
      }),
    };
  }
  const t = statusNegociacaoVenda;
  return {
    table: t,
    order: t.idFunilVenda,
    columns: {
      id: t.id,
      nome: t.nome,
      descricao: t.descricao,
      cor: t.cor,
      order: t.idFunilVenda,
      datacad: t.datacad,
      dataAtualizacao: t.dataAtualizacao,
    },
    values: (idEmpresa: number, s: { nome: string; order: number; cor: string; descricao: string | null }) => ({
      idEmpresa,
      nome: s.nome,
      idFunilVenda: s.order,
      cor: s.cor,
      descricao: s.descricao,
    }),
  };
}

/** The audit view of a status: its fields without the timestamps. */
const audited = (s: StatusRecord) => ({ nome: s.nome, ordem: s.order, cor: s.cor, descricao: s.descricao });

export async function listStatuses(db: Db | Tx, idEmpresa: number, kind: FunnelKind): Promise<StatusRecord[]> {
  const f = funnel(kind);
  return db.select(f.columns).from(f.table).where(eq(f.table.idEmpresa, idEmpresa)).orderBy(asc(f.order));
}

async function findStatus(
  tx: Tx,
  idEmpresa: number,
  kind: FunnelKind,
  order: number,
  lock = false,
): Promise<StatusRecord | null> {
  const f = funnel(kind);
  const query = tx
    .select(f.columns)
    .from(f.table)
    .where(and(eq(f.table.idEmpresa, idEmpresa), eq(f.order, order)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

function announce(deps: CatalogDeps, idEmpresa: number, kind: FunnelKind): void {
  // Every committed status change passes here: the contact list's cached references go first.
  invalidateListReferences(deps.db, idEmpresa);
  deps.realtime.toCompany(idEmpresa, unitDataEvent(idEmpresa), { motivo: MOTIVO[kind], idUnidade: null });
}

// `idEmpresa` is the company acted on: the caller's, or the one the super-admin picked (issue 10).
export async function createStatus(
  deps: CatalogDeps,
  session: Session,
  idEmpresa: number,
  kind: FunnelKind,
  input: StatusInput,
): Promise<StatusRecord> {
  const cor = input.cor ?? STATUS_DEFAULT_COLOR;
  if (!isStatusPaletteColor(cor))
    throw new DomainError('invalid', STATUS_MESSAGES.colorInvalid, { fields: { cor: STATUS_MESSAGES.colorInvalid } });
  const f = funnel(kind);
  const created = await deps.db.transaction(async (tx) => {
    // 002 §5: 'Funil já existe.' The unique index settles a race; this answers it in Portuguese.
    if (await findStatus(tx, idEmpresa, kind, input.order))
      throw new DomainError('conflict', STATUS_MESSAGES.orderExists, {
        fields: { [orderField(kind)]: STATUS_MESSAGES.orderExists },
      });
    const [row] = await tx
      .insert(f.table)
      .values(f.values(idEmpresa, { nome: input.nome, order: input.order, cor, descricao: input.descricao ?? null }))
      .onConflictDoNothing()
      .returning(f.columns);
    if (!row)
      throw new DomainError('conflict', STATUS_MESSAGES.orderExists, {
        fields: { [orderField(kind)]: STATUS_MESSAGES.orderExists },
      });
    await recordAudit(tx, {
      session,
      entity: ENTITY[kind],
      entityId: row.id,
      action: 'create',
      after: audited(row),
      scope: { idEmpresa, idUnidade: null },
    });
    return row;
  });
  announce(deps, idEmpresa, kind);
  return created;
}

export async function updateStatus(
  deps: CatalogDeps,
  session: Session,
  idEmpresa: number,
  kind: FunnelKind,
  input: StatusInput,
): Promise<StatusRecord> {
  const f = funnel(kind);
  const updated = await deps.db.transaction(async (tx) => {
    const before = await findStatus(tx, idEmpresa, kind, input.order, true);
    if (!before) throw new DomainError('not_found', STATUS_MESSAGES.notFound);
    // A status keeps a colour from before the palette; a new choice must come from it.
    const cor = input.cor ?? before.cor;
    if (cor !== before.cor.toLowerCase() && !isStatusPaletteColor(cor))
      throw new DomainError('invalid', STATUS_MESSAGES.colorInvalid, { fields: { cor: STATUS_MESSAGES.colorInvalid } });
    const [row] = await tx
      .update(f.table)
      .set({
        nome: input.nome,
        cor,
        descricao: input.descricao === undefined ? before.descricao : input.descricao,
        dataAtualizacao: new Date(),
      })
      .where(eq(f.table.id, before.id))
      .returning(f.columns);
    if (!row) throw new DomainError('not_found', STATUS_MESSAGES.notFound);
    await recordAudit(tx, {
      session,
      entity: ENTITY[kind],
      entityId: row.id,
      action: 'update',
      before: audited(before),
      after: audited(row),
      scope: { idEmpresa, idUnidade: null },
    });
    return row;
  });
  announce(deps, idEmpresa, kind);
  return updated;
}

export type DeleteOutcome = { inUse: number } | { deleted: StatusRecord; moved: number };

/**
 * Deletes a status. While leads hold it and no destination is given, nothing changes and the count
 * is returned (the screen asks where they go); with a destination they move there first, each
 * with its history event, in the same transaction.
 */
export async function deleteStatus(
  deps: CatalogDeps,
  session: Session,
  idEmpresa: number,
  kind: FunnelKind,
  order: number,
  destino: number | undefined,
): Promise<DeleteOutcome> {
  const f = funnel(kind);
  const outcome = await deps.db.transaction(async (tx): Promise<DeleteOutcome & { units?: number[] }> => {
    const status = await findStatus(tx, idEmpresa, kind, order, true);
    if (!status) throw new DomainError('not_found', STATUS_MESSAGES.notFound);
    if ((SYSTEM_STATUS_ORDERS[kind] as readonly number[]).includes(order))
      throw new DomainError('conflict', STATUS_MESSAGES.systemStatus, { errorCode: ERROR_CODES.systemStatus });
    const holding = await countCompanyLeadsWithStatus(tx, idEmpresa, kind, order);
    let moved = 0;
    let units: number[] = [];
    if (holding > 0) {
      if (destino === undefined) return { inUse: holding };
      if (destino === order || !(await findStatus(tx, idEmpresa, kind, destino)))
        throw new DomainError('invalid', STATUS_MESSAGES.targetInvalid, { fields: { destino: STATUS_MESSAGES.targetInvalid } });
      ({ moved, units } = await moveCompanyLeadsStatus(tx, {
        idEmpresa,
        kind,
        from: order,
        to: destino,
        atendente: session.userId,
        descricao: `Status "${status.nome}" excluído`,
      }));
    }
    if (kind === 'negociacao') {
      await dropTransitionsOf(tx, idEmpresa, order);
      await removeStatusFromQueueRules(tx, idEmpresa, order);
    }
    await tx.delete(f.table).where(eq(f.table.id, status.id));
    await recordAudit(tx, {
      session,
      entity: ENTITY[kind],
      entityId: status.id,
      action: 'delete',
      before: audited(status),
      after: moved > 0 ? { leadsMovidosPara: destino, leadsMovidos: moved } : null,
      scope: { idEmpresa, idUnidade: null },
    });
    return { deleted: status, moved, units };
  });
  if ('deleted' in outcome) {
    afterStatusMove(deps.db, outcome.units ?? []);
    announce(deps, idEmpresa, kind);
    return { deleted: outcome.deleted, moved: outcome.moved };
  }
  return outcome;
}

/** A deleted negotiation status leaves no allowed transition of the company's units behind. */
async function dropTransitionsOf(tx: Tx, idEmpresa: number, order: number): Promise<void> {
  const units = await unitIdsOfCompany(tx, idEmpresa);
  if (units.length === 0) return;
  await tx
    .delete(statusNegociacaoPermitidos)
    .where(
      and(
        inArray(statusNegociacaoPermitidos.idUnidade, units),
        or(eq(statusNegociacaoPermitidos.de, order), eq(statusNegociacaoPermitidos.para, order)),
      ),
    );
}

export const orderField = (kind: FunnelKind) => (kind === 'negociacao' ? 'idFunil' : 'idFunilVenda');

// 002 §3 "Settings": status_negociacao_permitidos is one list of statuses per unit. It is stored as
// transitions from any status (`de` 0, the wildcard of isTransitionAllowed); an empty list allows all.
const FROM_ANY = 0;

/** The statuses (by idFunil) a lead of the unit may be moved to from any status. */
export async function allowedTargetsOfUnit(db: Db | Tx, idUnidade: number): Promise<number[]> {
  const rows = await db
    .select({ para: statusNegociacaoPermitidos.para })
    .from(statusNegociacaoPermitidos)
    .where(and(eq(statusNegociacaoPermitidos.idUnidade, idUnidade), eq(statusNegociacaoPermitidos.de, FROM_ANY)))
    .orderBy(asc(statusNegociacaoPermitidos.para));
  return rows.map((r) => r.para);
}

/** Replaces the unit's allowed statuses (inside the settings' transaction). */
export async function replaceAllowedTargets(tx: Tx, idUnidade: number, targets: readonly number[]): Promise<void> {
  await tx
    .delete(statusNegociacaoPermitidos)
    .where(and(eq(statusNegociacaoPermitidos.idUnidade, idUnidade), eq(statusNegociacaoPermitidos.de, FROM_ANY)));
  if (targets.length > 0)
    await tx.insert(statusNegociacaoPermitidos).values([...new Set(targets)].map((para) => ({ idUnidade, de: FROM_ANY, para })));
}
